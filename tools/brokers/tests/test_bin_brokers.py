"""Tests of bin/brokers against the real brokers (nothing mocked).

Each broker: start -> status answers -> a second start is a no-op -> stop (its PID and every
process below it are gone) -> restart, with options where the broker has some -> stop.
Plus: a port held by someone else gives exit 2 and a line naming the port; reset; user
errors; a NATS JetStream stream outlives a restart; Mosquitto's retained and queued messages
outlive a restart; RocketMQ's name server and broker, the addresses of their ports, and a kill
of its broker that leaves the name server to the next start; a delay of Redis through netproxy.
Each broker is started about twice. The first start on a fresh machine
installs (apt, Maven Central, a Go build of nats-server), hence the generous timeouts. Every
broker is stopped at the end (through bin/brokers, by PID), since the test runner starts what
it needs afterwards.

The tests of one broker form an xdist group (`@on(broker)`), so `bin/test` runs them on two
workers (`-n 2 --dist loadgroup`) without two tests ever driving one broker at once. Boots are
mostly CPU (JVMs), so two workers gain less than half: 267 s became 220-228 s in bin/test. Each
test finds its broker stopped and leaves it stopped, PID file gone.
"""
import json
import os
import re
import socket
import struct
import subprocess
import sys
import time

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BIN = os.path.join(REPO, "bin", "brokers")
sys.path.insert(0, os.path.join(REPO, "tools"))

from brokers import paths, procs  # noqa: E402
from brokers.servers import ALL  # noqa: E402
from brokers.wire import MQTT_DISCONNECT, mqtt_connect, mqtt_packet, mqtt_read, mqtt_str  # noqa: E402

INSTALL_TIMEOUT = 900  # a first start downloads and installs


def run(*args, timeout=INSTALL_TIMEOUT):
    r = subprocess.run([BIN, *args], capture_output=True, text=True, timeout=timeout, cwd=REPO)
    sys.stdout.write(f"$ bin/brokers {' '.join(args)}  -> {r.returncode}\n{r.stdout}{r.stderr}")
    return r


def status(name):
    r = run("status", "--json", name, timeout=60)
    assert r.returncode in (0, 3), r.stderr
    (row,) = json.loads(r.stdout)
    return row


def alive(pid):
    return procs.start_time(pid) is not None and not procs.is_zombie(pid)


# netproxy's tests run in redis' group: its delay test drives both, and the group's fixture stops both.
GROUP = {"netproxy": "redis"}
ALSO_STOPPED = {"redis": ["netproxy"]}


def on(name):
    """Marks a test that drives broker `name`: it runs on the worker that runs that broker's other tests, in file order."""
    return pytest.mark.xdist_group(GROUP.get(name, name))


@pytest.fixture(autouse=True)
def broker_stopped_before_and_after(request):
    """The test's broker (its xdist group) is stopped before it runs and after, even if it failed."""
    marker = request.node.get_closest_marker("xdist_group")
    if marker is None:
        yield
        return
    names = [marker.args[0]] + ALSO_STOPPED.get(marker.args[0], [])  # set by on(name)
    run("stop", *names, timeout=300)
    yield
    r = run("stop", *names, timeout=300)
    assert r.returncode == 0
    for name in names:
        assert not os.path.exists(paths.broker_dir(name, f"{name}.pid")), f"{name} still has a PID file"


def _stop_and_check_gone(name):
    row = status(name)
    pid = row["pid"]
    tree = [pid] + [p for p, _ in procs.descendants(pid)] + [p for _, p in row["extra_pids"]]
    r = run("stop", name, timeout=300)
    assert r.returncode == 0 and f"{name}: stopped" in r.stdout
    left = [p for p in tree if alive(p)]
    assert not left, f"processes of {name} left after stop: {[(p, procs.cmdline(p)) for p in left]}"
    row = status(name)
    assert row["state"] == "stopped" and row["pid"] is None and not row["answering"]


RESTART_OPTIONS = {
    "kafka": ["--memory", "512m"],
    "rabbitmq": ["--flow-control", "high", "--rabbitmq-config", "channel_max=1000", "--rabbitmq-busy-wait", "short",
                 "--rabbitmq-schedulers", "1"],
    "artemis": ["--artemis-journal", "mapped", "--artemis-journal-sync", "off", "--memory", "512m"],
    "redis": ["--redis-appendfsync", "always"],
    "sqs": ["--memory", "256m"],
    "mongo": ["--memory", "256m"],
    "ferretdb": [],  # no options: restart must simply bring it back
    "nats": [],  # no options: restart must simply bring it back
    "activemq": ["--memory", "256m"],
    "mosquitto": [],  # no options: restart must simply bring it back
    "pulsar": ["--memory", "512m"],
    "rocketmq": ["--memory", "512m", "--rocketmq-flush", "sync"],
    "netproxy": [],  # no options: restart must simply bring it back
}


