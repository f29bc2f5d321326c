"""The integrations called as their hosts call them (shapes from each host's documentation;
shared/PYTHON.md, "How graders are called today"). Hosts too heavy to install here (verl, TRL,
OpenRLHF, NeMo-RL, lighteval, lm-eval) are called with their documented signatures."""

import inspect
import multiprocessing as mp
import pickle

import pytest

import scorespec
from scorespec.integrations import lighteval, lm_eval, nemo_rl, openrlhf, trl, verl
from scorespec.integrations import ray as sray

KEYS = {"score", "acc", "pred", "outcome", "rule"}


# ------------------------------------------------------------ verl


def test_verl_signature_and_same_keys():
    params = list(inspect.signature(verl.compute_score).parameters)
    assert params[:4] == ["data_source", "solution_str", "ground_truth", "extra_info"]
    calls = [
        # verl's NaiveRewardManager passes everything by keyword.
        dict(data_source="lighteval/MATH", solution_str=r"so $\boxed{\frac12}$", ground_truth="0.5", extra_info={"split": "train"}),
        dict(data_source="openai/gsm8k", solution_str="#### 72", ground_truth="72", extra_info=None),
        dict(data_source="openai/gsm8k", solution_str="", ground_truth="72"),  # an empty generation
        dict(data_source="typos", solution_str="<solution>extraordinary</solution>", ground_truth="extraordinary"),
        dict(data_source="nq", solution_str="<answer>The Paris</answer>", ground_truth={"target": ["paris"]}),
        dict(data_source="hotpotqa", solution_str="<answer>London</answer>", ground_truth=["paris"]),
        dict(data_source="math", solution_str=r"\boxed{1}", ground_truth=None),
    ]
    results = [verl.compute_score(**c) for c in calls]
    for r in results:
        assert set(r) == KEYS
        assert type(r["score"]) is float and type(r["acc"]) is bool and isinstance(r["pred"], str)
    assert [r["score"] for r in results] == [1.0, 1.0, 0.0, 1.0, 1.0, 0.0, 0.0]
    assert results[0]["pred"] == r"\frac12" and results[2]["outcome"] == "no_answer"
    assert results[4]["pred"] == "The Paris"


def test_verl_reward_kwargs_and_thread_pool():
    from concurrent.futures import ThreadPoolExecutor

    assert verl.compute_score("math", "It is 360.", "360", None, strict=False, unrelated=1)["acc"]
    with ThreadPoolExecutor(8) as ex:  # verl runs sync reward functions on a thread pool
        out = list(ex.map(lambda i: verl.compute_score("math", rf"\boxed{{{i}}}", str(i)), range(200)))
    assert all(r["acc"] for r in out)


# ------------------------------------------------------------ TRL


def test_trl_call_shape_strings_and_chat():
    reward = trl.math_reward()
    assert reward.__name__ == "scorespec_math"
    completions = [
        [{"role": "assistant", "content": r"The answer is $\boxed{4}$."}],
        [{"role": "assistant", "content": r"$\boxed{5}$"}],
        [{"role": "assistant", "content": "I don't know"}],
        [{"role": "assistant", "content": r"\boxed{1}"}],
    ]
    # GRPOTrainer: reward_func(prompts=..., completions=..., completion_ids=..., **columns)
    out = reward(
        prompts=[[{"role": "user", "content": "2+2?"}]] * 4,
        completions=completions,
        completion_ids=[[1, 2]] * 4,
        solution=["4", "4", "4", None],
        level=["1"] * 4,
        trainer_state=None,
    )
    assert out == [1.0, 0.0, 0.0, None]
    assert trl.math_reward()(completions=[r"\boxed{4}", "x"], solution=["$4$", "4"]) == [1.0, 0.0]


def test_trl_is_picklable_and_spawnable():
    reward = trl.math_reward(correct=2.0, strict=False)
    clone = pickle.loads(pickle.dumps(reward))
    assert clone(completions=["It is 7"], solution=["7"]) == [2.0]
    with mp.get_context("spawn").Pool(1) as pool:
        assert pool.apply_async(reward, (["It is 7", "It is 8"],), {"solution": ["7", "7"]}).get(timeout=120) == [2.0, 0.0]


def test_trl_errors_and_log_metric():
    with pytest.raises(TypeError):
        trl.math_reward()(completions=["x"], answer=["1"])  # no "solution" column
    with pytest.raises(TypeError):
        trl.math_reward(bogus=True)
    logged = {}
    # An empty generation has no answer (a bare word would be a bare answer, MX-12).
    trl.math_reward()(completions=[r"\boxed{1}", ""], solution=["1", "1"], log_metric=lambda k, v: logged.__setitem__(k, v))
    assert logged["scorespec/equal"] == 0.5 and logged["scorespec/no_answer"] == 0.5


