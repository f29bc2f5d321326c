"""Ray Data, Spark and Dask: grade a dataset of any size.

``grade_batch`` is a ``map_batches`` function for Ray Data (pandas, pyarrow or numpy-dict
batches); it adds the columns ``equal``, ``outcome``, ``rule`` and ``answer``::

    import ray
    from scorespec.integrations.ray import grade_batch
    ds = ray.data.read_json("s3://bucket/generations/")          # columns gold, response
    ds = ds.map_batches(grade_batch, batch_format="pandas")       # + equal, outcome, rule, answer
    ds.write_parquet("s3://bucket/graded/")

Inside a Ray task the package uses the CPUs Ray assigned to it (``num_cpus=``), never the
whole node. ``grade_frame`` is the same over one pandas DataFrame (Dask ``map_partitions``) or an
iterator of them (Spark ``mapInPandas``).
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, Optional, Union

import scorespec

from ._common import completion_text

RESULT_COLUMNS = ("equal", "outcome", "rule", "answer")


def _grade(golds: list, responses: list, threads: Optional[int], options: dict) -> dict[str, list]:
    golds = [g.tolist() if hasattr(g, "tolist") else g for g in golds]
    responses = [completion_text(r.tolist() if hasattr(r, "tolist") else r) for r in responses]
    vs = scorespec.grade_many(golds, responses, threads=threads, **options)
    return {
        "equal": [v.equal for v in vs],
        "outcome": [v.outcome for v in vs],
        "rule": [v.rule for v in vs],
        "answer": [v.response_extracted.answer if v.response_extracted else None for v in vs],
    }


def grade_batch(
    batch: Any,
    gold_column: str = "gold",
    response_column: str = "response",
    threads: Optional[int] = None,
    **options: Any,
) -> Any:
    """Grades one batch; returns a batch of the same kind with the result columns added."""
    mod = type(batch).__module__
    if mod.startswith("pandas"):
        import pandas as pd

        out = batch.copy()
        res = _grade(batch[gold_column].tolist(), batch[response_column].tolist(), threads, options)
        for k, v in res.items():
            # object columns: a missing answer stays None (pandas would make a str column's None NaN)
            out[k] = pd.Series(v, index=batch.index, dtype=bool if k == "equal" else object)
        return out
    if mod.startswith("pyarrow"):
        import pyarrow as pa

        res = _grade(batch.column(gold_column).to_pylist(), batch.column(response_column).to_pylist(), threads, options)
        out = batch
        for k in RESULT_COLUMNS:
            if k in out.column_names:
                out = out.drop([k])
        for k, typ in zip(RESULT_COLUMNS, (pa.bool_(), pa.string(), pa.string(), pa.string())):
            out = out.append_column(k, pa.array(res[k], type=typ))
        return out
    if isinstance(batch, dict):
        res = _grade(list(batch[gold_column]), list(batch[response_column]), threads, options)
        out = dict(batch)
        try:
            import numpy as np

            for k, v in res.items():
                out[k] = np.array(v, dtype=bool if k == "equal" else object)
        except ImportError:
            out.update(res)
        return out
    raise TypeError(f"a batch must be a pandas DataFrame, a pyarrow Table or a dict of columns, not {type(batch).__name__}")


def grade_frame(
    frames: Any,
    gold_column: str = "gold",
    response_column: str = "response",
    threads: Optional[int] = None,
    **options: Any,
) -> Union[Any, Iterator[Any]]:
    """A pandas DataFrame with the result columns added (Dask ``map_partitions``), or for an
    iterator of DataFrames an iterator of graded ones (Spark ``mapInPandas``)."""
    if type(frames).__module__.startswith("pandas"):
        return grade_batch(frames, gold_column, response_column, threads, **options)

    def gen(it: Iterable[Any]) -> Iterator[Any]:
        for df in it:
            yield grade_batch(df, gold_column, response_column, threads, **options)

    return gen(frames)
