"""The rules of the package (shared/PYTHON.md, "Rules for the package"), one or more tests each."""

import asyncio
import multiprocessing as mp
import os
import pickle
import signal
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import scorespec
from scorespec import _native, _threads

# ------------------------------------------------------------ never raise on content

NASTY = [
    "",
    " ",
    "\x00\x01\x02",
    "\\boxed{" * 10_000,
    "}" * 10_000,
    "$" * 5_000,
    "(" * 50_000 + "1" + ")" * 50_000,
    "1" * 200_000,
    "\\frac{" * 3000 + "1" + "}{2}" * 3000,
    "9" * 5000 + "^" + "9" * 5000,
    "\\boxed{" + "x^" * 20_000 + "2}",
    "ñ\u200b\U0001F600\ud7ff" * 1000,
    "The answer is " + "a" * (2 << 20),
    "<think>" + "x" * 100_000,
]


@pytest.mark.parametrize("i", range(len(NASTY)))
def test_no_exception_on_content(i):
    s = NASTY[i]
    outcomes = {"equal", "not_equal", "unparseable", "no_answer", "budget_exceeded", "undecided"}
    for gold, resp in [(s, s), ("1", s), (s, r"\boxed{1}")]:
        v = scorespec.grade(gold, resp)
        assert v.outcome in outcomes
        assert scorespec.grade(gold, resp, strict=False).outcome in outcomes
        assert scorespec.equal(gold, resp).outcome in outcomes
    scorespec.extract_answer(s)
    scorespec.extract_answer(s, strict=False)
    assert 0.0 <= scorespec.qa.f1(s, s) <= 1.0
    assert 0.0 <= scorespec.puzzles.score("typos", s, s) <= 1.0
    scorespec.physics.equal(s, s)
    scorespec.majority([s, s, "1"])
    assert len(scorespec.grade_many([s, "1"], [s, s], threads=2)) == 2


def test_empty_and_garbage_are_outcomes():
    assert scorespec.grade("", "").outcome == "no_answer"
    assert scorespec.grade("1", r"\boxed{}").outcome in {"no_answer", "not_equal"}
    assert scorespec.grade("1", r"\boxed{)(}").outcome in {"unparseable", "not_equal"}


# ------------------------------------------------------------ programmer errors


@pytest.mark.parametrize(
    "call",
    [
        lambda: scorespec.grade(None, "1"),
        lambda: scorespec.grade("1", None),
        lambda: scorespec.grade(1, "1"),
        lambda: scorespec.grade(["1", None], "1"),
        lambda: scorespec.grade("1", "1", strict="yes"),
        lambda: scorespec.grade("1", "1", rel_tol="0.1"),
        lambda: scorespec.grade("1", "1", bogus=True),
        lambda: scorespec.equal("1", "1", strict=True),
        lambda: scorespec.grade_many("12", "12"),
        lambda: scorespec.grade_many([None], ["1"]),
        lambda: scorespec.grade_many(["1"], ["1"], threads="2"),
        lambda: scorespec.extract_answer(b"1"),
        lambda: scorespec.qa.f1("a", None),
        lambda: scorespec.qa.f1("a", "a", stemming=True),
        lambda: scorespec.majority("123"),
        lambda: scorespec.call(5),
    ],
)
def test_type_errors(call):
    with pytest.raises(TypeError):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda: scorespec.grade_many(["1", "2"], ["1"]),
        lambda: scorespec.grade("1", "1", rel_tol=-1.0),
        lambda: scorespec.grade("1", "1", abs_tol=float("nan")),
        lambda: scorespec.grade([], "1"),
        lambda: scorespec.grade_many(["1"], ["1"], threads=0),
        lambda: scorespec.majority(["1"] * (_native.MAX_MAJORITY_ANSWERS + 1)),
        lambda: scorespec.puzzles.score("sudoku", "", ""),
        lambda: scorespec.qa.f1("a", "a", normalize=False, stem=True),
        lambda: scorespec.call("qa.nope"),
    ],
)
def test_value_errors(call):
    with pytest.raises(ValueError):
        call()


def test_exceptions_are_exceptions():
    assert issubclass(scorespec.CallError, Exception) and issubclass(scorespec.CallTypeError, TypeError)
    e = scorespec.CallError("invalid_value", "bad")
    assert pickle.loads(pickle.dumps(e)).kind == "invalid_value"


