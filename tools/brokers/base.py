"""What every broker module provides; the defaults fit a single foreground process.

A broker module subclasses Broker and fills in: how to install it, how to write its
config, the command that runs it in the foreground, and a protocol probe. The lifecycle
(idempotent start, waiting, stop by PID, status, reset) is the same for all and lives in
lifecycle.py, so a new broker is one small module.
"""
import json
import os
import shutil
from dataclasses import dataclass

from . import paths, procs
from .wire import ProbeError, openwire_handshake


# The start options (argparse destinations), kept per broker so `start --as-before` can repeat them.
OPTION_DESTS = ("memory", "artemis_journal", "artemis_journal_sync", "rabbitmq_config", "rabbitmq_advanced", "flow_control",
                "rabbitmq_busy_wait", "rabbitmq_schedulers",
                "redis_appendfsync", "nats_sync", "rocketmq_flush")


@dataclass
class Probe:
    ok: bool
    detail: str               # what the broker answered, or why it did not
    version: str = ""         # the version the broker says of itself, where the protocol tells


class Broker:
    name = ""
    ports = {}                # label -> port; the first is the client port
    description = ""
    jvm = False               # takes --memory
    start_timeout = 120.0

    def __init__(self, opts):
        self.opts = opts
        self.dir = paths.broker_dir(self.name)
        self.pidfile = procs.PidFile(os.path.join(self.dir, f"{self.name}.pid"))

    # --- paths ---------------------------------------------------------------------------
    @property
    def data_dir(self):
        return os.path.join(self.dir, "data")

    @property
    def log_dir(self):
        return os.path.join(self.dir, "logs")

    @property
    def log_path(self):
        return os.path.join(self.log_dir, f"{self.name}.log")

    @property
    def main_port(self):
        return next(iter(self.ports.values()))

    # --- to fill in ----------------------------------------------------------------------
    def ensure_installed(self):
        """Install what is missing (idempotent, quick when done); raise UserError/StartError."""
        raise NotImplementedError

    def version(self):
        """The version installed (from the package or distribution)."""
        raise NotImplementedError

    def settings(self):
        """Effective settings chosen by options, recorded at start and shown by status."""
        return {"memory": self.opts.memory} if self.jvm else {}

    def prepare(self):
        """Write config files (called before each launch, with the broker stopped)."""

    def command(self):
        """(argv, env or None, cwd) of the foreground broker process."""
        raise NotImplementedError

    def probe(self, timeout=2.0):
        """One protocol exchange with the broker: Probe(ok, detail, version)."""
        raise NotImplementedError

    def openwire_probe(self, timeout):
        """The probe of the brokers that speak OpenWire (Artemis, ActiveMQ Classic)."""
        try:
            version = openwire_handshake(self.main_port, timeout)
        except ProbeError as e:
            return Probe(False, str(e))
        return Probe(True, f"OpenWire WireFormatInfo answered (version {version})", self.version())

    def ready(self, log_offset):
        """Probe used while starting; may also require a log line written after log_offset."""
        return self.probe()

    def before_launch(self):
        """Helpers that must run first (RabbitMQ's epmd)."""

    def graceful_stop(self, pid):
        """Ask the broker to stop; return True if that was done (else SIGTERM is sent)."""
        return False

    def after_stop(self):
        """End helpers started by before_launch."""

    def extra_pids(self):
        """[(label, pid)] of helper processes we started and still own (for status)."""
        return []

    def check_ports(self):
        """[(label, port)] that must be free before launch (default: all)."""
        return list(self.ports.items())

    def wipe_data(self):
        shutil.rmtree(self.data_dir, ignore_errors=True)

    # --- shared helpers ------------------------------------------------------------------
    def settings_path(self):
        return os.path.join(self.dir, "settings.json")

    def options_path(self):
        return os.path.join(self.dir, "options.json")

    def saved_settings(self):
        return _read_json(self.settings_path())

    def saved_options(self):
        """The options of the last start ({} if it never started or predates options.json)."""
        return _read_json(self.options_path())

    def save_settings(self):
        """The effective settings (shown by status) and the options that gave them (for --as-before)."""
        _write_json(self.settings_path(), self.settings())
        _write_json(self.options_path(), {d: getattr(self.opts, d, None) for d in OPTION_DESTS})

    def log_grep(self, text, offset):
        """True if text appears in our log after byte offset (this run's part of the log)."""
        try:
            with open(self.log_path, "rb") as f:
                f.seek(offset)
                return text.encode() in f.read()
        except OSError:
            return False

    def java_heap_args(self):
        return [f"-Xmx{self.opts.memory}"]


def _read_json(path):
    """The JSON object in path, or {} if there is none (never written, or cut short)."""
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def _write_json(path, value):
    with open(path, "w") as f:
        json.dump(value, f, indent=1)
