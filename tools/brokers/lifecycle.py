"""Start, stop, status and reset of one broker; the same steps for every broker.

start: idempotent (a running broker that answers is left alone), refuses a port held by
someone else (UserError, exit 2), launches the foreground process in its own session,
records its PID, and waits until the broker answers its protocol probe; on failure or
timeout it ends what it launched and raises StartError carrying the log's last lines.
stop: the broker's own graceful stop or SIGTERM, then SIGKILL after a timeout, always by
the recorded PID (and its process group), never by process name.
"""
import os
import signal
import time

from . import install, netfault, ports, procs
from .ui import StartError, UserError, say, secs

STOP_TIMEOUT = 30.0
LOG_ROTATE_BYTES = 50 * 1024 * 1024


def port_conflicts(b):
    """Lines naming each port of b that someone else holds (b itself must not be running)."""
    lines = []
    for label, port in b.check_ports():
        if not ports.is_free(port):
            lines.append(f"{b.name}: port {ports.HOST}:{port} ({label}) is already in use by "
                         f"{ports.describe_holder(port)}, which bin/brokers did not start; stop that "
                         f"process or free the port, then run `bin/brokers start {b.name}` again")
    return lines


def _check_settings(b, explicit):
    """A running broker keeps its settings: refuse explicit options that differ from them."""
    saved, wanted = b.saved_settings(), b.settings()
    for key in sorted(explicit & wanted.keys()):
        if saved.get(key) != wanted[key]:
            raise UserError(f"{b.name}: already running with {key}={saved.get(key)!r}, not {wanted[key]!r}; "
                            f"use `bin/brokers restart {b.name} ...` to apply new options")


def _wait_ready(b, proc, log_offset, timeout):
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise StartError(f"{b.name}: the broker process exited with code {proc.returncode} while starting",
                             install.tail(b.log_path))
        last = b.ready(log_offset)
        if last.ok:
            return last
        time.sleep(0.3)
    why = f" (last check: {last.detail})" if last else ""
    raise StartError(f"{b.name}: not answering on {ports.HOST}:{b.main_port} after {timeout:.0f} s{why}",
                     install.tail(b.log_path))


def start(b, explicit=frozenset(), timeout=None):
    """Returns the Probe that answered. Caller has run b.ensure_installed()."""
    timeout = timeout or b.start_timeout
    with install.lock(b.name):
        os.makedirs(b.log_dir, exist_ok=True)
        pid = b.pidfile.read()
        if pid:
            _check_settings(b, explicit)
            t0 = time.monotonic()
            probe = b.probe()
            if not probe.ok:  # alive but not answering: maybe still starting; give it the same time
                probe = _wait_ready(b, None, 0, timeout)
            say(f"{b.name}: already running (pid {pid}) and answering on {ports.HOST}:{b.main_port} "
                f"({secs(time.monotonic() - t0)}): {probe.detail}")
            return probe
        b.pidfile.remove()
        conflicts = port_conflicts(b)
        if conflicts:
            raise UserError("\n".join(conflicts))
        t0 = time.monotonic()
        if os.path.exists(b.log_path) and os.path.getsize(b.log_path) > LOG_ROTATE_BYTES:
            os.replace(b.log_path, b.log_path + ".1")  # keep one old log, so the folder cannot grow without end
        b.prepare()
        with open(b.log_path, "ab") as log:
            log.write(time.strftime(f"\n=== bin/brokers start {b.name} at %Y-%m-%d %H:%M:%S ===\n").encode())
            log_offset = log.tell()
        b.before_launch()
        argv, env, cwd = b.command()
        proc = procs.launch(argv, b.log_path, env=env, cwd=cwd)
        b.pidfile.write(proc.pid)
        b.save_settings()
        try:
            probe = _wait_ready(b, proc, log_offset, timeout)
        except BaseException:
            # leave nothing half-started behind: end what we launched, by its PID
            procs.terminate(proc.pid, timeout=10)
            b.pidfile.remove()
            b.after_stop()
            raise
        say(f"{b.name}: started, answering on {ports.HOST}:{b.main_port} ({secs(time.monotonic() - t0)}), "
            f"pid {proc.pid}: {probe.detail}")
        return probe


def stop(b):
    """Returns True if something was stopped."""
    with install.lock(b.name):
        pid = b.pidfile.read()
        if not pid:
            b.pidfile.remove()
            b.after_stop()
            say(f"{b.name}: not running")
            return False
        t0 = time.monotonic()
        tree = procs.descendants(pid)
        asked = b.graceful_stop(pid)
        quiet = procs.terminate(pid, timeout=STOP_TIMEOUT, already_asked=asked, tree=tree)
        b.pidfile.remove()
        b.after_stop()
        note = "" if quiet else f"; it did not end within {STOP_TIMEOUT:.0f} s and was killed (SIGKILL)"
        say(f"{b.name}: stopped (pid {pid}, {secs(time.monotonic() - t0)}){note}")
        return True


FAULT_SIGNALS = {"kill": signal.SIGKILL, "freeze": signal.SIGSTOP, "thaw": signal.SIGCONT}


def send_fault(b, action):
    """kill (SIGKILL, as a crash: no graceful stop, the PID file is left to go stale), freeze
    (SIGSTOP: the broker holds its connections but answers nothing) or thaw (SIGCONT), to the
    broker's recorded process and everything below it."""
    pid = b.pidfile.read()
    if not pid:
        raise UserError(f"{b.name}: not running (no live process in {b.pidfile.path}); nothing to {action}")
    t0 = time.monotonic()
    count = procs.signal_tree(pid, FAULT_SIGNALS[action])
    if action == "kill":
        procs.wait_gone(pid, 10)  # helpers of our own (RabbitMQ's epmd) live on, as after a crash
    say(f"{b.name}: {action} (SIG{FAULT_SIGNALS[action].name[3:]}) sent to pid {pid} and {count - 1} more "
        f"process(es) ({secs(time.monotonic() - t0)})")


def status(b):
    """A dict describing the broker's state (see cli.cmd_status for the columns)."""
    pid = b.pidfile.read()
    row = {"broker": b.name, "pid": pid, "ports": b.ports, "settings": {}, "extra_pids": b.extra_pids(),
           "log": b.log_path, "description": b.description, "partitioned": netfault.is_partitioned(b),
           "delayedMs": netfault.delay_ms(b)}
    try:
        installed = b.version()
    except Exception:  # not installed yet: status must still work
        installed = ""
    if pid:
        t0 = time.monotonic()
        probe = b.probe()
        row.update(state="answering" if probe.ok else "NOT answering",
                   answering=probe.ok, version=probe.version or installed,
                   detail=f"{probe.detail} ({(time.monotonic() - t0) * 1000:.0f} ms)",
                   settings=b.saved_settings())
    else:
        taken = [(port, ports.describe_holder(port)) for _, port in b.check_ports() if not ports.is_free(port)]
        notes = [f"port {port} is held by another process: {who}" for port, who in taken]
        if b.pidfile.stale():
            notes.append(f"the process it last started has gone without `stop` (crashed? see {b.log_path})")
        row.update(state="stopped", answering=False, version=installed or "not installed", detail="; ".join(notes))
    return row


def reset(b, explicit=frozenset(), timeout=None):
    """Stop if running, wipe data (downloads are kept), start again if it was running."""
    was_running = b.pidfile.read() is not None
    if was_running:
        stop(b)
    with install.lock(b.name):
        b.wipe_data()
    if was_running:
        say(f"{b.name}: data wiped; starting it again since it was running")
        start(b, explicit, timeout)
    else:
        say(f"{b.name}: data wiped; left stopped")
