"""RabbitMQ: Debian's rabbitmq-server, run from /usr/lib/rabbitmq/bin with our own environment.

The /usr/sbin wrappers switch to the rabbitmq user and write to /var/log, so we call the
scripts directly and point every path (config, plugins, mnesia, logs, PID, HOME for the
Erlang cookie) into .brokers/rabbitmq. Erlang distribution and epmd are kept on loopback.
We start epmd ourselves, in the foreground and by PID, because a node would otherwise
spawn a daemonised epmd that outlives it and that we could only find by name; `stop`
ends it by its PID. A foreign epmd already on 4369 is used as is and left alone.

Options: --rabbitmq-config KEY=VALUE (new-style rabbitmq.conf keys, override ours);
--rabbitmq-advanced FILE (an advanced.config, copied); --flow-control high writes the
credit-flow setting of seed 001 (credit_flow_default_credit {5000, 2500}; default {400, 200}),
which only exists in advanced.config; --rabbitmq-busy-wait THRESHOLD (the Erlang schedulers'
busy wait, +sbwt, through RabbitMQ's RABBITMQ_SCHEDULER_BUSY_WAIT_THRESHOLD; RabbitMQ's default is
none) and --rabbitmq-schedulers N (+S N:N, e.g. for a broker held to N CPUs).
Plugins rabbitmq_stream and rabbitmq_amqp1_0 (AMQP 1.0 on the same port 5672, for
driver-amqp) are enabled where installed. Ready when an AMQP 0-9-1 protocol header gets a
Connection.Start back, an AMQP 1.0 SASL header gets its own back (where the plugin is), the
stream port accepts, and `rabbitmqctl wait` agrees once.
"""
import glob
import os
import shutil
import struct
import subprocess
import time

from .. import install, ports, procs
from ..base import Broker, Probe
from ..ports import HOST
from ..ui import UserError
from ..wire import ProbeError, connect, recv_exact

SBIN = "/usr/lib/rabbitmq/bin"
EPMD_PORT = 4369
DIST_ARGS = "-kernel inet_dist_use_interface {127,0,0,1}"
# The Erlang runtime's scheduler busy-wait thresholds (+sbwt), shortest first. RabbitMQ starts its
# node with none: a scheduler out of work sleeps at once and the next message wakes it. Measured
# on one core of this project's machine, medium made a flood of publishes 7 % slower (six runs,
# ranges overlapping) and left a paced rate about where it was (docs/max-rate.md, "RabbitMQ's
# schedulers, asleep or spinning").
BUSY_WAIT_THRESHOLDS = ("none", "very_short", "short", "medium", "long", "very_long")
FLOW_CONTROL = {
    "default": None,
    # seed 001 (RabbitMQ AMQP 1.0 benchmarks): "RabbitMQ internal flow control for AMQP 0.9.1"
    "high": "[\n {rabbit, [\n  %% written by bin/brokers --flow-control high (seed 001); default {400, 200}\n"
            "  {credit_flow_default_credit, {5000, 2500}}\n ]}\n].\n",
}


