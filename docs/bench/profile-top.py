#!/usr/bin/env python3
"""Where a JVM's CPU time went: the methods most often on top of the stack (self) and anywhere on
it (total), as shares of all samples, with the threads' shares (names without their numbers).
Reads a Java Flight Recorder file or async-profiler's collapsed stacks (docs/bench/async-profile.sh).
Used to profile mqbench's client side:

    JAVA_OPTS="-XX:StartFlightRecording=filename=/tmp/run.jfr,settings=profile" bin/benchmark ...
    docs/bench/profile-top.py /tmp/run.jfr [rows, default 25] [thread name part]
    docs/bench/async-profile.sh /tmp/run -d driver-loopback/loopback.yaml <workload.yaml>
    docs/bench/profile-top.py /tmp/run.collapsed 25 sender     # one thread group only
"""
import collections
import json
import re
import subprocess
import sys
from typing import Iterator, List, Tuple


def jfr_samples(path: str) -> Iterator[Tuple[str, List[str], int]]:
    """(thread, frames from the top of the stack down, weight) of each execution sample."""
    printed = subprocess.run(["jfr", "print", "--json", "--events", "jdk.ExecutionSample", path],
                             check=True, capture_output=True, text=True).stdout
    for event in json.loads(printed)["recording"]["events"]:
        values = event["values"]
        thread = (values.get("sampledThread") or {}).get("javaName") or "?"
        frames = [f"{f['method']['type']['name'].split('.')[-1]}.{f['method']['name']}"
                  for f in (values.get("stackTrace") or {}).get("frames") or []]
        yield thread, frames, 1


def collapsed_samples(path: str) -> Iterator[Tuple[str, List[str], int]]:
    """The same from async-profiler's collapsed output recorded with its `threads` option:
    `[thread tid=N];outermost;...;innermost count` per line."""
    with open(path) as lines:
        for line in lines:
            stack, _, count = line.rstrip().rpartition(" ")
            frames = stack.split(";")
            thread = re.sub(r"^\[(.*?)( tid=\d+)?\]$", r"\1", frames[0])
            names = [f.split("/")[-1].replace("_[j]", "").replace("_[i]", "") for f in frames[1:]]
            yield thread, list(reversed(names)), int(count)


def main() -> None:
    path = sys.argv[1]
    rows = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    only = sys.argv[3] if len(sys.argv) > 3 else None
    samples = collapsed_samples(path) if path.endswith(".collapsed") else jfr_samples(path)
    self_time, total_time, threads = collections.Counter(), collections.Counter(), collections.Counter()
    count = 0
    for thread, frames, weight in samples:
        group = re.sub(r"[-#]?\d+", "", thread)
        if only and only not in group:
            continue
        count += weight
        threads[group] += weight
        if frames:
            self_time[frames[0]] += weight
            for method in set(frames):
                total_time[method] += weight
    count = max(1, count)
    print(f"{count} samples" + (f" of threads named *{only}*" if only else ""))
    print("\nthreads:")
    for name, n in threads.most_common(12):
        print(f"  {100 * n / count:5.1f} %  {name}")
    for title, counter in (("self (top of stack)", self_time), ("total (anywhere on the stack)", total_time)):
        print(f"\n{title}:")
        for method, n in counter.most_common(rows):
            print(f"  {100 * n / count:5.1f} %  {method}")


if __name__ == "__main__":
    main()
