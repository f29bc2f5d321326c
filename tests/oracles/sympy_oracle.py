"""Oracle: SymPy's verdict on whether two infix expressions are equal.

Answers ``expr.equivalent {a, b, format: "infix"}`` with

    {"verdict": "equal" | "not_equal" | "timeout" | "error",
     "detail": str,        # str(simplify(a - b)), or what failed
     "numeric": bool|null} # do a and b agree at the three NUMERIC_POINTS

``verdict`` is ``simplify(a - b) == 0`` after parsing both strings with
``sympy.parsing.sympy_parser.parse_expr`` (standard transformations +
implicit multiplication, no local_dict: every name is a plain Symbol without
assumptions, so log(x*y) and log(x) + log(y) are *not* equal). Each case runs
in a worker process that is killed after TIME_LIMIT seconds ("timeout").

``numeric`` compares ``a.evalf(subs=P)`` and ``b.evalf(subs=P)`` at each
point P: equal infinities agree, finite (complex) values agree when
``|va - vb| <= max(1e-9 * max(|va|, |vb|), 1e-12)``; anything else (nan,
zoo, a value with free symbols left) disagrees. null when a side fails to
parse or the evaluation fails or times out.

The workers run with PYTHONHASHSEED=0 and SYMPY_GROUND_TYPES=python and each
handles a fixed share of the cases in order, so a recording is reproducible.
This module also holds the small worker pool the LaTeX oracle uses.
"""
import importlib.metadata
import json
import os
import re
import select
import subprocess
import sys
import time

NAME = "sympy"
TIME_LIMIT = 5.0
WORKERS = 2  # fixed, not os.cpu_count(): each worker's share of cases is part of the recording
HERE = os.path.dirname(os.path.abspath(__file__))

NUMERIC_POINTS = [
    {"x": "0.7", "y": "1.3", "t": "0.9", "a": "1.1", "b": "0.6"},
    {"x": "1.9", "y": "0.4", "t": "0.3", "a": "1.7", "b": "2.1"},
    {"x": "1.2", "y": "2.1", "t": "1.6", "a": "0.5", "b": "1.4"},
]
REL_TOL = 1e-9
ABS_TOL = 1e-12
DETAIL_MAX = 300


def version():
    return importlib.metadata.version("sympy")


def short(s, n=DETAIL_MAX):
    s = re.sub(r"0x[0-9a-fA-F]+", "0x…", str(s))
    return s if len(s) <= n else s[: n - 1] + "…"


def describe(e):
    return short(f"{type(e).__name__}: {e}")


# ====================================================================== pool

class Pool:
    """Worker processes running ``module.worker_main()``; each job (a list of
    (op, args)) goes to worker ``job_index % workers`` and each op gets its
    own time limit. A worker that runs out of time is killed and replaced."""

    def __init__(self, module, workers=WORKERS, limit=TIME_LIMIT):
        self.module = module
        self.workers = workers
        self.limit = limit
        self.seconds = []      # worker-measured time of every op that finished
        self.timeouts = 0
        self.deaths = 0

    def _spawn(self):
        env = dict(os.environ, PYTHONHASHSEED="0", SYMPY_GROUND_TYPES="python", PYTHONIOENCODING="utf-8")
        code = f"import sys; sys.path.insert(0, {HERE!r}); import {self.module} as m; m.worker_main()"
        p = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        ready = p.stdout.readline()
        if ready != b"ready\n":
            p.kill()
            p.wait()
            raise RuntimeError(f"{self.module} worker failed to start: {ready!r}")
        return p

    @staticmethod
    def _stop(p, kill=False):
        try:
            if kill:
                p.kill()
            else:
                p.stdin.close()
            p.wait(timeout=10)
        except Exception:
            p.kill()
            p.wait()
        for f in (p.stdin, p.stdout):
            try:
                f.close()
            except Exception:
                pass

    def run(self, jobs):
        """Yields, in order, one list of op outcomes per job: ``("ok", value)``,
        ``("raised", message)``, ``("timeout", None)`` or ``("died", message)``."""
        jobs = list(jobs)
        W = self.workers
        queues = [[i for i in range(len(jobs)) if i % W == k] for k in range(W)]
        heads = [0] * W
        procs = [self._spawn() if queues[k] else None for k in range(W)]
        busy = [None] * W  # (job, op index, deadline)
        results = [[] for _ in jobs]
        finished = [False] * len(jobs)
        emitted = 0

        def start(k):
            while busy[k] is None and heads[k] < len(queues[k]):
                j = queues[k][heads[k]]
                i = len(results[j])
                if i == len(jobs[j]):
                    finished[j] = True
                    heads[k] += 1
                    continue
                op, args = jobs[j][i]
                procs[k].stdin.write((json.dumps({"op": op, "args": args}) + "\n").encode())
                procs[k].stdin.flush()
                busy[k] = (j, time.monotonic() + self.limit)

        try:
            for k in range(W):
                if procs[k]:
                    start(k)
            while any(b is not None for b in busy):
                now = time.monotonic()
                fds = {procs[k].stdout.fileno(): k for k in range(W) if busy[k] is not None}
                wait = max(0.0, min(busy[k][1] for k in fds.values()) - now)
                ready, _, _ = select.select(list(fds), [], [], wait)
                answered = set()
                for fd in ready:
                    k = fds[fd]
                    j = busy[k][0]
                    line = procs[k].stdout.readline()
                    if not line:
                        self.deaths += 1
                        results[j].append(("died", f"worker exited with {procs[k].wait()}"))
                        self._stop(procs[k], kill=True)
                        procs[k] = self._spawn()
                    else:
                        msg = json.loads(line)
                        self.seconds.append(msg["seconds"])
                        results[j].append(("ok", msg["value"]) if msg["ok"] else ("raised", msg["error"]))
                    busy[k] = None
                    answered.add(k)
                now = time.monotonic()
                for k in range(W):
                    if busy[k] is not None and k not in answered and now >= busy[k][1]:
                        j = busy[k][0]
                        self.timeouts += 1
                        results[j].append(("timeout", None))
                        self._stop(procs[k], kill=True)
                        procs[k] = self._spawn()
                        busy[k] = None
                for k in range(W):
                    if procs[k]:
                        start(k)
                while emitted < len(jobs) and finished[emitted]:
                    yield results[emitted]
                    results[emitted] = None
                    emitted += 1
            while emitted < len(jobs):  # jobs with no ops
                yield results[emitted]
                emitted += 1
        finally:
            for p in procs:
                if p:
                    self._stop(p)


