"""NATS: nats-server with JetStream, built from the Go module proxy, in the foreground.

Installed with this machine's Go toolchain (`go install github.com/nats-io/nats-server/v2@v<VERSION>`,
GOBIN in the distributions folder, ~/.cache/mqbench/brokers), so the version is pinned here and not by Debian (whose package is 2.9).
The default Go caches are used, so a second build (a fresh .brokers folder) only links. Without
a Go toolchain, Debian's nats-server is installed instead and `version()` says which one runs.
The config names 127.0.0.1:4222 and turns JetStream on with its store in .brokers/nats/data
(so `reset` wipes streams); there is no monitoring port. `--nats-sync` sets JetStream's
sync_interval (`always`: fsync before every acknowledgement; default 2 minutes). SIGTERM makes nats-server shut down
cleanly (JetStream flushed), so the default stop fits.
Probe: the server speaks first (`INFO {json}`), which must say JetStream is on; then
`CONNECT` + `PING` must be answered by `PONG`.
"""
import json
import os
import subprocess

from .. import install, paths
from ..base import Broker, Probe
from ..wire import ProbeError, connect, recv_until

VERSION = "2.15.2"
DIST = f"nats-server-{VERSION}"
MODULE = f"github.com/nats-io/nats-server/v2@v{VERSION}"
DEBIAN_SERVER = "/usr/sbin/nats-server"  # Debian puts it in sbin
JETSTREAM_LIMITS = {"max_memory_store": "1GB", "max_file_store": "20GB"}


class Nats(Broker):
    name = "nats"
    ports = {"client": 4222}
    description = f"nats-server {VERSION} with JetStream (Debian's 2.9 where no Go toolchain is found)"

    @property
    def home(self):
        return os.path.join(paths.DIST, DIST)

    def _built(self):
        return os.path.exists(os.path.join(self.home, ".complete"))

    def server(self):
        """The binary that runs: our build if there is one, else Debian's."""
        return os.path.join(self.home, "bin", "nats-server") if self._built() else DEBIAN_SERVER

    def ensure_installed(self):
        if self._built():
            return
        if not install.find_go():
            install.ensure_debs(["nats-server"], f"nats (no Go toolchain found to build nats-server {VERSION})")
            return
        install.go_install(DIST, MODULE, "nats-server", f"nats-server {VERSION}")

    def version(self):
        if not os.path.exists(self.server()):
            return ""  # not installed yet
        out = subprocess.run([self.server(), "--version"], capture_output=True, text=True).stdout
        # "nats-server: v2.15.2"
        return out.strip().rsplit(" ", 1)[-1].lstrip("v") if out.strip() else ""

    def settings(self):
        limits = ", ".join(f"{k} {v}" for k, v in JETSTREAM_LIMITS.items())
        sync = self.opts.nats_sync or "2m (nats-server's default)"
        return {"jetstream": f"store_dir {self.data_dir}, {limits}, sync_interval {sync}", "server": self.server()}

    def prepare(self):
        os.makedirs(self.data_dir, exist_ok=True)
        limits = "".join(f"  {k}: {v}\n" for k, v in JETSTREAM_LIMITS.items())
        if self.opts.nats_sync:  # else nats-server's default: fsync every 2 minutes
            limits += f"  sync_interval: {self.opts.nats_sync}\n"
        with open(os.path.join(self.dir, "nats.conf"), "w") as f:
            f.write("# written by bin/brokers at each start; edit tools/brokers/servers/nats.py instead\n"
                    "host: 127.0.0.1\n"
                    f"port: {self.main_port}\n"
                    "server_name: mqbench-nats\n"
                    "jetstream {\n"
                    f"  store_dir: {json.dumps(self.data_dir)}\n"  # quoted: the path may hold spaces
                    + limits +
                    "}\n")
            # no log_file: nats-server logs to stderr, which lifecycle appends to logs/nats.log

    def command(self):
        return [self.server(), "-c", os.path.join(self.dir, "nats.conf")], None, self.dir

    def probe(self, timeout=2.0):
        try:
            with connect(self.main_port, timeout) as s:
                # the server speaks first, and says nothing more before our CONNECT
                line = recv_until(s, b"\n").split(b"\n", 1)[0]
                if not line.startswith(b"INFO "):
                    return Probe(False, f"expected INFO, got {line[:60]!r}")
                info = json.loads(line[5:])  # the trailing "\r" is JSON whitespace
                if not info.get("jetstream"):
                    return Probe(False, "INFO says JetStream is off", info.get("version", ""))
                s.sendall(b'CONNECT {"verbose":false,"pedantic":false}\r\nPING\r\n')
                # +OK, an updated INFO or -ERR may come first; read whole lines ("\n" cannot be split
                # across reads, unlike "\r\n") until PONG
                answer = b""
                while b"PONG\r\n" not in answer:
                    answer += recv_until(s, b"\n")
                    lines = answer.split(b"\r\n")[:-1]  # complete lines only
                    err = next((x for x in lines if x.startswith(b"-ERR")), None)
                    if err:
                        return Probe(False, f"CONNECT answered {err[:80]!r}", info.get("version", ""))
        except (ProbeError, ValueError) as e:
            return Probe(False, str(e))
        return Probe(True, "INFO, PING -> PONG, JetStream on", info.get("version", ""))
