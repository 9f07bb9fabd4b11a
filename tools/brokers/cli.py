"""Command line of bin/brokers: parse, install what is missing, then run the lifecycle steps.

Exit codes: 0 done (for start/status: every broker asked for answers); 1 a broker failed
to start or stop (the log's last lines are printed); 2 user error (unknown broker, bad
option, port held by another process, missing package without root); 3 `status` found a
broker that is not answering.
"""
import argparse
import json
import os
import re
import sys
import threading
import time

import copy

from . import install, lifecycle, netfault, paths
from .base import OPTION_DESTS
from .servers import ALL
from .servers.rabbitmq import BUSY_WAIT_THRESHOLDS
from .ui import StartError, UserError, say, secs

COMMANDS = {
    "start": "start brokers (installing what is missing) and wait until they answer",
    "stop": "stop brokers we started (by PID; SIGKILL after 30 s)",
    "restart": "stop, then start (applies new options)",
    "status": "version, ports, PID and a protocol check of each broker",
    "logs": "print the last lines of a broker's log (-f to follow)",
    "reset": "wipe a broker's data (downloads are kept); a running broker is restarted empty",
    "install": "only install/download what the brokers need",
    "kill": "SIGKILL a running broker and everything it started, as a crash would (no graceful stop)",
    "freeze": "SIGSTOP a running broker: it keeps its connections and answers nothing until thawed",
    "thaw": "SIGCONT a frozen broker",
    "partition": "drop every TCP packet to and from a broker's ports on this machine (nftables): a network split",
    "delay": "hold every byte between a broker and the clients of its netproxy proxy for a while, each way (Toxiproxy)",
    "heal": "end a partition or a delay",
}
DEFAULT_MEMORY = "1g"


class _OneLineParser(argparse.ArgumentParser):
    """A mistake on the command line is one line (argparse prints its whole usage first), exit 2."""

    def error(self, message):
        self.exit(2, f"{self.prog}: {message} ({self.prog} -h for the options)\n")


