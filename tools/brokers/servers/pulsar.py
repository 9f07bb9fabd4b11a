"""Pulsar: Apache Pulsar's standalone mode (broker, one BookKeeper bookie, RocksDB metadata) in one JVM.

Maven Central has no Pulsar distribution tarball, so the standalone is assembled from the
`pulsar-broker` jar and its dependencies (poms/pulsar.xml, about 317 jars) and run as
`org.apache.pulsar.PulsarStandaloneStarter` without the functions worker or stream storage.
Every port it opens is fixed and on 127.0.0.1: the binary protocol on 6650 (Pulsar's default, so
`pulsar://localhost:6650` in upstream OMB's files works), the web service (admin REST API,
metrics) on 8088 (not Pulsar's 8080: mqbench workers listen there) and the bookie on 3181. The
bookie would take a random port on 0.0.0.0 unless told: `allowEphemeralPorts=true` makes the
standalone keep the port it is given, `listeningInterface=lo` binds it to loopback.
The bookie reads the same file as the broker (standalone.conf, written at each start): BookKeeper's
defaults apply there, so its journal is fsynced before an entry is acknowledged
(journalSyncData=true, group commit of at most 2 ms).
The load balancer and its bundle splits are off: one broker has nothing to balance, and a split
unloads the bundle's topics, which would make clients reconnect inside a max-rate run. (It is not
what keeps the idle CPU low: measured with it on and off, see tools/brokers/README.md.)
Data (the bookie's journal and ledgers, the metadata store) lives in .brokers/pulsar/data.
Ready when this run's log says "messaging service is ready", the binary port answers CONNECT
with CONNECTED (which names the server's version) and GET /admin/v2/clusters names our cluster.
"""
import glob
import http.client
import json
import os
import struct

from .. import install, paths
from ..base import Broker, Probe
from ..ports import HOST
from ..wire import ProbeError, connect, recv_exact

VERSION = "4.0.7"
DIST = f"pulsar-{VERSION}"
CLUSTER = "standalone"

LOG4J2 = """# written by bin/brokers: everything to stdout, which goes to .brokers/pulsar/logs/pulsar.log
status = warn
appender.console.type = Console
appender.console.name = console
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = %d{ISO8601} %-5p [%t] %c{1} - %m%n
rootLogger.level = info
rootLogger.appenderRef.console.ref = console
# per-topic and per-ledger chatter at INFO: a benchmark with many topics would fill the log
logger.ml.name = org.apache.bookkeeper.mledger
logger.ml.level = warn
logger.bk.name = org.apache.bookkeeper
logger.bk.level = warn
"""


def _varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _read_varint(data, at):
    value, shift = 0, 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, at
        shift += 7


def _fields(data):
    """The (field number, wire type, value) of a protobuf message: varints as ints, the rest as bytes."""
    at, found = 0, []
    while at < len(data):
        key, at = _read_varint(data, at)
        number, kind = key >> 3, key & 7
        if kind == 0:
            value, at = _read_varint(data, at)
        elif kind == 2:
            size, at = _read_varint(data, at)
            value, at = data[at:at + size], at + size
        elif kind == 5:
            value, at = data[at:at + 4], at + 4
        elif kind == 1:
            value, at = data[at:at + 8], at + 8
        else:
            raise ValueError(f"protobuf wire type {kind}")
        found.append((number, kind, value))
    return found


def pulsar_connect(port, timeout):
    """Pulsar's binary protocol: CONNECT (BaseCommand type 2) answered by CONNECTED (type 3); the server version."""
    client = b"mqbench-brokers"
    command = b"\x0a" + _varint(len(client)) + client + b"\x20" + _varint(15)  # client_version, protocol_version
    base = b"\x08\x02" + b"\x12" + _varint(len(command)) + command            # type CONNECT, connect
    try:
        with connect(port, timeout) as s:
            s.sendall(struct.pack(">II", 4 + len(base), len(base)) + base)
            (total,) = struct.unpack(">I", recv_exact(s, 4))
            frame = recv_exact(s, total)
        (size,) = struct.unpack(">I", frame[:4])
        fields = _fields(frame[4:4 + size])
    except (ValueError, IndexError, struct.error) as e:
        raise ProbeError(f"not a Pulsar answer: {e}") from e
    kind = next((v for n, _, v in fields if n == 1), None)
    if kind != 3:
        raise ProbeError(f"CONNECT answered with command type {kind}, not CONNECTED (3)")
    connected = next((v for n, _, v in fields if n == 3), b"")
    version = next((v for n, _, v in _fields(connected) if n == 1), b"")
    return version.decode(errors="replace")


