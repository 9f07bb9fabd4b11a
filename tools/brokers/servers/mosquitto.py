"""Mosquitto: Debian's `mosquitto` package (2.0.x), an MQTT broker, in the foreground.

Only the binary is used: never /etc/mosquitto or the package's service (install.ensure_debs
keeps package scripts from starting services). The config, written at each start, has one
listener, 127.0.0.1:1883, anonymous clients allowed (Mosquitto 2.0 refuses them unless told),
and persistence in .brokers/mosquitto/data, so retained messages and the queued QoS 1/2
messages of persistent sessions outlive a restart, and `reset` wipes them. Mosquitto keeps
everything in memory and writes its persistence file on a clean shutdown (SIGTERM, so the
default stop fits) and every autosave_interval (default 30 minutes): after a `kill`, what
arrived since the last save is gone. It logs to stderr (unbuffered), i.e.
.brokers/mosquitto/logs/mosquitto.log.
Probe: an MQTT 3.1.1 CONNECT answered by a CONNACK accepting it, then DISCONNECT.
"""
import os
import pwd
import subprocess

from .. import install
from ..base import Broker, Probe
from ..ports import HOST
from ..wire import MQTT_DISCONNECT, ProbeError, mqtt_connect

SERVER = "/usr/sbin/mosquitto"
# Mosquitto's default is 1000 QoS 1/2 messages queued per client beyond those in flight; past it,
# messages for a slow or offline subscriber are dropped with no error to anyone. A benchmark must
# not lose messages to a default limit, so the queue is bounded only by this (and memory). A number,
# not 0 ("no limit"): upstream fixed bugs in how 0 is handled as late as 2.0.17 and 2.0.22.
MAX_QUEUED_MESSAGES = 1_000_000


class Mosquitto(Broker):
    name = "mosquitto"
    ports = {"mqtt": 1883}
    description = "Debian mosquitto (MQTT 5.0/3.1.1/3.1)"
    debs = ["mosquitto"]

    @property
    def config_path(self):
        return os.path.join(self.dir, "mosquitto.conf")

    def ensure_installed(self):
        install.ensure_debs(self.debs, "mosquitto")

    def version(self):
        if not os.path.exists(SERVER):
            return ""  # not installed yet
        # `-h` prints usage (exit code 3), headed by "mosquitto version 2.0.11"
        out = subprocess.run([SERVER, "-h"], capture_output=True, text=True).stdout
        first = out.splitlines()[0] if out else ""
        return first.rsplit(" ", 1)[-1] if first.startswith("mosquitto version ") else ""

    def settings(self):
        return {"persistence": f"{self.data_dir}/mosquitto.db, written on stop and every 30 min "
                               "(autosave_interval default)",
                "max_queued_messages": f"{MAX_QUEUED_MESSAGES} per client (Mosquitto's default: 1000), "
                                       "max_queued_bytes 0 (no limit)"}

    def prepare(self):
        os.makedirs(self.data_dir, exist_ok=True)
        # Started as root, Mosquitto switches to the user `mosquitto`, which could then not write
        # our data folder; naming the user we run as keeps it as it is (root stays root).
        user = pwd.getpwuid(os.geteuid()).pw_name
        with open(self.config_path, "w") as f:
            f.write("# written by bin/brokers at each start; edit tools/brokers/servers/mosquitto.py instead\n"
                    f"listener {self.main_port} {HOST}\n"
                    "allow_anonymous true\n"
                    f"user {user}\n"
                    "persistence true\n"
                    f"persistence_location {self.data_dir}\n"  # Mosquitto adds the "/" before mosquitto.db
                    f"max_queued_messages {MAX_QUEUED_MESSAGES}\n"
                    "max_queued_bytes 0\n"
                    # stderr, not stdout: 2.0.11 leaves stdout block-buffered (line-buffered from
                    # 2.0.16), so the log would stay empty until Mosquitto exits and a kill would
                    # lose it; lifecycle appends both to logs/mosquitto.log
                    "log_dest stderr\n"
                    "log_timestamp_format %Y-%m-%dT%H:%M:%S\n")  # instead of seconds since 1970

    def command(self):
        return [SERVER, "-c", self.config_path], None, self.dir

    def probe(self, timeout=2.0):
        try:
            s, _ = mqtt_connect(self.main_port, timeout, f"mqbench-probe-{os.getpid()}")
            with s:
                s.sendall(MQTT_DISCONNECT)
        except ProbeError as e:
            return Probe(False, str(e))
        except OSError as e:  # the DISCONNECT could not be sent: the broker closed on us
            return Probe(False, f"connection error after CONNACK: {e.strerror or e}")
        # MQTT's handshake does not carry the broker's version; status shows the installed one
        return Probe(True, "MQTT 3.1.1 CONNECT -> CONNACK accepted")
