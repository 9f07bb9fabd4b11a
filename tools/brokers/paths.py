"""Where things live: everything the tool writes is under one project-local folder.

`.brokers/` at the repository root (git ignores it): `.brokers/<name>/` holds a broker's
config, data, logs and PID files; `.brokers/dist/` caches the downloaded distributions so
`reset` can wipe data without downloading again. MQBENCH_BROKERS_DIR overrides the folder
(the ports stay fixed, so two folders cannot run the same broker at once).
"""
import os

# tools/brokers/paths.py -> repository root is three levels up
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
TOOL = os.path.join(REPO, "tools", "brokers")
STATE = os.path.realpath(os.environ.get("MQBENCH_BROKERS_DIR") or os.path.join(REPO, ".brokers"))
DIST = os.path.join(STATE, "dist")


def broker_dir(name, *parts):
    return os.path.join(STATE, name, *parts)


def ensure_dir(path):
    os.makedirs(path, exist_ok=True)
    return path
