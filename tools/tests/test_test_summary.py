"""bin/test's last line, "N passed, N failed", must count every report, failures above all."""
import fnmatch
import importlib.util
import pathlib
import xml.etree.ElementTree as ET

ROOT = pathlib.Path(__file__).resolve().parents[2]
POM = "{http://maven.apache.org/POM/4.0.0}"

spec = importlib.util.spec_from_file_location("test_summary", ROOT / "tools" / "test_summary.py")
test_summary = importlib.util.module_from_spec(spec)
spec.loader.exec_module(test_summary)


def write_report(folder, name, tests, failures):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"TEST-{name}.xml").write_text(
        f'<testsuite name="{name}" tests="{tests}" failures="{failures}" errors="0" skipped="0"/>')


def test_a_failure_in_a_second_executions_folder_is_counted(tmp_path, capsys):
    # The framework's timing tests run in an execution of their own, into surefire-reports-timing,
    # with classes that also have tests in the default execution's surefire-reports.
    target = tmp_path / "benchmark-framework" / "target"
    write_report(target / "surefire-reports", "io.mqbench.cli.WorkloadFeaturesRunTest", 5, 0)
    write_report(target / "surefire-reports-timing", "io.mqbench.cli.WorkloadFeaturesRunTest", 1, 1)
    write_report(tmp_path / "driver-mongo" / "target" / "failsafe-reports-ferretdb", "io.mqbench.RunIT", 2, 0)
    reports = tmp_path / "reports"
    write_report(reports, "charts", 3, 0)
    (reports / "TEST-charts.xml").rename(reports / "pytest-charts.xml")

    status = test_summary.main(["test_summary.py", str(tmp_path), str(reports)])

    assert capsys.readouterr().out.splitlines() == ["4 report files, 0 skipped", "10 passed, 1 failed"]
    assert status == 1


def test_every_extra_maven_test_execution_reports_where_the_summary_reads():
    # An execution beside a plugin's default one (it has an id) that kept the default folder would
    # overwrite the reports of the classes both run: CI once printed "873 passed, 0 failed" and
    # exited 0 with a unit test failed, because the timing execution's report replaced it.
    checked = []
    for pom in sorted(ROOT.glob("*/pom.xml")) + [ROOT / "pom.xml"]:
        for plugin in ET.parse(pom).getroot().iter(POM + "plugin"):
            artifact = plugin.findtext(POM + "artifactId")
            if artifact not in ("maven-surefire-plugin", "maven-failsafe-plugin"):
                continue
            default = "surefire-reports" if artifact == "maven-surefire-plugin" else "failsafe-reports"
            for execution in plugin.iter(POM + "execution"):
                if execution.findtext(POM + "id") is None:
                    continue
                folder = execution.findtext(f"{POM}configuration/{POM}reportsDirectory")
                where = f"{pom.relative_to(ROOT)}, execution {execution.findtext(POM + 'id')}"
                assert folder, f"{where}: give it a reportsDirectory of its own"
                name = folder.rsplit("/", 1)[-1]
                assert folder.startswith("${project.build.directory}/") and name != default, where
                assert any(fnmatch.fnmatch(name, pattern) for pattern in test_summary.REPORT_FOLDERS), where
                checked.append(where)
    assert len(checked) >= 2, checked


def test_each_failed_test_is_named_above_the_counts(tmp_path, capsys):
    # CI shows only the tail of the log: a stop once failed with "990 passed, 1 failed" and nothing
    # in the tail said which test it was.
    folder = tmp_path / "driver-redis" / "target" / "failsafe-reports"
    folder.mkdir(parents=True)
    (folder / "TEST-io.mqbench.driver.redis.FaultScheduleIT.xml").write_text(
        '<testsuite name="io.mqbench.driver.redis.FaultScheduleIT" tests="3" failures="1" errors="1" skipped="0">'
        '<testcase classname="io.mqbench.driver.redis.FaultScheduleIT" name="passes"/>'
        '<testcase classname="io.mqbench.driver.redis.FaultScheduleIT" name="freeze">'
        '<failure message="expected: &lt;3.0&gt; but was: &lt;1.9&gt;&#10;second line">trace</failure></testcase>'
        '<testcase classname="io.mqbench.driver.redis.FaultScheduleIT" name="partition">'
        '<error type="java.io.IOException">java.io.IOException: refused\n\tat here</error></testcase>'
        '</testsuite>')
    reports = tmp_path / "reports"
    reports.mkdir()

    status = test_summary.main(["test_summary.py", str(tmp_path), str(reports)])

    assert capsys.readouterr().out.splitlines() == [
        "failure: io.mqbench.driver.redis.FaultScheduleIT.freeze: expected: <3.0> but was: <1.9>",
        "error: io.mqbench.driver.redis.FaultScheduleIT.partition: java.io.IOException: refused",
        "1 report files, 0 skipped",
        "1 passed, 2 failed",
    ]
    assert status == 1
