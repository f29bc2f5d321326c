//! The production extraction of `math.grade` (MX-10 … MX-23): the order in
//! which its rules are tried. Explicit answers are searched from the end
//! (the last [`TAIL_BYTES`], then 32 times more, …); then a response that is
//! itself an answer ([`super::bare`]); then a response cut off before an
//! answer is none ([`super::truncation`]); then the last formula's right side
//! or the last number token, read before a trailing aside first ([`super::asides`]),
//! and before a trailing condition ([`super::conditions`]), a reason or a
//! description ([`super::reasons`]). A statement or
//! a last value given only under a condition with another value otherwise,
//! or hedged, is none ([`super::alternatives`]).
//!
//! # Differences with the document
//!
//! Document 004's extraction is strict by default; the production default
//! finds the answers models write (spec/math.md, "Differences with the
//! document", MX-10).

use std::cell::Cell;

use super::alternatives::{ASKED, CONDITIONAL, conditional, conditional_in, ends_asking};
use super::anchors::Anchors;
use super::asides::aside_start;
use super::bare::{bare_found, is_bare};
use super::conditions::{condition_start, same_clause};
use super::negations::{
    Excluded, MAX_NEGATIONS, NEGATED, excluded, judged_in_clause, proportion_start, restated,
};
use super::reasons::reason_start;
use super::retractions::{RETRACTED, mistaken_view, retraction};
use super::solutions::{listed_bounds, listed_solutions};
use super::tags::{
    ANSWER_CLOSE, answer_block, answer_closed_by_think, assistant_header, kept_of, model_turn, tags,
};
use super::truncation::{
    IN_LOOP, LOOP_WINDOW, cut_at_list_item, cut_in_code_block, cut_in_formula, fence_lines,
    loop_at_end, paragraph_start, paragraph_start_at, truncated,
};
use super::{
    CROWDED, Doc, Found, Located, MAX_BOX_COMMANDS, MAX_RESPONSE_BYTES, MAX_SENTENCE_BACK, Needle,
    ValueSentence, find_byte, rfind_byte, skip_ws, strip_dollars, trim, trim_end_periods,
    trim_end_ws,
};

/// The explicit search of the production extraction first reads the last
/// this many bytes, then 32 times more, … (MX-10): the answer of a
/// reasoning trace is at its end.
pub const TAIL_BYTES: usize = 2 * 1024;

/// Why the production extraction found no answer (MX-15): the response is
/// empty, or it was cut off before stating one.
pub type NoAnswerReason = &'static str;

/// The production extraction of `math.grade` (rules MX-10 … MX-23):
/// explicit answers (boxes, English and Chinese answer statements, a bold
/// final line) searched from the end; a response that is itself an answer;
/// a response cut off before an answer is no answer, with the reason;
/// otherwise the last formula (its right side) or the last number token,
/// whole. With `formulas_only` the fallback is a formula only (MX-9).
///
/// ```
/// use scorespec::score::math::extract::locate_default;
/// let x = locate_default("The rate is 3.54e-07 mol/s.", false).unwrap();
/// assert_eq!(x.answer, "3.54e-07");
/// assert_eq!(locate_default("7,425,000", false).unwrap().how, "bare_answer");
/// assert_eq!(locate_default("So we get $x = 2 +", false).unwrap_err(),
///            "cut off: the response ends on an operator");
/// ```
pub fn locate_default(response: &str, formulas_only: bool) -> Result<Located, NoAnswerReason> {
    locate_default_kept(response, formulas_only).0
}

/// [`locate_default`], and the byte range of what
/// [`strip_think`](crate::extract::strip_think) keeps of `response` (for
/// [`response_choice`](super::response_choice)), from the one tag pass the
/// extraction makes.
pub(crate) fn locate_default_kept(
    response: &str,
    formulas_only: bool,
) -> (Result<Located, NoAnswerReason>, (usize, usize)) {
    // (After an assistant header, `<|im_start|>assistant`, positions are
    // shifted by its length: the tags are read after it.)
    let lead = assistant_header(response);
    // MX-10: a transcript the model writes on (`⏎User: …⏎Assistant: …`)
    // is not its turn: the response ends before it.
    let response = &response[..transcript_start(response, lead).unwrap_or(response.len())];
    let len = response.len() - lead;
    let tags = tags(&response[lead..]);
    let (s, e, open) = model_turn(tags, len);
    let mut turn = answer_block(response, (s + lead, e + lead, open));
    // MX-10: an empty turn after a `</think>` that closes an answer block
    // (`<answer> 24 </think>`): the block is the answer.
    if let Some(c) = tags
        .0
        .filter(|_| response[s + lead..e + lead].trim().is_empty())
    {
        if let Some(k) = answer_closed_by_think(response, c + lead) {
            turn = (k, c + lead, false);
        }
    }
    if open {
        // (`<think>… <answer>15</answer>`: the block closes no think, but
        // the answer block after it is explicit.)
        let after = answer_block(response, (e + lead, response.len(), true));
        if !after.2 {
            turn = after;
        }
    }
    let mut found = locate_production(response, formulas_only, turn);
    // MX-10: an explicit answer in a few-shot continuation (`Answer: 12⏎⏎
    // Question: … Answer: 5`) is not the model's: the one before it is.
    for _ in 0..MAX_CONTINUATIONS {
        let Some(q) = found
            .as_ref()
            .ok()
            .filter(|f| explicit(f.how))
            .and_then(|f| continuation_start(response, turn.0, f.span.0))
        else {
            break;
        };
        match locate_production(response, formulas_only, (turn.0, q, turn.2)) {
            Ok(g) if explicit(g.how) => found = Ok(g),
            _ => break,
        }
    }
    let found = found.map(|f| Located {
        answer: response[f.span.0..f.span.1].to_string(),
        span: f.span,
        how: f.how,
    });
    let (ks, ke) = kept_of(tags, len);
    (found, (ks + lead, ke + lead))
}

/// The labels that open the next exchange of a few-shot prompt (ASCII case
/// ignored, then `:`), the stop sequences of lm-evaluation-harness's GSM8K
/// and Minerva tasks and of chat transcripts: a base model that goes on
/// after its answer writes the next question, and answers it.
const CONTINUATIONS: [&str; 5] = ["question", "q", "problem", "human", "user"];

/// The most few-shot continuations read past (MX-10): each costs one
/// more search of the text before it.
pub const MAX_CONTINUATIONS: usize = 4;

/// The most lines [`continuation_start`] reads back from an answer.
const MAX_CONTINUATION_LINES: usize = 6;

/// The most bytes [`continuation_start`] reads back from an answer (the
/// question of a few-shot exchange is a few lines long).
const MAX_CONTINUATION_BYTES: usize = 1024;

/// Whether the extraction rule `how` is an explicit answer (a box, a
/// statement, a bold line, a choice), not the fallback's or a bare answer.
fn explicit(how: &str) -> bool {
    !matches!(
        how,
        "last_number" | "last_formula" | "bare_answer" | "listed_solutions"
    )
}

/// Where the few-shot continuation that holds the answer at `at` starts
/// (MX-10): a line within [`MAX_CONTINUATION_LINES`] lines and
/// [`MAX_CONTINUATION_BYTES`] bytes before it (or its own) that opens,
/// after spaces, `*` or `#`, with one of
/// [`CONTINUATIONS`] and `:`, with text other than white space before it
/// (not before `start`): `Answer: 12⏎⏎Question: A shop has 5 pens. How
/// many?⏎Answer: 5` is 12 (it answered 5, the continuation's answer).
fn continuation_start(response: &str, start: usize, at: usize) -> Option<usize> {
    let b = response.as_bytes();
    let floor = start.max(at.saturating_sub(MAX_CONTINUATION_BYTES));
    let mut k = at;
    for _ in 0..MAX_CONTINUATION_LINES {
        let nl = floor + rfind_byte(&b[floor..k], b'\n')?;
        let line = &b[nl + 1..at];
        let m = line
            .iter()
            .take_while(|&&c| matches!(c, b' ' | b'*' | b'#'))
            .count();
        if labelled(&line[m..], &CONTINUATIONS) {
            return b[start..nl]
                .iter()
                .any(|c| !c.is_ascii_whitespace())
                .then_some(nl + 1);
        }
        k = nl;
    }
    None
}

