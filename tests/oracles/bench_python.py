#!/usr/bin/env python3
"""Benchmark of the Python package against math-verify, same rows, same run.

    scripts/python-bench                 # builds the release wheel into target/python-bench-venv
    target/python-bench-venv/bin/python tests/oracles/bench_python.py [--rounds N] [--threads N]

Rows: the 347 cases of conformance/differential/math-verify.jsonl (math-verify's own test suite,
graded with the math.grade arguments of the recording) and the realistic examples/math.jsonl
(realistic model responses, one a row), plus the same examples with the response padded by 100 kB of reasoning
(the long-response cost).

math-verify 0.9.0 (single process): as tests/oracles/bench_math.py, rounds each in a fresh process
that meets every case once after the same warm-up (target/oracle-venv), but timed in CPU time
like the Python side here (a shared machine's wall time counts other processes).

scorespec through Python (this interpreter, the release wheel): ``grade`` in a Python loop and
``grade_many`` with 1 thread, each timed over whole passes (the median of ``--rounds`` passes);
``grade_many`` also with ``--threads``. The native figure is ``scorespec bench --fn math.grade``
on the same recording (target/release/scorespec when built). Prints a Markdown table and checks
the issue's targets: ≥ 1,000× math-verify's single-process throughput through the binding and
``grade_many`` ≥ 80 % of the native throughput per core.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RECORDING = os.path.join(ROOT, "conformance", "differential", "math-verify.jsonl")
EXAMPLES = os.path.join(ROOT, "examples", "math.jsonl")

scorespec = None  # imported in main(): the math-verify child runs in the oracle venv


def load_recording():
    rows = []
    with open(RECORDING) as f:
        for line in f:
            r = json.loads(line)
            if r.get("fn") == "math.grade":
                rows.append(r["args"])
    return rows


def load_examples(pad=0):
    rows = []
    with open(EXAMPLES) as f:
        for line in f:
            r = json.loads(line)
            resp = ("Let me think step by step. " * (pad // 27 + 1))[:pad] + r["response"] if pad else r["response"]
            rows.append({"gold": r["gold"], "response": resp})
    return rows


def split(rows):
    """Rows grouped by their options (grade_many takes one set of options per call)."""
    groups = {}
    for r in rows:
        opts = {k: v for k, v in r.items() if k not in ("gold", "response")}
        key = json.dumps(opts, sort_keys=True)
        g = groups.setdefault(key, (opts, [], []))
        g[1].append(r["gold"])
        g[2].append(r["response"])
    return list(groups.values())


def _median_pass(run, rounds, clock):
    ts = []
    for _ in range(rounds + 1):
        t0 = clock()
        run()
        ts.append(clock() - t0)
    return statistics.median(ts[1:])


def time_loop(rows, rounds):
    """`grade` in a Python loop over the rows: the median pass (the first not counted), in CPU
    time of this process (the machine is shared: wall time would count other processes)."""
    calls = [(r["gold"], r["response"], {k: v for k, v in r.items() if k not in ("gold", "response")}) for r in rows]

    def run():
        for g, resp, o in calls:
            scorespec.grade(g, resp, **o)

    return len(rows) / _median_pass(run, rounds, time.process_time)


def time_many(rows, rounds, threads):
    """`grade_many` over the rows (one call per set of options): the median pass; CPU time for
    one thread, wall time for more."""
    groups = split(rows)

    def run():
        for o, g, r in groups:
            scorespec.grade_many(g, r, threads=threads, **o)

    clock = time.process_time if threads == 1 else time.perf_counter
    return len(rows) / _median_pass(run, rounds, clock)


def native(binary, rounds):
    if not os.path.exists(binary):
        return None
    out = subprocess.run([binary, "bench", "--fn", "math.grade", "--rounds", str(rounds), RECORDING],
                         stdout=subprocess.PIPE, check=True)
    return json.loads(out.stdout)["throughput"]


def _mv_child(cases_path):
    """One math-verify round in a fresh process (the oracle venv): bench_math's warm-up, then
    every case once, in CPU time of this process; prints the ns of each case."""
    sys.path.insert(0, HERE)
    import bench_math
    import math_verify_oracle as mv

    mv._quiet()
    for w in bench_math.WARM_UP:
        mv.grade(w)
    out = []
    for c in mv.load_cases(cases_path or mv.CASES):
        t0 = time.process_time_ns()
        mv.grade(c)
        out.append(time.process_time_ns() - t0)
    print(json.dumps(out))


def math_verify(python, rounds, cases_path):
    """math-verify's throughput: per case the median over `rounds` fresh processes (as
    tests/oracles/bench_math.py, but in CPU time); rows / sum of the medians."""
    if not os.path.exists(python):
        return None
    env = dict(os.environ, PYTHONHASHSEED="0", SYMPY_GROUND_TYPES="python")
    per = None
    for _ in range(rounds):
        out = subprocess.run([python, os.path.abspath(__file__), "--mv-child", cases_path], stdout=subprocess.PIPE,
                             check=True, cwd=ROOT, env=env)
        ns = json.loads(out.stdout)
        per = [[] for _ in ns] if per is None else per
        for i, t in enumerate(ns):
            per[i].append(t)
    return len(per) / (sum(statistics.median(p) for p in per) / 1e9)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--mv-child":
        return _mv_child(sys.argv[2])
    global scorespec
    import scorespec as _s

    scorespec = _s
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=21)
    ap.add_argument("--mv-rounds", type=int, default=3)
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--scorespec", default=os.path.join(ROOT, "target", "release", "scorespec"))
    ap.add_argument("--oracle-python", default=os.path.join(ROOT, "target", "oracle-venv", "bin", "python"))
    ap.add_argument("--cases", default="", help="math-verify's cases (default: ../shared/data/math-verify-cases.jsonl)")
    a = ap.parse_args()
    a.threads = a.threads or scorespec.default_threads()

    rec, ex, ex_long = load_recording(), load_examples(), load_examples(pad=100_000)
    mv = math_verify(a.oracle_python, a.mv_rounds, a.cases)
    nat = native(a.scorespec, 21)
    r = {
        "loop_rec": time_loop(rec, a.rounds),
        "many1_rec": time_many(rec, a.rounds, 1),
        "manyN_rec": time_many(rec, a.rounds, a.threads),
        "loop_ex": time_loop(ex, a.rounds),
        "many1_ex": time_many(ex, a.rounds, 1),
        "manyN_ex": time_many(ex, a.rounds, a.threads),
        "loop_long": time_loop(ex_long, max(3, a.rounds // 4)),
        "many1_long": time_many(ex_long, max(3, a.rounds // 4), 1),
        "n_ex": len(ex),
    }
    f = lambda x: "—" if x is None else f"{x:,.0f}"  # noqa: E731
    print(f"scorespec {scorespec.__version__} through Python {sys.version.split()[0]}; rows/s, the median of {a.rounds} passes (CPU time for one thread)\n")
    print("| rows | math-verify 0.9.0 (1 process) | native `scorespec bench` (1 thread) | `grade` loop | `grade_many` 1 thread | "
          f"`grade_many` {a.threads} threads |")
    print("|---|---:|---:|---:|---:|---:|")
    print(f"| math-verify's 347 cases | {f(mv)} | {f(nat)} | {f(r['loop_rec'])} | {f(r['many1_rec'])} | {f(r['manyN_rec'])} |")
    print(f"| examples/math.jsonl ({r['n_ex']}) | — | — | {f(r['loop_ex'])} | {f(r['many1_ex'])} | {f(r['manyN_ex'])} |")
    print(f"| the same, responses +100 kB | — | — | {f(r['loop_long'])} | {f(r['many1_long'])} | — |")
    if mv:
        s_loop, s_many = r["loop_rec"] / mv, r["many1_rec"] / mv
        print(f"\nspeed-up over math-verify through the binding: grade loop {s_loop:,.0f}x, grade_many (1 thread) "
              f"{s_many:,.0f}x (target ≥ 1,000x: {'met' if s_many >= 1000 else 'NOT met'})")
    if nat:
        share = r["many1_rec"] / nat
        print(f"grade_many per core / native: {share:.0%} (target ≥ 80 %: {'met' if share >= 0.8 else 'NOT met'})")
    print(f"long responses: {1e6 / r['many1_long']:,.0f} µs a row with 100 kB of reasoning before the answer")


if __name__ == "__main__":
    main()
