"""Fredholm integral-equation solutions (document 005, spec/fredholm.md).

Each function is the registry function ``fredholm.<name>`` with the same keyword arguments
(``scorespec.functions()`` lists them); results are JSON-like Python values.

>>> from scorespec import fredholm
>>> sorted(fredholm.__all__)[:2]
['approx_coef', 'bleu']
"""

from __future__ import annotations

from ._registry import family_functions

globals().update(family_functions("fredholm"))
__all__ = sorted(n for n in family_functions("fredholm"))