/// Whether `rest` opens with one of `labels` (ASCII case ignored), then
/// `:` (`Question:`, `User:`, `ASSISTANT:`): the labels of a few-shot
/// exchange or a transcript (MX-10).
fn labelled(rest: &[u8], labels: &[&str]) -> bool {
    labels.iter().any(|w| {
        let n = w.len();
        rest.len() > n && rest[..n].eq_ignore_ascii_case(w.as_bytes()) && rest[n] == b':'
    })
}

/// The speakers whose label opens a turn of a chat transcript in plain
/// text (ASCII case ignored, then `:`): the user's, and the assistant's
/// that answers it.
const TRANSCRIPT_USERS: [&str; 2] = ["user", "human"];

/// Where a chat transcript that the model writes on after its answer
/// starts (MX-10): the first line (from `from`) that opens, after spaces,
/// with a label of [`TRANSCRIPT_USERS`] and `:`, with text other than
/// white space before it, when a line opening with `Assistant:` follows it
/// (`assistant:` or `ASSISTANT:` too; other mixes of case are not read).
/// A base model prompted with `User: … Assistant:` (R1-Zero's template)
/// goes on with a made-up exchange; what it answers there is not the
/// problem's answer. One forward pass over the line starts.
fn transcript_start(response: &str, from: usize) -> Option<usize> {
    // (A vector search first: most responses hold no assistant label, and
    // the line starts of a long one are many.)
    let rest = &response[from..];
    if !crate::text::holds_str(rest, "ssistant:") && !crate::text::holds_str(rest, "SSISTANT:") {
        return None;
    }
    let b = response.as_bytes();
    let opens_with = |nl: usize, labels: &[&str]| {
        let line = &b[nl + 1..];
        let m = line.iter().take_while(|&&c| c == b' ').count();
        labelled(&line[m..], labels)
    };
    let mut k = from;
    let user = loop {
        let nl = k + find_byte(&b[k..], b'\n')?;
        if opens_with(nl, &TRANSCRIPT_USERS) {
            break nl;
        }
        k = nl + 1;
    };
    if b[from..user].iter().all(u8::is_ascii_whitespace) {
        return None;
    }
    let mut k = user + 1;
    loop {
        let nl = k + find_byte(&b[k..], b'\n')?;
        if opens_with(nl, &["assistant"]) {
            return Some(user);
        }
        k = nl + 1;
    }
}

/// The production extraction of a response whose [`model_turn`] is `turn`.
fn locate_production(
    response: &str,
    formulas_only: bool,
    turn: (usize, usize, bool),
) -> Result<Found, NoAnswerReason> {
    // The reasoning block goes; a chat template's end-of-turn token ends the
    // response (`…is 2/3. <|im_start|>user`): what follows is not the
    // model's answer.
    let (mut start, end, open_think) = turn;
    // Trailing white space is no part of the response: every window below
    // is measured back from its last other byte (no window starts past it).
    let end = start + trim_end_ws(&response[start..end]).len();
    if end == start {
        return Err(if open_think {
            "cut off: the reasoning block (<think>) never closes"
        } else {
            "empty response"
        });
    }
    if end - start > MAX_RESPONSE_BYTES {
        start = end - MAX_RESPONSE_BYTES;
        while !response.is_char_boundary(start) {
            start += 1;
        }
    }
    // MX-10: explicit answers, from the end: the last TAIL_BYTES, then 32
    // times more, until the whole response is read.
    // (A response of at most two windows is read as one: the second
    // window would read it all again.)
    let mut window = if end - start <= 2 * TAIL_BYTES {
        end - start
    } else {
        TAIL_BYTES
    };
    // The words of the previous window (a larger window scans only its new
    // part: the search reads each byte once).
    let mut seen: Option<(usize, Anchors)> = None;
    let mut seen_phrases = None;
    let mut seen_boxless = None;
    loop {
        let wstart = window_start(response, start, end, window);
        let mut doc = Doc::new(response, wstart, end);
        doc.production = true;
        if let Some((old, anchors)) = seen.take() {
            doc.anchors = anchors
                .extend_front(response.as_bytes(), wstart, old, end)
                .into();
        }
        // (And its answer phrases: only those before it are looked for.)
        doc.phrases.set(seen_phrases.take());
        // (And the boxes its search found empty or unclosed.)
        doc.boxless.set(seen_boxless);
        if let Some(f) = doc.explicit(wstart, end) {
            // A phrase in the tail does not beat a box before it (MX-4,
            // MX-5), unless the window holds MAX_BOX_COMMANDS box commands:
            // only the last ones are read (MX-4), so none before it can be
            // the answer.
            let box_before = || {
                let commands: usize = [Needle::Boxed, Needle::Fbox]
                    .into_iter()
                    .map(|n| {
                        doc.anchors()
                            .find_rev(n, wstart..end)
                            .take(MAX_BOX_COMMANDS)
                            .count()
                    })
                    .sum();
                let before = &response[start..wstart];
                commands < MAX_BOX_COMMANDS
                    && (before.contains("\\boxed") || before.contains("\\fbox"))
            };
            let statement = !(f.how.starts_with("boxed") || f.how == "bold_line");
            if !statement || !box_before() {
                if statement {
                    if let Some(read) =
                        statement_exception(response, (start, end), &f, formulas_only)
                    {
                        return read;
                    }
                    // MX-15: a statement long before a loop of values
                    // (`… the correct answer is actually \(869\), but …
                    // is \(929\), but … is \(929\), but …`) is one the
                    // response went on doubting until its token limit.
                    if end - f.span.0 > LOOP_WINDOW
                        && loop_at_end(&response[start..end]) == Some(true)
                    {
                        return Err(IN_LOOP);
                    }
                }
                // MX-19: an answer the response takes back is not its
                // answer; what it says after the retraction is. (MX-20:
                // so is one the rest of its clause judges wrong.)
                let judged = judged_in_clause(response.as_bytes(), f.reach);
                if let Some(r) = judged.or_else(|| retraction(response, f.reach, end)) {
                    return fallback(response, r, end, formulas_only).map_err(|_| RETRACTED);
                }
                return Ok(f);
            }
        }
        // MX-10: a crowded window is no answer (not the fallback's).
        if doc.crowded.get() {
            return Err(CROWDED);
        }
        if wstart == start {
            break;
        }
        seen_phrases = doc.phrases.take();
        seen_boxless = doc.boxless.get();
        seen = doc.anchors.into_inner().map(|a| (wstart, a));
        window = window.saturating_mul(32);
    }
    // MX-12: a response that is itself an answer, or one on its first line
    // then its explanation.
    let (s, e) = trim(response, (start, end));
    if let Some(f) = bare_found(response, (s, e)) {
        return Ok(f);
    }
    unstated(response, (start, end), (s, e), formulas_only)
}

/// The production extraction of a response `response[start..end]` (`s..e`
/// trimmed) without an explicit or a bare answer: cut off (MX-15), else
/// the fallback's reading (MX-13, MX-14, MX-17).
fn unstated(
    response: &str,
    (start, end): (usize, usize),
    (s, e): (usize, usize),
    formulas_only: bool,
) -> Result<Found, NoAnswerReason> {
    // MX-15: cut off before an answer (read in the last 2 × TAIL_BYTES).
    let tstart = window_start(response, start, end, TAIL_BYTES * 2);
    let tstart = tstart.max(s);
    // (Its last line break and where its last paragraph starts, read back
    // once: the aside's reading and the fallback of the whole response read
    // them too, [`last_paragraph`].)
    let window = &response[tstart..e];
    let nl = rfind_byte(window.as_bytes(), b'\n');
    let para = tstart + paragraph_start_at(window, nl);
    // (A closed answer block was not cut off inside a formula: the model
    // wrote its `</answer>` (`<answer> \(2401 </answer>`), and a `\` at
    // its end is LaTeX's control space (`<answer> 8 \ </answer>`); one
    // that ends on an operator still states nothing, `<answer> 2 +
    // </answer>`.)
    let closed = closes_answer_block(response, end);
    let (read, read_nl, read_para) = if closed {
        let w = window.trim_end_matches(|c: char| c == '\\' || c.is_ascii_whitespace());
        let n = rfind_byte(w.as_bytes(), b'\n');
        (w, n, paragraph_start_at(w, n))
    } else {
        (window, nl, para - tstart)
    };
    let cut = truncated(read, &response[start..tstart], read_para, read_nl)
        .or_else(|| cut_in_code_block(&response[start..e]));
    if let Some(reason) = cut {
        if !(closed && reason.starts_with("cut off: the response ends inside")) {
            return Err(reason);
        }
    }
    // MX-17: a trailing aside is read last; MX-13, MX-14: the last formula
    // or number token before it.
    let before_aside = aside_start(response, s, e, Some((tstart, nl.map(|k| tstart + k))))
        .and_then(|a| fallback(response, start, trim(response, (s, a)).1, formulas_only).ok());
    let known = (e == end).then_some((tstart, para));
    before_aside.map_or_else(
        || fallback_in(response, start, end, formulas_only, true, known),
        Ok,
    )
}