def _parser():
    p = _OneLineParser(
        prog="bin/brokers",
        description="Real message brokers on fixed 127.0.0.1 ports for mqbench development, tests and CI. "
                    "State (config, data, logs, PIDs, downloads) lives in .brokers/ at the repository root.",
        epilog="brokers: " + ", ".join(ALL) + " or all (the default). Ports: kafka 9092 (+9093), rabbitmq 5672 "
               "(+5552 stream, 25672 dist, 4369 epmd), artemis 61616, redis 6379, sqs 9324, mongo 27017, ferretdb 27018, nats 4222, "
               "activemq 61626 (OpenWire), mosquitto 1883 (MQTT), pulsar 6650 (+8088 admin, 3181 bookie), "
               "rocketmq 9876 name server (+10911 broker, 10909 fast, 10912 HA), netproxy 8474 (API; proxies: redis 16379, "
               "rabbitmq 15673, nats 14222, mosquitto 11883). "
               "Exit codes: 0 ok, 1 a broker failed, 2 user error (bad name/option, port taken, missing "
               "package), 3 status: not all answering. See tools/brokers/README.md.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, help_text in COMMANDS.items():
        c = sub.add_parser(name, help=help_text, description=help_text)
        c.add_argument("brokers", nargs="*", metavar="BROKER", help=f"{', '.join(ALL)} or all (default: all)")
        if name in ("start", "restart", "reset"):
            g = c.add_argument_group("broker options (applied when a broker starts)")
            g.add_argument("--memory", metavar="SIZE",
                           help=f"max heap of the JVM brokers kafka, artemis, sqs, mongo, activemq, pulsar, rocketmq "
                                f"(its broker; the name server has 256m), e.g. 512m, 2g (default {DEFAULT_MEMORY})")
            g.add_argument("--artemis-journal", choices=["mapped", "nio"],
                           help="Artemis journal-type, with journal-datasync=false (seed 000's tuning); "
                                "default: nio with datasync on")
            g.add_argument("--artemis-journal-sync", choices=["on", "off"],
                           help="off: journal-sync-transactional and journal-sync-non-transactional false, so "
                                "a persistent send is answered before its journal write (seed 000's tuning); "
                                "default: on")
            g.add_argument("--rabbitmq-config", action="append", metavar="KEY=VALUE",
                           help="a rabbitmq.conf (new-style) setting; repeatable; overrides ours")
            g.add_argument("--rabbitmq-advanced", metavar="FILE",
                           help="an advanced.config (Erlang terms) for settings rabbitmq.conf lacks")
            g.add_argument("--flow-control", choices=["default", "high"],
                           help="RabbitMQ credit flow: high = credit_flow_default_credit {5000, 2500} "
                                "(seed 001), written to advanced.config; default {400, 200}")
            g.add_argument("--rabbitmq-busy-wait", choices=BUSY_WAIT_THRESHOLDS,
                           help="how long RabbitMQ's Erlang schedulers spin before they sleep when out of work "
                                "(+sbwt, +sbwtdcpu, +sbwtdio); default: none, RabbitMQ's own")
            g.add_argument("--rabbitmq-schedulers", type=_scheduler_count, metavar="N",
                           help="RabbitMQ's Erlang schedulers (+S N:N), e.g. the CPUs it is held to; "
                                "default: one per CPU")
            g.add_argument("--redis-appendfsync", choices=["always", "everysec", "no"],
                           help="Redis append-only file on, with this fsync policy (always: before each "
                                "reply; everysec: once a second; no: when the OS likes); default: no persistence")
            g.add_argument("--nats-sync", type=_nats_sync, metavar="always|DURATION",
                           help="NATS JetStream sync_interval: always = fsync every write before its "
                                "acknowledgement; a duration such as 1s or 100ms = fsync at least that often; "
                                "default: nats-server's own, 2m")
            g.add_argument("--rocketmq-flush", choices=["async", "sync"],
                           help="RocketMQ flushDiskType: sync = a send is acknowledged after the commit log "
                                "is flushed to disk (SYNC_FLUSH); default async (ASYNC_FLUSH: flushed in the "
                                "background, within 10 s)")
            c.add_argument("--timeout", type=_timeout_seconds, metavar="SECONDS",
                           help="how long to wait for each broker to answer (default 120)")
        if name in ("start", "restart"):
            c.add_argument("--as-before", action="store_true",
                           help="with the options each broker last started with (after a kill, or in a fault "
                                "schedule); give no other broker options with it")
        if name == "partition":
            c.add_argument("--check", action="store_true",
                           help="only check that a partition can be made (nft present, a table can be added), "
                                "touching no traffic: a fault schedule asks this before its run")
        if name == "delay":
            c.add_argument("--latency", type=_milliseconds, metavar="DURATION",
                           help="how long each byte is held in each direction, e.g. 50ms or 1s (a round trip "
                                "takes twice that much longer); needed unless --check")
            c.add_argument("--check", action="store_true",
                           help="only check that a delay can be made (netproxy running with a proxy for the broker), "
                                "touching no traffic: a fault schedule asks this before its run")
        if name == "status":
            c.add_argument("--json", action="store_true", help="one JSON document instead of the table")
        if name == "logs":
            c.add_argument("-n", "--lines", type=_line_count, default=40, help="how many lines (default 40)")
            c.add_argument("-f", "--follow", action="store_true", help="keep printing new lines (one broker)")
    return p


def _names(requested):
    if not requested or "all" in requested:
        return list(ALL)
    unknown = [n for n in requested if n not in ALL]
    if unknown:
        raise UserError(f"unknown broker {', '.join(unknown)}; choose from {', '.join(ALL)} or all")
    return list(dict.fromkeys(requested))


def _timeout_seconds(value):
    """Seconds to wait for a broker: more than 0 and at most a day (a negative or NaN wait once passed)."""
    try:
        seconds = float(value)
    except ValueError:
        seconds = None
    if seconds is None or not 0 < seconds <= 86400:
        raise argparse.ArgumentTypeError(f"'{value}' is not a number of seconds above 0 (at most 86400)")
    return seconds


def _scheduler_count(value):
    """A number of Erlang schedulers, 1 to 1024 (the runtime's own limit)."""
    if re.fullmatch(r"[1-9][0-9]{0,3}", value) and int(value) <= 1024:
        return int(value)
    raise argparse.ArgumentTypeError(f"'{value}' is not a number of schedulers (1 to 1024)")


def _line_count(value):
    """A number of log lines, 1 or more."""
    if re.fullmatch(r"[1-9][0-9]{0,8}", value):
        return int(value)
    raise argparse.ArgumentTypeError(f"'{value}' is not a number of lines (1 or more)")


def _milliseconds(value):
    """A delay such as 50ms or 1s, as whole milliseconds (1 ms to 1 minute)."""
    m = re.fullmatch(r"([0-9]{1,5})(ms|s)", value)
    ms = (int(m.group(1)) * (1000 if m.group(2) == "s" else 1)) if m else 0
    if not 1 <= ms <= 60_000:
        raise argparse.ArgumentTypeError(f"'{value}' is not a delay such as 50ms or 1s (1 ms to 60 s)")
    return ms


def _nats_sync(value):
    """`always` or a Go duration nats-server takes (100ms, 1s, 2m, 1h)."""
    if re.fullmatch(r"always|[1-9][0-9]*(ms|s|m|h)", value):
        return value
    raise argparse.ArgumentTypeError(f"'{value}' is neither 'always' nor a duration such as 1s or 100ms")


def _check_options(args):
    """Validate options and return the set of those given explicitly (compared with a running broker)."""
    explicit = {d for d in OPTION_DESTS if getattr(args, d, None) is not None}
    if getattr(args, "memory", None) and not re.fullmatch(r"[1-9][0-9]*[kKmMgG]?", args.memory):
        raise UserError(f"--memory {args.memory}: give a JVM heap size such as 512m or 2g")
    for item in getattr(args, "rabbitmq_config", None) or []:
        if "=" not in item or not item.split("=", 1)[0].strip():
            raise UserError(f"--rabbitmq-config {item}: expected KEY=VALUE (a rabbitmq.conf line)")
    advanced = getattr(args, "rabbitmq_advanced", None)
    if advanced:
        if not os.path.isfile(advanced):
            raise UserError(f"--rabbitmq-advanced {advanced}: no such file")
        if getattr(args, "flow_control", None) == "high":
            raise UserError("--flow-control high writes advanced.config itself; put credit_flow_default_credit "
                            "into your --rabbitmq-advanced file instead of giving both")
        args.rabbitmq_advanced = os.path.abspath(advanced)
    for dest in OPTION_DESTS:  # commands without these options still build brokers from args
        if not hasattr(args, dest):
            setattr(args, dest, None)
    if args.memory is None:
        args.memory = DEFAULT_MEMORY
    return explicit


def _install(brokers):
    """Debian packages in one apt-get run, then each broker's downloads."""
    debs = [d for b in brokers for d in getattr(b, "debs", [])]
    if debs:
        install.ensure_debs(debs, " and ".join(b.name for b in brokers if getattr(b, "debs", None)))
    for b in brokers:
        b.ensure_installed()


def _parallel(fn, brokers):
    """Run fn(broker) for each broker in its own thread; {name: exception or None}."""
    outcome = {}

    def run(b):
        try:
            fn(b)
            outcome[b.name] = None
        except BaseException as e:  # reported by the caller
            outcome[b.name] = e

    threads = [threading.Thread(target=run, args=(b,), name=b.name) for b in brokers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcome


def _report(outcome):
    """Print failures; return the exit code."""
    code = 0
    for name, err in outcome.items():
        if err is None:
            continue
        if isinstance(err, UserError):
            say(str(err), err=True)
            code = max(code, 2)
        elif isinstance(err, StartError):
            say(f"{name}: FAILED: {err}", err=True)
            if err.log_tail:
                say(f"--- last lines of the log ---\n{err.log_tail}\n--- end of log ---", err=True)
            code = code or 1
        else:
            say(f"{name}: FAILED: {type(err).__name__}: {err}", err=True)
            code = code or 1
    return code


def cmd_start(brokers, args, explicit):
    t0 = time.monotonic()
    _install(brokers)
    conflicts = [line for b in brokers if not b.pidfile.read() for line in lifecycle.port_conflicts(b)]
    if conflicts:
        raise UserError("\n".join(conflicts))
    code = _report(_parallel(lambda b: lifecycle.start(b, explicit, args.timeout), brokers))
    if code == 0 and len(brokers) > 1:
        say(f"all {len(brokers)} answering ({secs(time.monotonic() - t0)} in all)")
    return code


def cmd_stop(brokers, args, explicit):
    for b in brokers:
        for ended in netfault.heal(b):
            say(f"{b.name}: {ended} ended")
    code = _report(_parallel(lifecycle.stop, brokers))
    left = [f"{b.name} (pid {b.pidfile.read()})" for b in brokers if b.pidfile.read()]
    if left:
        say(f"still running: {', '.join(left)}", err=True)
        code = code or 1
    return code


def cmd_restart(brokers, args, explicit):
    return cmd_stop(brokers, args, explicit) or cmd_start(brokers, args, explicit)


def _send_fault(brokers, action):
    for b in brokers:
        lifecycle.send_fault(b, action)
    return 0


def cmd_kill(brokers, args, explicit):
    return _send_fault(brokers, "kill")


def cmd_freeze(brokers, args, explicit):
    return _send_fault(brokers, "freeze")


def cmd_thaw(brokers, args, explicit):
    return _send_fault(brokers, "thaw")


def cmd_partition(brokers, args, explicit):
    if args.check:
        for b in brokers:
            say(f"{b.name}: a partition can be made here (nft ready; it would drop port(s) {netfault.check(b)})")
        return 0
    for b in brokers:
        ports = netfault.partition(b)
        say(f"{b.name}: partitioned: TCP packets to and from 127.0.0.1 port(s) {ports} are dropped "
            f"(bin/brokers heal {b.name} ends it)")
    return 0


def cmd_delay(brokers, args, explicit):
    if args.check:
        for b in brokers:
            say(f"{b.name}: a delay can be made here, for the {netfault.check_delay(b)}")
        return 0
    if args.latency is None:
        raise UserError("delay: give how long, e.g. `bin/brokers delay redis --latency 50ms`")
    for b in brokers:
        where = netfault.delay(b, args.latency)
        say(f"{b.name}: delayed: {args.latency} ms each way for the {where} (bin/brokers heal {b.name} ends it)")
    return 0


def cmd_heal(brokers, args, explicit):
    for b in brokers:
        ended = netfault.heal(b)
        say(f"{b.name}: " + (" and ".join(ended) + " ended" if ended else "neither partitioned nor delayed; nothing to heal"))
    return 0


def _broker(name, args, explicit):
    """The broker, built with the options given, or with those it last started with (--as-before)."""
    if not getattr(args, "as_before", False):
        return ALL[name](args)
    own = copy.copy(args)
    b = ALL[name](own)
    for dest, value in b.saved_options().items():
        if dest in OPTION_DESTS:
            setattr(own, dest, value)
    if own.memory is None:
        own.memory = DEFAULT_MEMORY
    return b


def cmd_status(brokers, args, explicit):
    rows = [lifecycle.status(b) for b in brokers]
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        say(f"{'BROKER':9} {'STATE':13} {'PID':>7}  {'PORTS (127.0.0.1)':19} {'VERSION':24} CHECK")
        for r in rows:
            say(f"{r['broker']:9} {r['state']:13} {r['pid'] or '-':>7}  "
                f"{', '.join(str(p) for p in r['ports'].values()):19} {r['version']:24} {r['detail']}")
        for r in rows:
            extras = [f"{k}={v}" for k, v in r["settings"].items() if v not in ("", [], None)]
            extras += [f"{label} pid {pid}" for label, pid in r["extra_pids"]]
            if r.get("partitioned"):
                extras.append(f"PARTITIONED (bin/brokers heal {r['broker']})")
            if r.get("delayedMs") is not None:
                extras.append(f"DELAYED {r['delayedMs']} ms each way through netproxy (bin/brokers heal {r['broker']})")
            if extras:
                say(f"  {r['broker']}: {'; '.join(extras)}")
        if any(b.name == "mongo" for b in brokers):
            say("  mongo: mongo-java-server emulates the MongoDB wire protocol; no real mongod is available here")
    return 0 if all(r["answering"] for r in rows) else 3


def cmd_logs(brokers, args, explicit):
    if args.follow and len(brokers) != 1:
        raise UserError("logs -f follows one broker: name it, e.g. `bin/brokers logs -f kafka`")
    for b in brokers:
        if len(brokers) > 1:
            say(f"==> {b.log_path} <==")
        if not os.path.exists(b.log_path):
            say(f"{b.name}: no log yet ({b.log_path})")
            continue
        say(install.tail(b.log_path, args.lines))
    if args.follow:
        with open(brokers[0].log_path, "rb") as f:
            f.seek(0, os.SEEK_END)
            try:
                while True:
                    chunk = f.read()
                    if chunk:
                        sys.stdout.write(chunk.decode(errors="replace"))
                        sys.stdout.flush()
                    else:
                        time.sleep(0.3)
            except KeyboardInterrupt:
                pass
    return 0


def cmd_reset(brokers, args, explicit):
    for b in brokers:
        lifecycle.reset(b, explicit, args.timeout)
    return 0


def cmd_install(brokers, args, explicit):
    t0 = time.monotonic()
    _install(brokers)
    say(f"installed: {', '.join(f'{b.name} {b.version()}' for b in brokers)} ({secs(time.monotonic() - t0)})")
    return 0


def main(argv):
    args = _parser().parse_args(argv)
    try:
        explicit = _check_options(args)
        if getattr(args, "as_before", False) and explicit:
            raise UserError(f"--as-before repeats the options each broker last started with; give no other "
                            f"broker options with it (given: {', '.join('--' + d.replace('_', '-') for d in sorted(explicit))})")
        brokers = [_broker(n, args, explicit) for n in _names(args.brokers)]
        paths.ensure_dir(paths.STATE)
        return globals()[f"cmd_{args.command}"](brokers, args, explicit)
    except UserError as e:
        say(str(e), err=True)
        return 2
    except StartError as e:
        say(f"FAILED: {e}", err=True)
        if e.log_tail:
            say(f"--- last lines ---\n{e.log_tail}\n--- end ---", err=True)
        return 1
    except KeyboardInterrupt:
        say("interrupted", err=True)
        return 130
