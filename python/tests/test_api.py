"""The core API: verdicts, order, pickling, spans, and the CLI's JSON and explanation."""

import json
import pickle

import pytest

import scorespec
from conftest import run_cli


def test_grade_document_example():
    # Document 004 / spec/math.md: 1/2 and a boxed 0.5 are the same answer.
    v = scorespec.grade(r"\frac{1}{2}", r"The probability is $\boxed{0.5}$.")
    assert v.equal is True
    assert v.outcome == "equal"
    assert v.score == 1.0
    assert v.response_extracted.answer == "0.5"
    assert v.response_extracted.how == "boxed"
    # A bare gold is found as a bare answer by the production extraction (MX-12).
    assert v.gold_extracted.how == "bare_answer"


def test_grade_no_answer_under_strict_extraction():
    # The crate's doctest of math::grade: no box, no answer phrase. The production
    # extraction takes the last number whole (MX-14); document 004's strict one finds nothing.
    v = scorespec.grade("360", "so we get 360 arrangements", strict=True)
    assert (v.equal, v.outcome, v.response_extracted, v.score) == (False, "no_answer", None, 0.0)
    assert scorespec.grade("360", "so we get 360 arrangements").equal


def test_gold_list_any_acceptable():
    assert scorespec.grade(["7", "x=3"], r"\boxed{3}").equal
    assert not scorespec.grade(("7", "8"), r"\boxed{3}").equal


def test_grade_many_keeps_order_and_matches_grade():
    golds = [str(i) for i in range(500)]
    responses = [rf"\boxed{{{i if i % 3 else i + 1}}}" for i in range(500)]
    many = scorespec.grade_many(golds, responses, threads=2)
    assert [v.equal for v in many] == [i % 3 != 0 for i in range(500)]
    assert many == [scorespec.grade(g, r) for g, r in zip(golds, responses)]
    assert scorespec.grade_many(golds, responses, threads=1) == many


def test_score_many_values():
    golds = ["1", "2", "3"]
    responses = [r"\boxed{1}", r"\boxed{5}", "no answer here"]
    assert scorespec.score_many(golds, responses) == [1.0, 0.0, 0.0]
    assert scorespec.score_many(golds, responses, correct=1.0, incorrect=-1.0, no_answer=None) == [1.0, -1.0, None]


def test_equal_extract_majority():
    assert scorespec.equal("3.54*10^{-7}", "3.54e-07").equal
    assert not scorespec.equal("[0,3)", "[0,1]").equal
    assert scorespec.equal("5", "").outcome == "no_answer"
    x = scorespec.extract_answer(r"Therefore, $1+1=\boxed{2}$.")
    assert (x.answer, x.span, x.how) == ("2", (23, 24), "boxed")
    assert scorespec.extract_answer("The answer is 1/2").normalized == r"\frac{1}{2}"
    assert scorespec.extract_answer("It is 360.") is None
    assert scorespec.extract_answer("It is 360.", strict=False).answer == "360"
    # Document 004: majority([1,2,3,3,3]) = [1,1,1,3,3].
    assert scorespec.majority(["1", "2", "3", "3", "3"]) == ["1", "1", "1", "3", "3"]


def test_repeating_decimals_option():
    # spec/math.md ME-20: 1/3 rounded at three places is 0.333, so the rounded decimal
    # answers the fraction by default; the option turns it off; pi is not a rational.
    v = scorespec.grade(r"\frac{1}{3}", r"The probability is $\boxed{0.333}$.")
    assert (v.equal, v.rule) == (True, "repeating_decimal")
    assert not scorespec.grade(r"\frac{1}{3}", r"$\boxed{0.333}$", repeating_decimals=False).equal
    assert not scorespec.equal(r"\frac{2}{3}", "0.666").equal
    assert not scorespec.equal(r"\pi", "3.14").equal


def test_code_point_spans_on_chinese_text():
    text = "所以答案是 $\\boxed{5}$。"
    v = scorespec.grade("5", text)
    e = v.response_extracted
    assert text[e.span[0]:e.span[1]] == "5" == e.answer
    assert text.encode()[e.byte_span[0]:e.byte_span[1]].decode() == "5"
    assert e.span != e.byte_span
    x = scorespec.extract_answer(text)
    assert text[x.span[0]:x.span[1]] == "5"
    g = scorespec.grade("答案：$\\boxed{5}$", "5")
    assert "答案：$\\boxed{5}$"[g.gold_extracted.span[0]:g.gold_extracted.span[1]] == "5"


def test_pickle_and_frozen():
    for v in [scorespec.grade("5", "所以答案是 $\\boxed{5}$。"), scorespec.grade("1", "x"), scorespec.equal("1", "1.0")]:
        w = pickle.loads(pickle.dumps(v))
        assert w == v
        assert (w.equal, w.outcome, w.rule, w.to_dict(), w.explain()) == (v.equal, v.outcome, v.rule, v.to_dict(), v.explain())
        assert repr(w) == repr(v)
        with pytest.raises(AttributeError):
            v.equal = False
    e = scorespec.extract_answer(r"so \boxed{7}")
    assert pickle.loads(pickle.dumps(e)) == e
    with pytest.raises(AttributeError):
        e.answer = "8"


def test_repr():
    assert repr(scorespec.grade("2", r"\boxed{2}")) == "Verdict(equal=True, outcome='equal', rule='literal', answer='2')"