/// Whether `at` is inside a fenced code block that opens after `from`: an
/// odd number of fence lines between them ([`fence_lines`], MX-5).
fn in_code_block(response: &str, from: usize, at: usize) -> bool {
    fence_lines(response, from, at) % 2 == 1
}

/// Whether `</answer>` (ASCII case ignored) follows `end`, white space
/// between: the text before it is an answer block the model closed
/// (MX-10, MX-15); or `</think>`, which closes a turn only when it closes
/// an answer block (`<answer> 24 </think>`, [`answer_closed_by_think`]).
fn closes_answer_block(response: &str, end: usize) -> bool {
    let rest = response[end..].trim_start().as_bytes();
    [ANSWER_CLOSE, b"</think>".as_slice()].iter().any(|close| {
        rest.get(..close.len())
            .is_some_and(|t| t.eq_ignore_ascii_case(close))
    })
}

/// Where the last paragraph of `response[w..end]` starts (after its last
/// `\n\n`; `w` when it has none): `w + paragraph_start(…)`, or read from
/// `known`, `(v, p)`: `p` the same for the window from `v` to the same
/// `end`. (A last `\n\n` of the window from `v` is the last of any window
/// that holds it, and no window after it holds one; a window inside one
/// without any has none.)
fn last_paragraph(response: &str, w: usize, end: usize, known: Option<(usize, usize)>) -> usize {
    match known {
        // (Found: its two line breaks end at `p`.)
        Some((v, p)) if p >= v + 2 => {
            if p - 2 >= w {
                p
            } else {
                w
            }
        }
        Some((v, _)) if w >= v => w,
        _ => w + paragraph_start(&response[w..end]),
    }
}

/// MX-13, MX-14: the last formula or number token of `response[start..end]`,
/// from the end: in the last TAIL_BYTES, else in the last 4 × TAIL_BYTES;
/// with the solutions listed with it (MX-13).
fn fallback(
    response: &str,
    start: usize,
    end: usize,
    formulas_only: bool,
) -> Result<Found, NoAnswerReason> {
    fallback_from(response, start, end, formulas_only, true)
}

/// MX-20: the value that the approximate restatement `f` restates
/// ([`restated`]), as `read` reads it, when it ends right before the
/// restatement's comma (a math delimiter and spaces between allowed, and
/// a unit: `$2\sqrt{2}$ units, approximately 2.83`, `$5\pi$ cm, or about
/// 15.7 cm`).
fn restated_found(
    response: &str,
    from: usize,
    f: &Found,
    read: &impl Fn(usize, usize) -> Option<Found>,
) -> Option<Found> {
    let q = restated(response, from, f.span)?;
    read(from, q).filter(|g| {
        let gap = response[g.reach.min(q)..q].trim_matches(['$', ' ']);
        gap.is_empty()
            || ["unit", "units"].contains(&gap)
            || crate::score::math::units::is_unit(gap)
    })
}

/// MX-20: `f` with the proportion it ends (`1 in 6`: [`proportion_start`]),
/// else `f`.
fn whole_proportion(response: &str, from: usize, mut f: Found) -> Found {
    if let Some(p) = proportion_start(response.as_bytes(), from, f.span) {
        f.span.0 = p;
    }
    f
}

/// MX-22: the value before the reason or the description that `f` stands
/// in ([`reason_start`]: `n = 12, since 12 / 3 = 4`, `24, which is
/// divisible by 3`), as `read` reads it in the same clause, again while
/// that one stands in one; else `f`.
fn reasoned(
    response: &str,
    sentences: &Sentences,
    mut f: Found,
    read: &impl Fn(usize, usize) -> Option<Found>,
) -> Found {
    let from = sentences.from;
    // (That value may stand in one too: `15 marbles left after giving away
    // 10 of his 25 marbles` is 15; each reading moves left, at most
    // MAX_QUALIFIERS of them.)
    for _ in 0..MAX_QUALIFIERS {
        let Some(g) = reason_start(response, &sentences.of(f.span.0), f.span)
            .and_then(|q| read(from, q).filter(|g| same_clause(response, g.reach, q)))
        else {
            break;
        };
        f = g;
    }
    f
}

/// The sentences of the fallback's values in `text[from..]`
/// ([`ValueSentence`]), each read back once: the readers of MX-20, MX-21
/// and MX-22 read the same value's sentence, and read it again only when
/// the value changes.
struct Sentences<'a> {
    /// The response's bytes.
    b: &'a [u8],
    /// Where the fallback's text starts.
    from: usize,
    /// The sentence read last.
    last: Cell<Option<ValueSentence>>,
}