def _check_options_applied(name):
    """The options given to restart reached the running broker."""
    if "--memory" in RESTART_OPTIONS[name]:
        pid = status(name)["pid"]
        wanted = RESTART_OPTIONS[name][RESTART_OPTIONS[name].index("--memory") + 1]
        assert f"-Xmx{wanted}" in procs.cmdline(pid)
    if name == "artemis":
        with open(paths.broker_dir("artemis", "instance", "etc", "broker.xml")) as f:
            xml = f.read()
        assert "<journal-type>MAPPED</journal-type>" in xml and "<journal-datasync>false<" in xml
        assert xml.count("<journal-sync-transactional>false</journal-sync-transactional>") == 1
        assert xml.count("<journal-sync-non-transactional>false</journal-sync-non-transactional>") == 1
        with open(paths.broker_dir("artemis", "logs", "artemis.log")) as f:
            assert "Using MAPPED Journal" in f.read()
        # a running broker keeps its settings: asking for others is a user error
        r = run("start", "artemis", "--artemis-journal", "nio")
        assert r.returncode == 2 and "restart" in r.stderr
    if name == "activemq":
        # our config, not the package's: KahaDB in .brokers (so reset wipes it), OpenWire on loopback only
        with open(paths.broker_dir("activemq", "logs", "activemq.log")) as f:
            log = f.read()
        assert f"KahaDBPersistenceAdapter[{paths.broker_dir('activemq', 'data', 'kahadb')}]" in log
        assert "Connector openwire started" in log and "/etc/activemq" not in log
    if name == "redis":
        with socket.create_connection(("127.0.0.1", 6379), timeout=5) as c:
            c.sendall(b"*3\r\n$6\r\nCONFIG\r\n$3\r\nGET\r\n$11\r\nappendfsync\r\n")
            assert b"always" in c.recv(200)
    if name == "rocketmq":
        with open(paths.broker_dir("rocketmq", "broker.conf")) as f:
            assert "\nflushDiskType=SYNC_FLUSH\n" in f.read()
        row = status("rocketmq")
        assert row["settings"]["rocketmq_flush"] == "SYNC_FLUSH"
        (namesrv,) = [pid for label, pid in row["extra_pids"] if label == "namesrv"]
        assert "-Xmx256m" in procs.cmdline(namesrv) and "NamesrvStartup" in procs.cmdline(namesrv)
    if name == "rabbitmq":
        from brokers.servers.rabbitmq import RabbitMQ
        import argparse
        b = RabbitMQ(argparse.Namespace(rabbitmq_config=None, rabbitmq_advanced=None, flow_control=None,
                                        rabbitmq_busy_wait=None, rabbitmq_schedulers=None))
        r = b.ctl("eval", "{application:get_env(rabbit, credit_flow_default_credit), "
                          "application:get_env(rabbit, channel_max), erlang:system_info(schedulers)}.")
        assert "{ok,{5000,2500}}" in r.stdout and "{ok,1000},1}" in r.stdout, r.stdout + r.stderr
        # the busy wait reaches the Erlang runtime, for its three kinds of scheduler
        node = status("rabbitmq")["pid"]
        (beam,) = [pid for pid in [node] + [p for p, _ in procs.descendants(node)] if "beam.smp" in procs.cmdline(pid)]
        args = procs.cmdline(beam).split()
        for flag in ("-sbwt", "-sbwtdcpu", "-sbwtdio"):
            assert args[args.index(flag) + 1] == "short", procs.cmdline(beam)
        assert status("rabbitmq")["settings"]["rabbitmq_busy_wait"] == "short"


