"""Network faults of one broker on loopback: partitions with nftables, delays through netproxy.

`partition` drops every TCP packet to or from the broker's ports on this machine (an nftables
table of its own, `inet mqbench-<broker>`): open connections hang and new ones time out, while
the broker itself runs on, as when a network splits.
`delay` holds every byte between the broker and the clients that reach it through netproxy
(Toxiproxy: servers/netproxy.py) for the given time, in each direction: two `latency` toxics
named mqbench-delay-*, so a round trip takes twice the delay longer. This machine's kernel has no
netem qdisc, which would delay packets on loopback itself; a proxy delays only the clients
that use it.
`heal` ends both.
"""
import shutil
import subprocess

from . import install
from .servers.netproxy import PROXIED, api
from .ui import UserError

DELAY_TOXICS = {"mqbench-delay-upstream": "upstream", "mqbench-delay-downstream": "downstream"}

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
    """What was ended: a list of 'partition' and 'delay' (empty if neither was on)."""
    ended = []
    if is_partitioned(b):
        _nft("delete", "table", "inet", _table(b))
        ended.append("partition")
    if delay_ms(b) is not None:
        for toxic in DELAY_TOXICS:
            _proxy("DELETE", f"/proxies/{b.name}/toxics/{toxic}", missing_ok=True)
        ended.append("delay")
    return ended


def _proxy(method, path, body=None, missing_ok=False):
    try:
        return api(method, path, body)
    except OSError as e:
        if missing_ok and getattr(e, "code", None) == 404:
            return None
        raise UserError(f"netproxy's API (127.0.0.1:8474) {method} {path}: {e}; is it running? (bin/brokers start netproxy)")


def check_delay(b):
    """What a delay of b needs, tried without touching its traffic: a proxy in front of b and netproxy
    answering. Returns 'clients of 127.0.0.1:<listen> (the proxy to <port>)'."""
    if b.name not in PROXIED:
        raise UserError(f"{b.name}: a delay goes through netproxy, which proxies {', '.join(PROXIED)} only "
                        f"({b.name}'s clients would be sent past a proxy); use a partition or a freeze")
    try:
        proxies = api("GET", "/proxies")
    except OSError:
        raise UserError(f"{b.name}: a delay goes through netproxy, which is not running; start it "
                        f"(bin/brokers start netproxy) and connect the clients through 127.0.0.1:{PROXIED[b.name][0]}")
    if b.name not in (proxies or {}):
        raise UserError(f"{b.name}: netproxy runs without a proxy for it; restart it (bin/brokers restart netproxy)")
    listen, port = PROXIED[b.name]
    return f"clients of 127.0.0.1:{listen} (the proxy to {port})"


def delay_ms(b):
    """The delay in ms each way on b's proxy now, or None (no delay, no proxy, netproxy not running)."""
    if b.name not in PROXIED:
        return None
    try:
        toxics = api("GET", f"/proxies/{b.name}/toxics", timeout=0.5)
    except (OSError, ValueError):
        return None
    ours = [t for t in toxics or [] if t.get("name") in DELAY_TOXICS]
    return ours[0]["attributes"]["latency"] if ours else None


def delay(b, ms):
    """Every byte between b and the clients of its proxy held ms milliseconds, each way."""
    where = check_delay(b)
    if delay_ms(b) is not None:
        raise UserError(f"{b.name}: already delayed by {delay_ms(b)} ms; `bin/brokers heal {b.name}` first")
    for toxic, stream in DELAY_TOXICS.items():
        _proxy("POST", f"/proxies/{b.name}/toxics",
               {"name": toxic, "type": "latency", "stream": stream, "attributes": {"latency": ms, "jitter": 0}})
    return where
