"""Oracle: latex2sympy2_extended's reading of a LaTeX answer string.

Answers ``expr.parse_latex {text}`` with

    {"ok_parse": true, "sympy": str(expr), "values": [v1, v2, v3]}
    {"ok_parse": false, "error": str}

parsing the way math-verify does by default: ``normalize_latex`` with
math-verify's LatexExtractionConfig normalization (basic_latex, units,
malformed_operators, nits, boxed="all", equations=False), then
``latex2sympy(..., is_real=<no complex markers in the text>,
convert_degrees=False, normalization_config=None)`` with the default
ConversionConfig. ``v_k`` is the value at POINTS[k] (symbols matched by
name): a float when real, ``{"re", "im"}`` when complex, null when not a
finite number (nan, zoo, oo, symbols left, not an expression). Each case
has TIME_LIMIT seconds in a worker process (sympy_oracle.Pool); a case that
runs out of time is recorded as ``{"ok_parse": false, "error": "timeout ..."}``.
"""
import importlib.metadata
import re
import time

import sympy_oracle
from sympy_oracle import Pool, describe, short

NAME = "latex2sympy2_extended"
TIME_LIMIT = sympy_oracle.TIME_LIMIT
POINTS = [
    {"x": "0.7", "y": "1.3", "r": "0.9", "t": "1.1"},
    {"x": "1.9", "y": "0.4", "r": "1.7", "t": "0.3"},
    {"x": "1.2", "y": "2.1", "r": "0.5", "t": "1.6"},
]
# Signs that a string is about complex numbers (math-verify then parses with
# is_real=False); none of the generated strings has one.
_COMPLEX = re.compile(r"\\mathbb\{C\}|\\i\b|\bi\b|\\text\{i\}|\\mathrm\{i\}|\\imath\b")


def version():
    v = importlib.metadata.version
    return (f"latex2sympy2_extended {v('latex2sympy2_extended')}; sympy {v('sympy')}; "
            f"antlr4-python3-runtime {v('antlr4-python3-runtime')}")


# =================================================================== worker

_CFG = None


def value(e, point):
    import sympy
    subs = {s: sympy.Rational(point[s.name]) for s in e.free_symbols
            if isinstance(s, sympy.Symbol) and s.name in point}
    v = e.evalf(20, subs=subs, chop=True)
    if not isinstance(v, sympy.Expr) or v.free_symbols or v.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
        return None
    re_, im_ = v.as_real_imag()
    try:
        re_f, im_f = float(re_), float(im_)
    except (TypeError, ValueError):
        return None
    if not (abs(re_f) < float("inf") and abs(im_f) < float("inf")) or re_f != re_f or im_f != im_f:
        return None
    return re_f if im_f == 0 else {"re": re_f, "im": im_f}


def read(text):
    """``text`` as math-verify's LaTeX reader makes it a SymPy object (raises
    when it does not parse); also used by sympy_expr.py."""
    global _CFG
    from latex2sympy2_extended import NormalizationConfig, latex2sympy, normalize_latex
    if _CFG is None:
        _CFG = NormalizationConfig(basic_latex=True, units=True, malformed_operators=True, nits=True,
                                   boxed="all", equations=False)
    return latex2sympy(normalize_latex(text, _CFG), is_real=not _COMPLEX.search(text),
                       convert_degrees=False, normalization_config=None)


def op_parse(args):
    import sympy
    text = args["text"]
    try:
        e = read(text)
    except Exception as ex:
        return {"ok_parse": False, "error": describe(ex)}
    values = []
    for p in POINTS:
        try:
            values.append(value(e, p) if isinstance(e, sympy.Expr) else None)
        except Exception:
            values.append(None)
    return {"ok_parse": True, "sympy": short(e, 500), "values": values}


def worker_main():
    sympy_oracle.serve_worker({"parse_latex": op_parse})


# ================================================================== adapter

def _result(outcome, limit):
    kind, v = outcome
    if kind == "ok":
        return v
    if kind == "timeout":
        return {"ok_parse": False, "error": f"timeout: more than {limit:g} s"}
    return {"ok_parse": False, "error": short(f"{kind}: {v}")}


_POOL = None


def answer(fn, args):
    global _POOL
    if fn != "expr.parse_latex":
        raise KeyError(fn)
    if _POOL is None:
        _POOL = Pool("latex2sympy_oracle", workers=1, limit=TIME_LIMIT)
    return _result(next(iter(_POOL.run([[("parse_latex", {"text": args["text"]})]])))[0], _POOL.limit)


def record(cases, label="latex-latex2sympy"):
    cases = list(cases)
    pool = Pool("latex2sympy_oracle", limit=TIME_LIMIT)
    jobs = [[("parse_latex", {"text": c["args"]["text"]})] if c["fn"] == "expr.parse_latex" else []
            for c in cases]
    parsed = failed = null_values = timeouts = 0
    t0 = time.monotonic()
    for c, outcomes in zip(cases, pool.run(jobs)):
        if not outcomes:
            out = {"ok": False, "error": {"kind": "unknown_function", "message": c["fn"]}}
        else:
            res = _result(outcomes[0], pool.limit)
            if res["ok_parse"]:
                parsed += 1
                null_values += any(v is None for v in res["values"])
            else:
                failed += 1
                timeouts += outcomes[0][0] == "timeout"
            out = {"ok": True, "result": res}
        yield dict(c, oracle=out)
    slow = max(pool.seconds, default=0.0)
    print(f"{label}: parsed {parsed}, failed to parse {failed} ({timeouts} timeouts); "
          f"{null_values} parsed with a null value; slowest {slow:.2f} s, {time.monotonic() - t0:.0f} s in all")


if __name__ == "__main__":
    import protocol
    protocol.serve(answer)
