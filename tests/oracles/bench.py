#!/usr/bin/env python3
"""Time an oracle adapter in-process on protocol cases, for the benchmarks.

    python tests/oracles/bench.py MODULE ROUNDS < cases.jsonl

Reads ``{"id","fn","args"}`` lines, calls ``MODULE.answer(fn, args)`` on every
case ROUNDS times (the first round warms up and is not counted), and prints one
JSON object: the per-case median time over the counted rounds, summarised as
``{"cases", "total_s", "throughput", "p50_us", "p99_us", "max_us"}``.
"""
import importlib
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def main():
    module = importlib.import_module(sys.argv[1])
    rounds = int(sys.argv[2])
    cases = [json.loads(l) for l in sys.stdin if l.strip()]
    per_case = [[] for _ in cases]
    for r in range(rounds + 1):
        for i, c in enumerate(cases):
            t0 = time.perf_counter_ns()
            module.answer(c["fn"], c["args"])
            dt = time.perf_counter_ns() - t0
            if r:
                per_case[i].append(dt)
    med = sorted(sorted(ts)[len(ts) // 2] for ts in per_case)
    total = sum(med) / 1e9
    q = lambda p: med[min(len(med) - 1, int(p * len(med)))] / 1e3
    print(json.dumps({"cases": len(cases), "total_s": total, "throughput": len(cases) / total,
                      "p50_us": q(0.5), "p99_us": q(0.99), "max_us": med[-1] / 1e3}))


if __name__ == "__main__":
    main()
