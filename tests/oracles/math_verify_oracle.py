"""Oracle: HuggingFace math-verify's verdict on the 347 cases of its own test suite.

The cases are ``../shared/data/math-verify-cases.jsonl`` (one JSON object a
line: ``id, gold, pred, expected, source, harness, options, test, origin``).
Each case is graded the way the math-verify test that it comes from calls
the library (tests of the huggingface/Math-Verify repository):

``compare_strings``
    the helper of ``tests/test_all.py`` (the data file gives the cases of
    test_boxed.py, test_strict.py, test_numina_cases.py and
    test_open_thoughts.py the same harness): one
    extraction target per entry of ``match_types`` (``"latex"`` →
    ``LatexExtractionConfig(boxed_match_priority=0)``, ``"expr"`` →
    ``ExprExtractionConfig()``), ``parse`` of gold and of pred with these
    targets, then ``verify(gold, pred, float_rounding=precision,
    strict=strict, allow_set_relation_comp=...)`` with the helper's defaults
    precision 6, strict True, allow_set_relation_comp False.
``parse_verify``
    ``verify(parse(gold, targets), parse(pred, targets))`` with verify's
    defaults (test_yujianll.py: parse's default targets, i.e. LaTeX with
    boxed_match_priority 50 and expressions; test_mixed_number_extraction.py:
    ``(ExprExtractionConfig(),)``).
``sympy_expr_eq``
    ``math_verify.grader.sympy_expr_eq(gold, pred, float_rounding=...,
    numeric_precision=...)`` on the SymPy values the test builds
    (``sympy.Rational(1, 3)``, ``sympy.Float(0.333)``...).

Determinism: math-verify guards ``parse`` and ``verify`` with signal.alarm
time limits (5 s by default), so a loaded machine could record a different
verdict. Every call here passes ``parsing_timeout=None`` /
``timeout_seconds=None``, which turns the alarms off; the slowest case takes
well under a second. ``record`` runs the grading in a child process with
PYTHONHASHSEED=0 so nothing depends on the hash seed of the caller.

The answer for a case is

    {"equal": bool,              # math-verify's verdict
     "default_equal": bool,      # its verdict with its own defaults (below)
     "gold_parsed": [str, ...],  # str() of what parse() returned for gold
     "pred_parsed": [str, ...]}  # ... and for pred ([] for sympy_expr_eq)

``default_equal`` is what math-verify says when the case is given to it
with no option at all: ``verify(parse(gold), parse(pred))`` with parse's
default targets and verify's defaults (``sympy_expr_eq`` with verify's
defaults, float_rounding 6 and numeric_precision 15, for the SymPy-value
tests). Where it differs from ``equal``, the test's own options decide its
verdict; the default-options trial (spec/math.md MV-5) then takes it as the
verdict under default options.
"""
import importlib.metadata
import json
import logging
import os
import re
import subprocess
import sys

NAME = "math-verify"
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CASES = os.path.join(ROOT, "..", "shared", "data", "math-verify-cases.jsonl")
DETAIL_MAX = 200

# The compare_strings helper's defaults (tests/test_all.py).
HELPER_PRECISION = 6
HELPER_BOXED_PRIORITY = 0
# LatexExtractionConfig's default boxed_match_priority (parse's default targets).
LIBRARY_BOXED_PRIORITY = 50
# verify's defaults for float_rounding and numeric_precision (math-verify 0.9.0).
VERIFY_PRECISION = 6
VERIFY_NUMERIC_PRECISION = 15


def version():
    v = importlib.metadata.version
    return (f"math-verify {v('math-verify')}; latex2sympy2_extended {v('latex2sympy2_extended')}; "
            f"sympy {v('sympy')}; antlr4-python3-runtime {v('antlr4-python3-runtime')}")


def load_cases(path=CASES):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def short(s, n=DETAIL_MAX):
    s = re.sub(r"0x[0-9a-fA-F]+", "0x…", str(s))
    return s if len(s) <= n else s[: n - 1] + "…"


# ================================================================== grading

def _quiet():
    # parse/verify warn once that their time limit is off: expected here.
    for name in ("math_verify", "math_verify.parser", "math_verify.grader"):
        logging.getLogger(name).setLevel(logging.ERROR)