impl<'a> Sentences<'a> {
    /// No sentence read yet, of `b[from..]`.
    fn new(b: &'a [u8], from: usize) -> Sentences<'a> {
        Sentences {
            b,
            from,
            last: Cell::new(None),
        }
    }

    /// The sentence of the value at `at`: the one read last when it is
    /// that value's, else read now.
    fn of(&self, at: usize) -> ValueSentence {
        match self.last.get() {
            Some(v) if v.at() == at => v,
            _ => {
                let v = ValueSentence::new(self.b, self.from, at);
                self.last.set(Some(v));
                v
            }
        }
    }
}

/// The most reasons and descriptions read back in a row (MX-22).
pub const MAX_QUALIFIERS: usize = 3;

/// [`fallback`], with its last paragraph read first when `paragraph_first`
/// (else the window alone: the reading that the first one must agree with).
fn fallback_from(
    response: &str,
    start: usize,
    end: usize,
    formulas_only: bool,
    paragraph_first: bool,
) -> Result<Found, NoAnswerReason> {
    fallback_in(response, start, end, formulas_only, paragraph_first, None)
}

/// [`fallback_from`], with the last paragraph's start `known` for a window
/// to the same `end` ([`last_paragraph`]).
fn fallback_in(
    response: &str,
    start: usize,
    end: usize,
    formulas_only: bool,
    paragraph_first: bool,
    known: Option<(usize, usize)>,
) -> Result<Found, NoAnswerReason> {
    let fstart = window_start(response, start, end, TAIL_BYTES * 4);
    let near = window_start(response, start, end, TAIL_BYTES);
    let fstart = if has_digit_or_math(&response[near..end]) {
        near
    } else {
        fstart
    };
    let mut doc = Doc::new(response, fstart, end);
    doc.production = true;
    // The last formula (MX-9: only that) or number of `[from, to)`.
    let read = |from: usize, to: usize| {
        if formulas_only {
            doc.last_formula(from, to, true).map(|f| Found {
                span: doc.right_side(f),
                how: "last_formula",
                reach: f.1,
            })
        } else {
            doc.last_formula_or_number(from, to)
        }
    };
    let para = last_paragraph(response, fstart, end, known);
    let (mut found, from) = first_reading(response, (fstart, para, end), paragraph_first, &read);
    // `24 cm$^2$`: a unit's exponent in its own math span is no formula
    // (MX-14); the answer is read before it.
    if let Some(o) = found
        .as_ref()
        .and_then(|f| unit_exponent(response, from, f))
    {
        found = read(from, o).or(found);
    }
    // MX-20: a proportion (`1 in 6`) is read whole.
    let found = found.map(|f| whole_proportion(response, from, f));
    // MX-22: not a value in a reason or a description of another value.
    let sentences = Sentences::new(response.as_bytes(), from);
    let mut found = found.map(|f| reasoned(response, &sentences, f, &read));
    // MX-20: not a value the response rules out (`9, not 8`), but the
    // formula or number before the negation in its clause; nothing there,
    // negations past MAX_NEGATIONS or a bound (`less than 5`): no answer.
    // (The values ruled out so far: the same value read back before one,
    // `4 and 6, and 6 is too large`, is ruled out too.)
    let mut ruled: Vec<&str> = Vec::new();
    for n in 0..=MAX_NEGATIONS {
        let Some(f) = &found else {
            break;
        };
        let value = &response[f.span.0..f.span.1];
        let Some(x) = excluded(response, from, f.span).or_else(|| {
            ruled
                .contains(&value)
                .then_some(Excluded::Negation(f.span.0))
        }) else {
            break;
        };
        ruled.push(value);
        found = match x {
            Excluded::Negation(q) if n < MAX_NEGATIONS => {
                read(from, q).filter(|g| same_clause(response, g.reach, q))
            }
            _ => None,
        };
        if found.is_none() {
            return Err(NEGATED);
        }
    }
    // Ruled out before it in its sentence (MX-20), a mistaken view (MX-19).
    if let Some(f) = &found {
        let ruled = ruled_out_before(response, &sentences.of(f.span.0), f.span);
        if ruled || mistaken_view(response.as_bytes(), from, f.span.0) {
            return Err(NEGATED);
        }
    }
    // MX-18: not the condition after the answer (`$3$ when $x = 1$`), but
    // the answer before it in the same clause.
    // MX-20: not an approximate restatement (`1/6, or about 16.7%`), but
    // the value it restates, ending where the restatement's comma is.
    let found = found.map(|f| {
        condition_start(response, from, f.span)
            .and_then(|q| read(from, q).filter(|g| same_clause(response, g.reach, q)))
            .or_else(|| restated_found(response, from, &f, &read))
            .unwrap_or(f)
    });
    // MX-21: a value given under a condition with another value otherwise,
    // or one of two hedged guesses, is no single answer; nor is a value in
    // a question the response ends on (`The answer is 5?`).
    if let Some(f) = &found {
        if conditional_in(response, &sentences.of(f.span.0), f.span) {
            return Err(CONDITIONAL);
        }
        if ends_asking(response, f.span, end) {
            return Err(ASKED);
        }
    }
    // MX-13: the solutions listed with it (`x = 1 and x = 2`), the bounds
    // (`x > 1 and x < 3`); two bounds of one unknown that make no interval:
    // no answer.
    let found = found
        .map(|f| listed_bounds(response, fstart, listed_solutions(response, fstart, f)))
        .transpose()?;
    found.ok_or_else(|| {
        if !formulas_only && doc.number_too_long(fstart, end) {
            NUMBER_TOO_LONG
        } else {
            NO_FORMULA_OR_NUMBER
        }
    })
}

/// Where the math span of the fallback's formula `f` opens, when the
/// formula is only an exponent or a subscript (`^2`, `_3`) and a letter
/// stands right before its delimiter: the exponent of a unit (`cm$^2$`,
/// `m\(^3\)`).
fn unit_exponent(text: &str, from: usize, f: &Found) -> Option<usize> {
    if f.how != "last_formula" {
        return None;
    }
    let content = text[f.span.0..f.span.1].trim_start();
    if !content.starts_with(['^', '_']) {
        return None;
    }
    let before = &text[from..f.span.0];
    // Not a display: a unit's exponent is inline.
    let open = opener_len(before).filter(|_| !before.ends_with("$$"))?;
    let o = f.span.0 - open;
    (o > from && text.as_bytes()[o - 1].is_ascii_alphabetic()).then_some(o)
}

/// The fallback's first reading of `response[fstart..end]` (`read`: the
/// last formula or number of a range), and where the text it read starts.
///
/// The last paragraph (from `para`) first: a formula does not span a blank
/// line (MX-15), so what it holds is what the window's reading finds there,
/// without reading the window's `$` pairs from its start (a window that
/// starts inside a display pairs them the wrong way round). And a formula
/// joined to a word by a hyphen (`the $x$-coordinate`, `a $3$-digit
/// number`) modifies that word: the value is read before it (MX-14, at most
/// [`MAX_MODIFIERS`] of them in a row).
fn first_reading(
    response: &str,
    (fstart, para, end): (usize, usize, usize),
    paragraph_first: bool,
    read: &impl Fn(usize, usize) -> Option<Found>,
) -> (Option<Found>, usize) {
    let read_to = |to: usize| {
        let in_para = (paragraph_first && para > fstart && para < to)
            .then(|| has_digit_or_math(&response[para..to]).then(|| read(para, to)))
            .flatten()
            .flatten();
        in_para.map_or_else(|| (read(fstart, to), fstart), |f| (Some(f), para))
    };
    let (mut found, mut from) = read_to(end);
    for _ in 0..MAX_MODIFIERS {
        let Some(o) = found
            .as_ref()
            .and_then(|f| modifier_open(response, from, f))
        else {
            break;
        };
        match read_to(o) {
            (Some(g), gfrom) => (found, from) = (Some(g), gfrom),
            (None, _) => break,
        }
    }
    (found, from)
}

/// The most formulas joined to a word by a hyphen read past in a row
/// ([`modifier_open`]).
const MAX_MODIFIERS: usize = 3;

/// Where the math span of the fallback's formula `f` opens (`$`, `$$` or
/// `\(` right before its content), when its closing delimiter is followed
/// by a hyphen and a letter: the formula is part of a compound word (`the
/// $x$-coordinate`, `a $3$-digit number`, the `$n$-th term`), which names
/// something, not the answer. (This project's probes of issue 13 item 1,
/// 2026-12-02: `$$x = -\frac{3}{2}$$ This is the $x$-coordinate of the
/// vertex.` read `x`.)
fn modifier_open(text: &str, from: usize, f: &Found) -> Option<usize> {
    if f.how != "last_formula" {
        return None;
    }
    let b = text.as_bytes();
    let k = skip_ws(b, f.span.1, b.len());
    let close = if b[k..].starts_with(b"$$") || b[k..].starts_with(b"\\)") {
        2
    } else if b[k..].starts_with(b"$") {
        1
    } else {
        return None;
    };
    let joined = b.get(k + close) == Some(&b'-')
        && b.get(k + close + 1).is_some_and(u8::is_ascii_alphabetic);
    if !joined {
        return None;
    }
    let before = text[from..f.span.0].trim_end_matches(' ');
    Some(from + before.len() - opener_len(before)?)
}

/// The length of the math delimiter `before` ends with: 2 for `\(` and
/// `$$`, 1 for a single `$`, none for anything else.
fn opener_len(before: &str) -> Option<usize> {
    if before.ends_with("\\(") || before.ends_with("$$") {
        Some(2)
    } else if before.ends_with('$') {
        Some(1)
    } else {
        None
    }
}

/// How far back in its sentence an earlier occurrence of the fallback's
/// value is looked for (bytes).
const MAX_SAME_VALUE_BYTES: usize = 96;

const _: () = assert!(MAX_SAME_VALUE_BYTES <= MAX_SENTENCE_BACK);

/// Whether the value `span` occurs earlier in its sentence (at most
/// [`MAX_SAME_VALUE_BYTES`] back, not past `.`, `!` or `?` before a space,
/// `;` or a line break), as a value of its own (no digit or `.` next to it) that the
/// words before it rule out (`cannot be 5`, `not 5`): the response has
/// ruled that value out, whatever the reason after it says.
fn ruled_out_before(text: &str, sentence: &ValueSentence, span: (usize, usize)) -> bool {
    let b = text.as_bytes();
    let from = sentence.from();
    let value = &b[span.0..span.1];
    if value.is_empty() || !value.iter().any(u8::is_ascii_digit) {
        return false;
    }
    let start = sentence.start(b, MAX_SAME_VALUE_BYTES, true);
    let part = &b[start..span.0];
    let apart = |c: Option<&u8>| !c.is_some_and(|c| c.is_ascii_digit() || *c == b'.');
    (0..part.len().saturating_sub(value.len() - 1)).any(|k| {
        let at = start + k;
        // (The first byte before the comparison: no call per position.)
        part[k] == value[0]
            && part[k..].starts_with(value)
            && (at == 0 || apart(b.get(at - 1)))
            && apart(b.get(at + value.len()))
            && matches!(
                excluded(text, from, (at, at + value.len())),
                Some(Excluded::Negation(_))
            )
    })
}

/// What an answer statement `f` gives when it does not simply state its
/// answer, in the response's `[start, end)`: no answer when it was cut off
/// (MX-15) or gives its value under a condition (MX-21: `the answer is 5
/// if n is odd and 6 otherwise`); when it states what the answer is not
/// (MX-20: `The answer is not 8.`), what the response says after it (`It
/// must be 9.`), read by the fallback. `None`: the statement stands.
fn statement_exception(
    response: &str,
    (start, end): (usize, usize),
    f: &Found,
    formulas_only: bool,
) -> Option<Result<Found, NoAnswerReason>> {
    if let Some(reason) = cut_statement(response, start, end, f) {
        return Some(Err(reason));
    }
    if conditional(response, start, f.span) {
        return Some(Err(CONDITIONAL));
    }
    // MX-19: a view the statement reports as a mistake (`A common mistake
    // is to say the answer is 15.`) is taken back: what follows is read.
    if mistaken_view(response.as_bytes(), start, f.span.0) {
        return Some(fallback(response, f.reach, end, formulas_only).map_err(|_| RETRACTED));
    }
    let head = response.as_bytes()[f.span.0..f.span.1].get(..4);
    head.is_some_and(|h| h.eq_ignore_ascii_case(b"not "))
        .then(|| fallback(response, f.reach, end, formulas_only).map_err(|_| NEGATED))
}

/// MX-15: why a response whose answer statement `f` (not a box, not a bold
/// line) runs to its end was cut off there, if it was: it ends on an
/// operator, inside a formula or a brace group (`The answer is \\boxed{5`,
/// `Answer: 5 \\times`), read as MX-15 reads a response without an answer.
/// `[start, end)` is the response without its trailing white space.
fn cut_statement(response: &str, start: usize, end: usize, f: &Found) -> Option<NoAnswerReason> {
    // (A joiner the statement's answer left at the end, `12, and`, is
    // still the statement's.)
    let rest = response[f.span.1.min(end)..end].trim_start_matches([',', ';', ' ']);
    let joiner = rest.eq_ignore_ascii_case("and") || rest.eq_ignore_ascii_case("or");
    if f.span.1 < end && !joiner {
        return None;
    }
    let w = window_start(response, start, end, TAIL_BYTES * 2);
    let t = &response[w..end];
    cut_in_formula(t, &response[start..w], paragraph_start(t))
}

/// The reason of a response whose last number, the fallback's answer, is
/// longer than [`MAX_NUMBER_BYTES`](super::MAX_NUMBER_BYTES) (MX-14): a run
/// of digits that long is not an answer.
pub const NUMBER_TOO_LONG: NoAnswerReason = "the last number is longer than 128 bytes";

/// The reason of a response with neither an explicit answer, nor a formula,
/// nor a number token (MX-15).
pub const NO_FORMULA_OR_NUMBER: NoAnswerReason = "no formula or number in the response";

/// Where a window of `len` bytes before `end` starts: at a line start when
/// one is near, never before `start`.
pub(super) fn window_start(text: &str, start: usize, end: usize, len: usize) -> usize {
    if end - start <= len {
        return start;
    }
    // The first line break in the 256 bytes from `end - len`, 16 bytes at
    // a time (`find_byte`), between the character boundaries next to them:
    // a line break is a character of its own, so the bytes left out at
    // either end are never one.
    let boundary = |mut i: usize| {
        while !text.is_char_boundary(i) {
            i += 1;
        }
        i
    };
    let w = boundary(end - len);
    let mut lim = end.min(end - len + 256);
    while !text.is_char_boundary(lim) {
        lim -= 1;
    }
    match find_byte(&text.as_bytes()[w..lim.max(w)], b'\n') {
        Some(k) => w + k + 1,
        None => w,
    }
}

/// Whether `t` holds a digit or a math delimiter (a formula or a number may
/// be there). Read from the end, 16 bytes at a time: the fallback's text
/// ends on its value, most often right there.
pub(super) fn has_digit_or_math(t: &str) -> bool {
    t.as_bytes().rchunks(16).any(|c| {
        c.iter().fold(false, |a, &c| {
            a | (c.wrapping_sub(b'0') < 10) | (c == b'$') | (c == b'\\')
        })
    })
}

/// `**x**` around the whole text: the content.
pub(super) fn strip_bold(text: &str, (s, e): (usize, usize)) -> (usize, usize) {
    let t = &text[s..e];
    if t.len() > 4 && t.starts_with("**") && t.ends_with("**") && !t[2..t.len() - 2].contains("**")
    {
        return trim(text, (s + 2, e - 2));
    }
    (s, e)
}

impl Doc<'_> {
    /// The explicit answers of the production search in `[from, to)`:
    /// the box or statement of MX-4, MX-5, MX-11, else a bold final line
    /// (MX-11).
    pub(super) fn explicit(&self, from: usize, to: usize) -> Option<Found> {
        // Boxes and statements are found at their words: without one in the
        // window (most short answers) only a bold line can be an answer.
        if self.anchors().is_empty() {
            return self.bold_line(from, to);
        }
        // (Words in a code block, a comment's `# Therefore the answer is
        // the last element`, state nothing: MX-5.)
        let code = |at: usize| in_code_block(self.text, from, at);
        let therefore = self
            .last_word(from, Needle::Therefore)
            .filter(|&t| !code(t));
        [therefore, Some(from)]
            .into_iter()
            .flatten()
            .find_map(|s| match self.boxed(s, to) {
                // (Not a phrase in a code block opened after the box: a
                // comment, `# the final answer is constant`, MX-5.)
                Some(b) => self
                    .final_answer_after(b.reach, to)
                    .filter(|f| !in_code_block(self.text, b.reach, f.span.0))
                    .or(Some(b)),
                None => self.phrase(s, to).filter(|f| !code(f.span.0)),
            })
            .or_else(|| self.bold_line(from, to))
    }

