"""RocketMQ: Apache RocketMQ's name server and one broker (two JVMs), jars from Maven Central.

Maven Central has no RocketMQ distribution zip, so both run from the `rocketmq-namesrv` and
`rocketmq-broker` jars and their dependencies (poms/rocketmq.xml, 134 jars). The broker is the
process the lifecycle launches and records (its PID file, its stdout in logs/rocketmq.log), so
`kill`, `freeze` and `thaw` hit the process that holds the data. The name server is a helper we
start first and own by PID, like RabbitMQ's epmd: `before_launch` starts it and waits until it
answers, `stop` sends it SIGTERM beside the broker's and `after_stop` waits for it (by PID, SIGKILL
after 30 s), and a name server that a `kill` of the broker left running is used by the next start.
Ports: the name server on 9876, RocketMQ's default, so `namesrvAddr: 127.0.0.1:9876` in upstream
OMB's rocketmq.yaml works; the broker on 10911, its "fast" (VIP) channel on 10909 (RocketMQ
always opens it at listenPort - 2) and the HA port for replicas on 10912 (listenPort + 1). All
are fixed; the three remoting ports are bound to 127.0.0.1 (bindAddress), but the HA port cannot
be: RocketMQ's HA service binds the wildcard address, with no setting to change that.
Config (namesrv.conf, broker.conf, logback.xml) is written at each start; everything the broker
stores (commit log, consume queues, index, checkpoint, timer files, topic and offset metadata)
and the name server's key-value file live in .brokers/rocketmq/data.
Ready when this run's log says the broker booted ("boot success"), the name server lists our
broker at 127.0.0.1:10911 in DefaultCluster (GET_BROKER_CLUSTER_INFO) and the broker answers
GET_BROKER_RUNTIME_INFO, whose brokerVersionDesc is the version status shows.
"""
import glob
import json
import os
import re
import signal
import struct
import time

from .. import install, paths, procs
from ..base import Broker, Probe
from ..ports import HOST
from ..ui import StartError
from ..wire import ProbeError, connect, recv_exact

VERSION = "5.3.3"
DIST = f"rocketmq-{VERSION}"
CLUSTER = "DefaultCluster"
BROKER_NAME = "broker-a"
NAMESRV_HEAP = "256m"        # it holds routes for one broker: small, and not worth an option
NAMESRV_WAIT = 60.0
FIRST_SAMPLE_WAIT = 1.5
# RequestCode values (org.apache.rocketmq.remoting.protocol.RequestCode in rocketmq-remoting)
GET_BROKER_RUNTIME_INFO = 28
GET_BROKER_CLUSTER_INFO = 106
REMOTING_VERSION = 479       # MQVersion.Version.V5_3_3.ordinal(): what a 5.3.3 client sends
FLUSH = {"async": "ASYNC_FLUSH", "sync": "SYNC_FLUSH"}

# RocketMQ picks its logback file from the classpath (rmq.broker.logback.xml, which also wins in
# the name server, since both jars are on one classpath) and writes a dozen files under
# ~/logs/rocketmqlogs; rmq.logback.configurationFile replaces that with this file in both JVMs.
LOGBACK = """<?xml version="1.0" encoding="UTF-8"?>
<!-- written by bin/brokers: everything to stdout, which goes to .brokers/rocketmq/logs/rocketmq.log
     (the broker) or namesrv.log (the name server) -->
<configuration>
  <appender name="STDOUT" class="ch.qos.logback.core.ConsoleAppender">
    <encoder><pattern>%d{yyyy-MM-dd HH:mm:ss.SSS} %-5p [%t] %c - %m%n</pattern></encoder>
  </appender>
  <!-- Idle, these write several lines a second between them (pop buffer scans and revives, flush
       and timer statistics every 10 s, the transaction check's "no new message" every minute,
       the name server's broker scan every 5 s, water marks every second): warnings only. -->
  <logger name="RocketmqPop" level="WARN"/>
  <logger name="RocketmqStore" level="WARN"/>
  <logger name="RocketmqTransaction" level="ERROR"/>
  <logger name="RocketmqNamesrv" level="WARN"/>
  <logger name="RocketmqWaterMark" level="WARN"/>
  <logger name="RocketmqNamesrvWaterMark" level="WARN"/>
  <logger name="RocketmqStats" level="WARN"/>
  <logger name="RocketmqTraffic" level="WARN"/>
  <logger name="RocketmqColdCtr" level="WARN"/>
  <root level="INFO"><appender-ref ref="STDOUT"/></root>
</configuration>
"""


