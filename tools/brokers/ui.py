"""Console output: one line per action, with how long it took; safe from several threads.

`start all` starts brokers in parallel, so every print goes through one lock to keep
lines whole. Messages go to stdout; `fail()` raises UserError/StartError, which the CLI
turns into the documented exit codes (2 and 1).
"""
import sys
import threading
import time

_LOCK = threading.Lock()


class UserError(Exception):
    """Something the user must fix (unknown name, bad option, port taken, missing package): exit 2."""


class StartError(Exception):
    """A broker did not come up: exit 1. `log_tail` is printed with it."""

    def __init__(self, message, log_tail=""):
        super().__init__(message)
        self.log_tail = log_tail


def say(msg, err=False):
    with _LOCK:
        stream = sys.stderr if err else sys.stdout
        stream.write(msg + "\n")
        stream.flush()


def secs(seconds):
    """'0.8 s', '2.8 s', '38 s': short and readable."""
    return f"{seconds:.1f} s" if seconds < 10 else f"{seconds:.0f} s"


class Step:
    """`with Step("installing rabbitmq-server (apt)"):` prints the line, then '... 38 s'."""

    def __init__(self, what):
        self.what = what

    def __enter__(self):
        self.t0 = time.monotonic()
        say(f"{self.what} ...")
        return self

    def __exit__(self, exc_type, exc, tb):
        took = secs(time.monotonic() - self.t0)
        say(f"{self.what}: {'done' if exc_type is None else 'FAILED'} ({took})")
        return False
