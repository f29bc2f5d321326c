"""Distributed, for real: a local Ray cluster grades a generated dataset of 100,000 rows through
Ray Data ``map_batches``; the results must equal the in-process ``grade_many``."""

import os
import sys
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")
pd = pytest.importorskip("pandas")

import scorespec  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
from ray_grade import generate, grade_with_ray  # noqa: E402  (the example script's job)

N = 100_000


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
    yield
    ray.shutdown()


def test_ray_data_map_batches_equals_grade_many(cluster):
    golds, responses = generate(N)
    graded = grade_with_ray(golds, responses)
    assert len(graded) == N
    expect = scorespec.grade_many(golds, responses)
    assert graded["equal"].tolist() == [v.equal for v in expect]
    assert graded["outcome"].tolist() == [v.outcome for v in expect]
    assert graded["rule"].tolist() == [v.rule for v in expect]
    # Through Arrow a missing answer comes back as the frame's missing value.
    answers = [a if isinstance(a, str) else None for a in graded["answer"]]
    assert answers == [v.response_extracted.answer if v.response_extracted else None for v in expect]
    # The dataset is not trivial: every outcome kind the generator aims at is there.
    assert {"equal", "not_equal", "no_answer"} <= set(graded["outcome"])
    assert 0.4 < graded["equal"].mean() < 0.8


def test_threads_follow_rays_assignment(cluster):
    @ray.remote(num_cpus=1)
    def inside():
        os.environ.pop("SCORESPEC_THREADS", None)
        return scorespec.default_threads()

    assert ray.get(inside.remote()) == 1


def test_verdicts_travel_through_ray(cluster):
    @ray.remote
    def g(gold, resp):
        return scorespec.grade(gold, resp)

    v = ray.get(g.remote("5", "所以答案是 $\\boxed{5}$。"))
    assert v == scorespec.grade("5", "所以答案是 $\\boxed{5}$。") and v.response_extracted.span == (14, 15)