# ------------------------------------------------------------ OpenRLHF, NeMo-RL


def test_openrlhf_reward_func():
    prompts = ["Q: 1+1? A:", "Q: 2+2? A:"]
    queries = [prompts[0] + r" $\boxed{2}$", prompts[1] + r" $\boxed{5}$"]
    out = openrlhf.reward_func(queries, prompts, ["2", "4"])
    assert set(out) == {"rewards", "scores", "extra_logs"}
    as_list = lambda x: x.tolist() if hasattr(x, "tolist") else x
    assert as_list(out["rewards"]) == [1.0, 0.0] == as_list(out["scores"])
    with pytest.raises(ValueError):
        openrlhf.reward_func(queries, prompts, ["2"])


def test_nemo_rl_verify():
    w = nemo_rl.ScorespecVerifyWorker()
    preds = [r"so \boxed{3}", "", r"\boxed{x+1}"]  # an empty generation: no answer
    truths = ["3", "3", "1+x"]
    assert w.verify(preds, truths) == [1.0, 0.0, 1.0]
    scores, answers = w.verify(preds, truths, return_extracted_answer=True)
    assert scores == [1.0, 0.0, 1.0] and answers == ["3", None, "x+1"]
    assert nemo_rl.verify(preds, truths) == [1.0, 0.0, 1.0]


# ------------------------------------------------------------ lighteval, lm-eval


class Doc:  # lighteval.tasks.requests.Doc's documented surface
    def __init__(self, choices, gold_index):
        self.choices, self.gold_index = choices, gold_index

    def get_golds(self):
        idx = self.gold_index if isinstance(self.gold_index, list) else [self.gold_index]
        return [self.choices[i] for i in idx]


class ModelResponse:  # lighteval.models.model_output.ModelResponse: text / final_text lists
    def __init__(self, text):
        self.text = text
        self.final_text = text


def test_lighteval_compute():
    assert lighteval.compute(Doc(["0.5"], 0), ModelResponse([r"so $\boxed{\frac{1}{2}}$"])) == 1.0
    assert lighteval.compute(Doc(["0.5", "1/3"], [0, 1]), ModelResponse([r"\boxed{1/3}"])) == 1.0
    assert lighteval.compute(Doc(["2"], 0), ModelResponse(["no"])) == 0.0


def test_lm_eval_process_results():
    doc = {"question": "1+1?", "answer": "2"}
    assert lm_eval.process_results(doc, [r"The answer is $\boxed{2}$"]) == {"exact_match": 1.0}
    assert lm_eval.process_results(doc, ["3"]) == {"exact_match": 0.0}
    pr = lm_eval.make_process_results(gold_key="solution", metric="acc")
    assert pr({"solution": r"so \boxed{7}"}, [r"\boxed{7}"]) == {"acc": 1.0}


# ------------------------------------------------------------ Ray Data / Spark / Dask batches


def _rows():
    golds = ["1", ["2", "two"], "3", "x^2"]
    responses = [r"\boxed{1}", "The answer is 2.", "", r"\boxed{x*x}"]  # "": no answer
    return golds, responses


def test_grade_batch_pandas_and_frames():
    pd = pytest.importorskip("pandas")
    golds, responses = _rows()
    df = pd.DataFrame({"gold": golds, "response": responses, "id": range(4)})
    out = sray.grade_batch(df)
    expect = scorespec.grade_many(golds, responses)
    assert out["equal"].tolist() == [v.equal for v in expect]
    assert out["outcome"].tolist() == [v.outcome for v in expect]
    assert out["answer"].tolist()[2] is None and list(out["id"]) == [0, 1, 2, 3]
    assert sray.grade_frame(df).equals(out)
    frames = list(sray.grade_frame(iter([df.iloc[:2], df.iloc[2:]])))
    assert pd.concat(frames)["equal"].tolist() == out["equal"].tolist()


def test_grade_batch_arrow_and_numpy():
    pa = pytest.importorskip("pyarrow")
    np = pytest.importorskip("numpy")
    golds, responses = _rows()
    golds = [g if isinstance(g, str) else g[0] for g in golds]
    expect = [v.equal for v in scorespec.grade_many(golds, responses)]
    t = sray.grade_batch(pa.table({"gold": golds, "response": responses}))
    assert t.column("equal").to_pylist() == expect
    d = sray.grade_batch({"gold": np.array(golds, dtype=object), "response": np.array(responses)})
    assert d["equal"].tolist() == expect
    with pytest.raises(TypeError):
        sray.grade_batch([1, 2])