def _targets(options, boxed_default):
    from math_verify import ExprExtractionConfig, LatexExtractionConfig
    out = []
    for kind in options.get("match_types", ["latex", "expr"]):
        if kind == "latex":
            out.append(LatexExtractionConfig(
                boxed_match_priority=options.get("boxed_match_priority", boxed_default)))
        elif kind == "expr":
            out.append(ExprExtractionConfig())
        else:
            raise ValueError(f"unknown match type {kind!r}")
    return out


_SYMPY_CALL = re.compile(r"^\s*sympy\.(Rational|Float|Integer)\(([^()]*)\)\s*(?:\+\s*(-?\d+))?\s*$")


def sympy_value(text):
    """The SymPy value a test_precision line builds, e.g. ``sympy.Rational(1, 3) + 1``.

    Only the three constructors those tests use, with number literals, and
    an optional ``+ integer``; anything else is an error (no eval)."""
    import sympy
    m = _SYMPY_CALL.match(text)
    if not m:
        raise ValueError(f"not a sympy constructor call: {text!r}")
    ctor, inner, plus = m.groups()
    args = [a.strip() for a in inner.split(",")]
    if ctor == "Rational":
        v = sympy.Rational(int(args[0]), int(args[1]))
    elif ctor == "Integer":
        v = sympy.Integer(int(args[0]))
    else:
        v = sympy.Float(float(args[0]))  # the test passes a Python float
    return v + int(plus) if plus else v


def grade(case):
    """math-verify's answer for one case (see the module docstring)."""
    from math_verify import parse, verify
    from math_verify.grader import sympy_expr_eq
    opts = case.get("options", {})
    harness = case["harness"]
    if harness == "sympy_expr_eq":
        equal = sympy_expr_eq(sympy_value(case["gold"]), sympy_value(case["pred"]),
                              float_rounding=opts["float_rounding"],
                              numeric_precision=opts["numeric_precision"])
        default = sympy_expr_eq(sympy_value(case["gold"]), sympy_value(case["pred"]),
                                float_rounding=VERIFY_PRECISION,
                                numeric_precision=VERIFY_NUMERIC_PRECISION)
        return {"equal": bool(equal), "default_equal": bool(default),
                "gold_parsed": [], "pred_parsed": []}
    if harness == "compare_strings":
        targets = _targets(opts, HELPER_BOXED_PRIORITY)
        gold = parse(case["gold"], targets, parsing_timeout=None)
        pred = parse(case["pred"], targets, parsing_timeout=None)
        equal = verify(gold, pred,
                       float_rounding=opts.get("float_rounding", HELPER_PRECISION),
                       strict=opts.get("strict", True),
                       allow_set_relation_comp=opts.get("allow_set_relation_comp", False),
                       timeout_seconds=None)
    elif harness == "parse_verify":
        targets = _targets(opts, LIBRARY_BOXED_PRIORITY)
        gold = parse(case["gold"], targets, parsing_timeout=None)
        pred = parse(case["pred"], targets, parsing_timeout=None)
        equal = verify(gold, pred, timeout_seconds=None)
    else:
        raise ValueError(f"unknown harness {harness!r}")
    default = verify(parse(case["gold"], parsing_timeout=None),
                     parse(case["pred"], parsing_timeout=None), timeout_seconds=None)
    return {"equal": bool(equal), "default_equal": bool(default),
            "gold_parsed": [short(x) for x in gold],
            "pred_parsed": [short(x) for x in pred]}


def clear_caches():
    """Forget math-verify's parse caches (lru_cache of the last 20 strings)."""
    from math_verify import parser
    for name in ("parse_latex_cached", "parse_expr_cached"):
        fn = getattr(parser, name, None)
        if fn is not None and hasattr(fn, "cache_clear"):
            fn.cache_clear()


# ========================================================== our arguments

def _sympy_to_latex_text(text):
    """``sympy.Rational(1, 3) + 1`` → ``\\frac{1}{3} + 1`` (the same value as a
    text our judge reads), boxed so that extraction takes all of it."""
    m = _SYMPY_CALL.match(text)
    ctor, inner, plus = m.groups()
    args = [a.strip() for a in inner.split(",")]
    body = f"\\frac{{{args[0]}}}{{{args[1]}}}" if ctor == "Rational" else args[0]
    if plus:
        body += f" + {plus}"
    return f"\\boxed{{{body}}}"


