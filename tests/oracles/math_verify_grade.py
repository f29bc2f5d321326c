"""Adapter: HuggingFace math-verify as an implementation of ``math.grade`` and
``math.equal``, for ``scorespec conformance --key equal``
(scripts/conformance-oracles).

Answers ``{"equal": bool}``, math-verify's verdict:

``math.grade {gold, response, …}``
    ``verify(parse(gold, targets), parse(response, targets))``: math-verify
    extracts the answer from both texts, as our judge does (spec/math.md MV-1).
``math.equal {reference, prediction, …}``
    the same with ``\\boxed{reference}`` and ``\\boxed{prediction}``: the two
    answers are already extracted, and a box makes math-verify's parse read
    all of each (as MV-1 writes the ``sympy_expr_eq`` cases).

Options are mapped the other way round from spec/math.md MV-2:
``formulas_only: true`` → targets ``(LatexExtractionConfig(),)`` (otherwise
parse's default targets, LaTeX and expressions); ``relation_for_interval`` →
``allow_set_relation_comp`` (true when not given: our default, false in
math-verify); ``abs_tol: 10^-N`` → ``float_rounding: N`` (any
other ``abs_tol`` is refused); ``repeating_decimals: false`` is
math-verify's reading (it has no ME-20; given true, it is refused);
``strict: false`` is math-verify's only extraction. Every other option (``strict: true``, ``include_percentage``,
``rel_tol``, ``decimal_rounding``, ``degrees_as_radians``, ``compare_sets``,
``abs_tol_everywhere``…) has no counterpart and is refused with
``invalid_value``; scripts/conformance-oracles leaves those cases out with
``--without-arg``.

Time: math-verify bounds its own work with ``signal.alarm`` limits, here
PARSE_LIMIT seconds for each ``parse`` and VERIFY_LIMIT for ``verify`` (its
defaults are 5 s); the adapter answers in the main thread of one process, so
the alarms work, and a case with one gold takes at most 2 * PARSE_LIMIT +
VERIFY_LIMIT = 45 s (scripts/conformance-oracles' --timeout-ms is 60 s). A part that
runs out of time counts as math-verify's own rule says (a parse finds
nothing, a comparison is "not equal") and the adapter writes a line naming
the case to stderr, so a verdict changed by a slow machine is visible. The
limits are 3 times math-verify's defaults because two corpus cases come near
5 s on a loaded 2-core machine: 201 nested parentheses (parse gives up after
seconds; "not equal" either way) and a sum with a commuted body (equal).
"""
import json
import logging
import math
import sys

import math_verify_oracle
from protocol import Refused, serve

NAME = "math-verify"
PARSE_LIMIT = 15  # seconds, each parse (math-verify's default: 5)
VERIFY_LIMIT = 15  # seconds, verify (math-verify's default: 5)

# The options each function takes that have a counterpart (MV-2).
_MAPPED = {
    "math.grade": {"gold", "response", "strict", "formulas_only", "relation_for_interval", "abs_tol",
                   "repeating_decimals"},
    "math.equal": {"reference", "prediction", "relation_for_interval", "abs_tol", "repeating_decimals"},
}


def version():
    return math_verify_oracle.version()


def _float_rounding(abs_tol):
    n = round(-math.log10(abs_tol)) if isinstance(abs_tol, (int, float)) and 0 < abs_tol < 1 else 0
    if n < 1 or abs(abs_tol - 10.0 ** -n) > 1e-12 * abs_tol:
        raise Refused("invalid_value", f"abs_tol {abs_tol}: math-verify rounds to N decimals (float_rounding), "
                                       "so only a power of ten 10^-N maps")
    return n


def answer(fn, args):
    from math_verify import ExprExtractionConfig, LatexExtractionConfig, parse, verify
    if fn not in _MAPPED:
        raise KeyError(fn)
    extra = sorted(set(args) - _MAPPED[fn])
    if extra:
        raise Refused("invalid_value", f"math-verify has no counterpart of {', '.join(extra)} (spec/math.md MV-2)")
    if args.get("strict", False) is not False:
        raise Refused("invalid_value", "math-verify has no strict extraction (strict: true)")
    if args.get("repeating_decimals", False) is not False:
        raise Refused("invalid_value", "math-verify has no reading of rounded repeating decimals "
                                       "(repeating_decimals: true; spec/math.md ME-20)")
    if fn == "math.grade":
        golds, pred, box = args["gold"], args["response"], "{}"
    else:
        golds, pred, box = args["reference"], args["prediction"], "\\boxed{{{}}}"
    targets = [LatexExtractionConfig()]
    if not args.get("formulas_only", False):
        targets.append(ExprExtractionConfig())
    options = {"allow_set_relation_comp": bool(args.get("relation_for_interval", True))}
    if "abs_tol" in args:
        options["float_rounding"] = _float_rounding(args["abs_tol"])
    # Several golds: verify takes the list of all their parses (equal when any matches).
    g = [x for gold in _texts(golds) for x in parse(box.format(gold), targets, parsing_timeout=PARSE_LIMIT)]
    p = parse(box.format(_texts(pred, one=True)[0]), targets, parsing_timeout=PARSE_LIMIT)
    equal = bool(verify(g, p, timeout_seconds=VERIFY_LIMIT, **options))
    if _TIMEOUTS.records:
        case = json.dumps(args, ensure_ascii=False)
        print(f"math_verify_grade.py: {fn} {case[:200]}: " + "; ".join(_TIMEOUTS.records)[:300], file=sys.stderr)
        _TIMEOUTS.records.clear()
    return {"equal": equal}


class _Timeouts(logging.Handler):
    """Collects math-verify's "Timeout during …" warnings; swallows the rest."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.records = []

    def emit(self, record):
        message = record.getMessage()
        if message.startswith("Timeout"):
            self.records.append(message.split(":")[0])


_TIMEOUTS = _Timeouts()


def _texts(value, one=False):
    """A text, or (unless ``one``) a list of texts and numbers, as strings; math-verify's
    parse takes a string, so anything else is refused (wrong_type)."""
    items = value if isinstance(value, list) and not one else [value]
    if all(isinstance(v, str) or (isinstance(v, (int, float)) and not isinstance(v, bool)) for v in items):
        return [v if isinstance(v, str) else repr(v) for v in items]
    raise Refused("wrong_type", f"{value!r}: math-verify parses a text")


if __name__ == "__main__":
    log = logging.getLogger("math_verify")
    log.setLevel(logging.WARNING)
    log.addHandler(_TIMEOUTS)
    log.propagate = False
    serve(answer)
