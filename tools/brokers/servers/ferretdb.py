"""FerretDB: the MongoDB wire protocol on SQLite files, built from the Go module proxy, in the foreground.

`mongo` (mongo-java-server) keeps everything in memory and accepts every write concern without
acting on it, so a Mongo result measured on it says nothing about a store that survives a crash.
FerretDB 1.24 with its SQLite backend keeps each database in a file under .brokers/ferretdb/data
(SQLite in WAL mode, synchronous=FULL set here: a write is on disk when it is acknowledged), so
`kill` loses nothing acknowledged and `reset` wipes it all. It is still not a real mongod: one
node, no replica set (so w: majority means this one node), and FerretDB's own gaps (it ignores
the writeConcern and hint arguments).

Built with this machine's Go toolchain from the module github.com/FerretDB/FerretDB@v<VERSION>
(there is no Debian package): a plain `go install` builds a binary that refuses to start, because
FerretDB reads its version from a file its own build scripts generate, so the module's source is
copied into the distributions folder (~/.cache/mqbench/brokers), that file written, and `./cmd/ferretdb` built there with the module's
own go.mod and go.sum (about 50 s the first time, seconds after that). No telemetry, no debug HTTP
port, warnings only in the log. SIGTERM makes it shut down cleanly, so the default stop fits.
Probe: OP_MSG `isMaster` answered ok:1, then `buildInfo` for the FerretDB version.
"""
import os
import subprocess

from .. import install, paths
from ..base import Broker, Probe
from ..ports import HOST
from ..wire import ProbeError
from .mongo import hello_and_build_info

VERSION = "1.24.2"
DIST = f"ferretdb-{VERSION}"
MODULE = f"github.com/FerretDB/FerretDB@v{VERSION}"


class FerretDB(Broker):
    name = "ferretdb"
    ports = {"mongo": 27018}
    description = f"FerretDB {VERSION} on SQLite files (the MongoDB wire protocol, persistent; not a real mongod)"

    @property
    def home(self):
        return os.path.join(paths.DIST, DIST)

    @property
    def server(self):
        return os.path.join(self.home, "bin", "ferretdb")

    def ensure_installed(self):
        def write_version(src):
            with open(os.path.join(src, "build", "version", "version.txt"), "w") as f:
                f.write(f"v{VERSION}\n")
        install.go_build_source(DIST, MODULE, "./cmd/ferretdb", "ferretdb", f"FerretDB {VERSION}", write_version)

    def version(self):
        if not os.path.exists(self.server):
            return ""  # not installed yet
        out = subprocess.run([self.server, "--version"], capture_output=True, text=True).stdout
        # "version: v1.24.2" among other lines
        for line in out.splitlines():
            if line.strip().startswith("version:"):
                return line.split(":", 1)[1].strip().lstrip("v")
        return ""

    def settings(self):
        return {"storage": f"SQLite files in {self.data_dir} (WAL, synchronous=FULL)"}

    def prepare(self):
        os.makedirs(self.data_dir, exist_ok=True)

    def command(self):
        sqlite_url = "file:" + self.data_dir + "/?_pragma=synchronous(FULL)"
        return ([self.server,
                 "--handler=sqlite", f"--sqlite-url={sqlite_url}",
                 f"--listen-addr={HOST}:{self.main_port}",
                 f"--state-dir={self.dir}",
                 "--telemetry=disable",
                 "--debug-addr=-",
                 "--log-level=warn"], None, self.dir)

    def probe(self, timeout=2.0):
        try:
            hello, info = hello_and_build_info(self.main_port, timeout)
        except ProbeError as e:
            return Probe(False, str(e))
        ferret = info.get("ferretdbVersion", "?")
        return Probe(True, f"isMaster ok:1, maxWireVersion {hello.get('maxWireVersion')}, FerretDB {ferret} "
                           f"claiming MongoDB {info.get('version', '?')}", f"FerretDB {str(ferret).lstrip('v')}")
