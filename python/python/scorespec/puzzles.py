"""Word-puzzle rewards (document 001, spec/puzzles.md): typos, connections, unscrambling.

>>> from scorespec import puzzles
>>> puzzles.score("typos", "<solution>extraordinary</solution>", "extraordinary")
1.0
"""

from __future__ import annotations

from . import _native

__all__ = ["score", "typos", "connections", "unscrambling", "DATA_SOURCES"]

DATA_SOURCES = ("typos", "connections", "unscrambling")


def score(data_source: str, model_output: str, label: str) -> float:
    """The reward of ``model_output`` against ``label`` with the scorer of ``data_source``
    (one of :data:`DATA_SOURCES`; another is a ``ValueError``). Range [0, 1]."""
    return _native.puzzles_score(data_source, model_output, label)


def typos(ground_truth: str, output: str) -> float:
    """1.0 when the ``<solution>`` of ``output`` is ``ground_truth``, else 0.0."""
    return _native.puzzles_one("typos", ground_truth, output)


def connections(ground_truth: str, output: str) -> float:
    """The fraction of the ground truth's groups found in ``output``'s ``<solution>``."""
    return _native.puzzles_one("connections", ground_truth, output)


def unscrambling(ground_truth: str, output: str) -> float:
    """The plot-ordering score of ``output``'s ``<PLOT_SUMMARY>`` against ``ground_truth``."""
    return _native.puzzles_one("unscrambling", ground_truth, output)