class Worker:
    """One persistent worker process running ``module.worker_main()`` for
    answering cases one at a time (conformance adapters): each op gets
    ``limit`` seconds; a worker that runs out of time or dies is killed and
    replaced by the next op."""

    def __init__(self, module, limit=TIME_LIMIT):
        self.pool = Pool(module, workers=1, limit=limit)
        self.proc = None

    def call(self, op, args):
        """``("ok", value)``, ``("raised", message)``, ``("timeout", None)`` or ``("died", message)``."""
        if self.proc is None:
            self.proc = self.pool._spawn()
        p = self.proc
        p.stdin.write((json.dumps({"op": op, "args": args}) + "\n").encode())
        p.stdin.flush()
        ready, _, _ = select.select([p.stdout], [], [], self.pool.limit)
        if not ready:
            self.pool._stop(p, kill=True)
            self.proc = None
            return ("timeout", None)
        line = p.stdout.readline()
        if not line:
            self.proc = None
            message = f"worker exited with {p.wait()}"
            self.pool._stop(p, kill=True)
            return ("died", message)
        msg = json.loads(line)
        return ("ok", msg["value"]) if msg["ok"] else ("raised", msg["error"])


def serve_worker(ops):
    """Worker side: one JSON request per stdin line, one JSON answer per line
    on the original stdout (anything else printing to fd 1 goes to stderr)."""
    proto = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    proto.write("ready\n")
    proto.flush()
    for line in sys.stdin:
        req = json.loads(line)
        t0 = time.perf_counter()
        try:
            out = {"ok": True, "value": ops[req["op"]](req["args"])}
        except Exception as e:  # reported, not raised
            out = {"ok": False, "error": describe(e)}
        out["seconds"] = round(time.perf_counter() - t0, 4)
        proto.write(json.dumps(out, ensure_ascii=True) + "\n")
        proto.flush()


# =================================================================== worker

_TRANSFORMATIONS = None


def parse(s):
    global _TRANSFORMATIONS
    from sympy.parsing.sympy_parser import implicit_multiplication, parse_expr, standard_transformations
    if _TRANSFORMATIONS is None:
        _TRANSFORMATIONS = standard_transformations + (implicit_multiplication,)
    return parse_expr(s, transformations=_TRANSFORMATIONS)


def op_simplify(args):
    from sympy import simplify
    try:
        a, b = parse(args["a"]), parse(args["b"])
    except Exception as e:
        return {"verdict": "error", "detail": "parse: " + describe(e)}
    try:
        d = simplify(a - b)
        return {"verdict": "equal" if d == 0 else "not_equal", "detail": short(d)}
    except Exception as e:
        return {"verdict": "error", "detail": describe(e)}


