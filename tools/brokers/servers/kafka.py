"""Kafka: one broker in KRaft combined mode (broker + controller in one JVM), jars from Maven Central.

Version 3.9.1: the version the project's reference figures (vendor tools and
upstream OMB) were measured with, so our numbers compare with them; it logs through
slf4j-reload4j with a plain log4j.properties. (4.x works the same way but needs log4j2.)
The storage is formatted once with a random cluster id; `reset` wipes it and the next
start formats again. Ready when this run's log says "Kafka Server started" and an
ApiVersions request over TCP gets a well-formed answer.
"""
import base64
import glob
import os
import struct
import subprocess
import uuid

from .. import install, paths
from ..base import Broker, Probe
from ..ui import StartError
from ..wire import ProbeError, connect, recv_exact

VERSION = "3.9.1"
DIST = f"kafka-{VERSION}"

LOG4J = """# written by bin/brokers: everything to stdout, which goes to .brokers/kafka/logs/kafka.log
log4j.rootLogger=INFO, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.request.logger=WARN
log4j.logger.state.change.logger=WARN
log4j.logger.org.apache.kafka.clients=WARN
"""


class Kafka(Broker):
    name = "kafka"
    ports = {"client": 9092, "controller": 9093}
    description = f"Apache Kafka {VERSION}, KRaft combined mode"
    jvm = True

    @property
    def libs(self):
        return os.path.join(paths.DIST, DIST, "libs")

    def ensure_installed(self):
        install.maven_fetch(DIST, "kafka.xml", "dependency:copy-dependencies", {"kafka.version": VERSION})

    def version(self):
        # the version of the broker jar we run: libs/kafka_2.13-<version>.jar
        jars = glob.glob(os.path.join(self.libs, "kafka_2.13-*.jar"))
        return os.path.basename(jars[0])[len("kafka_2.13-"):-len(".jar")] if jars else ""

    def _java(self, main, *args, heap=True):
        return ["java", *(self.java_heap_args() if heap else []), "-Djava.awt.headless=true",
                f"-Dlog4j.configuration=file:{os.path.join(self.dir, 'log4j.properties')}",
                f"-Dkafka.logs.dir={self.log_dir}", "-cp", os.path.join(self.libs, "*"), main, *args]

    def prepare(self):
        os.makedirs(self.data_dir, exist_ok=True)
        props = os.path.join(self.dir, "server.properties")
        with open(os.path.join(self.dir, "log4j.properties"), "w") as f:
            f.write(LOG4J)
        with open(props, "w") as f:
            f.write("# written by bin/brokers at each start; edit tools/brokers/servers/kafka.py instead\n"
                    "process.roles=broker,controller\n"
                    "node.id=1\n"
                    "controller.quorum.voters=1@127.0.0.1:9093\n"
                    "listeners=PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9093\n"
                    "advertised.listeners=PLAINTEXT://127.0.0.1:9092\n"
                    "controller.listener.names=CONTROLLER\n"
                    "inter.broker.listener.name=PLAINTEXT\n"
                    "listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT\n"
                    f"log.dirs={self.data_dir}\n"
                    "num.partitions=1\n"
                    "offsets.topic.replication.factor=1\n"
                    "transaction.state.log.replication.factor=1\n"
                    "transaction.state.log.min.isr=1\n"
                    "group.initial.rebalance.delay.ms=0\n"
                    # A dev broker on a shared disk: max-rate runs write hundreds of MB/s and
                    # upstream OMB leaves its topics behind, so keep at most 2 GiB or 30 min
                    # per partition (a run's consumers read long before either).
                    "log.retention.bytes=2147483648\n"
                    "log.retention.ms=1800000\n"
                    "log.segment.bytes=268435456\n"
                    "log.retention.check.interval.ms=10000\n"
                    # Deleted segments linger a minute by default: at max rate that is tens of GB.
                    "log.segment.delete.delay.ms=1000\n")
        if not os.path.exists(os.path.join(self.data_dir, "meta.properties")):
            # Kafka's cluster ids are 16 random bytes in URL-safe base64 without padding
            cluster_id = new_cluster_id()
            argv = self._java("kafka.tools.StorageTool", "format", "-t", cluster_id, "-c", props, heap=False)
            with open(self.log_path, "ab") as log:
                log.write(f"formatting storage, cluster id {cluster_id}\n".encode())
                log.flush()
                rc = subprocess.run(argv, stdout=log, stderr=subprocess.STDOUT).returncode
            if rc != 0:
                raise StartError(f"kafka: formatting the storage failed (exit {rc})", install.tail(self.log_path))

    def command(self):
        gc = ["-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20", "-XX:InitiatingHeapOccupancyPercent=35",
              "-XX:+ExplicitGCInvokesConcurrent"]
        argv = self._java("kafka.Kafka", os.path.join(self.dir, "server.properties"))
        return argv[:1] + gc + argv[1:], None, self.dir

    def probe(self, timeout=2.0):
        """ApiVersions v0 (api key 18): the first request every Kafka client sends."""
        client_id = b"mqbench-brokers"
        body = struct.pack(">hhih", 18, 0, 7, len(client_id)) + client_id
        try:
            with connect(self.main_port, timeout) as s:
                s.sendall(struct.pack(">i", len(body)) + body)
                (size,) = struct.unpack(">i", recv_exact(s, 4))
                reply = recv_exact(s, size)
        except ProbeError as e:
            return Probe(False, str(e))
        correlation, error, count = struct.unpack(">ihi", reply[:10])
        if correlation != 7 or error != 0 or count <= 0:
            return Probe(False, f"ApiVersions answered correlation={correlation} error={error} apis={count}")
        apis = {struct.unpack(">h", reply[10 + 6 * i:12 + 6 * i])[0] for i in range(count)}
        if 0 not in apis or 1 not in apis:  # Produce and Fetch
            return Probe(False, "ApiVersions answer lacks Produce/Fetch")
        return Probe(True, f"ApiVersions: {count} APIs", self.version())

    def ready(self, log_offset):
        if not self.log_grep("Kafka Server started", log_offset):
            return Probe(False, "log does not say 'Kafka Server started' yet")
        return self.probe()


def new_cluster_id():
    """16 random bytes in URL-safe base64 without padding, as Kafka's own ids; like Kafka's, never
    starting with '-', which the storage tool's argument parser would take for an option (1 in 64)."""
    while True:
        cluster_id = base64.urlsafe_b64encode(uuid.uuid4().bytes).decode().rstrip("=")
        if not cluster_id.startswith("-"):
            return cluster_id