    /// A last line that is only bold text holding an answer (`**42**`).
    pub(super) fn bold_line(&self, from: usize, to: usize) -> Option<Found> {
        let (s, e) = trim(self.text, (from, to));
        // Only a line that ends on `**` is bold (`strip_bold`): another
        // costs no search for its start.
        if !self.text[s..e].ends_with("**") {
            return None;
        }
        let nl = rfind_byte(&self.bytes()[s..e], b'\n');
        let line_start = nl.map_or(s, |k| s + k + 1);
        let line = trim(self.text, (line_start, e));
        let inner = strip_bold(self.text, line);
        // (`**2.**` after `**1.** …`: an empty item of a numbered list,
        // cut off, MX-15.)
        if inner == line || cut_at_list_item(&self.text[s..e], nl).is_some() {
            return None;
        }
        let inner = strip_dollars(self.text, trim_end_periods(self.text, inner));
        is_bare(&self.text[inner.0..inner.1]).then_some(Found {
            span: inner,
            how: "bold_line",
            reach: e,
        })
    }
}

#[cfg(test)]
mod production_tests {
    use super::*;
    use crate::score::math::extract::MAX_ANCHOR_HITS;

    pub(super) fn answer(r: &str) -> Result<String, NoAnswerReason> {
        locate_default(r, false).map(|x| {
            assert_eq!(&r[x.span.0..x.span.1], x.answer, "the span is the answer");
            x.answer
        })
    }

