"""Type stubs of the native module (the public names are re-exported by ``scorespec``)."""

from typing import Any, Literal, Optional, Sequence, Union, final

Outcome = Literal["equal", "not_equal", "unparseable", "no_answer", "budget_exceeded", "internal_error"]

@final
class Extracted:
    """An answer found in a text; frozen and picklable."""

    def __init__(
        self,
        answer: str,
        span: tuple[int, int],
        byte_span: tuple[int, int],
        how: str,
        normalized: Optional[str] = None,
    ) -> None: ...
    @property
    def answer(self) -> str: ...
    @property
    def span(self) -> tuple[int, int]:
        """``[start, end)`` in code points: ``text[span[0]:span[1]] == answer``."""
    @property
    def byte_span(self) -> tuple[int, int]:
        """``[start, end)`` in UTF-8 bytes (as in the CLI's JSON)."""
    @property
    def how(self) -> str: ...
    @property
    def normalized(self) -> Optional[str]: ...

@final
class Verdict:
    """The verdict of a comparison; frozen and picklable."""

    @property
    def equal(self) -> bool: ...
    @property
    def outcome(self) -> Outcome: ...
    @property
    def rule(self) -> str: ...
    @property
    def score(self) -> float: ...
    @property
    def reference_normalized(self) -> str: ...
    @property
    def prediction_normalized(self) -> str: ...
    @property
    def gold_extracted(self) -> Optional[Extracted]: ...
    @property
    def response_extracted(self) -> Optional[Extracted]: ...
    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``scorespec eval --task math`` for this row (without line and id)."""
    def explain(self) -> str:
        """The text of ``scorespec grade --explain``."""

def grade(
    gold: Union[str, Sequence[str]],
    response: str,
    *,
    strict: bool = ...,
    formulas_only: bool = ...,
    rel_tol: float = ...,
    abs_tol: float = ...,
    abs_tol_everywhere: bool = ...,
    include_percentage: bool = ...,
    percent_rel_tol: float = ...,
    compare_sets: bool = ...,
    ascii_only: bool = ...,
    degrees_as_radians: bool = ...,
    relation_for_interval: bool = ...,
    decimal_rounding: bool = ...,
    repeating_decimals: bool = ...,
) -> Verdict: ...
def equal(
    reference: Union[str, Sequence[str]],
    prediction: str,
    *,
    rel_tol: float = ...,
    abs_tol: float = ...,
    abs_tol_everywhere: bool = ...,
    include_percentage: bool = ...,
    percent_rel_tol: float = ...,
    compare_sets: bool = ...,
    ascii_only: bool = ...,
    degrees_as_radians: bool = ...,
    relation_for_interval: bool = ...,
    decimal_rounding: bool = ...,
    repeating_decimals: bool = ...,
) -> Verdict: ...
def extract_answer(response: str, strict: bool = True) -> Optional[Extracted]: ...
def majority(answers: Sequence[str], **options: Any) -> list[str]: ...
def qa_score(which: str, prediction: str, reference: Union[str, Sequence[str]], **options: bool) -> float: ...
def qa_normalize(text_: str, **options: bool) -> str: ...
def puzzles_score(data_source: str, model_output: str, label: str) -> float: ...
def puzzles_one(which: str, ground_truth: str, output: str) -> float: ...
def physics_normalize_answer(answer: str) -> dict[str, Any]: ...
def physics_equal(a: str, b: str, rel_tol: Optional[float] = None, abs_tol: Optional[float] = None) -> dict[str, Any]: ...
def _grade_many(golds_: Sequence[Any], responses: Sequence[Any], threads: int, options: Optional[dict[str, Any]] = None) -> list[Verdict]: ...
def _call(fn_id: str, args: dict[str, Any], threads: int) -> tuple[Optional[str], Optional[str], Any]: ...
def _functions() -> list[dict[str, Any]]: ...
def _restore_verdict(state: tuple[str, str, Optional[tuple[int, int]], Optional[tuple[int, int]]]) -> Verdict: ...
def _test_panic_batch(n: int, bad: int, threads: int) -> list[Optional[str]]: ...
def _test_panic_verdict() -> Verdict: ...

MAX_MAJORITY_ANSWERS: int