class RabbitMQ(Broker):
    name = "rabbitmq"
    ports = {"amqp": 5672, "stream": 5552, "erlang dist": 25672}
    description = "Debian rabbitmq-server"
    debs = ["rabbitmq-server"]
    _ctl_confirmed = False

    # --- install and version -------------------------------------------------------------
    def ensure_installed(self):
        install.ensure_debs(self.debs, "rabbitmq")

    def version(self):
        r = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "rabbitmq-server"], capture_output=True, text=True)
        return r.stdout.split("-")[0] if r.returncode == 0 else ""

    @staticmethod
    def shipped(plugin):
        """True where this RabbitMQ ships {plugin}."""
        return bool(glob.glob(f"/usr/lib/rabbitmq/lib/rabbitmq_server-*/plugins/{plugin}-*"))

    @classmethod
    def stream_plugin(cls):
        """rabbitmq_stream: 3.9 and later."""
        return cls.shipped("rabbitmq_stream")

    @classmethod
    def amqp10_plugin(cls):
        """rabbitmq_amqp1_0: AMQP 1.0 beside 0-9-1 on port 5672 (a plugin up to 3.13, built in from 4.0)."""
        return cls.shipped("rabbitmq_amqp1_0")

    def check_ports(self):
        found = dict(self.ports)
        if not self.stream_plugin():
            found.pop("stream")
        return list(found.items())

    # --- config --------------------------------------------------------------------------
    def settings(self):
        advanced = self.opts.rabbitmq_advanced
        return {"rabbitmq_config": list(self.opts.rabbitmq_config or []),
                "rabbitmq_advanced": advanced or "",
                "flow_control": "as in that file" if advanced else self.opts.flow_control or "default",
                "rabbitmq_busy_wait": self.opts.rabbitmq_busy_wait or "none",
                "rabbitmq_schedulers": self.opts.rabbitmq_schedulers or "one per CPU"}

    def _conf_lines(self):
        conf = {"listeners.tcp.1": f"{HOST}:5672",
                "disk_free_limit.absolute": "200MB",
                "log.console": "true",        # to stdout, which lifecycle appends to logs/rabbitmq.log
                "log.console.level": "info",
                "log.file": "false"}
        if self.stream_plugin():
            conf.update({"stream.listeners.tcp.1": f"{HOST}:5552",
                         "stream.advertised_host": HOST, "stream.advertised_port": "5552"})
        for item in self.opts.rabbitmq_config or []:
            key, value = item.split("=", 1)
            conf[key.strip()] = value.strip()
        return [f"{k} = {v}" for k, v in conf.items()]

    def prepare(self):
        for sub in ("home", "data"):
            os.makedirs(os.path.join(self.dir, sub), exist_ok=True)
        with open(os.path.join(self.dir, "rabbitmq.conf"), "w") as f:
            f.write("# written by bin/brokers at each start (--rabbitmq-config KEY=VALUE adds or overrides)\n")
            f.write("\n".join(self._conf_lines()) + "\n")
        advanced = os.path.join(self.dir, "advanced.config")
        if self.opts.rabbitmq_advanced:
            shutil.copyfile(self.opts.rabbitmq_advanced, advanced)
        else:
            with open(advanced, "w") as f:
                f.write(FLOW_CONTROL.get(self.opts.flow_control or "default") or "[].\n")
        plugins = [name for name, shipped in (("rabbitmq_stream", self.stream_plugin()),
                                              ("rabbitmq_amqp1_0", self.amqp10_plugin())) if shipped]
        with open(os.path.join(self.dir, "enabled_plugins"), "w") as f:
            f.write("[" + ",".join(plugins) + "].\n")
        with open(os.path.join(self.dir, "rabbitmq-env.conf"), "w") as f:
            f.write("# empty on purpose: keeps /etc/rabbitmq/rabbitmq-env.conf out of our node\n")

    def env(self):
        d = self.dir
        schedulers, busy_wait = self.opts.rabbitmq_schedulers, self.opts.rabbitmq_busy_wait
        server_args = DIST_ARGS + (f" +S {schedulers}:{schedulers}" if schedulers else "")
        # RabbitMQ's own variable for +sbwt, +sbwtdcpu and +sbwtdio (its scripts default it to none);
        # the caller's environment does not set it, so that settings() says what the node runs with
        env = {k: v for k, v in os.environ.items() if k != "RABBITMQ_SCHEDULER_BUSY_WAIT_THRESHOLD"}
        if busy_wait:
            env["RABBITMQ_SCHEDULER_BUSY_WAIT_THRESHOLD"] = busy_wait
        return dict(env,
                    RABBITMQ_NODENAME="rabbit@localhost",
                    RABBITMQ_CONF_ENV_FILE=os.path.join(d, "rabbitmq-env.conf"),
                    RABBITMQ_CONFIG_FILE=os.path.join(d, "rabbitmq.conf"),
                    RABBITMQ_ADVANCED_CONFIG_FILE=os.path.join(d, "advanced.config"),
                    RABBITMQ_ENABLED_PLUGINS_FILE=os.path.join(d, "enabled_plugins"),
                    RABBITMQ_MNESIA_BASE=self.data_dir,
                    RABBITMQ_LOG_BASE=self.log_dir,
                    RABBITMQ_LOGS="-",
                    RABBITMQ_PID_FILE=os.path.join(d, "beam.pid"),
                    RABBITMQ_DIST_PORT=str(self.ports["erlang dist"]),
                    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS=server_args,
                    RABBITMQ_CTL_ERL_ARGS=DIST_ARGS,
                    ERL_EPMD_ADDRESS=HOST,
                    ERL_EPMD_PORT=str(EPMD_PORT),
                    HOME=os.path.join(d, "home"))

    def command(self):
        return [os.path.join(SBIN, "rabbitmq-server")], self.env(), self.dir

    def ctl(self, *args, timeout=60):
        return subprocess.run([os.path.join(SBIN, "rabbitmqctl"), *args], env=self.env(), capture_output=True,
                              text=True, timeout=timeout)

    # --- epmd, ours by PID ---------------------------------------------------------------
    @property
    def epmd_pidfile(self):
        return procs.PidFile(os.path.join(self.dir, "epmd.pid"))

    def before_launch(self):
        self._ctl_confirmed = False
        if self.epmd_pidfile.read():
            return
        self.epmd_pidfile.remove()
        if not ports.is_free(EPMD_PORT):
            holders = ports.holders(EPMD_PORT)
            if holders and all("epmd" in cmd for _, cmd in holders):
                return  # someone else's epmd: our node registers with it; we do not own it
            raise UserError(f"rabbitmq: port {HOST}:{EPMD_PORT} (epmd) is already in use by "
                            f"{ports.describe_holder(EPMD_PORT)}, which is not an epmd; free the port, "
                            f"then run `bin/brokers start rabbitmq` again")
        epmd = shutil.which("epmd") or "/usr/lib/erlang/bin/epmd"
        proc = procs.launch([epmd, "-address", HOST, "-port", str(EPMD_PORT)],
                            os.path.join(self.log_dir, "epmd.log"), env=dict(os.environ, ERL_EPMD_ADDRESS=HOST))
        self.epmd_pidfile.write(proc.pid)
        for _ in range(50):
            if ports.accepts(EPMD_PORT):
                return
            if proc.poll() is not None:
                break
            time.sleep(0.1)
        raise UserError(f"rabbitmq: epmd did not open {HOST}:{EPMD_PORT}; see {self.log_dir}/epmd.log")

    def after_stop(self):
        pid = self.epmd_pidfile.read()
        if pid:
            procs.terminate(pid, timeout=10)
        self.epmd_pidfile.remove()

    def extra_pids(self):
        pid = self.epmd_pidfile.read()
        return [("epmd", pid)] if pid else []

    def graceful_stop(self, pid):
        try:
            return self.ctl("shutdown", timeout=60).returncode == 0
        except subprocess.TimeoutExpired:
            return False

    # --- probes --------------------------------------------------------------------------
    def _amqp_probe(self, timeout=2.0):
        try:
            props = connection_start(self.main_port, timeout)
        except ProbeError as e:
            return Probe(False, str(e))
        detail = f"AMQP 0-9-1 Connection.Start from {props.get('product', '?')} {props.get('version', '?')}"
        if self.amqp10_plugin():
            detail += ", AMQP 1.0 " + ("answered" if amqp10_answers(self.main_port, timeout) else "NOT ANSWERING")
        if self.stream_plugin():
            detail += ", stream port " + ("open" if ports.accepts(self.ports["stream"]) else "CLOSED")
        return Probe(True, detail, props.get("version", ""))

    def probe(self, timeout=2.0):
        """AMQP handshake plus `rabbitmqctl ping` (the node itself, through Erlang distribution)."""
        probe = self._amqp_probe(timeout)
        if probe.ok:
            try:
                r = self.ctl("-q", "ping", timeout=30)
                ok = r.returncode == 0
            except subprocess.TimeoutExpired:
                ok = False
            probe.detail += "; rabbitmqctl ping " + ("ok" if ok else "FAILED")
            probe.ok = ok
        return probe

    def ready(self, log_offset):
        probe = self._amqp_probe()
        if not probe.ok:
            return probe
        if self.stream_plugin() and not ports.accepts(self.ports["stream"]):
            return Probe(False, "stream port 5552 not open yet")
        if self.amqp10_plugin() and not amqp10_answers(self.main_port):
            return Probe(False, "AMQP 1.0 (plugin rabbitmq_amqp1_0) not answering yet")
        if not self._ctl_confirmed:
            r = self.ctl("wait", os.path.join(self.dir, "beam.pid"), "--timeout", "60", timeout=90)
            if r.returncode != 0:
                return Probe(False, f"rabbitmqctl wait: {(r.stdout + r.stderr).strip()[-200:]}")
            self._ctl_confirmed = True
            probe.detail += "; rabbitmqctl wait ok"
        return probe


