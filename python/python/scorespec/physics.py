"""Physics answer normalization and equality (document 003, spec/physics.md).

>>> from scorespec import physics
>>> physics.equal("2/3", r"\\frac{2}{3}")["equal"]
True
"""

from __future__ import annotations

from typing import Any

from . import _native
from ._registry import family_functions

__all__ = ["normalize_answer", "equal"]


def normalize_answer(answer: str) -> dict[str, Any]:
    """The answer's category and normalized value (``{"category", "value"}``)."""
    return _native.physics_normalize_answer(answer)


def equal(a: str, b: str, rel_tol: float = 1e-9, abs_tol: float = 0.0) -> dict[str, Any]:
    """Whether two physics answers are equal: ``{equal, rule, a_normalized, b_normalized}``."""
    return _native.physics_equal(a, b, rel_tol, abs_tol)


# The other registry functions of the family (normalize_text, normalize_number, …).
_more = family_functions("physics", exclude=set(__all__))
globals().update(_more)
__all__ += sorted(_more)
