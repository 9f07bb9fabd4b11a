#!/usr/bin/env python3
"""Adds up every test report of a bin/test run into one line: "N passed, N failed".

Reads JUnit XML: Maven Surefire and Failsafe reports of every module and the pytest
reports bin/test wrote. Names each test that failed, with the first line of its message, just
above that line: CI keeps only the tail of a long log, and a count alone does not say what broke.
Exit status 1 when anything failed or errored.
"""
import glob
import os
import sys
import xml.etree.ElementTree as ET


# Failing tests named at most: the tail CI keeps must still reach the counts line.
MAX_NAMED = 20
MESSAGE_CHARS = 300


def suites_of(path):
    root = ET.parse(path).getroot()
    return [root] if root.tag == "testsuite" else root.findall("testsuite")


def counts(path):
    total = failed = skipped = 0
    for suite in suites_of(path):
        total += int(suite.get("tests", 0))
        failed += int(suite.get("failures", 0)) + int(suite.get("errors", 0))
        skipped += int(suite.get("skipped", 0))
    return total, failed, skipped


def failing_tests(path):
    """One line per failed or errored test case of a report: class.name, then what it said."""
    lines = []
    for suite in suites_of(path):
        for case in suite.iter("testcase"):
            for outcome in ("failure", "error"):
                bad = case.find(outcome)
                if bad is None:
                    continue
                said = (bad.get("message") or bad.text or "").strip().splitlines()
                first = said[0][:MESSAGE_CHARS] if said else "(no message)"
                lines.append(f"{outcome}: {case.get('classname')}.{case.get('name')}: {first}")
    return lines


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
    named = []
    for path in sorted(files):
        total, bad, skip = counts(path)
        passed += total - bad - skip
        failed += bad
        skipped += skip
        if bad:
            named += failing_tests(path)
    if not line_only:
        for line in named[:MAX_NAMED]:
            print(line)
        if len(named) > MAX_NAMED:
            print(f"... and {len(named) - MAX_NAMED} more failed")
        print(f"{len(files)} report files, {skipped} skipped")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