    /// The chat templates of other model families (sixteenth session):
    /// Gemma's and DeepSeek's headers open the turn, their end tokens end
    /// it (each was no answer: an empty turn, or cut off on `>`).
    #[test]
    fn other_chat_templates_open_and_end_the_turn() {
        for r in [
            "<start_of_turn>model\nThe answer is 12.<end_of_turn>\n",
            "The answer is 12.<eos>",
            "<\u{ff5c}Assistant\u{ff5c}>The answer is 12.<\u{ff5c}end\u{2581}of\u{2581}sentence\u{ff5c}>",
            "The answer is 12.<\u{ff5c}User\u{ff5c}>And 13?",
            "  <start_of_turn>model The answer is 12.",
        ] {
            assert_eq!(answer(r).as_deref(), Ok("12"), "{r:?}");
        }
        // (A Gemma turn that opens without its header is empty.)
        assert!(answer("<start_of_turn>user\nHow many?<end_of_turn>").is_err());
    }

    /// A few-shot continuation after the answer is not read (sixteenth
    /// session); a label with no explicit answer before it, or the first
    /// line's, leaves the answer after it.
    #[test]
    fn few_shot_continuations_are_not_the_answer() {
        for (r, want) in [
            ("Answer: 12\n\nQuestion: How many pens?\nAnswer: 5", "12"),
            ("Answer: 12\nQ: And 3 + 4?\nA: The answer is 7.", "12"),
            (
                "The answer is 12.\n\n**Problem:** Find x.\n\\boxed{5}",
                "12",
            ),
            ("#### 12\nQuestion: x?\n#### 5\nQuestion: y?\n#### 7", "12"),
            ("The answer is 12.\nUser: and now?\nThe answer is 7.", "12"),
            ("Question: How many books?\nAnswer: 12", "12"),
            ("We get 12.\nProblem: restated.\nSo the answer is 12.", "12"),
            ("Let me see.\nQuestion: is it 5?\nThe answer is 5.", "5"),
            ("The answer is 12.\nQuestions: none.\nThe answer is 5.", "5"),
        ] {
            assert_eq!(answer(r).as_deref(), Ok(want), "{r:?}");
        }
    }

    /// A transcript the model writes on after its answer (`⏎User: …⏎
    /// Assistant: …`) ends its turn, whatever the answer's rule; a `User:`
    /// line with nothing before it, or no `Assistant:` line after it,
    /// starts none (twenty-fifth session).
    #[test]
    fn made_up_transcripts_end_the_turn() {
        for (r, want) in [
            (
                "So 3 + 4 = 7.\nUser: And 2 + 9?\nAssistant: 2 + 9 = 11.",
                "7",
            ),
            ("It is 7.\n  human: more?\n ASSISTANT: 11", "7"),
            (
                "<think>hm</think>So it is 7.\nUser: x?\nAssistant: <think>hm</think> 11",
                "7",
            ),
            ("User: What is 3 + 4?\nAssistant: 3 + 4 = 7.", "7"),
            ("So 3 + 4 = 7.\nUser: and 2 + 9 = 11", "11"),
            ("So 3 + 4 = 7.\nUsers: 11\nAssistant: 11", "11"),
            ("So 3 + 4 = 7. User: x\nAssistant: 11", "11"),
        ] {
            assert_eq!(answer(r).as_deref(), Ok(want), "{r:?}");
        }
    }

    /// A closed answer block is not cut off inside a formula, and a `\`
    /// at its end is a control space; one ending on an operator, or an
    /// unclosed delimiter without `</answer>`, still is (twenty-fifth
    /// session).
    #[test]
    fn closed_answer_blocks_are_not_cut_off_in_a_formula() {
        for (r, want) in [
            ("</think> <answer> 8 \\ </answer>", Ok("8")),
            ("</think> <answer> 40 \\</answer>", Ok("40")),
            ("</think> <answer> \\(2401 </answer>", Ok("2401")),
            ("</think> <answer> $-4 </ANSWER>", Ok("-4")),
            (
                "</think> <answer> 2 + </answer>",
                Err("cut off: the response ends on an operator"),
            ),
            (
                "</think> So it is \\(2401",
                Err("cut off: the response ends inside a formula (\\[ or \\( not closed)"),
            ),
        ] {
            assert_eq!(answer(r).as_deref(), want.as_deref(), "{r:?}");
        }
    }

    /// A statement whose answer opens a display and never closes it was cut
    /// off there: no answer, not the opener's line `\[` (twenty-seventh
    /// session); a closed display is the answer.
    #[test]
    fn statements_opening_an_unclosed_display_are_cut_off() {
        let cut = Err("cut off: the response ends inside a formula (\\[ or \\( not closed)");
        for (r, want) in [
            ("The answer is\n\\[\n6\n", cut),
            ("**Final Answer**\n\\[\n\\boxed{6\n", cut),
            ("## Final Answer\n\\[\n6", cut),
            ("The answer is\n\\[\n6\n\\]", Ok("6")),
            ("**Final Answer**\n\\[\n6\n\\]\n", Ok("6")),
        ] {
            assert_eq!(answer(r).as_deref(), want.as_deref(), "{r:?}");
        }
    }

    /// An answer block closed by `</think>` instead of `</answer>` is the
    /// answer when nothing follows it; reasoning inside `<think>…</think>`
    /// is still not the answer (twenty-sixth session).
    #[test]
    fn answer_blocks_closed_by_think_are_read() {
        for (r, want) in [
            ("so 4! = 24.</think><answer>24</think>", Ok("24")),
            ("so 4! = 24. </think> <answer> 24 </think>", Ok("24")),
            (
                "<think>so 4! = 24. </think> <answer> 24 </think>\n",
                Ok("24"),
            ),
            ("</think> <answer> \\(24 </think>", Ok("24")),
            ("</think> <answer> The answer is 24. </think>", Ok("24")),
            ("<think> 12 </think> 13", Ok("13")),
            (
                "<think> it is 12 </think> <think> hm </think>",
                Err("empty response"),
            ),
            (
                "<answer>7</answer> <think> 12 </think>",
                Err("empty response"),
            ),
        ] {
            assert_eq!(answer(r).as_deref(), want.as_deref(), "{r:?}");
        }
    }

    /// MX-15: an answer statement more than LOOP_WINDOW bytes before a
    /// loop of values is no answer; one inside the loop, one before a loop
    /// of words and a box before a loop of values are kept (twenty-sixth
    /// session).
    #[test]
    fn statements_long_before_a_loop_of_values_are_no_answer() {
        let values = "but the correct simplification gives us \\(929\\), but the value from the identity is \\(929\\), ".repeat(14);
        let stated = "The square root is \\(869\\), so the correct answer is actually \\(869\\), ";
        assert_eq!(answer(&format!("{stated}{values}")), Err(IN_LOOP));
        for (r, want) in [
            (format!("{stated}{}", "think ".repeat(200)), "869"),
            (format!("$\\boxed{{869}}$, {values}"), "869"),
            (
                "but the correct answer is 92, "
                    .repeat(40)
                    .trim_end_matches(", ")
                    .to_string(),
                "92",
            ),
            (format!("{stated}{}", &values[..600]), "869"),
        ] {
            assert_eq!(answer(&r).as_deref(), Ok(want), "{r:?}");
        }
    }

    /// A "final answer" phrase in a code block after the last box (a
    /// comment of the code) does not beat the box; one after the block
    /// closes still does (twenty-sixth session).
    #[test]
    fn phrases_in_code_after_a_box_do_not_beat_it() {
        let code = "$\\boxed{75}$.\n```python\nx = [1, 75]\n# The answer is the last element\n";
        for (r, want) in [
            (format!("{code}print(x[-1])\n```"), "75"),
            (format!("{code}```\nThe final answer is 76."), "76"),
            (
                "$\\boxed{75}$\n```\n# so the final answer is constant\n```".to_string(),
                "75",
            ),
            (format!("{code}# Therefore the answer is x\n```"), "75"),
        ] {
            assert_eq!(answer(&r).as_deref(), Ok(want), "{r:?}");
        }
    }

    /// An approximate restatement after a unit restates the value before
    /// the unit (MX-20): a unit of ME-9's table or `units` alone between
    /// the value and the restatement's comma; another word is not one.
    #[test]
    fn a_restatement_after_a_unit_restates_the_value() {
        for (response, want) in [
            (
                "The distance is $2\\sqrt{2}$ units, approximately 2.83.",
                "2\\sqrt{2}",
            ),
            ("The length is $5\\pi$ cm, or about 15.7 cm.", "5\\pi"),
            (
                "The side is $2\\sqrt{2}$ m, which is approximately 2.83 m.",
                "2\\sqrt{2}",
            ),
            (
                "The distance is $2\\sqrt{2}$ units away, approximately 2.83.",
                "2.83",
            ),
            (
                "The distance is $2\\sqrt{2}$ yuan, approximately 2.83.",
                "2.83",
            ),
        ] {
            assert_eq!(answer(response).as_deref(), Ok(want), "{response:?}");
        }
    }

