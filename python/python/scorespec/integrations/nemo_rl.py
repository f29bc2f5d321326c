"""NeMo-RL: a math verify worker.

NeMo-RL's math environment calls, on a Ray worker,
``verify(pred_responses, ground_truths, return_extracted_answer=False, **kw) -> list[float]``
(with ``return_extracted_answer=True``: ``(scores, extracted_answers)``). Wrap the class with
``ray.remote`` as NeMo-RL wraps its own worker::

    from scorespec.integrations.nemo_rl import ScorespecVerifyWorker
    worker = ray.remote(ScorespecVerifyWorker).remote()
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Union

import scorespec

from ._common import gold_or_none


class ScorespecVerifyWorker:
    def __init__(self, **options: Any) -> None:
        scorespec.grade("1", "1", **options)
        self.options = options

    def verify(
        self,
        pred_responses: Sequence[str],
        ground_truths: Sequence[Any],
        return_extracted_answer: bool = False,
        **kw: Any,
    ) -> Union[list[float], tuple[list[float], list[Optional[str]]]]:
        if len(pred_responses) != len(ground_truths):
            raise ValueError(f"{len(pred_responses)} responses but {len(ground_truths)} ground truths")
        golds = [gold_or_none(g) for g in ground_truths]
        idx = [i for i, g in enumerate(golds) if g is not None]
        verdicts = scorespec.grade_many([golds[i] for i in idx], [pred_responses[i] for i in idx], **self.options)
        scores = [0.0] * len(pred_responses)
        answers: list[Optional[str]] = [None] * len(pred_responses)
        for i, v in zip(idx, verdicts):
            scores[i] = v.score
            answers[i] = v.response_extracted.answer if v.response_extracted else None
        return (scores, answers) if return_extracted_answer else scores


def verify(pred_responses: Sequence[str], ground_truths: Sequence[Any], return_extracted_answer: bool = False, **kw: Any):
    """The worker's ``verify`` with default options, as a function."""
    return ScorespecVerifyWorker().verify(pred_responses, ground_truths, return_extracted_answer, **kw)
