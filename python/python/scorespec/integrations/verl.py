"""verl: a custom reward function.

verl calls ``compute_score(data_source=..., solution_str=..., ground_truth=..., extra_info=...)``
for every sample (on a thread pool inside Ray actors). Configure it with::

    custom_reward_function:
      path: pkg://scorespec.integrations.verl
      name: compute_score

The result has the same keys on every call (verl requires it): ``score``, ``acc``, ``pred``,
``outcome``, ``rule``. ``data_source`` chooses the grader: the word puzzles of document 001
(``typos``, ``connections``, ``unscrambling``), SQuAD-style QA (:data:`QA_SOURCES`, or any
``data_source`` containing ``qa``: exact match of the last ``<answer>`` block), else math.
"""

from __future__ import annotations

from typing import Any, Optional

import scorespec

from ._common import GRADE_OPTIONS, gold_or_none, tagged_answer

QA_SOURCES = frozenset(
    {"squad", "squad_v2", "nq", "triviaqa", "hotpotqa", "popqa", "2wikimultihopqa", "musique", "bamboogle"}
)


def _result(score: float, acc: bool, pred: str, outcome: str, rule: str) -> dict[str, Any]:
    return {"score": float(score), "acc": bool(acc), "pred": pred, "outcome": outcome, "rule": rule}


def _is_qa(data_source: str) -> bool:
    d = data_source.lower()
    return d in QA_SOURCES or "qa" in d.replace("/", "_").split("_") or d.endswith("qa")


def compute_score(
    data_source: str,
    solution_str: str,
    ground_truth: Any,
    extra_info: Optional[dict] = None,
    **kwargs: Any,
) -> dict[str, Any]:
    """verl's reward-function signature; options of :func:`scorespec.grade` may be given as
    ``reward_kwargs`` (other keyword arguments verl passes are ignored)."""
    ds = data_source if isinstance(data_source, str) else str(data_source)
    if ds in scorespec.puzzles.DATA_SOURCES:
        label = ground_truth if isinstance(ground_truth, str) else (extra_info or {}).get("label", "")
        s = scorespec.puzzles.score(ds, solution_str, str(label))
        return _result(s, s == 1.0, "", "equal" if s == 1.0 else "not_equal", ds)
    if _is_qa(ds):
        refs = ground_truth.get("target", ground_truth) if isinstance(ground_truth, dict) else ground_truth
        if hasattr(refs, "tolist"):  # numpy arrays in verl's non_tensor_batch
            refs = refs.tolist()
        refs = gold_or_none(refs)
        pred = tagged_answer(solution_str)
        if refs is None:
            return _result(0.0, False, pred, "no_answer", "no_gold")
        em = scorespec.qa.exact_match(pred, refs)
        return _result(em, em == 1.0, pred, "equal" if em == 1.0 else "not_equal", "qa.exact_match")
    options = {k: v for k, v in kwargs.items() if k in GRADE_OPTIONS}
    gold = gold_or_none(ground_truth.tolist() if hasattr(ground_truth, "tolist") else ground_truth)
    if gold is None:
        return _result(0.0, False, "", "no_answer", "no_gold")
    v = scorespec.grade(gold, solution_str, **options)
    pred = v.response_extracted.answer if v.response_extracted else ""
    return _result(v.score, v.equal, pred, v.outcome, v.rule)