def our_args(case):
    """The arguments of ``math.grade`` for a case (spec/math.md, "The
    math-verify suite"): gold and pred as the test passes them; the options
    that have an equivalent in ours mapped, the others dropped:

    - always ``strict: false``: math-verify extracts the last answer-like
      formula or number from any text (it has no strict mode of extraction),
      so our non-strict extraction is the comparable one.
    - ``match_types: ["latex"]`` (LaTeX targets only) → ``formulas_only: true``:
      the fallback is a formula in math delimiters, never a bare number.
    - ``allow_set_relation_comp`` (default false) → ``relation_for_interval``:
      whether a predicted ``-2 \le x \le 7`` answers a gold ``x \in [-2,7]``
      (a gold relation accepts a predicted interval either way).
    - ``float_rounding: N`` (equal when both round to the same N decimals,
      applied when one side is a float) → ``abs_tol: 10^-N``: every pair
      math-verify accepts differs by less than 10^-N; and
      ``repeating_decimals: false``: the test states the precision, so a
      decimal rounded to fewer places (``0.333`` at N = 4) is not the
      rational's value (spec/math.md ME-20, MV-2).
    - ``match_types``, ``boxed_match_priority`` (which extractors run, and
      how boxed answers rank), ``numeric_precision`` (SymPy evalf digits),
      ``strict: false`` (free symbols matched by position): no equivalent,
      dropped.
    """
    opts = case.get("options", {})
    if case["harness"] == "sympy_expr_eq":
        gold, response = _sympy_to_latex_text(case["gold"]), _sympy_to_latex_text(case["pred"])
    else:
        gold, response = case["gold"], case["pred"]
    args = {
        "gold": gold,
        "response": response,
        "strict": False,
        "relation_for_interval": bool(opts.get("allow_set_relation_comp", False)),
        "formulas_only": opts.get("match_types") == ["latex"],
    }
    if "float_rounding" in opts:
        args["abs_tol"] = float(f"1e-{int(opts['float_rounding'])}")
        args["repeating_decimals"] = False
    return args


# ================================================================ recording

def _child():
    """Grade the cases of stdin (one JSON a line) and print the answers."""
    _quiet()
    for line in sys.stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        try:
            out = {"ok": True, "result": grade(case)}
        except Exception as e:  # recorded, not raised
            out = {"ok": False, "error": {"kind": type(e).__name__, "message": short(e)}}
        print(json.dumps(out, ensure_ascii=False), flush=True)


def answers(cases):
    """math-verify's answers for ``cases``, graded in order in one child process
    with PYTHONHASHSEED=0."""
    env = dict(os.environ, PYTHONHASHSEED="0", SYMPY_GROUND_TYPES="python", PYTHONIOENCODING="utf-8")
    code = f"import sys; sys.path.insert(0, {HERE!r}); import math_verify_oracle as m; m._child()"
    feed = "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases)
    p = subprocess.run([sys.executable, "-c", code], input=feed.encode("utf-8"),
                       stdout=subprocess.PIPE, env=env, check=True)
    out = [json.loads(l) for l in p.stdout.decode("utf-8").splitlines() if l.strip()]
    if len(out) != len(cases):
        raise RuntimeError(f"math-verify child answered {len(out)} of {len(cases)} cases")
    return out


KEPT = ("expected", "source", "harness", "origin", "options", "test")


def record(cases):
    """The recording lines: ``{"id", "fn": "math.grade", "args", "oracle"}`` plus
    the case's ``expected, source, harness, origin, options, test``."""
    cases = list(cases)
    agree = 0
    for c, out in zip(cases, answers(cases)):
        row = {"id": str(c["id"]), "fn": "math.grade", "args": our_args(c), "oracle": out}
        for k in KEPT:
            if k in c:
                row[k] = c[k]
        agree += out.get("ok") is True and out["result"]["equal"] == c["expected"]
        yield row
    print(f"math-verify.jsonl: {len(cases)} cases, math-verify agrees with expected on {agree}")


if __name__ == "__main__":
    _child()