    /// `window_start` is the byte loop it replaced (the first line break
    /// in the 256 bytes from `end - len`, then the next character
    /// boundary), on texts of multibyte characters and line breaks, for
    /// every window length.
    #[test]
    fn window_start_is_the_byte_loop() {
        let byte_loop = |text: &str, start: usize, end: usize, len: usize| {
            if end - start <= len {
                return start;
            }
            let mut w = end - len;
            if let Some(k) = text.as_bytes()[w..end.min(w + 256)]
                .iter()
                .position(|&c| c == b'\n')
            {
                w += k + 1;
            }
            while !text.is_char_boundary(w) {
                w += 1;
            }
            w
        };
        let mut glue = crate::text::Glue(9);
        let pieces = ["a", "é", "答", "\n", " ", "𝑥", "\n\n", "word "];
        for round in 0..300 {
            let t = glue.text(&pieces, 1 + round * 3);
            for end in (0..=t.len()).filter(|&e| t.is_char_boundary(e)).step_by(5) {
                for len in 0..end {
                    assert_eq!(
                        window_start(&t, 0, end, len),
                        byte_loop(&t, 0, end, len),
                        "{t:?} {end} {len}"
                    );
                }
            }
        }
    }

    /// Trailing white space of any length, past every window, is no part
    /// of the response: the answer and the cut-off reasons stay (4 KiB of
    /// spaces after `so we get 17` once sliced the cut-off window out of
    /// order).
    #[test]
    fn trailing_white_space_of_any_length_changes_nothing() {
        for r in [
            "so we get 17",
            "x = 2 +",
            "The answer is \\boxed{5",
            "Thus $x = 5$.",
            "The answer is 5",
            "<think>a</think>so 3",
            "\u{3000}",
        ] {
            let want = answer(r);
            for n in [1, 100, 2_100, 4_200, 8_300, 70_000] {
                for pad in [" ", "\n", " \n\t"] {
                    let padded = format!("{r}{}", pad.repeat(n));
                    assert_eq!(answer(&padded), want, "{r:?} + {n} x {pad:?}");
                }
            }
        }
    }

    /// MX-15: a statement whose answer runs to the end of a response cut
    /// off there is no answer; one that ends whole, or before the cut, is
    /// the answer.
    #[test]
    fn a_statement_cut_off_is_no_answer() {
        for r in [
            "the answer is \\boxed{5",
            "The answer is $\\frac{1}{",
            "Answer: 5 \\times",
            "The final answer is \\(x = ",
            "故答案为：\\frac{1}{",
        ] {
            assert!(answer(r).unwrap_err().starts_with("cut off"), "{r:?}");
        }
        for (r, want) in [
            ("The answer is 5", "5"),
            ("The answer is $5$.", "5"),
            ("The answer is $5", "$5"),
            ("The answer is 5. Then we get 7 +", "5"),
            // Cut off after the statement: the joiner left at the end goes.
            ("The answer is 12, and", "12"),
            ("The answer is x = 1 or", "x = 1"),
            ("The answer is 1 and 2", "1 and 2"),
        ] {
            assert_eq!(answer(r).as_deref(), Ok(want), "{r:?}");
        }
    }

    #[test]
    pub(super) fn unclosed_delimiters_are_cut_off_and_linear() {
        let r = "\\( \\[ ".repeat(20_000) + "so 17";
        assert!(answer(&r).unwrap_err().starts_with("cut off"));
        let r = "\\( \\[ ".repeat(20_000) + "\\) \\] so 17.";
        assert_eq!(answer(&r).as_deref(), Ok("17"));
    }

    /// MX-15: a long response of `$$` displays on lines of their own is
    /// not cut off, wherever its last 4 KiB start (the window that started
    /// inside a display counted its closer as an opener: every length from
    /// 4,141 bytes on was "cut off inside a $$…$$ display"); one that ends
    /// inside its last display is, at every length; a blank line inside a
    /// closed display does not make it open.
    #[test]
    fn dollar_displays_are_not_read_from_the_middle() {
        let para = "We add the squares of the first integers once more.\n$$\nS = 1 + 4 + 9\n$$\n";
        for n in 1..120 {
            let body = para.repeat(n);
            let r = body.clone() + "So we get 30 in total.";
            assert_eq!(answer(&r).as_deref(), Ok("30"), "{n}");
            let r = body + "$$\nS = 1 + 4 + 9";
            assert_eq!(
                answer(&r).unwrap_err(),
                "cut off: the response ends inside a $$…$$ display",
                "{n}"
            );
        }
        let r = "$$\na = 1\n\nb = 2\n$$\nSo we get 2.";
        assert_eq!(answer(r).as_deref(), Ok("2"));
        // Steps without a blank line: the last paragraph is longer than the
        // window, and its `$$` are counted from its start.
        let mut r = String::from("We add the squares one at a time.\n\n");
        for k in 1..70 {
            r.push_str(&format!(
                "Step {k}: we add {k}^2.\n$$\nS_{{{k}}} = S_{{{}}} + {k}^2\n$$\n",
                k - 1
            ));
            let done = r.clone() + "So the sum is 650.";
            assert_eq!(answer(&done).as_deref(), Ok("650"), "{k}");
            let cut = r.clone() + "$$\nS = 1 + 4";
            assert!(answer(&cut).unwrap_err().contains("$$"), "{k}");
        }
    }

    /// MX-13, MX-14: the fallback reads the last paragraph first; on texts
    /// whose formulas close before a blank line (what MX-15 reads too) and
    /// stand apart (`$x$$y$` holds a `$$`, read from either end) it
    /// finds what the reading of its whole window finds, on texts that fit
    /// the window (one that starts inside a display reads its `$$` pairs the
    /// wrong way round: `window_inside_a_display`).
    #[test]
    fn the_last_paragraph_first_is_the_window_reading() {
        let pieces = [
            " $x = 3$ ",
            " $$ y = 2 $$ ",
            "\n$$\ny = \\frac{1}{2}\n$$\n",
            " \\[ z = 5 \\] ",
            " \\( w = 1 \\) ",
            " we get 7",
            " and ",
            " 12 apples",
            " 1,204",
            "\n",
            "\n\n",
            " the sum.",
            " x = 4",
            " so a_5 = 9",
            "é",
        ];
        let mut glue = crate::text::Glue(59);
        for round in 0..3000u64 {
            let t = glue.text(&pieces, 1 + round % 80);
            let end = t.trim_end().len();
            for formulas_only in [false, true] {
                let read = |first| {
                    super::fallback_from(&t, 0, end, formulas_only, first).map(|f| (f.span, f.how))
                };
                assert_eq!(read(true), read(false), "{t:?}");
            }
        }
    }

    /// A fallback window that starts inside a `$$` display: the last
    /// paragraph's formula is the answer at every length.
    #[test]
    fn window_inside_a_display() {
        let para = "\n$$\ny = \\frac{1}{2} + \\frac{1}{3}\n$$\n and the sum.";
        let mut wrong = 0;
        for n in 60..200 {
            let t = para.repeat(n) + "\n\nSo we get $T = 30$ in all.";
            let end = t.len();
            let at = |f: Found| (&t[f.span.0..f.span.1], f.how);
            let first = super::fallback_from(&t, 0, end, false, true).map(at);
            assert_eq!(first, Ok(("30", "last_formula")), "{n}");
            let window = super::fallback_from(&t, 0, end, false, false).map(at);
            wrong += usize::from(window != first);
        }
        assert!(wrong > 0);
    }

