"""The whole conformance corpus (conformance/**/*.toml) replayed through the binding: every case
through ``scorespec.call`` (the registry), and the cases of the families with typed functions also
through those (``grade``, ``equal``, ``extract_answer``, ``majority``, ``qa``, ``puzzles``,
``physics``). Expected values are the corpus's; the comparison is tests/conformance.rs's."""

import math
import tomllib
from pathlib import Path

import pytest

import scorespec

ROOT = Path(__file__).resolve().parents[2] / "conformance"


def _files():
    for p in sorted(ROOT.rglob("*.toml")):
        rel = p.relative_to(ROOT)
        # Recordings, known differences of other implementations and the
        # suite's explanations are not cases (the corpus loader skips them too).
        if rel.parts[0] in ("differential", "known") or p.name.endswith("-explained.toml"):
            continue
        yield p


def _cases():
    out = []
    for p in _files():
        data = tomllib.loads(p.read_text())
        for case in data["case"]:
            out.append(pytest.param(data["fn"], case, id=f"{p.relative_to(ROOT).with_suffix('')}/{case['id']}"))
    return out


CASES = _cases()


def same(expected, actual, tol, subset):
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual if isinstance(expected, bool) and isinstance(actual, bool) else False
    if isinstance(expected, (int, float)) and isinstance(actual, (int, float)):
        return abs(expected - actual) <= tol if tol is not None else float(expected) == float(actual)
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(same(e, a, tol, subset) for e, a in zip(expected, actual))
    if isinstance(expected, dict) and isinstance(actual, dict):
        return (subset or len(expected) == len(actual)) and all(
            k in actual and same(v, actual[k], tol, subset) for k, v in expected.items()
        )
    return expected == actual


def as_json(v):
    """The expected value as the Rust harness sees it: TOML through serde_json, where a
    non-finite float is null."""
    if isinstance(v, float) and not math.isfinite(v):
        return None
    if isinstance(v, list):
        return [as_json(x) for x in v]
    if isinstance(v, dict):
        return {k: as_json(x) for k, x in v.items()}
    return v


def check(case, run):
    """None when the case passes, else why not."""
    try:
        actual = run()
    except (TypeError, ValueError) as e:
        if "expected_error" in case:
            kind = getattr(e, "kind", None)
            if kind is None or kind == case["expected_error"]:
                return None
            return f"expected error {case['expected_error']}, got {kind}: {e}"
        return f"raised {type(e).__name__}: {e}"
    if "expected_error" in case:
        return f"expected error {case['expected_error']}, got {actual!r}"
    if same(as_json(case["expected"]), actual, case.get("tolerance"), case.get("compare") == "subset"):
        return None
    return f"expected {case['expected']!r}\nactual   {actual!r}"


def verify(case, run):
    why = check(case, run)
    if "known_failure" in case:
        assert why is not None, f"marked known_failure ({case['known_failure']}) but passes now"
    else:
        assert why is None, f"source: {case['source']}\nargs: {case['args']}\n{why}"


def test_corpus_is_there():
    assert len(CASES) > 500
    assert len({c.values[0] for c in CASES}) > 40


@pytest.mark.parametrize("fn,case", CASES)
def test_registry(fn, case):
    verify(case, lambda: scorespec.call(fn, **case["args"]))


def _strs(x):
    return isinstance(x, str) or (isinstance(x, list) and x and all(isinstance(i, str) for i in x))


def _typed(fn, a):
    """The typed call of a case, or None when the family has none for these arguments."""
    a = dict(a)
    if fn == "math.grade" and _strs(a.get("gold")) and isinstance(a.get("response"), str):
        g, r = a.pop("gold"), a.pop("response")
        return lambda: scorespec.grade(g, r, **a).to_dict()
    if fn == "math.equal" and _strs(a.get("reference")) and isinstance(a.get("prediction"), str):
        ref, p = a.pop("reference"), a.pop("prediction")
        return lambda: scorespec.equal(ref, p, **a).to_dict()
    if fn == "math.extract_answer" and isinstance(a.get("response"), str):
        def run():
            x = scorespec.extract_answer(**a)
            if x is None:
                return {"found": False}
            return {"found": True, "answer": x.answer, "span": list(x.byte_span), "how": x.how, "normalized": x.normalized}
        return run
    if fn == "math.majority" and isinstance(a.get("answers"), list) and all(isinstance(i, str) for i in a["answers"]):
        ans = a.pop("answers")
        return lambda: scorespec.majority(ans, **a)
    if fn in ("qa.f1", "qa.exact_match") and isinstance(a.get("prediction"), str) and _strs(a.get("reference")):
        f = getattr(scorespec.qa, fn.split(".")[1])
        return lambda: f(**a)
    if fn == "qa.normalize" and isinstance(a.get("text"), str):
        t = a.pop("text")
        return lambda: scorespec.qa.normalize(t, **a)
    if fn == "reward.score" and set(a) == {"data_source", "model_output", "extra_info"}:
        label = a["extra_info"].get("label") if isinstance(a["extra_info"], dict) else None
        if isinstance(label, str) and isinstance(a["data_source"], str) and isinstance(a["model_output"], str):
            return lambda: scorespec.puzzles.score(a["data_source"], a["model_output"], label)
    if fn in ("puzzles.typos", "puzzles.connections", "puzzles.unscrambling"):
        f = getattr(scorespec.puzzles, fn.split(".")[1])
        return lambda: f(**a)
    if fn == "physics.equal":
        return lambda: scorespec.physics.equal(**a)
    if fn == "physics.normalize_answer":
        return lambda: scorespec.physics.normalize_answer(**a)
    return None


TYPED = [p for p in CASES if _typed(p.values[0], p.values[1]["args"]) is not None]


def test_typed_cover_the_families():
    assert {p.values[0] for p in TYPED} >= {
        "math.grade", "math.equal", "math.extract_answer", "math.majority",
        "qa.f1", "qa.exact_match", "qa.normalize", "reward.score",
        "puzzles.typos", "puzzles.connections", "puzzles.unscrambling",
        "physics.equal", "physics.normalize_answer",
    }


@pytest.mark.parametrize("fn,case", TYPED)
def test_typed(fn, case):
    run = _typed(fn, case["args"])
    # A typed function raises TypeError/ValueError without the registry's kind: check() accepts that.
    verify(case, run)