def test_no_timeout_parameter():
    with pytest.raises(TypeError):
        scorespec.grade("1", "1", timeout=5)


# ------------------------------------------------------------ panics


def test_panic_in_a_single_call_is_a_verdict_not_a_base_exception():
    v = _native._test_panic_verdict()
    assert (v.equal, v.outcome, v.rule) == (False, "internal_error", "panic")
    assert "test panic" in v.to_dict()["error"]


@pytest.mark.parametrize("threads", [1, 2])
def test_panic_in_a_batch_marks_only_its_item(threads):
    out = _native._test_panic_batch(100, 37, threads)
    assert [i for i, m in enumerate(out) if m is not None] == [37]
    assert "test panic at item 37" in out[37]
    # The pool still works afterwards.
    assert [v.equal for v in scorespec.grade_many(["1"] * 50, [r"\boxed{1}"] * 50, threads=threads)] == [True] * 50


def test_internal_error_scores_none(monkeypatch):
    bad = _native._test_panic_verdict()
    monkeypatch.setattr(_native, "_grade_many", lambda g, r, t, o: [bad, scorespec.grade("1", r"\boxed{1}")])
    assert scorespec.score_many(["1", "1"], ["1", "1"]) == [None, 1.0]


# ------------------------------------------------------------ the GIL is released


def test_gil_released_during_the_work():
    golds = ["x^2+2x+1"] * 12000
    responses = [r"The answer is $\boxed{(x+1)^2}$"] * 12000
    counter = [0]
    stop = threading.Event()

    def spin():
        while not stop.is_set():
            counter[0] += 1

    t = threading.Thread(target=spin)
    t.start()
    try:
        # The spinner's rate with the main thread asleep (GIL free) ...
        c0 = counter[0]
        t0 = time.perf_counter()
        time.sleep(0.3)
        free_rate = (counter[0] - c0) / (time.perf_counter() - t0)
        # ... and while the main thread is inside one native call.
        c0 = counter[0]
        t0 = time.perf_counter()
        scorespec.grade_many(golds, responses, threads=1)
        busy_rate = (counter[0] - c0) / (time.perf_counter() - t0)
    finally:
        stop.set()
        t.join()
    # Holding the GIL for the call would leave the spinner one switch interval (5 ms)
    # at most, a small fraction of a call that lasts far longer.
    assert busy_rate > 0.2 * free_rate, (busy_rate, free_rate)


# ------------------------------------------------------------ fork and spawn


def test_forked_child_grades_after_a_parallel_batch():
    if not hasattr(os, "fork"):
        pytest.skip("no fork")
    golds = [str(i) for i in range(2000)]
    responses = [rf"\boxed{{{i}}}" for i in range(2000)]
    assert all(v.equal for v in scorespec.grade_many(golds, responses, threads=2))
    pid = os.fork()
    if pid == 0:  # child
        code = 1
        try:
            out = scorespec.grade_many(golds, responses, threads=2)
            code = 0 if all(v.equal for v in out) and len(out) == 2000 else 3
        finally:
            os._exit(code)
    deadline = time.time() + 60
    while time.time() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            assert os.waitstatus_to_exitcode(status) == 0
            break
        time.sleep(0.05)
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        pytest.fail("the forked child hung in grade_many")
    # The parent's pool still works.
    assert all(v.equal for v in scorespec.grade_many(golds, responses, threads=2))


def _grade_in_child(n):
    return [v.equal for v in scorespec.grade_many([str(n)] * 100, [rf"\boxed{{{n}}}"] * 100, threads=2)]


@pytest.mark.parametrize("method", ["spawn", "fork", "forkserver"])
def test_multiprocessing_start_methods(method):
    if method not in mp.get_all_start_methods():
        pytest.skip(method)
    scorespec.grade_many(["1"] * 100, ["1"] * 100, threads=2)  # the parent used its pool
    with mp.get_context(method).Pool(2) as pool:
        res = pool.map_async(_grade_in_child, [1, 2, 3]).get(timeout=120)
    assert res == [[True] * 100] * 3


def test_verdicts_cross_processes():
    with mp.get_context("spawn").Pool(1) as pool:
        out = pool.apply_async(scorespec.grade, ("5", "所以答案是 $\\boxed{5}$。")).get(timeout=120)
    assert out == scorespec.grade("5", "所以答案是 $\\boxed{5}$。")


