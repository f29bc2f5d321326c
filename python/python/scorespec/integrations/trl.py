"""TRL (GRPOTrainer) reward functions.

TRL calls a reward function as ``reward(prompts=..., completions=..., completion_ids=..., **columns)``
with one value per sample for each dataset column, and reads ``reward.__name__`` for its logs.
Completions are strings or chat message lists. ``None`` means "no reward for this sample".
TRL's async mode pickles the function into another process: :class:`MathReward` is a
module-level class, so it pickles::

    from scorespec.integrations.trl import math_reward
    trainer = GRPOTrainer(model=..., reward_funcs=[math_reward()], train_dataset=ds)  # ds has "solution"
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import scorespec

from ._common import completion_text, gold_or_none

OUTCOMES = ("equal", "not_equal", "unparseable", "no_answer", "budget_exceeded")


class MathReward:
    """A picklable TRL reward function grading completions against a dataset column."""

    def __init__(
        self,
        solution_column: str = "solution",
        correct: float = 1.0,
        incorrect: float = 0.0,
        no_answer: float = 0.0,
        threads: Optional[int] = None,
        name: str = "scorespec_math",
        **options: Any,
    ) -> None:
        self.solution_column = solution_column
        self.correct, self.incorrect, self.no_answer = correct, incorrect, no_answer
        self.threads = threads
        self.options = options
        self.__name__ = name
        # Check the options now, not at the first training step.
        scorespec.grade("1", "1", **options)

    def __call__(self, completions: Sequence[Any], **kwargs: Any) -> list[Optional[float]]:
        if self.solution_column not in kwargs:
            raise TypeError(
                f"the dataset has no column {self.solution_column!r} (columns: {sorted(kwargs)}); "
                "pass solution_column=... to math_reward()"
            )
        golds_in = list(kwargs[self.solution_column])
        if len(golds_in) != len(completions):
            raise ValueError(f"{len(completions)} completions but {len(golds_in)} solutions")
        texts = [completion_text(c) for c in completions]
        golds = [gold_or_none(g) for g in golds_in]
        idx = [i for i, g in enumerate(golds) if g is not None]
        verdicts = scorespec.grade_many([golds[i] for i in idx], [texts[i] for i in idx], threads=self.threads, **self.options)
        out: list[Optional[float]] = [None] * len(texts)
        counts = dict.fromkeys(OUTCOMES, 0)
        for i, v in zip(idx, verdicts):
            o = v.outcome
            counts[o] = counts.get(o, 0) + 1
            if o == "equal":
                out[i] = self.correct
            elif o == "no_answer":
                out[i] = self.no_answer
            elif o == "unparseable" and scorespec.equal(golds[i], golds[i]).outcome == "unparseable":
                out[i] = None  # the gold itself cannot be read
            elif o == "internal_error":
                out[i] = None
            else:
                out[i] = self.incorrect
        log_metric = kwargs.get("log_metric")
        if callable(log_metric) and texts:
            for o, n in counts.items():
                log_metric(f"scorespec/{o}", n / len(texts))
        return out


def math_reward(solution_column: str = "solution", **kwargs: Any) -> MathReward:
    """A :class:`MathReward` over ``solution_column`` (TRL's accuracy reward reads ``solution``)."""
    return MathReward(solution_column=solution_column, **kwargs)