class Pulsar(Broker):
    name = "pulsar"
    ports = {"binary": 6650, "web/admin": 8088, "bookie": 3181}
    description = f"Apache Pulsar {VERSION} standalone (broker, one bookie, RocksDB metadata), jars from Maven Central"
    jvm = True
    start_timeout = 180.0

    @property
    def libs(self):
        return os.path.join(paths.DIST, DIST, "libs")

    def ensure_installed(self):
        install.maven_fetch(DIST, "pulsar.xml", "dependency:copy-dependencies", {"pulsar.version": VERSION})

    def version(self):
        jars = glob.glob(os.path.join(self.libs, "pulsar-broker-[0-9]*.jar"))
        return os.path.basename(jars[0])[len("pulsar-broker-"):-len(".jar")] if jars else ""

    def prepare(self):
        os.makedirs(self.data_dir, exist_ok=True)
        with open(os.path.join(self.dir, "log4j2.properties"), "w") as f:
            f.write(LOG4J2)
        ports = self.ports
        with open(os.path.join(self.dir, "standalone.conf"), "w") as f:
            f.write(f"""# written by bin/brokers at each start; edit tools/brokers/servers/pulsar.py instead
# The broker and its embedded bookie both read this file.
clusterName={CLUSTER}
bindAddress={HOST}
advertisedAddress={HOST}
brokerServicePort={ports['binary']}
webServicePort={ports['web/admin']}
# the bookie: keep the port given (else a random one), bound to loopback only (else 0.0.0.0)
allowEphemeralPorts=true
listeningInterface=lo
# one bookie: one copy of each entry
managedLedgerDefaultEnsembleSize=1
managedLedgerDefaultWriteQuorum=1
managedLedgerDefaultAckQuorum=1
functionsWorkerEnabled=false
# benchmark namespaces are created and deleted by the driver; topics it leaves behind are not
# force-deleted (a driver that closes deletes them)
allowAutoTopicCreationType=non-partitioned
# One broker: nothing to balance; and a bundle split (past loadBalancerNamespaceBundleMaxMsgRate,
# 30,000 msg/s) would unload its topics, making clients reconnect in the middle of a run
loadBalancerEnabled=false
loadBalancerSheddingEnabled=false
loadBalancerAutoBundleSplitEnabled=false
loadBalancerAutoUnloadSplitBundlesEnabled=false
""")

    def command(self):
        heap = self.java_heap_args()
        jvm = [*heap, f"-XX:MaxDirectMemorySize={self.opts.memory}",
               "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20", "-XX:+ExplicitGCInvokesConcurrent",
               "-Djava.awt.headless=true",
               # what Pulsar's own launcher passes on Java 17 (memory statistics, Netty)
               "--add-opens", "java.base/java.io=ALL-UNNAMED",
               "--add-opens", "java.base/java.util.zip=ALL-UNNAMED",
               "--add-opens", "java.base/sun.net=ALL-UNNAMED",
               "--add-opens", "java.management/sun.management=ALL-UNNAMED",
               "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED",
               "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
               "-Dio.netty.leakDetectionLevel=disabled",
               "-Dio.netty.tryReflectionSetAccessible=true",
               "-Dpulsar.allocator.exit_on_oom=true",
               f"-Dlog4j.configurationFile={os.path.join(self.dir, 'log4j2.properties')}",
               f"-Dpulsar.log.dir={self.log_dir}"]
        argv = ["java", *jvm, "-cp", os.path.join(self.libs, "*"), "org.apache.pulsar.PulsarStandaloneStarter",
                "--config", os.path.join(self.dir, "standalone.conf"),
                "--no-functions-worker", "--no-stream-storage",
                "--bookkeeper-port", str(self.ports["bookie"]),
                "--bookkeeper-dir", os.path.join(self.data_dir, "bookkeeper"),
                "--metadata-dir", os.path.join(self.data_dir, "metadata")]
        return argv, None, self.dir

    def _clusters(self, timeout):
        conn = http.client.HTTPConnection(HOST, self.ports["web/admin"], timeout=timeout)
        try:
            conn.request("GET", "/admin/v2/clusters")
            resp = conn.getresponse()
            body = resp.read(4096)
        except (OSError, http.client.HTTPException) as e:
            raise ProbeError(f"GET /admin/v2/clusters failed: {e}") from e
        finally:
            conn.close()
        if resp.status != 200:
            raise ProbeError(f"GET /admin/v2/clusters answered HTTP {resp.status} {body[:80]!r}")
        try:
            return json.loads(body)
        except ValueError as e:
            raise ProbeError(f"GET /admin/v2/clusters answered {body[:80]!r}") from e

    def probe(self, timeout=2.0):
        try:
            server = pulsar_connect(self.main_port, timeout)
            clusters = self._clusters(timeout)
        except ProbeError as e:
            return Probe(False, str(e))
        if CLUSTER not in clusters:
            return Probe(False, f"GET /admin/v2/clusters lists {clusters}, not {CLUSTER!r}")
        version = server.replace("Pulsar Server", "").strip() or self.version()
        return Probe(True, f"CONNECT -> CONNECTED ({server}), admin API lists cluster {CLUSTER!r}", version)

    def ready(self, log_offset):
        if not self.log_grep("messaging service is ready", log_offset):
            return Probe(False, "log does not say 'messaging service is ready' yet")
        return self.probe()