def remoting_call(port, code, timeout):
    """One request of RocketMQ's remoting protocol, JSON-serialized; the body of the answer.

    A frame is a 4-byte big-endian length of what follows, 4 bytes holding the serialization type
    (high byte, 0 = JSON) and the header's length (low 3 bytes), the JSON header, then the body.
    ProbeError unless the answer is a response to our request with code 0 (SUCCESS)."""
    header = json.dumps({"code": code, "language": "JAVA", "version": REMOTING_VERSION, "opaque": 1,
                         "flag": 0, "extFields": {}}).encode()
    with connect(port, timeout) as s:
        s.sendall(struct.pack(">II", 4 + len(header), len(header)) + header)
        (total,) = struct.unpack(">I", recv_exact(s, 4))
        if not 4 <= total < 1 << 24:
            raise ProbeError(f"remoting answer of implausible size {total}")
        frame = recv_exact(s, total)
    (mark,) = struct.unpack(">I", frame[:4])
    kind, size = mark >> 24, mark & 0xFFFFFF
    if kind != 0 or 4 + size > total:
        raise ProbeError(f"remoting answer not JSON-serialized (type {kind}, header {size} bytes)")
    try:
        reply = json.loads(frame[4:4 + size])
    except ValueError as e:
        raise ProbeError(f"remoting answer header is not JSON: {frame[4:40]!r}") from e
    if reply.get("opaque") != 1 or not reply.get("flag", 0) & 1:  # flag bit 0: a response
        raise ProbeError(f"remoting answer is not the response to our request: {reply}")
    if reply.get("code") != 0:
        raise ProbeError(f"request {code} answered code {reply.get('code')}: {reply.get('remark')}")
    return frame[4 + size:]


def json_body(body):
    """A body as fastjson writes it: a map's integer keys come bare ({0:"127.0.0.1:10911"}), which
    Python's json refuses, so they are quoted first."""
    try:
        return json.loads(re.sub(r'([{,])(-?\d+):', r'\1"\2":', body.decode()))
    except ValueError as e:
        raise ProbeError(f"remoting answer body is not JSON: {body[:60]!r}") from e