    #[test]
    pub(super) fn long_traces_search_from_the_end() {
        // A box far before a phrase in the tail still wins (MX-10).
        let mut r = String::from("So $\\boxed{12}$.\n");
        while r.len() < 40_000 {
            r.push_str("We check the case again and it holds.\n");
        }
        r.push_str("The answer is correct.");
        assert_eq!(answer(&r).as_deref(), Ok("12"));
        // A phrase in the tail with no box before it.
        let mut r = String::new();
        while r.len() < 40_000 {
            r.push_str("We check the case $n = 3$ again.\n");
        }
        r.push_str("The answer is 7.");
        assert_eq!(answer(&r).as_deref(), Ok("7"));
    }

    /// MX-10: a box before the tail window beats a phrase in it, unless
    /// the window holds MAX_BOX_COMMANDS box commands (only the last ones
    /// are read, MX-4): both sides of the bound.
    #[test]
    pub(super) fn a_box_before_the_window_is_read_within_the_box_commands() {
        let n = MAX_BOX_COMMANDS;
        let r = |open: usize| {
            let mut r = String::from("So $\\boxed{7}$.\n");
            while r.len() < 3 * TAIL_BYTES {
                r.push_str("We check the case again and it holds.\n");
            }
            r + &"\\boxed{ ".repeat(open) + "The answer is 5."
        };
        assert_eq!(answer(&r(n - 1)).as_deref(), Ok("7"));
        assert_eq!(answer(&r(n)).as_deref(), Ok("5"));
        // The same answers as the whole response read at once (MX-4: the
        // last MAX_BOX_COMMANDS commands).
        let whole = |t: &str| super::super::extract_answer(t, true).unwrap().answer;
        assert_eq!(whole(&r(n - 1)), "7");
        assert_eq!(whole(&r(n)), "5");
    }

    /// MX-10: a window whose phrase search reads MAX_ANCHOR_HITS occurrences
    /// of an answer word back without an explicit answer is no answer
    /// (not the statement before them, not the fallback's last number); with
    /// fewer, or with the answer after them, the answer is found.
    #[test]
    fn crowded_answer_words_are_no_answer() {
        let flood = |n: usize| "answer ".repeat(n);
        // (Read back window by window: more than MAX_ANCHOR_HITS in the
        // second window, of 64 KiB.)
        let crowded = 3 * MAX_ANCHOR_HITS;
        for r in [
            format!("The answer is 5. {}", flood(crowded)),
            format!("The answer is 7. {}5", flood(crowded)),
            format!("答案是5。{}", "答案".repeat(crowded)),
        ] {
            let head: String = r.chars().take(30).collect();
            assert_eq!(answer(&r), Err(CROWDED), "{head}");
        }
        for (r, want) in [
            (
                format!("The answer is 5. {}", flood(MAX_ANCHOR_HITS - 10)),
                "5",
            ),
            (format!("{}The answer is 5.", flood(crowded)), "5"),
            (format!("{}\\boxed{{5}}", flood(crowded)), "5"),
            (format!("{}答案是5", "答案".repeat(crowded)), "5"),
        ] {
            let head: String = r.chars().take(30).collect();
            assert_eq!(answer(&r).as_deref(), Ok(want), "{head}");
        }
        // (The document's extraction reads every one.)
        let r = format!("The answer is 5. {}", flood(crowded));
        assert_eq!(super::super::extract_answer(&r, true).unwrap().answer, "5");
    }

    /// MX-14: a number of at most MAX_NUMBER_BYTES is the answer; a longer
    /// run of digits is none, with its reason.
    #[test]
    pub(super) fn long_numbers_are_refused() {
        let n = super::super::MAX_NUMBER_BYTES;
        let ok = format!("We get {}.", "7".repeat(n));
        assert_eq!(answer(&ok), Ok("7".repeat(n)));
        let long = format!("We get {}.", "7".repeat(n + 1));
        assert_eq!(answer(&long), Err(NUMBER_TOO_LONG));
        let commas = "We get ".to_string() + &"1,000,".repeat(20_000) + "1.";
        assert_eq!(answer(&commas), Err(NUMBER_TOO_LONG));
        // The document's fallback (MX-6) finds no number either.
        assert_eq!(super::super::extract_answer(&commas, false), None);
        let x = super::super::extract_answer(&ok, false).unwrap();
        assert_eq!(x.answer, "7".repeat(n));
        assert!(NUMBER_TOO_LONG.contains(&n.to_string()));
    }

    #[test]
    pub(super) fn multibyte_text_is_safe() {
        assert_eq!(answer("∞∞ we get 3 ∞.").as_deref(), Ok("3"));
        assert_eq!(answer("∞∞ 3 ∞").as_deref(), Ok("∞∞ 3 ∞"));
        assert_eq!(answer("所以答案为：５。").as_deref(), Ok("５"));
    }

    /// The last paragraph's start read from the one known for another
    /// window to the same end is the one the window's own search finds:
    /// windows that start before, at and after the known one's, in texts
    /// with blank lines (of two and three line breaks) next to them, and
    /// without any.
    #[test]
    fn last_paragraph_is_the_search_of_its_window() {
        let pieces = ["word ", "\n", "\n\n", "x", "\n\n\n", " ", "é"];
        let mut glue = crate::text::Glue(23);
        let mut found = 0;
        for round in 0..400u64 {
            let t = glue.text(&pieces, 2 + round % 24);
            let end = t.len();
            let starts: Vec<usize> = (0..=end).filter(|&k| t.is_char_boundary(k)).collect();
            for &v in &starts {
                let p = v + paragraph_start(&t[v..end]);
                for &w in &starts {
                    let want = w + paragraph_start(&t[w..end]);
                    assert_eq!(
                        last_paragraph(&t, w, end, Some((v, p))),
                        want,
                        "{t:?} {v} {w}"
                    );
                    assert_eq!(last_paragraph(&t, w, end, None), want, "{t:?} {w}");
                    found += usize::from(want > w);
                }
            }
        }
        assert!(found > 10_000, "{found}");
    }

    /// A formula joined to a word by a hyphen (`$x$-coordinate`) is read
    /// past, with every delimiter; one that is not (`$x$ - 1`, a hyphen
    /// with a space, `$x$ -coordinate`) is the answer.
    #[test]
    fn formulas_joined_to_a_word_are_read_past() {
        for (r, want) in [
            ("So $y = 7$. This is the $x$-coordinate.", "7"),
            ("So $y = 7$. This is the $$x$$-coordinate.", "7"),
            ("So $y = 7$. This is the \\(x\\)-coordinate.", "7"),
            ("So $y = 7$. The $n$-th and $k$-th terms.", "7"),
            ("We get 12 with a $3$-digit bound.", "12"),
            ("We get 12 with $ 3 $-digit bounds.", "12"),
            ("The $x$-coordinate.", "x"),
            ("So $y = 7$, and $x$ - 1 is $x$.", "x"),
            ("So $y = 7$, then $x$ -coordinate.", "x"),
        ] {
            assert_eq!(answer(r).as_deref(), Ok(want), "{r}");
        }
    }

    /// No reader panics when the window it reads back starts inside a
    /// character: multi-byte text of every length up to 300 characters
    /// before tails whose readers look back a fixed number of bytes (the
    /// referent of `which is the answer` read 240 bytes back into `考`
    /// and sliced the text there: a panic, found by this project's
    /// comparison harness, 2026-12-02).
    #[test]
    fn windows_inside_characters_do_not_panic() {
        let tails = [
            " so there are 6 ways, which is the answer.",
            " We get 6. This is the final answer.",
            " so 6, because 2 times 3 is 6.",
            " so 5 if n is odd, 6 otherwise",
            " it is 9, not 8.",
            " 1/6, or about 16.7%.",
            " $x = 3$ when $y = 1$.",
            " x = 1 and x = 2.",
            " Check: 2 + 4 = 6. Hope this helps!",
            " the answer is $5$, but it is $6$.",
            " **6**",
            " 所以答案是6。",
            " 12 apples left after giving away 10.",
            " $\\frac{1}{2}$ cm$^2$.",
        ];
        for filler in ["考", "é", "—"] {
            for n in 0..300 {
                let head = filler.repeat(n);
                for tail in tails {
                    let r = format!("{head}{tail}");
                    let _ = locate_default(&r, false);
                    let _ = locate_default(&r, true);
                    let _ = crate::score::math::extract::extract_answer(&r, false);
                }
            }
        }
    }
}
