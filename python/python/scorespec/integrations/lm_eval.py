"""lm-evaluation-harness: ``process_results`` for a generate-until math task.

lm-eval calls ``process_results(doc, results) -> dict`` with the dataset row and the list of
generations; in a task YAML: ``process_results: !function scorespec_lm_eval.process_results``
(a file in the task folder re-exporting this function), with a metric ``exact_match``
aggregated by ``mean``.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import scorespec

from ._common import completion_text, gold_or_none

GOLD_KEYS = ("answer", "solution", "gold", "target")


def make_process_results(gold_key: str | None = None, metric: str = "exact_match", **options: Any) -> Callable[[dict, Sequence[Any]], dict]:
    scorespec.grade("1", "1", **options)

    def process_results(doc: dict, results: Sequence[Any]) -> dict:
        keys = (gold_key,) if gold_key else GOLD_KEYS
        gold = next((doc[k] for k in keys if k in doc), None)
        gold = gold_or_none(gold)
        response = completion_text(results[0]) if results else ""
        if gold is None:
            return {metric: 0.0}
        return {metric: scorespec.grade(gold, response, **options).score}

    return process_results


process_results = make_process_results()
