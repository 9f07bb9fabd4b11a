"""Processes we start, known and ended by PID only (never by name).

Each broker process is launched in its own session, so its PID is also its process-group
id: stopping signals that group, which also reaches helpers the broker forked (Erlang's
erl_child_setup, a shell wrapper's java). A PID file holds "<pid> <start-time>": the
start time (from /proc/<pid>/stat) tells our process from an unrelated one that reused
the PID after a reboot or a crash, so we never signal a stranger.
"""
import os
import signal
import subprocess
import time


def _stat_fields(pid):
    """Fields of /proc/<pid>/stat after the command name (which may contain spaces)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            data = f.read()
    except OSError:
        return None
    return data[data.rfind(")") + 2:].split()


def start_time(pid):
    fields = _stat_fields(pid)
    # field 22 of stat is starttime; fields[0] here is field 3 (state)
    return int(fields[19]) if fields else None


def is_zombie(pid):
    fields = _stat_fields(pid)
    return bool(fields) and fields[0] == "Z"


def cmdline(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


class PidFile:
    def __init__(self, path):
        self.path = path

    def write(self, pid):
        tmp = self.path + ".tmp"
        with open(tmp, "w") as f:
            f.write(f"{pid} {start_time(pid) or 0}\n")
        os.replace(tmp, self.path)

    def read(self):
        """The PID if the file names a live process that is still the one we started, else None."""
        try:
            with open(self.path) as f:
                pid_s, st_s = (f.read().split() + ["0"])[:2]
            pid, st = int(pid_s), int(st_s)
        except (OSError, ValueError):
            return None
        now = start_time(pid)
        if now is None or (st and now != st) or is_zombie(pid):
            return None
        return pid

    def stale(self):
        return os.path.exists(self.path) and self.read() is None

    def remove(self):
        try:
            os.remove(self.path)
        except FileNotFoundError:
            pass


def launch(argv, log_path, env=None, cwd=None):
    """Start argv detached (own session), stdout+stderr appended to log_path; returns Popen."""
    with open(log_path, "ab") as log:
        return subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                env=env, cwd=cwd, start_new_session=True, close_fds=True)


def group_members(pgid):
    """PIDs whose process group is pgid (our broker and anything it forked)."""
    members = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat_fields(entry)
            # fields[2] is field 5 of stat: pgrp
            if fields and int(fields[2]) == pgid and fields[0] != "Z":
                members.append(int(entry))
    return members


def descendants(pid):
    """[(pid, start time)] of every process below pid. Some leave the group: Erlang's
    erl_child_setup calls setsid, and its children (inet_gethost, the disk monitor's shell)
    follow it, so stopping by group alone could leave them behind."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat_fields(entry)
            if fields:  # fields[1] is field 4 of stat: ppid
                children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append((child, start_time(child)))
            todo.append(child)
    return found


def signal_tree(pid, sig):
    """Send sig to pid's process group and to every process below it (also those that left
    the group), at once: a fault hits the whole broker, not just its leader. Returns how many
    processes were signalled."""
    tree = [p for p, _ in descendants(pid)]
    try:
        group = os.getpgid(pid) == pid
    except ProcessLookupError:
        group = False
    members = set(group_members(pid) if group else [pid]) | set(tree)
    _signal(pid, sig, group)
    for p in tree:
        _signal(p, sig, False)
    return len(members)


def _same_alive(pid, started):
    return start_time(pid) == started and not is_zombie(pid)


def _signal(pid, sig, group):
    try:
        if group:
            os.killpg(pid, sig)
        else:
            os.kill(pid, sig)
    except ProcessLookupError:
        pass


def _reap(pid):
    """If the process is our own child (restart in one run), collect it so it is not a zombie."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass


def wait_gone(pid, timeout, group=True):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        _reap(pid)
        alive = group_members(pid) if group else ([pid] if start_time(pid) and not is_zombie(pid) else [])
        if not alive:
            return True
        time.sleep(0.1)
    return False


def terminate(pid, timeout=30.0, group=True, already_asked=False, tree=None):
    """SIGTERM (unless a graceful stop was already asked), wait, then SIGKILL. True if it went quietly.

    `tree`: descendants(pid) taken before a graceful stop was asked (they are reparented
    once the broker exits, and could not be found below it any more)."""
    if group:
        # we launched it as a session leader, so its group id is its PID; if the leader is
        # already gone, the group id still reaches whatever it left behind
        try:
            group = os.getpgid(pid) == pid
        except ProcessLookupError:
            pass
    if tree is None:
        tree = descendants(pid)
    if not already_asked:
        _signal(pid, signal.SIGTERM, group)
    quiet = wait_gone(pid, timeout, group)
    if not quiet:
        _signal(pid, signal.SIGKILL, group)
        wait_gone(pid, 10, group)
    # helpers that left the group normally exit with their parent; give them a moment, then kill
    deadline = time.monotonic() + 5
    while True:
        left = [(p, st) for p, st in tree if _same_alive(p, st)]
        if not left:
            return quiet
        if time.monotonic() > deadline:
            for p, _ in left:
                _signal(p, signal.SIGKILL, False)
            return False
        time.sleep(0.1)
