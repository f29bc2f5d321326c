#!/usr/bin/env python3
"""Grade a generated dataset with Ray Data and check it against the in-process grade_many.

    python examples/ray_grade.py                        # a local Ray cluster
    python examples/ray_grade.py --address auto         # a running multi-node cluster
    python examples/ray_grade.py --rows 10000000 --address ray://head:10001

On a real job, replace ``generate`` with ``ray.data.read_json(...)`` / ``read_parquet(...)``
of rows {gold, response} and ``to_pandas()`` with ``write_parquet(...)``.
"""

from __future__ import annotations

import argparse
import time

import scorespec
from scorespec.integrations.ray import grade_batch


def generate(n: int) -> tuple[list, list[str]]:
    """Rows of several kinds: equal integers, fractions against decimals, wrong answers,
    no answer, lists of acceptable golds with answer phrases, long reasoning before the answer."""
    golds: list = []
    responses: list[str] = []
    for i in range(n):
        k = i % 6
        if k == 0:
            golds.append(str(i % 997))
            responses.append(rf"We compute... so the answer is $\boxed{{{i % 997}}}$.")
        elif k == 1:
            golds.append(rf"\frac{{{i % 7 + 1}}}{{2}}")
            responses.append(f"The answer is {(i % 7 + 1) / 2}")
        elif k == 2:
            golds.append(str(i))
            responses.append(rf"\boxed{{{i + 1}}}")
        elif k == 3:
            golds.append("x^2+1")
            responses.append("I am not sure.")
        elif k == 4:
            golds.append([str(i % 5), f"x={i % 5}"])
            responses.append(rf"Therefore $x = {i % 5}$, i.e. \boxed{{x={i % 5}}}")
        else:
            golds.append(r"\sqrt{2}")
            responses.append("step " * 50 + r"\boxed{2^{1/2}}")
    return golds, responses


def grade_with_ray(golds: list, responses: list[str], blocks: int = 8, batch_size: int = 5000):
    """The graded rows (a pandas DataFrame in input order) through Ray Data map_batches."""
    import pandas as pd
    import ray

    # Arrow cannot hold a column mixing str and list: every gold is a list of acceptable answers.
    df = pd.DataFrame(
        {"id": range(len(golds)), "gold": [g if isinstance(g, list) else [g] for g in golds], "response": responses}
    )
    ds = ray.data.from_pandas(df).repartition(blocks)
    graded = ds.map_batches(grade_batch, batch_format="pandas", batch_size=batch_size, num_cpus=1)
    return graded.to_pandas().sort_values("id").reset_index(drop=True)


def main() -> None:
    import ray

    ap = argparse.ArgumentParser()
    ap.add_argument("--address", default=None, help="a Ray cluster address (default: start a local one)")
    ap.add_argument("--rows", type=int, default=100_000)
    a = ap.parse_args()
    ray.init(address=a.address)
    golds, responses = generate(a.rows)
    t0 = time.perf_counter()
    graded = grade_with_ray(golds, responses)
    t1 = time.perf_counter()
    expect = scorespec.grade_many(golds, responses)
    t2 = time.perf_counter()
    same = graded["equal"].tolist() == [v.equal for v in expect] and graded["outcome"].tolist() == [v.outcome for v in expect]
    print(f"{len(graded)} rows: Ray Data {t1 - t0:.1f} s, in-process grade_many {t2 - t1:.1f} s; "
          f"accuracy {graded['equal'].mean():.4f}; identical verdicts: {same}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
