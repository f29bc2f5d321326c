"""lighteval: a sample-level math metric.

lighteval calls a sample-level metric as ``compute(doc, model_response, **kwargs) -> float`` with a
``Doc`` (``doc.get_golds()``; ``doc.choices[doc.gold_index]``) and a ``ModelResponse``
(``final_text`` / ``text``: one string per sample). :func:`metric` builds lighteval's
``SampleLevelMetric`` around :func:`compute` when lighteval is installed.
"""

from __future__ import annotations

from typing import Any

import scorespec

from ._common import completion_text, gold_or_none


def _golds(doc: Any) -> Any:
    if hasattr(doc, "get_golds"):
        return doc.get_golds()
    if isinstance(doc, dict):
        return doc.get("gold", doc.get("answer", doc.get("solution")))
    return getattr(doc, "gold", None)


def _prediction(model_response: Any) -> str:
    if isinstance(model_response, (str, list, dict)):
        return completion_text(model_response if not isinstance(model_response, list) else model_response[0])
    for attr in ("final_text", "text"):
        v = getattr(model_response, attr, None)
        if v:
            return completion_text(v[0] if isinstance(v, (list, tuple)) else v)
    return ""


def compute(doc: Any, model_response: Any, **options: Any) -> float:
    """1.0 when the model's answer equals one of the doc's golds, else 0.0."""
    gold = gold_or_none(_golds(doc))
    if gold is None:
        return 0.0
    return scorespec.grade(gold, _prediction(model_response), **options).score


def metric(name: str = "scorespec_math", **options: Any) -> Any:
    """lighteval's ``SampleLevelMetric`` computing :func:`compute` (needs lighteval)."""
    import numpy as np
    from lighteval.metrics.utils.metric_utils import SampleLevelMetric
    from lighteval.tasks.requests import SamplingMethod

    return SampleLevelMetric(
        metric_name=name,
        higher_is_better=True,
        category=SamplingMethod.GENERATIVE,
        sample_level_fn=lambda doc, model_response, **kw: compute(doc, model_response, **options),
        corpus_level_fn=np.mean,
    )