ROWS = [
    {"id": 1, "gold": r"\frac{1}{2}", "response": r"So $\boxed{0.5}$."},
    {"id": 2, "gold": ["7", "x=3"], "response": r"The answer is $x = 3$."},
    {"id": 3, "gold": "5", "response": "所以答案是 $\\boxed{5}$。"},
    {"id": 4, "gold": "360", "response": "so we get 360 arrangements"},
    {"id": 5, "gold": "[0,3)", "response": r"\boxed{[0,1]}"},
]


def test_to_dict_is_the_cli_eval_row(cli):
    out = run_cli(cli, "eval", "--task", "math", "-", input="".join(json.dumps(r) + "\n" for r in ROWS))
    assert out.returncode == 0, out.stderr
    cli_rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(cli_rows) == len(ROWS)
    for row, cli_row in zip(ROWS, cli_rows):
        assert cli_row.pop("line") and cli_row.pop("id") == row["id"]
        assert scorespec.grade(row["gold"], row["response"]).to_dict() == cli_row
    for v, cli_row in zip(scorespec.grade_many([r["gold"] for r in ROWS], [r["response"] for r in ROWS]), cli_rows):
        assert v.to_dict() == cli_row


def test_explain_is_the_cli_text(cli):
    for row in ROWS:
        if not isinstance(row["gold"], str):
            continue
        out = run_cli(cli, "grade", "--gold", row["gold"], "--pred", row["response"], "--explain")
        v = scorespec.grade(row["gold"], row["response"])
        assert out.returncode == (0 if v.equal else 1)
        assert v.explain() == out.stdout


def test_functions_is_the_cli_list(cli):
    out = run_cli(cli, "list", "--json")
    assert scorespec.functions() == json.loads(out.stdout)


def test_call_any_registry_function():
    # Document 002: F1("The capital of France is Paris.", "paris") = 1/3.
    f1 = scorespec.call("qa.f1", prediction="The capital of France is Paris.", reference="paris")
    assert abs(f1 - 1 / 3) < 1e-15
    assert scorespec.qa.f1("The capital of France is Paris.", "paris") == f1
    assert scorespec.call("math.grade", gold="2", response=r"\boxed{2}") == scorespec.grade("2", r"\boxed{2}").to_dict()
    with pytest.raises(scorespec.CallError) as e:
        scorespec.call("qa.nope")
    assert e.value.kind == "unknown_function"
    with pytest.raises(TypeError):
        scorespec.call("qa.f1", prediction="a")
    with pytest.raises(TypeError):
        scorespec.call("qa.f1", prediction="a", reference="b", bogus=1)


def test_family_modules():
    assert scorespec.qa.exact_match("The Paris", "paris") == 1.0
    assert scorespec.qa.exact_match("x", ["y", "x"]) == 1.0
    assert scorespec.qa.normalize("The  Cat!") == "cat"
    # Document 001, API usage.
    assert scorespec.puzzles.score("typos", "<solution>extraordinary</solution>", "extraordinary") == 1.0
    assert scorespec.puzzles.typos("extraordinary", "<solution>extraordinary</solution>") == 1.0
    assert scorespec.puzzles.connections("a,b,c,d,e,f,g,h", "<solution>a,b,c,d,e,f,g,h</solution>") == 1.0
    assert scorespec.puzzles.unscrambling("First. Second. Third.", "<PLOT_SUMMARY>First. Second. Third.</PLOT_SUMMARY>") == 1.0
    # Document 003, step 1: 2/3 and \\frac{2}{3} are both 0.666…
    assert scorespec.physics.equal("2/3", r"\frac{2}{3}")["equal"] is True
    assert scorespec.physics.normalize_answer("5 m") == scorespec.call("physics.normalize_answer", answer="5 m")
    assert "evaluate" in scorespec.fredholm.__all__


def test_outcome_compares_to_its_string():
    v = scorespec.grade("1", r"\boxed{2}")
    assert v.outcome == "not_equal" and v.outcome != "equal" and isinstance(v.outcome, str)


def test_abi3_extension_and_no_runtime_dependencies():
    import subprocess
    import sys

    assert scorespec._native.__file__.endswith(".abi3.so")
    code = (
        "import sys, scorespec\n"
        "from scorespec.integrations import verl, trl, openrlhf, nemo_rl, lighteval, lm_eval, ray\n"
        "heavy = {'ray', 'torch', 'pandas', 'pyarrow', 'numpy', 'trl', 'verl', 'lighteval', 'lm_eval'}\n"
        "print(sorted(heavy & set(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_lone_surrogates_are_content():
    # A lone surrogate is a Python str without a UTF-8 form: read as U+FFFD (PY-5: content never
    # raises), one code point for one, so spans still index the str.
    v = scorespec.grade("5", "x\ud800 so \\boxed{5}")
    assert v.equal and v.response_extracted.answer == "5"
    r = "x\ud800 so \\boxed{5}"
    assert r[v.response_extracted.span[0]:v.response_extracted.span[1]] == "5"
    many = scorespec.grade_many(["5", "5"], ["so \\boxed{5}", "\udfff \\boxed{5}"])
    assert [x.equal for x in many] == [True, True]
    assert scorespec.grade(["\ud800", "5"], "5").equal
    # (U+FFFD is a token of its own: F1 of two tokens against one.)
    assert abs(scorespec.call("qa.f1", prediction="\ud800 paris", reference="paris") - 2 / 3) < 1e-12
