"""SQuAD-style exact match and F1 (document 002, spec/qa.md).

``reference`` is one string or a list of acceptable ones (the maximum over them).
Options: ``normalize`` (default True), ``stem``, ``unicode_punctuation``, ``keep_numbers``.

>>> from scorespec import qa
>>> round(qa.f1("The capital of France is Paris.", "paris"), 4)
0.3333
"""

from __future__ import annotations

from typing import Sequence, Union

from . import _native
from ._native import qa_normalize as normalize

__all__ = ["exact_match", "f1", "normalize"]


def exact_match(prediction: str, reference: Union[str, Sequence[str]], **options: bool) -> float:
    """1.0 when the normalized prediction equals a normalized reference, else 0.0."""
    return _native.qa_score("exact_match", prediction, reference, **options)


def f1(prediction: str, reference: Union[str, Sequence[str]], **options: bool) -> float:
    """The token F1 of the prediction against the best reference (SQuAD's definition)."""
    return _native.qa_score("f1", prediction, reference, **options)
