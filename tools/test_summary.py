#!/usr/bin/env python3
"""Adds up every test report of a bin/test run into one line: "N passed, N failed".

Reads JUnit XML: Maven Surefire and Failsafe reports of every module and the pytest
reports bin/test wrote. Exit status 1 when anything failed or errored.
"""
import glob
import os
import sys
import xml.etree.ElementTree as ET


def counts(path):
    root = ET.parse(path).getroot()
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    total = failed = skipped = 0
    for suite in suites:
        total += int(suite.get("tests", 0))
        failed += int(suite.get("failures", 0)) + int(suite.get("errors", 0))
        skipped += int(suite.get("skipped", 0))
    return total, failed, skipped


# The folders under a module's target/ that hold Maven's reports. An execution beside a plugin's
# default one writes to a folder of its own, named by a suffix (surefire-reports-timing: the
# framework's timing tests; failsafe-reports-ferretdb: driver-mongo's ITs on a second server);
# sharing the default folder, its report of a class would overwrite the default execution's.
REPORT_FOLDERS = ("surefire-reports*", "failsafe-reports*")


def report_files(root, reports):
    """Every JUnit XML report of a bin/test run: each module's Maven reports, then pytest's."""
    files = []
    for folder in REPORT_FOLDERS:
        files += glob.glob(os.path.join(root, "*", "target", folder, "TEST-*.xml"))
    return files + glob.glob(os.path.join(reports, "pytest-*.xml"))


def main(argv):
    root, reports = argv[1], argv[2]
    line_only = "--line-only" in argv
    files = report_files(root, reports)
    passed = failed = skipped = 0
    for path in sorted(files):
        total, bad, skip = counts(path)
        passed += total - bad - skip
        failed += bad
        skipped += skip
    if not line_only:
        print(f"{len(files)} report files, {skipped} skipped")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
