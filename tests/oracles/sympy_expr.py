"""Adapter: SymPy as an implementation of the expression engine's functions,
for ``scorespec conformance`` (scripts/conformance-oracles).

Answers, over the JSONL protocol (protocol.py):

``expr.parse_infix {text}``
    ``str(parse_expr(text))``: SymPy's reading of the infix string with its
    standard transformations plus ``implicit_multiplication`` and
    ``convert_xor`` (``^`` is a power, as in our infix, spec/expr.md EX-7),
    and SymPy's automatic simplification; our canonical infix is SymPy's
    ``str`` style (EX-3).
``expr.evaluate {text, format, at}``
    the value of the expression at ``at`` (numbers or ``{re, im}`` as exact
    rationals), ``evalf`` at 30 digits: a float when real, ``{re, im}`` when
    not; the error ``undefined`` when SymPy's value is ``nan``/``zoo``/
    ``±oo`` or symbols are left.
``expr.equivalent {a, b, format}``
    ``{"equal": bool}``, compared with ``--key equal``: ``simplify(a - b) == 0``
    when both sides are expressions, SymPy's structural ``==`` after
    ``simplify`` otherwise (sets, intervals, tuples, relations, matrices).

``format`` ``infix`` is read by ``parse_expr`` as above; ``latex`` (the
default) by latex2sympy2_extended as math-verify configures it
(latex2sympy_oracle.read): SymPy has a LaTeX parser of its own, but it needs
antlr4 4.11 and the pinned runtime is 4.13.2 (latex2sympy2_extended's). ``rpn``
is refused (``invalid_value``): SymPy has no RPN reader. A text that does
not parse is the error ``parse_error``.

Each call runs in one persistent worker process (sympy_oracle.Worker), killed
and replaced after TIME_LIMIT seconds on one case: the answer is then the error
``timeout``. The worker runs
with PYTHONHASHSEED=0 and SYMPY_GROUND_TYPES=python.
"""
import sys

import sympy_oracle
from protocol import Refused, serve

NAME = "sympy"
# Seconds per case: 4 times the recordings' limit (sympy_oracle.TIME_LIMIT), because the slowest
# corpus cases (integrals with simplify) take 1-4 s on a loaded 2-core machine; below
# scripts/conformance-oracles' --timeout-ms of 60 s.
TIME_LIMIT = 4 * sympy_oracle.TIME_LIMIT
EVALF_DIGITS = 30


def version():
    import latex2sympy_oracle
    return f"sympy {sympy_oracle.version()}; LaTeX read by {latex2sympy_oracle.version()}"


# =================================================================== worker

_TRANSFORMATIONS = None


def parse_infix(text):
    global _TRANSFORMATIONS
    from sympy.parsing.sympy_parser import (convert_xor, implicit_multiplication, parse_expr,
                                            standard_transformations)
    if _TRANSFORMATIONS is None:
        _TRANSFORMATIONS = standard_transformations + (implicit_multiplication, convert_xor)
    return parse_expr(text, transformations=_TRANSFORMATIONS)


def read(text, fmt):
    """(expr, None) or (None, (kind, message))."""
    if fmt not in ("infix", "latex"):
        return None, ("invalid_value", f"format {fmt!r}: SymPy reads infix, and LaTeX through latex2sympy2_extended")
    try:
        if fmt == "infix":
            return parse_infix(text), None
        import latex2sympy_oracle
        return latex2sympy_oracle.read(text), None
    except Exception as e:
        return None, ("parse_error", sympy_oracle.describe(e))


def _rational(v):
    import sympy
    if isinstance(v, dict):
        return sympy.Rational(repr(float(v["re"]))) + sympy.I * sympy.Rational(repr(float(v["im"])))
    return sympy.Rational(repr(float(v))) if isinstance(v, float) else sympy.Integer(v)


def op_parse_infix(args):
    e, err = read(args["text"], "infix")
    return {"refused": err} if err else {"value": str(e)}


def op_evaluate(args):
    import sympy
    e, err = read(args["text"], args.get("format", "latex"))
    if err:
        return {"refused": err}
    if not isinstance(e, sympy.Expr):
        return {"refused": ("undefined", f"{sympy_oracle.short(e)} is not a number")}
    at = args.get("at") or {}
    subs = {s: _rational(at[s.name]) for s in e.free_symbols if isinstance(s, sympy.Symbol) and s.name in at}
    v = e.subs(subs).evalf(EVALF_DIGITS)
    if v.free_symbols or v.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
        return {"refused": ("undefined", f"the value is {sympy_oracle.short(v)}")}
    re_, im_ = (float(x) for x in v.as_real_imag())
    return {"value": re_ if im_ == 0 else {"re": re_, "im": im_}}


def op_equivalent(args):
    import sympy
    fmt = args.get("format", "latex")
    a, err = read(args["a"], fmt)
    if err:
        return {"refused": err}
    b, err = read(args["b"], fmt)
    if err:
        return {"refused": err}
    if isinstance(a, sympy.Expr) and isinstance(b, sympy.Expr):
        return {"value": {"equal": bool(sympy.simplify(a - b) == 0)}}
    return {"value": {"equal": bool(sympy.simplify(a) == sympy.simplify(b))}}


OPS = {"expr.parse_infix": op_parse_infix, "expr.evaluate": op_evaluate, "expr.equivalent": op_equivalent}


def worker_main():
    sympy_oracle.serve_worker(OPS)


# ================================================================== adapter

_WORKER = sympy_oracle.Worker("sympy_expr", limit=TIME_LIMIT)


def answer(fn, args):
    if fn not in OPS:
        raise KeyError(fn)
    kind, v = _WORKER.call(fn, args)
    if kind == "timeout":
        raise Refused("timeout", f"SymPy took longer than {TIME_LIMIT:g} s")
    if kind != "ok":
        raise Refused("internal_error", f"{kind}: {v}")
    if "refused" in v:
        raise Refused(*v["refused"])
    return v["value"]


if __name__ == "__main__":
    sys.setrecursionlimit(10000)
    serve(answer)