# ------------------------------------------------------------ thread count


def test_threads_explicit_then_env(monkeypatch):
    monkeypatch.setenv("SCORESPEC_THREADS", "3")
    assert _threads.resolve_threads(5) == 5
    assert _threads.resolve_threads(None) == 3 == scorespec.default_threads()
    monkeypatch.setenv("SCORESPEC_THREADS", "zero")
    with pytest.raises(ValueError):
        scorespec.default_threads()
    monkeypatch.setenv("SCORESPEC_THREADS", "0")
    with pytest.raises(ValueError):
        scorespec.default_threads()


def test_threads_affinity_and_cgroup(monkeypatch, tmp_path):
    monkeypatch.delenv("SCORESPEC_THREADS", raising=False)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(8)))
    assert _threads._machine_cpus(str(tmp_path)) == 8  # no cgroup files: the affinity
    (tmp_path / "cpu.max").write_text("250000 100000\n")  # 2.5 CPUs
    assert _threads._machine_cpus(str(tmp_path)) == 3
    (tmp_path / "cpu.max").write_text("max 100000\n")
    assert _threads._machine_cpus(str(tmp_path)) == 8
    (tmp_path / "cpu.max").unlink()
    (tmp_path / "cpu").mkdir()
    (tmp_path / "cpu" / "cpu.cfs_quota_us").write_text("100000\n")
    (tmp_path / "cpu" / "cpu.cfs_period_us").write_text("100000\n")
    assert _threads._machine_cpus(str(tmp_path)) == 1
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1})
    (tmp_path / "cpu" / "cpu.cfs_quota_us").write_text("-1\n")
    assert _threads._machine_cpus(str(tmp_path)) == 2


def test_threads_ray_assignment(monkeypatch):
    """Inside a Ray worker the CPUs Ray assigned win over the affinity (Ray leaves it at all cores).
    A stand-in for the ray module with Ray's documented runtime-context calls; the real cluster
    is in test_ray.py."""
    import types

    class Ctx:
        class worker:
            mode = 1  # ray's WORKER_MODE

        def get_assigned_resources(self):
            return {"CPU": 3.0}

    fake = types.SimpleNamespace(is_initialized=lambda: True, get_runtime_context=lambda: Ctx())
    monkeypatch.setitem(sys.modules, "ray", fake)
    monkeypatch.delenv("SCORESPEC_THREADS", raising=False)
    assert scorespec.default_threads() == 3
    monkeypatch.setenv("SCORESPEC_THREADS", "2")
    assert scorespec.default_threads() == 2
    monkeypatch.delenv("SCORESPEC_THREADS")
    Ctx.worker.mode = 0  # the driver: not a worker
    assert scorespec.default_threads() == _threads._machine_cpus()


def test_default_threads_within_the_machine():
    assert 1 <= scorespec.default_threads() <= (os.cpu_count() or 1)


# ------------------------------------------------------------ threads and asyncio


def test_calls_from_non_main_threads():
    def work(i):
        v = scorespec.grade(str(i), rf"\boxed{{{i}}}")
        many = scorespec.grade_many([str(i)] * 20, [rf"\boxed{{{i}}}"] * 20, threads=2)
        return v.equal and all(m.equal for m in many) and scorespec.qa.f1("a b", "a b") == 1.0

    with ThreadPoolExecutor(8) as ex:
        assert all(ex.map(work, range(64)))


def test_asyncio_executor():
    async def main():
        loop = asyncio.get_running_loop()
        futs = [loop.run_in_executor(None, scorespec.grade, str(i), rf"\boxed{{{i}}}") for i in range(32)]
        futs.append(loop.run_in_executor(None, lambda: scorespec.grade_many(["1"] * 100, [r"\boxed{1}"] * 100)))
        return await asyncio.gather(*futs)

    res = asyncio.run(main())
    assert all(v.equal for v in res[:-1]) and all(v.equal for v in res[-1])


def test_no_printing(capfd):
    scorespec.grade("1", "x" * 1000)
    _native._test_panic_batch(10, 3, 2)
    _native._test_panic_verdict()
    out, err = capfd.readouterr()
    assert out == "" and err == ""
