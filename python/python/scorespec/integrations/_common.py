from __future__ import annotations

import re
from typing import Any, Optional

GRADE_OPTIONS = frozenset(
    {
        "strict", "formulas_only", "rel_tol", "abs_tol", "abs_tol_everywhere", "include_percentage",
        "percent_rel_tol", "compare_sets", "ascii_only", "degrees_as_radians", "relation_for_interval",
        "decimal_rounding", "repeating_decimals",
    }
)


def completion_text(c: Any) -> str:
    """The text of a completion: a string, or a chat message list (the last message's content),
    or one message dict."""
    if isinstance(c, str):
        return c
    if isinstance(c, dict):
        return completion_text(c.get("content", ""))
    if isinstance(c, (list, tuple)):
        if not c:
            return ""
        if all(isinstance(m, dict) for m in c):
            assistant = [m for m in c if m.get("role", "assistant") == "assistant"]
            return completion_text((assistant or list(c))[-1])
        # A list of content parts ({"type": "text", "text": ...}) or strings.
        return "".join(p if isinstance(p, str) else str(p.get("text", "")) for p in c)
    raise TypeError(f"a completion must be a str or a list of chat messages, not {type(c).__name__}")


def gold_or_none(g: Any) -> Optional[Any]:
    """A gold answer (str or non-empty list of str), or None when it cannot be read."""
    if isinstance(g, str):
        return g if g.strip() else None
    if isinstance(g, (list, tuple)):
        items = [x for x in g if isinstance(x, str) and x.strip()]
        return items or None
    if isinstance(g, (int, float)) and not isinstance(g, bool):
        return repr(g) if isinstance(g, float) else str(g)
    return None


_ANSWER_TAG = re.compile(r"<answer>(.*?)</answer>", re.S)


def tagged_answer(text: str) -> str:
    """The content of the last ``<answer>…</answer>`` block, else the whole text."""
    found = _ANSWER_TAG.findall(text)
    return found[-1].strip() if found else text.strip()
