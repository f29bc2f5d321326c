"""scorespec: graders for LLM outputs — math answer equivalence, SQuAD exact match / F1,
physics answers, word puzzles, Fredholm solutions.

Every call is bounded by construction: no timeouts, no signals, no exception on content
(an empty, garbage or huge answer is an outcome). The GIL is released for the work, batches
run on the package's own thread pool (safe after ``fork``), and programmer errors are
``TypeError`` / ``ValueError``.

>>> import scorespec
>>> v = scorespec.grade(r"\\frac{1}{2}", r"The probability is $\\boxed{0.5}$.")
>>> v.equal, v.outcome == "equal", v.response_extracted.answer
(True, True, '0.5')
"""

from __future__ import annotations

import logging as _logging
from typing import Any, Iterable, Optional, Sequence, Union

from . import _native
from ._native import Extracted, Verdict, equal, extract_answer, grade, majority
from ._threads import default_threads, resolve_threads
from .errors import CallError, CallTypeError

__all__ = [
    "Verdict",
    "Extracted",
    "grade",
    "grade_many",
    "score_many",
    "equal",
    "extract_answer",
    "majority",
    "call",
    "functions",
    "default_threads",
    "CallError",
    "CallTypeError",
    "qa",
    "puzzles",
    "physics",
    "fredholm",
]

__version__ = "0.1.0"

_log = _logging.getLogger("scorespec")
_log.addHandler(_logging.NullHandler())

Gold = Union[str, Sequence[str]]


def grade_many(
    golds: Sequence[Gold],
    responses: Sequence[str],
    *,
    threads: Optional[int] = None,
    **options: Any,
) -> list[Verdict]:
    """Grades ``responses[i]`` against ``golds[i]`` for every i, in parallel; order kept.

    ``threads``: an explicit count, else ``SCORESPEC_THREADS``, else the CPUs Ray assigned
    (inside a Ray worker), else the CPU affinity limited by the cgroup quota.
    A length mismatch is a ``ValueError``; a wrong type a ``TypeError``.
    """
    out = _native._grade_many(golds, responses, resolve_threads(threads), options)
    failed = sum(1 for v in out if v.outcome == "internal_error")
    if failed:
        _log.error("scorespec: %d item(s) hit an internal error (a bug; please report it)", failed)
    return out


def score_many(
    golds: Sequence[Gold],
    responses: Sequence[str],
    *,
    correct: Optional[float] = 1.0,
    incorrect: Optional[float] = 0.0,
    no_answer: Optional[float] = 0.0,
    threads: Optional[int] = None,
    **options: Any,
) -> list[Optional[float]]:
    """Rewards of :func:`grade_many`: ``correct`` when equal, ``no_answer`` when the response has
    no answer, ``incorrect`` otherwise (``None`` for an item that hit an internal error)."""
    out: list[Optional[float]] = []
    for v in grade_many(golds, responses, threads=threads, **options):
        o = v.outcome
        if o == "equal":
            out.append(correct)
        elif o == "no_answer":
            out.append(no_answer)
        elif o == "internal_error":
            out.append(None)
        else:
            out.append(incorrect)
    return out


_TYPE_KINDS = {"missing_argument", "unknown_argument", "wrong_type", "invalid_field"}


def call(fn_id: str, /, **args: Any) -> Any:
    """Calls any registered spec function by id (``scorespec.call("qa.f1", prediction=..., reference=...)``)
    with JSON-like arguments; returns its JSON result as Python values.

    Errors of the call are :class:`CallError` (a ``ValueError``) with the registry's ``kind``;
    a missing, unknown or mistyped argument is a :class:`CallTypeError` (also a ``TypeError``).
    """
    if not isinstance(fn_id, str):
        raise TypeError(f"fn_id must be a str, not {type(fn_id).__name__}")
    kind, message, result = _native._call(fn_id, args, default_threads())
    if kind is None:
        return result
    if kind in _TYPE_KINDS:
        raise CallTypeError(kind, message)
    raise CallError(kind, message)


def functions() -> list[dict[str, Any]]:
    """Every registered function with its arguments: the list of ``scorespec list --json``."""
    return _native._functions()


from . import fredholm, physics, puzzles, qa  # noqa: E402
