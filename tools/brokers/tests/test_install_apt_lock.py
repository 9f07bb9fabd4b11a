"""Debian packages are installed while other installers may hold dpkg's lock: bin/test runs the
charts tests (which may install chromium) beside the bin/brokers tests (which may install
nftables, activemq, ...). apt-get must wait for the lock instead of failing at once."""
import fcntl
import os
import shutil
import sys
import threading
import time

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(REPO, "tools"))

from brokers import install  # noqa: E402

FRONTEND_LOCK = "/var/lib/dpkg/lock-frontend"


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("apt-get"), reason="needs root and apt-get")
def test_apt_get_waits_for_a_dpkg_lock_another_installer_holds(tmp_path):
    held = os.open(FRONTEND_LOCK, os.O_RDWR | os.O_CREAT, 0o640)
    try:
        fcntl.lockf(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(held)
        pytest.skip("an installer is running on this machine now")
    threading.Timer(2.0, os.close, args=(held,)).start()  # the other installer ends 2 s later
    started = time.monotonic()
    # python3 is installed (this test runs on it): apt-get takes the lock and has nothing to do.
    code = install._apt(["install", "-y", "--no-install-recommends", "python3"], str(tmp_path / "apt.log"))
    log = (tmp_path / "apt.log").read_text()
    assert code == 0, log
    assert time.monotonic() - started >= 1.5, "apt-get ran while the lock was held"
