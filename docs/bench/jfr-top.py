#!/usr/bin/env python3
"""Where a JVM's CPU time went, from a Java Flight Recorder file: the methods most often on top
of the stack (self) and anywhere on it (total), as shares of all execution samples, per thread
group (thread names with their numbers dropped). Used to profile mqbench's client side:

    JAVA_OPTS="-XX:StartFlightRecording=filename=/tmp/run.jfr,settings=profile" bin/benchmark ...
    docs/bench/jfr-top.py /tmp/run.jfr [how many rows, default 25]
"""
import collections
import json
import re
import subprocess
import sys


def main() -> None:
    path = sys.argv[1]
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    printed = subprocess.run(["jfr", "print", "--json", "--events", "jdk.ExecutionSample", path],
                             check=True, capture_output=True, text=True).stdout
    events = json.loads(printed)["recording"]["events"]
    self_time, total_time, threads = collections.Counter(), collections.Counter(), collections.Counter()
    for event in events:
        values = event["values"]
        thread = re.sub(r"[-#]?\d+", "", (values.get("sampledThread") or {}).get("javaName") or "?")
        threads[thread] += 1
        frames = [f"{f['method']['type']['name'].split('.')[-1]}.{f['method']['name']}"
                  for f in (values.get("stackTrace") or {}).get("frames") or []]
        if frames:
            self_time[frames[0]] += 1
            for method in set(frames):
                total_time[method] += 1
    count = max(1, len(events))
    print(f"{len(events)} execution samples")
    print("\nthreads:")
    for name, n in threads.most_common(12):
        print(f"  {100 * n / count:5.1f} %  {name}")
    for title, counter in (("self (top of stack)", self_time), ("total (anywhere on the stack)", total_time)):
        print(f"\n{title}:")
        for method, n in counter.most_common(rows):
            print(f"  {100 * n / count:5.1f} %  {method}")


if __name__ == "__main__":
    main()