# --- AMQP 1.0: the SASL layer's protocol header comes back when the plugin is running -----
AMQP10_SASL_HEADER = b"AMQP\x03\x01\x00\x00"


def amqp10_answers(port, timeout=2.0):
    try:
        with connect(port, timeout) as s:
            s.sendall(AMQP10_SASL_HEADER)
            return recv_exact(s, 8) == AMQP10_SASL_HEADER
    except ProbeError:
        return False


# --- AMQP 0-9-1, just enough to read Connection.Start ------------------------------------
def connection_start(port, timeout):
    """Send the protocol header; return the server-properties table of the Connection.Start reply."""
    with connect(port, timeout) as s:
        s.sendall(b"AMQP\x00\x00\x09\x01")
        head = recv_exact(s, 7)
        if head.startswith(b"AMQP"):
            raise ProbeError(f"broker refused AMQP 0-9-1 and offered {head[4:]!r}")
        kind, channel, size = struct.unpack(">BHI", head)
        payload = recv_exact(s, size + 1)
    if kind != 1 or channel != 0 or payload[-1] != 0xCE:
        raise ProbeError("answer is not an AMQP method frame")
    class_id, method_id = struct.unpack(">HH", payload[:4])
    if (class_id, method_id) != (10, 10):
        raise ProbeError(f"expected Connection.Start (10,10), got ({class_id},{method_id})")
    return _table(payload, 6)[0]


