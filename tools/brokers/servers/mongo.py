"""Mongo: mongo-java-server (the MongoDB wire protocol in Java), from Maven Central.

No real `mongod` can be installed here (Debian has none; the embedded-mongo packages
download binaries at run time): this emulation is what the Mongo driver tests talk to,
and `status` says so. Version 1.47.0, memory backend: 1.46.0 reports wire version 7,
which current drivers refuse. Our main class (tools/brokers/mongo/MongoServerMain.java)
is compiled once into .brokers/mongo/launcher. Probe: OP_MSG `isMaster` answered ok:1 (this server has no `hello`), then
`buildInfo` for the MongoDB version it claims to be.
"""
import glob
import os
import struct
import subprocess

from .. import bson, install, paths
from ..base import Broker, Probe
from ..ports import HOST
from ..ui import StartError
from ..wire import ProbeError, connect, recv_exact

VERSION = "1.47.0"
DIST = f"mongo-java-server-{VERSION}"
SOURCE = os.path.join(paths.TOOL, "mongo", "MongoServerMain.java")
OP_MSG = 2013


def op_msg(sock, request_id, cmd):
    """One OP_MSG round trip: header, flagBits 0, a kind-0 section holding the command; the reply document."""
    body = struct.pack("<I", 0) + b"\x00" + bson.encode(cmd)
    sock.sendall(struct.pack("<iiii", 16 + len(body), request_id, 0, OP_MSG) + body)
    length, _, response_to, opcode = struct.unpack("<iiii", recv_exact(sock, 16))
    payload = recv_exact(sock, length - 16)
    if opcode != OP_MSG or response_to != request_id or payload[4] != 0:
        raise ProbeError(f"unexpected reply (opcode {opcode}, responseTo {response_to})")
    return bson.decode(payload, 5)[0]


def hello_and_build_info(port, timeout):
    """`isMaster` (which must answer ok: 1), then `buildInfo`; both replies. Raises ProbeError."""
    try:
        with connect(port, timeout) as s:
            hello = op_msg(s, 1, {"isMaster": 1, "$db": "admin"})
            if hello.get("ok") != 1:
                raise ProbeError(f"isMaster answered ok={hello.get('ok')!r}: {hello.get('errmsg', '')}")
            return hello, op_msg(s, 2, {"buildInfo": 1, "$db": "admin"})
    except (ValueError, struct.error, IndexError) as e:
        raise ProbeError(str(e)) from e


class Mongo(Broker):
    name = "mongo"
    ports = {"mongo": 27017}
    description = f"mongo-java-server {VERSION}, memory backend (an emulation: no real mongod here)"
    jvm = True

    @property
    def home(self):
        return os.path.join(paths.DIST, DIST)

    @property
    def launcher_classes(self):
        return os.path.join(self.dir, "launcher")

    def ensure_installed(self):
        install.maven_fetch(DIST, "mongo.xml", "dependency:copy-dependencies", {"mongo.server.version": VERSION})
        # compiled into this checkout's state folder, not the shared distribution: each checkout
        # runs its own launcher source
        classes = self.launcher_classes
        compiled = os.path.join(classes, "MongoServerMain.class")
        with install.lock("install"):
            if not os.path.exists(compiled) or os.path.getmtime(compiled) < os.path.getmtime(SOURCE):
                os.makedirs(classes, exist_ok=True)
                r = subprocess.run(["javac", "-nowarn", "-cp", os.path.join(self.home, "libs", "*"),
                                    "-d", classes, SOURCE], capture_output=True, text=True)
                if r.returncode != 0:
                    raise StartError("mongo: compiling MongoServerMain.java failed", r.stdout + r.stderr)

    def version(self):
        jars = glob.glob(os.path.join(self.home, "libs", "mongo-java-server-[0-9]*.jar"))
        return os.path.basename(jars[0])[len("mongo-java-server-"):-len(".jar")] if jars else ""

    def command(self):
        cp = os.pathsep.join([self.launcher_classes, os.path.join(self.home, "libs", "*")])
        return (["java", *self.java_heap_args(), "-Djava.awt.headless=true",
                 "-Dorg.slf4j.simpleLogger.showDateTime=true",
                 "-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd'T'HH:mm:ss.SSS",
                 "-cp", cp, "MongoServerMain", HOST, str(self.main_port)], None, self.dir)

    def probe(self, timeout=2.0):
        try:
            hello, info = hello_and_build_info(self.main_port, timeout)
        except ProbeError as e:
            return Probe(False, str(e))
        claims = info.get("version", "?")
        return Probe(True, f"isMaster ok:1, maxWireVersion {hello.get('maxWireVersion')}, claims MongoDB {claims} "
                           f"(mongo-java-server emulation, not a real mongod)",
                     f"mongo-java-server {self.version()}")