class RocketMQ(Broker):
    name = "rocketmq"
    ports = {"namesrv": 9876, "broker": 10911, "fast": 10909, "ha": 10912}
    description = f"Apache RocketMQ {VERSION}: name server and one broker, jars from Maven Central"
    jvm = True
    _booted_seen = None      # when ready() first saw this run's "boot success"

    @property
    def libs(self):
        return os.path.join(paths.DIST, DIST, "libs")

    @property
    def broker_addr(self):
        return f"{HOST}:{self.ports['broker']}"

    @property
    def namesrv_pidfile(self):
        return procs.PidFile(os.path.join(self.dir, "namesrv.pid"))

    def ensure_installed(self):
        install.maven_fetch(DIST, "rocketmq.xml", "dependency:copy-dependencies", {"rocketmq.version": VERSION})

    def version(self):
        jars = glob.glob(os.path.join(self.libs, "rocketmq-broker-[0-9]*.jar"))
        return os.path.basename(jars[0])[len("rocketmq-broker-"):-len(".jar")] if jars else ""

    def settings(self):
        return {"memory": self.opts.memory, "namesrv_memory": NAMESRV_HEAP,
                "rocketmq_flush": FLUSH[self.opts.rocketmq_flush or "async"]}

    def check_ports(self):
        found = dict(self.ports)
        if self.namesrv_pidfile.read():
            found.pop("namesrv")  # our own name server, left running by a `kill`: the next start uses it
        return list(found.items())

    # --- config --------------------------------------------------------------------------
    def prepare(self):
        self._booted_seen = None  # a new launch (restart and reset launch again in one run)
        os.makedirs(self.data_dir, exist_ok=True)
        with open(os.path.join(self.dir, "logback.xml"), "w") as f:
            f.write(LOGBACK)
        data = self.data_dir
        with open(os.path.join(self.dir, "namesrv.conf"), "w") as f:
            f.write(f"""# written by bin/brokers at each start; edit tools/brokers/servers/rocketmq.py instead
rocketmqHome={self.dir}
bindAddress={HOST}
listenPort={self.ports['namesrv']}
# defaults to a file under ~/namesrv
kvConfigPath={data}/namesrv/kvConfig.json
# Its own remoting client would check every 3 s that a name server answers on this machine's
# first non-loopback address (never, as it listens on loopback), logging each failed connection
scanAvailableNameSrv=false
""")
        with open(os.path.join(self.dir, "broker.conf"), "w") as f:
            f.write(f"""# written by bin/brokers at each start; edit tools/brokers/servers/rocketmq.py instead
rocketmqHome={self.dir}
brokerClusterName={CLUSTER}
brokerName={BROKER_NAME}
brokerId=0
brokerRole=ASYNC_MASTER
namesrvAddr={HOST}:{self.ports['namesrv']}
# the address registered with the name server (else the first non-loopback one) and the HA address
brokerIP1={HOST}
brokerIP2={HOST}
# binds 10911 and the fast channel (listenPort - 2) to loopback; the HA port (listenPort + 1)
# is bound by RocketMQ to the wildcard address (all interfaces) whatever is set here
bindAddress={HOST}
listenPort={self.ports['broker']}
haListenPort={self.ports['ha']}
# RocketMQ's default, written down: a send to a topic nobody created creates it, as clients of a
# stock broker expect; OMB's driver creates its topics itself through the admin API
autoCreateTopicEnable=true
autoCreateSubscriptionGroup=true
# store: all under data/, so `reset` wipes it (the defaults are under ~/store)
storePathRootDir={data}
storePathCommitLog={data}/commitlog
# 64 MB commit-log files instead of 1 GB, and consume-queue files of 30,000 entries (20 bytes
# each) instead of 300,000: each is a memory-mapped file, and a benchmark makes many queues
mappedFileSizeCommitLog=67108864
mappedFileSizeConsumeQueue=600000
# ASYNC_FLUSH (default): a send is acknowledged once in the page cache; a thread flushes every
# 500 ms when 16 KB (4 pages) are waiting, and everything at least every 10 s.
# SYNC_FLUSH (--rocketmq-flush sync): acknowledged after the commit log is flushed to disk
flushDiskType={FLUSH[self.opts.rocketmq_flush or 'async']}
# Like kafka's retention here: commit-log files older than an hour are deleted, checked every
# hour of the day (RocketMQ's default: 72 hours, deleted at 4 am), so max-rate runs do not pile
# up on a shared disk. The file being written is never deleted.
fileReservedTime=1
deleteWhen={';'.join(f'{h:02d}' for h in range(24))}
# Disk guards (percent of the data dir's file system, as df's Use%). Above 90 % RocketMQ refuses
# writes (90 is the most it accepts); above 85 % it deletes its oldest commit-log files
# even if unconsumed (85 is its maximum); above diskMaxUsedSpaceRatio it only deletes expired
# files early and logs every 10 s, so that is raised from 75 to its maximum, 95.
diskSpaceWarningLevelRatio=90
diskSpaceCleanForciblyRatio=85
diskMaxUsedSpaceRatio=95
# A send that waited this long in the broker's queue is refused ("[TIMEOUT_CLEAN_QUEUE] broker
# busy"). RocketMQ's 200 ms refused sends at 1,000 msg/s here while the broker's JIT was cold and
# a build shared the two cores; 3 s is the client's own send timeout, past which the answer is
# too late anyway.
waitTimeMillsInSendQueue=3000
""")

    def _java(self, main, heap, conf):
        return ["java", f"-Xmx{heap}", "-XX:+UseG1GC", "-Djava.awt.headless=true",
                # Java 9+: the store calls sun.nio.ch.DirectBuffer.address() to mlock/munlock its
                # mapped files (and in its page-cache checks), an IllegalAccessError unless exported.
                # Unmapping needs nothing: RocketMQ 5 frees buffers through Netty (Unsafe.invokeCleaner).
                "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED",
                # TLS is "permissive" by default: each remoting server makes a self-signed certificate
                # at start (and leaves its files in /tmp after a kill); clients here speak plain TCP
                "-Dtls.server.mode=disabled",
                f"-Drmq.logback.configurationFile={os.path.join(self.dir, 'logback.xml')}",
                "-cp", os.path.join(self.libs, "*"), main, "-c", os.path.join(self.dir, conf)]

    def command(self):
        return (self._java("org.apache.rocketmq.broker.BrokerStartup", self.opts.memory, "broker.conf"),
                None, self.dir)

    # --- the name server, ours by PID ----------------------------------------------------
    def before_launch(self):
        if self.namesrv_pidfile.read():
            return
        self.namesrv_pidfile.remove()
        log = os.path.join(self.log_dir, "namesrv.log")
        with open(log, "ab") as f:
            f.write(time.strftime("\n=== bin/brokers start rocketmq (name server) at %Y-%m-%d %H:%M:%S ===\n").encode())
        argv = self._java("org.apache.rocketmq.namesrv.NamesrvStartup", NAMESRV_HEAP, "namesrv.conf")
        proc = procs.launch(argv, log, cwd=self.dir)
        self.namesrv_pidfile.write(proc.pid)
        # the broker registers at start and then every 30 s: start it only once the name server answers
        deadline = time.monotonic() + NAMESRV_WAIT
        why = "it exited"
        while proc.poll() is None:
            try:
                remoting_call(self.ports["namesrv"], GET_BROKER_CLUSTER_INFO, 2.0)
                return
            except ProbeError as e:
                why = str(e)
            if time.monotonic() > deadline:
                break
            time.sleep(0.3)
        self.after_stop()
        raise StartError(f"rocketmq: the name server did not answer on {HOST}:{self.ports['namesrv']} "
                         f"within {NAMESRV_WAIT:.0f} s ({why}); see {log}", install.tail(log))

    def graceful_stop(self, pid):
        # Both take seconds to run their shutdown hooks (the broker 8-20 s, joining its service
        # threads one by one); the name server's may run beside the broker's, which unregisters
        # first thing. The broker itself gets lifecycle's SIGTERM (False).
        namesrv = self.namesrv_pidfile.read()
        if namesrv:
            procs.signal_tree(namesrv, signal.SIGTERM)
        return False

    def after_stop(self):
        pid = self.namesrv_pidfile.read()
        if pid:
            procs.terminate(pid, timeout=30)
        self.namesrv_pidfile.remove()

    def extra_pids(self):
        pid = self.namesrv_pidfile.read()
        return [("namesrv", pid)] if pid else []

    # --- probes --------------------------------------------------------------------------
    def probe(self, timeout=2.0):
        try:
            cluster = json_body(remoting_call(self.ports["namesrv"], GET_BROKER_CLUSTER_INFO, timeout))
            names = (cluster.get("clusterAddrTable") or {}).get(CLUSTER) or []
            addrs = ((cluster.get("brokerAddrTable") or {}).get(BROKER_NAME) or {}).get("brokerAddrs") or {}
            if BROKER_NAME not in names or addrs.get("0") != self.broker_addr:
                return Probe(False, f"name server does not list {BROKER_NAME} (id 0) at {self.broker_addr} "
                                    f"in {CLUSTER} (yet): {json.dumps(cluster)[:200]}")
            table = json_body(remoting_call(self.ports["broker"], GET_BROKER_RUNTIME_INFO, timeout)).get("table") or {}
        except (ProbeError, AttributeError) as e:
            return Probe(False, str(e))
        desc = table.get("brokerVersionDesc", "")  # e.g. "V5_3_3"
        version = desc[1:].replace("_", ".") if desc.startswith("V") else desc
        return Probe(True, f"name server lists {BROKER_NAME} at {self.broker_addr} in {CLUSTER}; broker runtime "
                           f"info: {desc or '?'}", version)

    def ready(self, log_offset):
        if not self.log_grep("boot success", log_offset):
            return Probe(False, "log does not say the broker's 'boot success' yet")
        # Until its store statistics have a first sample (a second after the store starts, about
        # when it logs boot success), RocketMQ 5.3.3 answers GET_BROKER_RUNTIME_INFO with an error
        # and logs a stack trace (NoSuchElementException in StoreStatsService.getPutTps): wait it out.
        if self._booted_seen is None:
            self._booted_seen = time.monotonic()
        if time.monotonic() - self._booted_seen < FIRST_SAMPLE_WAIT:
            return Probe(False, "broker booted; waiting for its store statistics' first sample")
        return self.probe()
