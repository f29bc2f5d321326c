"""OpenRLHF: a remote/custom reward function.

OpenRLHF calls ``reward_func(queries, prompts, labels)`` (``--remote_rm_url /path/to/file.py``
loads a module's ``reward_func``), on a worker thread inside a Ray actor; ``queries`` are the
prompt and the response together. It returns ``{"rewards", "scores", "extra_logs"}`` (tensors
when torch is importable, else lists)::

    # reward.py given to --remote_rm_url
    from scorespec.integrations.openrlhf import reward_func
"""

from __future__ import annotations

from typing import Any, Sequence

import scorespec

from ._common import gold_or_none


def _tensor(xs: list[float]) -> Any:
    try:
        import torch
    except ImportError:
        return xs
    return torch.tensor(xs, dtype=torch.float32)


def make_reward_func(**options: Any):
    """A ``reward_func(queries, prompts, labels)`` with the options of :func:`scorespec.grade`."""
    scorespec.grade("1", "1", **options)

    def reward_func(queries: Sequence[str], prompts: Sequence[str], labels: Sequence[Any], **kwargs: Any) -> dict:
        if not (len(queries) == len(prompts) == len(labels)):
            raise ValueError(f"queries, prompts and labels differ in length: {len(queries)}, {len(prompts)}, {len(labels)}")
        responses = [q[len(p):] if isinstance(q, str) and isinstance(p, str) and q.startswith(p) else q for q, p in zip(queries, prompts)]
        golds = [gold_or_none(g) for g in labels]
        scores = [0.0] * len(queries)
        idx = [i for i, g in enumerate(golds) if g is not None]
        verdicts = scorespec.grade_many([golds[i] for i in idx], [responses[i] for i in idx], **options)
        for i, v in zip(idx, verdicts):
            scores[i] = v.score
        n = max(1, len(queries))
        extra = {
            "scorespec/accuracy": sum(scores) / n,
            "scorespec/no_answer": sum(v.outcome == "no_answer" for v in verdicts) / n,
        }
        return {"rewards": _tensor(scores), "scores": _tensor(scores), "extra_logs": {k: _tensor([x]) for k, x in extra.items()}}

    return reward_func


reward_func = make_reward_func()
