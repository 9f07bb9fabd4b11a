"""Network partitions of one broker on loopback, with nftables.

`partition` drops every TCP packet to or from the broker's ports on this machine (an nftables
table of its own, `inet mqbench-<broker>`): open connections hang and new ones time out, while
the broker itself runs on, as when a network splits. `heal` deletes the table. Delay and loss
(tc netem) are not offered: this machine's kernel has no netem qdisc.
"""
import shutil
import subprocess

from . import install
from .ui import UserError

PACKAGE = "nftables"


def _table(b):
    return f"mqbench-{b.name}"


def _nft(*args, check=True):
    r = subprocess.run(["nft", *args], capture_output=True, text=True)
    if check and r.returncode != 0:
        raise UserError(f"nft {' '.join(args)} failed: {(r.stderr or r.stdout).strip()} (network faults need root and "
                        f"nftables in the kernel)")
    return r


def _ready():
    install.ensure_debs([PACKAGE], "a network fault (partition)")
    if not shutil.which("nft"):
        raise UserError("a network fault needs the nft command (Debian package nftables)")


def check(b):
    """What a partition of b needs, tried without touching its traffic: the nft command (installed
    if missing, as root) and the right to create a table, so that a fault schedule fails before its
    run starts rather than at the fault. Returns the ports a partition would close."""
    _ready()
    probe = _table(b) + "_check"
    _nft("add", "table", "inet", probe)
    _nft("delete", "table", "inet", probe)
    return ", ".join(str(p) for p in b.ports.values())


def is_partitioned(b):
    if not shutil.which("nft"):
        return False
    return _nft("list", "table", "inet", _table(b), check=False).returncode == 0


def partition(b):
    _ready()
    if is_partitioned(b):
        raise UserError(f"{b.name}: already partitioned; `bin/brokers heal {b.name}` first")
    ports = ", ".join(str(p) for p in b.ports.values())
    table = _table(b)
    _nft("add", "table", "inet", table)
    for hook in ("input", "output"):
        _nft("add", "chain", "inet", table, hook, f"{{ type filter hook {hook} priority 0; }}")
        _nft("add", "rule", "inet", table, hook, "tcp", "dport", f"{{ {ports} }}", "drop")
        _nft("add", "rule", "inet", table, hook, "tcp", "sport", f"{{ {ports} }}", "drop")
    return ports


def heal(b):
    """True if a partition was removed."""
    if not is_partitioned(b):
        return False
    _nft("delete", "table", "inet", _table(b))
    return True
