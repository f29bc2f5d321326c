#!/usr/bin/env python3
"""Benchmark of the math answer judge against math-verify, same cases, same run.

    target/oracle-venv/bin/python tests/oracles/bench_math.py [--rounds N]
        [--scorespec target/release/scorespec] [--no-ours] [--no-math-verify]

Cases: the 347 cases of conformance/differential/math-verify.jsonl (math-verify's
own test suite, shared/data/math-verify-cases.jsonl).

math-verify 0.9.0, single process: each case graded exactly as the recording
grades it (tests/oracles/math_verify_oracle.py: the test's parse + verify
calls, time limits off). A round is a fresh Python process that imports
math-verify, warms up on WARM_UP (texts not in the suite), then times each case
once, in order: every case is met for the first time, as a long-running grader
meets a new response (timing a case again in the same process would measure
SymPy's cache of that very case).

scorespec: ``scorespec bench --fn math.grade --rounds N`` on the recording with
the release binary, which times each ``math.grade`` call in-process with
std::time::Instant (src/bench.rs), so the JSONL protocol adds nothing.

scorespec: ``N + 1`` rounds in one process, the first not counted. Both sides: a
case's time is the median of its counted rounds; throughput = cases / sum of the medians; p50 / p99 / max of
the medians. Prints a Markdown table and checks the issue's targets (at least
1,000x math-verify's throughput, no case above 1 ms).
"""
import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import math_verify_oracle as mv  # noqa: E402

RECORDING = os.path.join(ROOT, "conformance", "differential", "math-verify.jsonl")
TARGET_SPEEDUP = 1000.0
TARGET_MAX_US = 1000.0


def summarize(medians_ns, ids):
    order = sorted(range(len(medians_ns)), key=lambda i: medians_ns[i])
    med = [medians_ns[i] for i in order]
    n = len(med)
    total = sum(med) / 1e9
    q = lambda p: med[min(n - 1, int(p * n))] / 1e3  # noqa: E731  same nearest rank as src/bench.rs
    return {"cases": n, "total_s": total, "throughput": n / total if total else 0.0,
            "p50_us": q(0.5), "p99_us": q(0.99), "max_us": med[-1] / 1e3,
            "over_1ms": sum(t > 1_000_000 for t in med),
            "slowest": [{"id": ids[i], "us": medians_ns[i] / 1e3} for i in reversed(order[-5:])]}


# Warm-up pairs (not in the suite): first use of the LaTeX and expression
# parsers, intervals, matrices, relations, sets and percentages.
WARM_UP = [
    {"harness": "compare_strings", "gold": "$\\frac{2}{7}$", "pred": "The answer is $\\boxed{0.2857}$",
     "options": {"match_types": ["latex", "expr"], "boxed_match_priority": 0}},
    {"harness": "compare_strings", "gold": "$[1,5)$", "pred": "$x \\in [1, 5)$",
     "options": {"match_types": ["latex", "expr"], "boxed_match_priority": 0}},
    {"harness": "compare_strings", "gold": "$\\begin{pmatrix} 2 \\\\ 5 \\end{pmatrix}$",
     "pred": "$\\begin{pmatrix} 2 \\\\ 5 \\end{pmatrix}$", "options": {"match_types": ["latex"]}},
    {"harness": "parse_verify", "gold": "$y = 3x - 1$", "pred": "$3x - 1 = y$", "options": {}},
    {"harness": "parse_verify", "gold": "17%", "pred": "0.17", "options": {"match_types": ["expr"]}},
    {"harness": "parse_verify", "gold": "${2, 9}$", "pred": "$9, 2$", "options": {}},
]


def _child(cases_path):
    """One round: time every case once in this fresh process; print the ns."""
    mv._quiet()
    for w in WARM_UP:
        mv.grade(w)
    out = []
    for c in mv.load_cases(cases_path):
        t0 = time.perf_counter_ns()
        mv.grade(c)
        out.append(time.perf_counter_ns() - t0)
    print(json.dumps(out))


def time_math_verify(cases, cases_path, rounds):
    env = dict(os.environ, PYTHONHASHSEED="0", SYMPY_GROUND_TYPES="python")
    per_case = [[] for _ in cases]
    for _ in range(rounds):
        p = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", cases_path],
                           stdout=subprocess.PIPE, env=env, check=True)
        for i, ns in enumerate(json.loads(p.stdout)):
            per_case[i].append(ns)
    medians = [sorted(ts)[len(ts) // 2] for ts in per_case]
    return summarize(medians, [str(c["id"]) for c in cases])


def time_ours(binary, rounds):
    out = subprocess.run([binary, "bench", "--fn", "math.grade", "--rounds", str(rounds), RECORDING],
                         stdout=subprocess.PIPE, check=True)
    return json.loads(out.stdout)


def fmt(x, digits=2):
    return f"{x:,.{digits}f}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5,
                    help="math-verify rounds, each a fresh process (default 5)")
    ap.add_argument("--ours-rounds", type=int, default=21, help="counted rounds for scorespec (default 21)")
    ap.add_argument("--scorespec", default=os.path.join(ROOT, "target", "release", "scorespec"))
    ap.add_argument("--cases", default=mv.CASES)
    ap.add_argument("--no-ours", action="store_true")
    ap.add_argument("--no-math-verify", action="store_true")
    ap.add_argument("--child", metavar="CASES", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        return _child(a.child)
    cases = mv.load_cases(a.cases)
    rows = []
    theirs = ours = None
    if not a.no_math_verify:
        theirs = time_math_verify(cases, a.cases, a.rounds)
        rows.append((f"math-verify {mv.version().split(';')[0].split()[-1]} (Python, 1 process)", theirs))
    if not a.no_ours:
        if os.path.exists(a.scorespec):
            ours = time_ours(a.scorespec, a.ours_rounds)
            name = f"scorespec `math.grade` (`{os.path.relpath(a.scorespec, ROOT)}`, 1 thread)"
            if ours.get("errors"):
                name += f" — {ours['errors']} errors, first: {ours.get('first_error')}"
            rows.append((name, ours))
        else:
            print(f"no scorespec binary at {a.scorespec} (cargo build --release)", file=sys.stderr)
    print(f"math answer judge on the {len(cases)} math-verify cases; per case the median of "
          f"{a.rounds} fresh-process rounds (math-verify) / {a.ours_rounds} rounds (scorespec)\n")
    print("| implementation | cases/s | p50 µs | p99 µs | max µs | cases > 1 ms |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, s in rows:
        print(f"| {name} | {fmt(s['throughput'], 0)} | {fmt(s['p50_us'])} | {fmt(s['p99_us'])} | "
              f"{fmt(s['max_us'])} | {s['over_1ms']} |")
    for name, s in rows:
        slow = ", ".join(f"{x['id']} ({fmt(x['us'], 0)} µs)" for x in s["slowest"])
        print(f"\nslowest, {name}: {slow}")
    if theirs and ours:
        speedup = ours["throughput"] / theirs["throughput"]
        print(f"\nspeed-up: {fmt(speedup, 0)}x (target ≥ {TARGET_SPEEDUP:,.0f}x: "
              f"{'met' if speedup >= TARGET_SPEEDUP else 'NOT met'}); scorespec max "
              f"{fmt(ours['max_us'])} µs (target ≤ {TARGET_MAX_US:,.0f} µs: "
              f"{'met' if ours['max_us'] <= TARGET_MAX_US else 'NOT met'})")


if __name__ == "__main__":
    main()