_FIXED = {"t": ">?", "b": ">b", "B": ">B", "s": ">h", "u": ">H", "I": ">i", "i": ">I", "l": ">q",
          "L": ">Q", "f": ">f", "d": ">d", "T": ">Q"}


def _value(buf, pos):
    kind = chr(buf[pos])
    pos += 1
    if kind in _FIXED:
        fmt = _FIXED[kind]
        return struct.unpack_from(fmt, buf, pos)[0], pos + struct.calcsize(fmt)
    if kind in "Sx":
        (n,) = struct.unpack_from(">I", buf, pos)
        raw = buf[pos + 4:pos + 4 + n]
        return (raw.decode(errors="replace") if kind == "S" else raw), pos + 4 + n
    if kind == "F":
        return _table(buf, pos)
    if kind == "A":
        (n,) = struct.unpack_from(">I", buf, pos)
        end, pos, items = pos + 4 + n, pos + 4, []
        while pos < end:
            item, pos = _value(buf, pos)
            items.append(item)
        return items, end
    if kind == "D":
        return None, pos + 5
    if kind == "V":
        return None, pos
    raise ProbeError(f"unknown AMQP field type {kind!r}")


def _table(buf, pos):
    (n,) = struct.unpack_from(">I", buf, pos)
    end, pos, table = pos + 4 + n, pos + 4, {}
    while pos < end:
        klen = buf[pos]
        key = buf[pos + 1:pos + 1 + klen].decode(errors="replace")
        table[key], pos = _value(buf, pos + 1 + klen)
    return table, end