def numeric_value(e, point):
    """e at point: "oo" / "-oo", a complex, or None (nan, zoo, symbols left)."""
    import sympy
    subs = {s: sympy.Rational(point[s.name]) for s in e.free_symbols
            if isinstance(s, sympy.Symbol) and s.name in point}
    v = e.evalf(subs=subs)
    if v == sympy.oo:
        return "oo"
    if v == -sympy.oo:
        return "-oo"
    if not isinstance(v, sympy.Expr) or v.free_symbols or v.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
        return None
    try:
        z = complex(v)
    except (TypeError, ValueError):
        return None
    if not (abs(z.real) < float("inf") and abs(z.imag) < float("inf")) or z != z:
        return None
    return z


def agree(va, vb):
    if va is None or vb is None:
        return False
    if isinstance(va, str) or isinstance(vb, str):
        return va == vb
    return abs(va - vb) <= max(REL_TOL * max(abs(va), abs(vb)), ABS_TOL)


def op_numeric(args):
    try:
        a, b = parse(args["a"]), parse(args["b"])
    except Exception:
        return None
    import sympy
    if not (isinstance(a, sympy.Expr) and isinstance(b, sympy.Expr)):
        return None
    try:
        return all(agree(numeric_value(a, p), numeric_value(b, p)) for p in NUMERIC_POINTS)
    except Exception:
        return None


OPS = {"simplify": op_simplify, "numeric": op_numeric}


def worker_main():
    serve_worker(OPS)


# ================================================================== adapter

def _jobs(args):
    if args.get("format", "infix") != "infix":
        raise ValueError(f"format {args.get('format')!r}: only infix is supported")
    return [("simplify", {"a": args["a"], "b": args["b"]}), ("numeric", {"a": args["a"], "b": args["b"]})]


def _result(outcomes, limit):
    (k1, v1), (k2, v2) = outcomes
    if k1 == "ok":
        res = dict(v1)
    elif k1 == "timeout":
        res = {"verdict": "timeout", "detail": f"simplify(a - b) took longer than {limit:g} s"}
    else:
        res = {"verdict": "error", "detail": short(f"{k1}: {v1}")}
    res["numeric"] = v2 if k2 == "ok" else None
    return res


_POOL = None


def answer(fn, args):
    global _POOL
    if fn != "expr.equivalent":
        raise KeyError(fn)
    if _POOL is None:
        _POOL = Pool("sympy_oracle", workers=1)
    return _result(next(iter(_POOL.run([_jobs(args)]))), _POOL.limit)


def record(cases, label="expr-sympy"):
    """Rows {"id","fn","args","oracle"} for record.py, computed by a pool of
    WORKERS processes; prints a summary when done."""
    cases = list(cases)
    pool = Pool("sympy_oracle")
    todo = []
    for c in cases:
        try:
            todo.append(_jobs(c["args"]) if c["fn"] == "expr.equivalent" else [])
        except Exception:
            todo.append([])
    counts, numeric = {}, {}
    t0 = time.monotonic()
    for c, jobs, outcomes in zip(cases, todo, pool.run(todo)):
        if not jobs:
            out = {"ok": False, "error": {"kind": "unknown_function" if c["fn"] != "expr.equivalent"
                                          else "ValueError", "message": f"cannot answer {c['fn']} {c['args']}"}}
        else:
            res = _result(outcomes, pool.limit)
            counts[res["verdict"]] = counts.get(res["verdict"], 0) + 1
            numeric[res["numeric"]] = numeric.get(res["numeric"], 0) + 1
            out = {"ok": True, "result": res}
        yield dict(c, oracle=out)
    slow = max(pool.seconds, default=0.0)
    print(f"{label}: " + ", ".join(f"{k} {counts.get(k, 0)}" for k in ("equal", "not_equal", "timeout", "error"))
          + f"; numeric agree {numeric.get(True, 0)}, differ {numeric.get(False, 0)}, n/a {numeric.get(None, 0)}"
          + f"; slowest op {slow:.2f} s, {time.monotonic() - t0:.0f} s in all")
    if slow > pool.limit / 2:
        print(f"{label}: WARNING: an op took {slow:.2f} s, near the {pool.limit:g} s limit; "
              "the recording may not be reproducible", file=sys.stderr)


def verdict(fn, args):
    """``answer`` as a verdict {"equal": bool} (errors and timeouts raise), for
    ``scorespec conformance --key equal``."""
    res = answer(fn, args)
    if res["verdict"] not in ("equal", "not_equal"):
        raise ValueError(f"{res['verdict']}: {res['detail']}")
    return {"equal": res["verdict"] == "equal"}


if __name__ == "__main__":
    import protocol
    protocol.serve(verdict if sys.argv[1:] == ["--verdict"] else answer)
