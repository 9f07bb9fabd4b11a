"""bin/lib/java.sh starts mqbench's JVMs with an initial heap of 8 % of the memory unless JAVA_OPTS names one."""
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def initial_heap(java_opts):
    script = f'source "{ROOT}/bin/lib/java.sh"; mqbench_initial_heap'
    return subprocess.run(["bash", "-c", script], env={"JAVA_OPTS": java_opts, "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, check=True).stdout.strip()


@pytest.mark.parametrize("java_opts", ["", "-Xmx3g", "-XX:StartFlightRecording=filename=/tmp/run.jfr -Xmx1g"])
def test_without_an_initial_size_the_heap_starts_at_eight_percent(java_opts):
    assert initial_heap(java_opts) == "-XX:InitialRAMPercentage=8"


@pytest.mark.parametrize("java_opts", ["-Xms512m", "-Xmx3g -Xms2g", "-XX:InitialHeapSize=1073741824",
                                       "-XX:InitialRAMPercentage=2"])
def test_an_initial_size_in_java_opts_is_left_alone(java_opts):
    assert initial_heap(java_opts) == ""


def test_the_jvm_takes_the_option():
    # A typo in the option would stop every JVM mqbench starts; this JVM starts with it.
    result = subprocess.run(["java", initial_heap(""), "-XX:+PrintFlagsFinal", "-version"],
                            capture_output=True, text=True, check=True)
    line = next(l for l in result.stdout.splitlines() if " InitialRAMPercentage " in l)
    assert line.split("=")[1].split()[0] == "8.000000"