@pytest.mark.parametrize("name", [pytest.param(name, marks=on(name)) for name in ALL])
def test_start_status_second_start_stop_restart(name):
    r = run("start", name)
    assert r.returncode == 0, r.stderr
    assert re.search(rf"{name}: started, answering on 127\.0\.0\.1:\d+", r.stdout)
    row = status(name)
    assert row["answering"] and row["state"] == "answering" and alive(row["pid"])
    assert row["version"] not in ("", "not installed")
    first_pid = row["pid"]

    r = run("start", name)
    assert r.returncode == 0 and f"{name}: already running (pid {first_pid}) and answering" in r.stdout
    assert status(name)["pid"] == first_pid

    _stop_and_check_gone(name)

    r = run("restart", name, *RESTART_OPTIONS[name])
    assert r.returncode == 0, r.stderr
    row = status(name)
    assert row["answering"] and row["pid"] != first_pid
    _check_options_applied(name)
    _stop_and_check_gone(name)


@on("redis")
def test_port_taken_by_someone_else():
    """A stopped broker whose port another process holds: exit 2, one line naming the port."""
    assert status("redis")["state"] == "stopped"
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        s.bind(("127.0.0.1", 6379))
        s.listen()
        r = run("start", "redis", timeout=120)
        assert r.returncode == 2
        assert "port 127.0.0.1:6379" in r.stderr and "already in use" in r.stderr
        assert f"pid {os.getpid()}" in r.stderr  # names the holder: this test
        assert status("redis")["pid"] is None
    finally:
        s.close()


@on("redis")
def test_reset_running_redis_restarts_it_empty():
    assert run("start", "redis").returncode == 0
    with socket.create_connection(("127.0.0.1", 6379), timeout=5) as c:
        c.sendall(b"*3\r\n$3\r\nSET\r\n$4\r\nmqbk\r\n$1\r\nv\r\n")
        assert c.recv(100).startswith(b"+OK")
    r = run("reset", "redis")
    assert r.returncode == 0 and "starting it again" in r.stdout
    with socket.create_connection(("127.0.0.1", 6379), timeout=5) as c:
        c.sendall(b"*2\r\n$3\r\nGET\r\n$4\r\nmqbk\r\n")
        assert c.recv(100).startswith(b"$-1")
    assert run("stop", "redis").returncode == 0


@on("kafka")
def test_reset_stopped_kafka_wipes_data_and_leaves_it_stopped():
    data = paths.broker_dir("kafka", "data")
    assert os.path.isdir(data)  # the lifecycle test ran kafka
    r = run("reset", "kafka")
    assert r.returncode == 0 and "left stopped" in r.stdout
    assert not os.path.exists(data)
    assert status("kafka")["state"] == "stopped"


def _ping_redis(timeout):
    with socket.create_connection(("127.0.0.1", 6379), timeout=timeout) as c:
        c.sendall(b"*1\r\n$4\r\nPING\r\n")
        return c.recv(100)


@on("redis")
def test_freeze_thaw_and_kill_redis_then_start_it_as_before():
    assert run("start", "redis").returncode == 0
    pid = status("redis")["pid"]
    r = run("freeze", "redis", timeout=60)
    assert r.returncode == 0 and f"redis: freeze (SIGSTOP) sent to pid {pid}" in r.stdout
    with pytest.raises(socket.timeout):
        _ping_redis(timeout=1)  # connected by the kernel, answered by no one
    assert procs._stat_fields(pid)[0] == "T"
    r = run("thaw", "redis", timeout=60)
    assert r.returncode == 0 and _ping_redis(timeout=5).startswith(b"+PONG")

    r = run("kill", "redis", timeout=60)
    assert r.returncode == 0 and "SIGKILL" in r.stdout
    assert not alive(pid)
    row = status("redis")
    assert row["state"] == "stopped" and "gone without `stop`" in row["detail"]
    r = run("kill", "redis", timeout=60)
    assert r.returncode == 2 and "redis: not running" in r.stderr and "nothing to kill" in r.stderr
    assert run("start", "--as-before", "redis").returncode == 0
    assert _ping_redis(timeout=5).startswith(b"+PONG")
    assert run("stop", "redis").returncode == 0


