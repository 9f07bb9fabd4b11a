"""Headless Chromium for the report's rendering test: found, or installed from Debian's
packages when we are root, or the test is skipped with the reason."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
INSTALL_TIMEOUT = 600
SCREENSHOT_TIMEOUT = 90


def ensure_chromium() -> str | None:
    """Path of chromium, or None with the reason printed (the caller skips)."""
    if os.access(CHROMIUM, os.X_OK):
        return CHROMIUM
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        return None
    started = time.monotonic()
    print("installing Debian's chromium with apt-get (once per machine)...", file=sys.stderr)
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    # -o DPkg::Lock::Timeout: bin/test runs the bin/brokers tests, which may install packages, beside these.
    apt = ["apt-get", "-o", "DPkg::Lock::Timeout=600"]
    for command in ([*apt, "update", "-qq"], [*apt, "install", "-y", "-qq", "chromium"]):
        try:
            subprocess.run(command, check=True, env=environment, timeout=INSTALL_TIMEOUT,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        except (subprocess.SubprocessError, OSError) as error:
            print(f"chromium install failed: {error}", file=sys.stderr)
            return None
    print(f"chromium installed in {time.monotonic() - started:.0f} s", file=sys.stderr)
    return CHROMIUM if os.access(CHROMIUM, os.X_OK) else None


def screenshot(chromium: str, page: Path, png: Path, size=(1280, 2000)) -> None:
    """Renders file://page into png; kills Chromium (by its process group) if it hangs."""
    with tempfile.TemporaryDirectory(prefix="mqbench-chromium-") as profile:
        command = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                   "--disable-background-networking", "--disable-component-update", "--disable-sync",
                   f"--user-data-dir={profile}", f"--screenshot={png}", f"--window-size={size[0]},{size[1]}",
                   "--hide-scrollbars", page.resolve().as_uri()]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        try:
            output, _ = process.communicate(timeout=SCREENSHOT_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            raise AssertionError(f"chromium did not finish within {SCREENSHOT_TIMEOUT} s") from None
        if not png.exists():
            raise AssertionError(f"chromium wrote no screenshot (exit {process.returncode}): "
                                 f"{output.decode(errors='replace')[-2000:]}")
