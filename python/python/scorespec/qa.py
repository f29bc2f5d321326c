"""SQuAD-style exact match and F1 (document 002, spec/qa.md).

``reference`` is one string or a list of acceptable ones (the maximum over them).
Options: ``normalize`` (default True), ``stem``, ``unicode_punctuation``, ``keep_numbers``.

>>> from scorespec import qa
>>> round(qa.f1("The capital of France is Paris.", "paris"), 4)
0.3333
"""

from __future__ import annotations

from ._native import qa_exact_match as exact_match
from ._native import qa_f1 as f1
from ._native import qa_normalize as normalize

__all__ = ["exact_match", "f1", "normalize"]
