#!/usr/bin/env python3
"""Writes the payload files that OpenMessaging Benchmark workloads refer to.

OMB's workload files name payload/payload-100b.data and its siblings; these files let such
workloads run here unchanged. The bytes are pseudo-random from a fixed seed (so they are the
same on every machine and do not compress), one file per size.
"""
import pathlib
import random

SIZES = {"100b": 100, "200b": 200, "400b": 400, "1Kb": 1024, "2Kb": 2048, "4Kb": 4096}

def main() -> None:
    here = pathlib.Path(__file__).resolve().parent
    for label, size in SIZES.items():
        data = random.Random(f"mqbench-payload-{label}").randbytes(size)
        (here / f"payload-{label}.data").write_bytes(data)

if __name__ == "__main__":
    main()
