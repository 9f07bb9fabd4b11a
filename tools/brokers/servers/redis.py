"""Redis: Debian's redis-server in the foreground, bound to 127.0.0.1:6379, no persistence.

No RDB snapshots and no AOF by default (a benchmark measures the broker, not its disk);
`--redis-appendfsync always|everysec|no` turns the append-only file on with that fsync policy
(what survives a kill or a crash);
SIGTERM makes redis shut down cleanly, and with `save ""` it writes nothing on the way out.
Probe: RESP `PING` must answer `+PONG`; `INFO server` gives the version.
"""
import os
import subprocess

from .. import install
from ..base import Broker, Probe
from ..wire import ProbeError, connect, recv_until

SERVER = "/usr/bin/redis-server"


class Redis(Broker):
    name = "redis"
    ports = {"redis": 6379}
    description = "Debian redis-server"
    debs = ["redis-server", "redis-tools"]

    def ensure_installed(self):
        install.ensure_debs(self.debs, "redis")

    def version(self):
        out = subprocess.run([SERVER, "--version"], capture_output=True, text=True).stdout
        # "Redis server v=7.0.15 sha=... malloc=jemalloc-5.3.0 bits=64 build=..."
        return next((w[2:] for w in out.split() if w.startswith("v=")), "")

    def prepare(self):
        os.makedirs(self.data_dir, exist_ok=True)
        with open(os.path.join(self.dir, "redis.conf"), "w") as f:
            f.write("# written by bin/brokers at each start; edit tools/brokers/servers/redis.py instead\n"
                    "bind 127.0.0.1\n"
                    f"port {self.main_port}\n"
                    "protected-mode yes\n"
                    "daemonize no\n"
                    'save ""\n'
                    + ("appendonly no\n" if not self.opts.redis_appendfsync else
                       f"appendonly yes\nappendfsync {self.opts.redis_appendfsync}\n") +
                    f"dir {self.data_dir}\n"
                    'logfile ""\n')  # to stdout, which lifecycle appends to logs/redis.log

    def settings(self):
        fsync = self.opts.redis_appendfsync
        return {"redis_appendfsync": f"AOF, appendfsync {fsync}" if fsync else "no persistence (default)"}

    def command(self):
        return [SERVER, os.path.join(self.dir, "redis.conf")], None, self.dir

    def probe(self, timeout=2.0):
        try:
            with connect(self.main_port, timeout) as s:
                s.sendall(b"*1\r\n$4\r\nPING\r\n")
                pong = recv_until(s, b"\r\n")
                if not pong.startswith(b"+PONG"):
                    return Probe(False, f"PING answered {pong[:60]!r}")
                s.sendall(b"*2\r\n$4\r\nINFO\r\n$6\r\nserver\r\n")
                head = recv_until(s, b"\r\n")          # "$<length>\r\n"
                size = int(head[1:head.index(b"\r\n")])
                body = head[head.index(b"\r\n") + 2:]
                while len(body) < size:
                    body += recv_until(s, b"\r\n")
        except (ProbeError, ValueError) as e:
            return Probe(False, str(e))
        info = dict(line.split(":", 1) for line in body.decode(errors="replace").splitlines() if ":" in line)
        return Probe(True, "PING -> +PONG", info.get("redis_version", ""))
