"""Loopback port checks: is a port free, who holds it, does it accept connections.

A broker port held by someone else must stop `start` with a clear message (ElasticMQ, for
one, logs a BindException and keeps running without its port). The holder is found from
/proc/net/tcp{,6} (LISTEN sockets) and the /proc/<pid>/fd links to those socket inodes;
without root only our own processes are visible, and the message says so.
"""
import os
import socket

from . import procs

HOST = "127.0.0.1"


def is_free(port, host=HOST):
    """True if we could bind host:port ourselves (SO_REUSEADDR ignores our own TIME_WAIT leftovers)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind((host, port))
        return True
    except OSError:
        return False
    finally:
        s.close()


def accepts(port, host=HOST, timeout=1.0):
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def _listen_inodes(port):
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                next(f)
                for line in f:
                    cols = line.split()
                    local, state, inode = cols[1], cols[3], cols[9]
                    # 0A = LISTEN; 07 = CLOSE, a socket that is bound but not listening
                    if int(local.rsplit(":", 1)[1], 16) == port and state in ("0A", "07") and inode != "0":
                        inodes.add(inode)
        except OSError:
            pass
    return inodes


def holders(port):
    """[(pid, command line)] of processes holding a socket bound to port, as far as /proc shows."""
    inodes = _listen_inodes(port)
    if not inodes:
        return []
    targets = {f"socket:[{i}]" for i in inodes}
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        fd_dir = f"/proc/{entry}/fd"
        try:
            for fd in os.listdir(fd_dir):
                try:
                    if os.readlink(os.path.join(fd_dir, fd)) in targets:
                        found.append((int(entry), procs.cmdline(int(entry))))
                        break
                except OSError:
                    continue
        except OSError:
            continue
    return found


def describe_holder(port):
    """'pid 1234 (redis-server 127.0.0.1:6379)' or a hint why we cannot tell."""
    found = holders(port)
    if found:
        return ", ".join(f"pid {pid} ({' '.join(cmd.split())[:100] or '?'})" for pid, cmd in found)
    if os.geteuid() != 0:
        return "a process this user cannot see (run as root, or `ss -ltnp` to find it)"
    return "an unknown process (`ss -ltnp` may tell)"