@on("redis")
def test_partition_and_heal_redis_and_stop_heals_too():
    assert run("start", "redis").returncode == 0
    # The check a fault schedule makes before its run: ready, traffic untouched, nothing left behind.
    r = run("partition", "--check", "redis", timeout=300)  # the first one may install nftables
    assert r.returncode == 0 and "redis: a partition can be made here" in r.stdout and "6379" in r.stdout, r.stdout + r.stderr
    assert _ping_redis(timeout=5).startswith(b"+PONG")
    assert not status("redis")["partitioned"]
    assert "mqbench-redis_check" not in subprocess.run(["nft", "list", "tables"], capture_output=True, text=True).stdout
    r = run("partition", "redis", timeout=300)  # the first one may install nftables
    assert r.returncode == 0 and "redis: partitioned" in r.stdout and "6379" in r.stdout
    with pytest.raises(socket.timeout):
        _ping_redis(timeout=1)
    row = status("redis")
    assert row["partitioned"] and alive(row["pid"]), "the broker runs on; only the network is cut"
    assert run("partition", "redis", timeout=60).returncode == 2
    r = run("heal", "redis", timeout=60)
    assert r.returncode == 0 and "partition ended" in r.stdout
    assert _ping_redis(timeout=5).startswith(b"+PONG")
    assert run("partition", "redis", timeout=60).returncode == 0
    r = run("stop", "redis")
    assert r.returncode == 0 and "partition ended" in r.stdout, "a stop leaves no partition behind"
    assert not status("redis")["partitioned"]


