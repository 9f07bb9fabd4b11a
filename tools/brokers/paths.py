"""Where things live: a broker's state in the checkout, the distributions in the user's cache.

`.brokers/` at the repository root (git ignores it): `.brokers/<name>/` holds a broker's
config, data, logs and PID files. MQBENCH_BROKERS_DIR overrides the folder (the ports stay
fixed, so two folders cannot run the same broker at once).

The downloaded and built distributions (`<dist>-<version>/`, read-only once complete) are kept
apart, in ~/.cache/mqbench/brokers (XDG_CACHE_HOME is honoured; MQBENCH_BROKERS_DIST
overrides), so a second checkout or a fresh clone, as CI makes, starts its brokers without
fetching or building them again, and `reset` wipes data without touching them.
"""
import os

# tools/brokers/paths.py -> repository root is three levels up
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
TOOL = os.path.join(REPO, "tools", "brokers")
STATE = os.path.realpath(os.environ.get("MQBENCH_BROKERS_DIR") or os.path.join(REPO, ".brokers"))
DIST = os.path.realpath(os.environ.get("MQBENCH_BROKERS_DIST") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "mqbench", "brokers"))


def broker_dir(name, *parts):
    return os.path.join(STATE, name, *parts)


def ensure_dir(path):
    os.makedirs(path, exist_ok=True)
    return path
