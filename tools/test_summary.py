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


def main(argv):
    root, reports = argv[1], argv[2]
    line_only = "--line-only" in argv
    files = glob.glob(os.path.join(root, "*", "target", "surefire-reports", "TEST-*.xml"))
    # failsafe-reports-<server>: a module that runs its ITs once per server (driver-mongo)
    files += glob.glob(os.path.join(root, "*", "target", "failsafe-reports*", "TEST-*.xml"))
    files += glob.glob(os.path.join(reports, "pytest-*.xml"))
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