def _redis_round_trip_ms(port):
    """The median of five PING round trips to port, in ms."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as c:
        c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        times = []
        for _ in range(5):
            t0 = time.monotonic()
            c.sendall(b"*1\r\n$4\r\nPING\r\n")
            assert c.recv(100).startswith(b"+PONG")
            times.append((time.monotonic() - t0) * 1000)
    return sorted(times)[2]


@on("redis")
def test_delay_redis_through_netproxy_and_heal_and_stop_heals_too():
    r = run("delay", "--check", "redis", timeout=60)
    assert r.returncode == 2 and "netproxy, which is not running; start it (bin/brokers start netproxy)" in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert run("start", "redis", "netproxy").returncode == 0
    r = run("delay", "--check", "redis", timeout=60)
    assert r.returncode == 0 and "redis: a delay can be made here, for the clients of 127.0.0.1:16379" in r.stdout, r.stdout + r.stderr
    r = run("delay", "--check", "kafka", timeout=60)
    assert r.returncode == 2 and "kafka: a delay goes through netproxy, which proxies redis, rabbitmq, nats, mosquitto only" in r.stderr
    assert run("delay", "redis", timeout=60).returncode == 2, "a delay needs --latency"
    assert _redis_round_trip_ms(16379) < 20, "the proxy alone adds no delay"

    r = run("delay", "redis", "--latency", "50ms", timeout=60)
    assert r.returncode == 0 and "redis: delayed: 50 ms each way" in r.stdout, r.stdout + r.stderr
    assert 100 <= _redis_round_trip_ms(16379) < 150, "50 ms each way: a round trip 100 ms longer"
    assert _redis_round_trip_ms(6379) < 20, "only the clients of the proxy are delayed"
    assert status("redis")["delayedMs"] == 50
    assert run("delay", "redis", "--latency", "10ms", timeout=60).returncode == 2, "already delayed"
    r = run("heal", "redis", timeout=60)
    assert r.returncode == 0 and "redis: delay ended" in r.stdout
    assert _redis_round_trip_ms(16379) < 20
    assert status("redis")["delayedMs"] is None

    assert run("delay", "redis", "--latency", "1s", timeout=60).returncode == 0
    r = run("stop", "redis")
    assert r.returncode == 0 and "delay ended" in r.stdout, "a stop leaves no delay behind"
    assert status("redis")["delayedMs"] is None


def _nats_request(subject, body, timeout=5):
    """One NATS request over a raw connection (no client library): the JSON reply to body."""
    with socket.create_connection(("127.0.0.1", 4222), timeout=timeout) as c:
        f = c.makefile("rb")
        assert f.readline().startswith(b"INFO ")
        payload = json.dumps(body).encode()
        c.sendall(b'CONNECT {"verbose":false,"pedantic":false}\r\nSUB _INBOX.mqbench 1\r\n'
                  + f"PUB {subject} _INBOX.mqbench {len(payload)}\r\n".encode() + payload + b"\r\n")
        while True:
            line = f.readline()
            assert line and not line.startswith(b"-ERR"), line
            if line.startswith(b"MSG "):  # MSG <subject> <sid> <size>
                return json.loads(f.read(int(line.split()[-1]) + 2))


@on("nats")
def test_nats_jetstream_stream_survives_a_restart_and_reset_wipes_it():
    """JetStream stores in .brokers/nats/data: a file stream outlives a stop, not a reset."""
    assert run("reset", "nats").returncode == 0  # stopped here: starts from no streams, stays stopped
    assert run("start", "nats").returncode == 0
    created = _nats_request("$JS.API.STREAM.CREATE.MQBENCH", {"name": "MQBENCH", "subjects": ["mqbench.t"],
                                                              "storage": "file"})
    assert created.get("config", {}).get("name") == "MQBENCH", created
    ack = _nats_request("mqbench.t", {"hello": 1})
    assert ack.get("stream") == "MQBENCH" and ack.get("seq") == 1, ack

    assert run("restart", "nats").returncode == 0
    info = _nats_request("$JS.API.STREAM.INFO.MQBENCH", {})
    assert info.get("state", {}).get("messages") == 1, info

    r = run("reset", "nats")
    assert r.returncode == 0 and "starting it again" in r.stdout
    info = _nats_request("$JS.API.STREAM.INFO.MQBENCH", {})
    assert info.get("error", {}).get("code") == 404, info
    assert run("stop", "nats").returncode == 0


def _ferretdb(command):
    from brokers.servers.mongo import op_msg
    with socket.create_connection(("127.0.0.1", 27018), timeout=10) as c:
        return op_msg(c, 1, {**command, "$db": "mqbench_brokers_test"})


@on("ferretdb")
def test_ferretdb_keeps_what_it_acknowledged_through_a_kill_and_reset_wipes_it():
    """SQLite files in .brokers/ferretdb/data: an acknowledged insert outlives SIGKILL, not a reset."""
    assert run("reset", "ferretdb").returncode == 0  # stopped here: starts from no data, stays stopped
    assert run("start", "ferretdb").returncode == 0
    inserted = _ferretdb({"insert": "kept", "documents": [{"_id": i, "v": "x" * 100} for i in range(50)]})
    assert inserted.get("ok") == 1 and inserted.get("n") == 50, inserted

    assert run("kill", "ferretdb").returncode == 0
    assert run("start", "--as-before", "ferretdb").returncode == 0
    counted = _ferretdb({"count": "kept"})
    assert counted.get("n") == 50, counted

    r = run("reset", "ferretdb")
    assert r.returncode == 0 and "starting it again" in r.stdout
    assert _ferretdb({"count": "kept"}).get("n") == 0
    assert run("stop", "ferretdb").returncode == 0


MQTT_PORT = 1883


def _mqtt_subscribe(sock, topic, qos, packet_id=1):
    sock.sendall(mqtt_packet(0x82, struct.pack(">H", packet_id) + mqtt_str(topic) + bytes([qos])))
    first, body = mqtt_read(sock)
    assert first == 0x90 and body == struct.pack(">HB", packet_id, qos), (first, body)  # SUBACK, QoS granted


def _mqtt_publish(sock, topic, payload, packet_id, retain=False):
    """A QoS 1 PUBLISH (its PUBACK is read by the caller)."""
    sock.sendall(mqtt_packet(0x32 | int(retain), mqtt_str(topic) + struct.pack(">H", packet_id) + payload))


def _mqtt_receive(sock):
    """The next packet; a PUBLISH is acknowledged (PUBACK) and returned as ("publish", topic, payload, retain)."""
    first, body = mqtt_read(sock)
    if first >> 4 != 3:
        return (first, body)
    size = struct.unpack(">H", body[:2])[0]
    topic, rest = body[2:2 + size].decode(), body[2 + size:]
    if first & 0x06:  # QoS 1: a packet id follows the topic
        sock.sendall(b"\x40\x02" + rest[:2])
        rest = rest[2:]
    return ("publish", topic, rest, bool(first & 0x01))


@on("mosquitto")
def test_mosquitto_retained_and_queued_messages_survive_a_restart_and_reset_wipes_them():
    """Persistence on: a retained message, and the QoS 1 messages queued for an offline persistent
    session, outlive a restart; more are queued than Mosquitto's default limit of 1000 per client
    (which would drop the rest), so ours applies. A reset wipes both."""
    queued = 3000
    assert run("reset", "mosquitto").returncode == 0  # stopped here: starts from nothing, stays stopped
    assert run("start", "mosquitto").returncode == 0
    sub, present = mqtt_connect(MQTT_PORT, 5, "mqbench-test-sub", clean=False)
    with sub:
        assert not present
        _mqtt_subscribe(sub, "mqbench/queued", 1)
        sub.sendall(MQTT_DISCONNECT)
    pub, _ = mqtt_connect(MQTT_PORT, 5, "mqbench-test-pub")
    with pub:
        _mqtt_publish(pub, "mqbench/retained", b"kept", 1, retain=True)
        for i in range(queued):
            _mqtt_publish(pub, "mqbench/queued", b"m%d" % i, 2 + i)
        acks = [mqtt_read(pub) for _ in range(queued + 1)]
        assert all(first == 0x40 for first, _ in acks)  # PUBACK: the broker holds each message
        pub.sendall(MQTT_DISCONNECT)

    assert run("restart", "mosquitto").returncode == 0
    sub, present = mqtt_connect(MQTT_PORT, 5, "mqbench-test-sub", clean=False)
    with sub:
        assert present, "the persistent session did not outlive the restart"
        got = [_mqtt_receive(sub) for _ in range(queued)]
        assert [p[2] for p in got] == [b"m%d" % i for i in range(queued)]
        _mqtt_subscribe(sub, "mqbench/retained", 1, packet_id=2)
        assert _mqtt_receive(sub) == ("publish", "mqbench/retained", b"kept", True)
        sub.sendall(MQTT_DISCONNECT)

    r = run("reset", "mosquitto")
    assert r.returncode == 0 and "starting it again" in r.stdout
    sub, present = mqtt_connect(MQTT_PORT, 5, "mqbench-test-sub", clean=False)
    with sub:
        assert not present, "the persistent session outlived the reset"
        _mqtt_subscribe(sub, "mqbench/retained", 1)
        # a retained message would be queued while the SUBSCRIBE is handled, before our PINGREQ's answer
        sub.sendall(b"\xc0\x00")
        assert _mqtt_receive(sub) == (0xD0, b""), "a retained message outlived the reset"  # PINGRESP
        sub.sendall(MQTT_DISCONNECT)
    assert run("stop", "mosquitto").returncode == 0


@on("nats")
def test_nats_sync_always_reaches_the_servers_config_and_status():
    assert run("restart", "nats", "--nats-sync", "always").returncode == 0
    with open(os.path.join(paths.broker_dir("nats"), "nats.conf")) as f:
        assert "  sync_interval: always\n" in f.read()
    assert "sync_interval always" in status("nats")["settings"]["jetstream"]
    assert run("restart", "nats").returncode == 0  # back to the default
    assert "sync_interval 2m (nats-server's default)" in status("nats")["settings"]["jetstream"]
    assert run("stop", "nats").returncode == 0


def _listening(pid):
    """{port: address} of the TCP sockets pid listens on, from /proc (what `ss -ltnp` shows)."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            link = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if link.startswith("socket:["):
            inodes.add(link[len("socket:["):-1])
    found = {}
    for table, family in (("/proc/net/tcp", socket.AF_INET), ("/proc/net/tcp6", socket.AF_INET6)):
        with open(table) as f:
            next(f)
            for line in f:
                cols = line.split()
                if cols[3] == "0A" and cols[9] in inodes:  # 0A: LISTEN
                    addr, port = cols[1].rsplit(":", 1)
                    raw = bytes.fromhex(addr)  # the kernel prints it as 32-bit words in host order
                    raw = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
                    found[int(port, 16)] = socket.inet_ntop(family, raw)
    return found


@on("rocketmq")
def test_rocketmq_ports_logs_kill_freeze_and_reset():
    """Two JVMs: the name server is a helper owned by PID (a kill of the broker leaves it, the next
    start uses it again); the fixed ports and their addresses; nothing under ~/logs; reset wipes the store."""
    started = time.time()
    assert run("reset", "rocketmq").returncode == 0  # stopped here: starts from an empty store
    assert run("start", "rocketmq").returncode == 0
    row = status("rocketmq")
    assert row["answering"] and row["version"] == "5.3.3" and "broker-a at 127.0.0.1:10911" in row["detail"]
    assert row["ports"] == {"namesrv": 9876, "broker": 10911, "fast": 10909, "ha": 10912}
    (namesrv,) = [pid for label, pid in row["extra_pids"] if label == "namesrv"]
    loopback = ("127.0.0.1", "::ffff:127.0.0.1")
    served = _listening(namesrv)
    assert served.keys() == {9876} and served[9876] in loopback, served
    served = _listening(row["pid"])
    assert served.keys() == {10911, 10909, 10912}, served  # no random ports
    assert served[10911] in loopback and served[10909] in loopback, served
    assert served[10912] in ("0.0.0.0", "::"), served  # RocketMQ's HA service binds the wildcard address
    data = paths.broker_dir("rocketmq", "data")
    assert {"commitlog", "consumequeue", "config", "checkpoint"} <= set(os.listdir(data))
    default_logs = os.path.expanduser("~/logs/rocketmqlogs")
    assert not any(os.path.getmtime(os.path.join(d, f)) >= started
                   for d, _, files in os.walk(default_logs) for f in files), f"RocketMQ wrote to {default_logs}"

    r = run("freeze", "rocketmq", timeout=60)
    assert r.returncode == 0 and f"sent to pid {row['pid']}" in r.stdout
    frozen = status("rocketmq")
    assert not frozen["answering"] and procs._stat_fields(row["pid"])[0] == "T"
    assert procs._stat_fields(namesrv)[0] != "T", "freeze is for the broker, not the name server"
    assert run("thaw", "rocketmq", timeout=60).returncode == 0
    assert status("rocketmq")["answering"]

    assert run("kill", "rocketmq", timeout=60).returncode == 0
    assert not alive(row["pid"]) and alive(namesrv)
    killed = status("rocketmq")
    assert killed["state"] == "stopped" and "gone without `stop`" in killed["detail"]
    assert run("start", "--as-before", "rocketmq").returncode == 0
    again = status("rocketmq")
    assert again["answering"] and ("namesrv", namesrv) in [tuple(p) for p in again["extra_pids"]]

    with open(os.path.join(data, "mqbench-marker"), "w") as f:
        f.write("wiped by reset\n")
    r = run("reset", "rocketmq")
    assert r.returncode == 0 and "starting it again" in r.stdout
    assert not os.path.exists(os.path.join(data, "mqbench-marker")) and status("rocketmq")["answering"]
    assert not alive(namesrv), "reset stops the name server too"
    _stop_and_check_gone("rocketmq")


@on("sqs")
def test_start_as_before_repeats_the_options_of_the_last_start():
    assert run("restart", "sqs", "--memory", "256m").returncode == 0
    assert run("kill", "sqs", timeout=60).returncode == 0
    assert run("start", "--as-before", "sqs").returncode == 0
    assert "-Xmx256m" in procs.cmdline(status("sqs")["pid"])
    r = run("restart", "--as-before", "sqs", "--memory", "512m")
    assert r.returncode == 2 and "--as-before" in r.stderr and "--memory" in r.stderr
    assert run("stop", "sqs").returncode == 0


@pytest.mark.parametrize("args, message", [
    (["start", "nosuchbroker"], "unknown broker"),
    (["start", "redis", "--memory", "lots"], "--memory"),
    (["start", "rabbitmq", "--rabbitmq-config", "novalue"], "KEY=VALUE"),
    (["start", "rabbitmq", "--rabbitmq-advanced", "/nonexistent/advanced.config"], "no such file"),
    (["start", "nats", "--nats-sync", "5x"], "neither 'always' nor a duration"),
    (["start", "rocketmq", "--rocketmq-flush", "fast"], "invalid choice: 'fast'"),
    (["start", "redis", "--timeout", "-5"], "'-5' is not a number of seconds above 0"),
    (["start", "redis", "--timeout", "nan"], "'nan' is not a number of seconds above 0"),
    (["logs", "redis", "-n", "0"], "'0' is not a number of lines"),
    (["delay", "redis", "--latency", "50"], "'50' is not a delay such as 50ms or 1s"),
    (["delay", "redis", "--latency", "2m"], "'2m' is not a delay such as 50ms or 1s"),
])
def test_user_errors_exit_2(args, message):
    r = run(*args, timeout=60)
    assert r.returncode == 2 and message in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr  # one line, not argparse's usage first


@on("redis")
def test_logs_prints_the_log():
    r = run("logs", "redis", "-n", "5", timeout=60)
    assert r.returncode == 0 and 1 <= len(r.stdout.strip().splitlines()) <= 5


def test_kafka_cluster_ids_never_look_like_an_option():
    # One id in 64 starting with '-' made `kafka-storage format -t <id>` fail ("expected one argument").
    from brokers.servers.kafka import new_cluster_id
    ids = [new_cluster_id() for _ in range(5000)]
    assert not [i for i in ids if i.startswith("-")]
    assert all(len(i) == 22 and re.fullmatch(r"[A-Za-z0-9_-]+", i) for i in ids)
