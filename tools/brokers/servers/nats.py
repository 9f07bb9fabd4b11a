"""NATS: nats-server with JetStream, built from the Go module proxy, in the foreground.

Installed with this machine's Go toolchain (`go install github.com/nats-io/nats-server/v2@v<VERSION>`,
GOBIN in .brokers/dist), so the version is pinned here and not by Debian (whose package is 2.9).
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
import shutil
import subprocess

from .. import install, paths
from ..base import Broker, Probe
from ..ui import StartError, Step
from ..wire import ProbeError, connect, recv_until

VERSION = "2.15.2"
DIST = f"nats-server-{VERSION}"
MODULE = f"github.com/nats-io/nats-server/v2@v{VERSION}"
DEBIAN_SERVER = "/usr/sbin/nats-server"  # Debian puts it in sbin
GO_FALLBACK = "/usr/local/go/bin/go"  # the official tarball's place, often not on PATH
JETSTREAM_LIMITS = {"max_memory_store": "1GB", "max_file_store": "20GB"}


def find_go():
    """The go command, or None (then Debian's nats-server is used)."""
    go = shutil.which("go")
    if go:
        return go
    return GO_FALLBACK if os.access(GO_FALLBACK, os.X_OK) else None


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
        go = find_go()
        if not go:
            install.ensure_debs(["nats-server"], f"nats (no Go toolchain found to build nats-server {VERSION})")
            return
        with install.lock("install"):
            if self._built():  # another run built it meanwhile
                return
            paths.ensure_dir(paths.DIST)
            tmp = self.home + ".tmp"  # built aside and renamed, so a half-finished build is never used
            shutil.rmtree(tmp, ignore_errors=True)
            shutil.rmtree(self.home, ignore_errors=True)
            log = os.path.join(paths.DIST, f"{DIST}.go.log")
            # GOFLAGS and GOTOOLCHAIN are fixed so the user's environment cannot pick vendoring or
            # trigger a toolchain download; the module cache and build cache stay the defaults.
            env = dict(os.environ, GOBIN=os.path.join(tmp, "bin"), GOFLAGS="-mod=mod", GOTOOLCHAIN="local")
            with Step(f"building nats-server {VERSION} from the Go module proxy (go install, into .brokers/dist)"):
                with open(log, "wb") as out:
                    rc = subprocess.run([go, "install", MODULE], env=env, cwd=paths.DIST,
                                        stdout=out, stderr=subprocess.STDOUT).returncode
                if rc != 0 or not os.path.exists(os.path.join(tmp, "bin", "nats-server")):
                    raise StartError(f"nats: `go install {MODULE}` failed (see {log})", install.tail(log))
                install.mark_complete(tmp)
                os.replace(tmp, self.home)

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
