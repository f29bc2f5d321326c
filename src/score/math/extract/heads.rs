//! The answer of a statement (MX-11, MX-19, MX-20): what part of the text
//! after an answer phrase is the answer — up to a connective word (`12
//! because …`), without a remark in parentheses (`6 (since 2 × 3 = 6)`,
//! `3/8 (0.375)`), a restatement (`0.35, i.e. 35%`) or a ruled-out value
//! (`9, not 8`); the corrected value of `not 12 but 14` and `12 — no, 15`;
//! the refined one of `12, or rather 14`; and a number without the Chinese
//! measure word after it (`12种`). [`phrases`](super::phrases) finds the
//! statements; this module reads their answers.
//!
//! # Differences with the document
//!
//! Document 004 takes the text after the phrase up to the sentence's end;
//! these cuts are the production extraction's (spec/math.md MX-11).

use super::asides::{holds_a_word, opens_with_word};
use super::negations::APPROXIMATELY;
use super::numbers::{number_len, run_after, run_before};
use super::phrases::{
    ASIDE_WORDS, CUT_WORDS, chinese_remark, head_byte, head_byte_zh, is_abbreviation, is_sentence,
};
use super::reasons::{APPOSITIVES, DETERMINERS, UNSET, dash_before, last_word, number_compared};
use super::retractions::{but_lead_at, correction_at, refinement_at};
use super::{Doc, find_where, next_in, skip_ws, starts_with_ci};
use crate::score::math::units::is_unit;
use crate::text::find_byte;

impl Doc<'_> {
    /// A correction inside a statement's answer at the space `i` before
    /// `word` (answer from `s`, statement to `e`): `Ok` with where the
    /// corrected value starts — `not 12 but 14`, `not 12 but rather 14`
    /// (MX-20), `12 — no, 15`, `12, no, 15` (MX-19) —, `Err` with where the
    /// answer ends when `no` after a dash or a comma opens a remark instead
    /// (`12, no doubt`), else `None` (`not 12 but it is close` is read on).
    fn correction(
        &self,
        (s, i, e): (usize, usize, usize),
        word: &[u8],
    ) -> Option<Result<usize, usize>> {
        let b = self.bytes();
        // A value at `k`: a digit, `$`, `\\`, `-` or `(`.
        let value_at = |k: usize| {
            b[k..e]
                .first()
                .is_some_and(|c| c.is_ascii_digit() || matches!(c, b'$' | b'\\' | b'-' | b'('))
        };
        if word.eq_ignore_ascii_case(b"but")
            && i - s > 4
            && b[s..s + 4].eq_ignore_ascii_case(b"not ")
        {
            let mut next = skip_ws(b, i + 1 + word.len(), e);
            if b[next..e].len() > 7 && b[next..next + 7].eq_ignore_ascii_case(b"rather ") {
                next = skip_ws(b, next + 7, e);
            }
            return value_at(next).then_some(Ok(next));
        }
        if !word.eq_ignore_ascii_case(b"no") {
            return None;
        }
        let before = self.text[s..i].trim_end();
        let dash = before
            .strip_suffix('—')
            .or_else(|| before.strip_suffix('-'));
        if dash.is_none() && !before.ends_with(',') {
            return None;
        }
        let next = skip_ws(b, i + 1 + word.len() + 1, e);
        if b.get(i + 1 + word.len()) == Some(&b',') && value_at(next) {
            return Some(Ok(next));
        }
        // (Before the dash, as before a comma.)
        Some(Err(dash.map_or(i, |d| s + d.len())))
    }

    /// A refinement of the value inside a statement's answer at the space
    /// `i` (answer from `s`, statement to `e`; `aside` when a `(` follows
    /// it): after a value, a comma, a semicolon, a dash, `(` or `or`, `but`,
    /// `and`, then one of [`REFINEMENTS`] and a value (`12, or rather 14`,
    /// `about 100, but more precisely 98`, `100 (more precisely, 98)`, MX-19),
    /// or after a comma `rounded to` a value ([`rounded_to_value`]): the
    /// refined value's span (inside the parentheses for an aside).
    pub(super) fn refined(
        &self,
        (s, i, e): (usize, usize, usize),
        aside: bool,
    ) -> Option<(usize, usize)> {
        let b = self.bytes();
        let before = self.text[s..i].trim_end();
        // `8.72, rounded to 8.7`: the value it was rounded to (not a
        // precision: `rounded to 2 decimal places`).
        if !aside && before.ends_with(',') && starts_with_ci(&b[i + 1..e], "rounded") {
            let at = i + 1 + "rounded".len();
            if let Some(k) = rounded_to_value(&b[at..e]) {
                return Some((at + k, e));
            }
        }
        let mut k = i + 1 + usize::from(aside);
        let mut joined = aside || before.ends_with([',', ';', '—', '-']);
        let mut but = false;
        if let Some(c) = ["or ", "but ", "and "].iter().find(|c| {
            starts_with_ci(&b[k..e], c.trim_end()) && b[k..e].get(c.len() - 1) == Some(&b' ')
        }) {
            k = skip_ws(b, k + c.len(), e);
            joined = true;
            but = *c == "but ";
        }
        if !joined {
            return None;
        }
        let next = match refinement_at(&b[k..e]) {
            Some(n) => run_after(b, k + n, e, |c| matches!(c, b' ' | b',' | b':')),
            // (`15, but actually it is 12`: a correction and its lead;
            // `15, but it is 12`: `but` and a lead.)
            None => {
                k + correction_at(&b[k..e])
                    .or_else(|| but.then(|| but_lead_at(&b[k..e])).flatten())?
            }
        };
        let value = b[next..e]
            .first()
            .is_some_and(|c| c.is_ascii_digit() || matches!(c, b'$' | b'\\' | b'-'));
        // (A value before it, read last: only at a refinement, so the
        // statement's spaces cost no read of what precedes them.)
        let stated = before
            .bytes()
            .any(|c| c.is_ascii_digit() || matches!(c, b'$' | b'\\'));
        if !value || !stated {
            return None;
        }
        let to = if aside {
            next + find_byte(&b[next..e], b')')?
        } else {
            e
        };
        Some((next, to))
    }

    /// The answer of a statement (MX-11): up to its first connective word
    /// outside math (`12 because …` → `12`), without trailing commas.
    pub(super) fn answer_head(&self, (s, mut e): (usize, usize)) -> (usize, usize) {
        let b = self.bytes();
        // A check mark after a verified value (`6 \times 7 = 42 ✓`).
        for mark in ["✓", "✔", "✅"] {
            if let Some(k) = self.text[s..e].trim_end().strip_suffix(mark) {
                e = s + k.trim_end().len();
            }
        }
        // The answer cut at `k`, without the `,`, `;` and spaces before it.
        let cut = |k: usize| cut_at(b, s, k);
        let (mut depth, mut in_math) = (0i32, false);
        // (The groups read so far: at most MAX_GROUPS.)
        let mut groups = 0;
        // (Whether the statement holds a byte that starts a Chinese
        // character, U+4E00–U+9FFF: only then is a remark in Chinese looked
        // for, one pass over the statement.)
        let chinese = find_where(&b[s..e], |c| c.wrapping_sub(0xE4) < 6).is_some();
        let mut i = s;
        while i < e {
            i = if chinese {
                next_in(b, i, e, head_byte_zh)
            } else {
                next_in(b, i, e, head_byte)
            };
            if i >= e {
                break;
            }
            match b[i] {
                b'\\' => i += 1,
                b'{' => depth += 1,
                b'}' => depth -= 1,
                // (A currency sign opens no math: `$60 because …`.)
                b'$' => in_math = !in_math && opens_math(b, i, e),
                // `x=6（x=-1舍去）`, `5（单位：cm）`: a remark in Chinese in
                // parentheses after the value.
                b'(' | 0xEF
                    if chinese
                        && depth == 0
                        && !in_math
                        && i > s
                        && chinese_remark(&self.text[i..e]) =>
                {
                    return cut(i);
                }
                b' ' if depth == 0 && !in_math && i > s => {
                    let rest = &b[i + 1..e];
                    // `4 — rounded`, `4; note that this is rounded`.
                    if remark_after_a_dash(b, i, rest) {
                        return cut(i);
                    }
                    // `6 (since 2 × 3 = 6)`, `0.35 (i.e. 35%)`: a remark in
                    // parentheses after the value.
                    let (aside, rest) = opened_group(rest, &mut groups);
                    let n = rest.iter().take_while(|c| c.is_ascii_alphabetic()).count();
                    let word = &rest[..n];
                    let one_of = |list: &[&str]| {
                        list.iter().any(|w| word.eq_ignore_ascii_case(w.as_bytes()))
                    };
                    // `0.35, i.e. 35%`: a restatement after the value (not
                    // after a sentence, whose formula MX-5 reads: `one half,
                    // i.e. $\frac{1}{2}$`).
                    let restated = rest.len() >= 4
                        && is_abbreviation(&rest[..3])
                        && rest[3] == b'.'
                        && !is_sentence(&self.text[s..i]);
                    // `x = 2 (double root)`: a parenthesized remark, read as
                    // MX-17 reads one (not a word alone: `5 (cm)`).
                    let remark = aside && remark_in_parentheses(rest);
                    // `12, or rather 14`, `about 100, but more precisely
                    // 98`, `100 (more precisely, 98)`: the value refined.
                    if let Some(refined) = self.refined((s, i, e), aside) {
                        return self.answer_head(refined);
                    }
                    // `3/8 (0.375)`, `12 (twelve)`, `12 (a dozen)`, `12
                    // (cm)`: the value restated or named in parentheses.
                    if aside && restated_in_parentheses(rest) {
                        return cut(i);
                    }
                    // `6 (B)`: a number, then its choice's letter (`A` to
                    // `J`; not `(B) or (C)`, two choices).
                    if aside && b[i - 1].is_ascii_digit() && matches!(rest, [b'A'..=b'J', b')', ..])
                    {
                        return cut(i);
                    }
                    // `12 — no, 15`, `not 12 but 14`: a correction in the
                    // statement; `12, no doubt`: a remark.
                    if let Some(c) = (!aside).then(|| self.correction((s, i, e), word)).flatten() {
                        return match c {
                            Ok(next) => self.answer_head((next, e)),
                            Err(k) => cut(k),
                        };
                    }
                    // `9, not 8`: the value it rules out after the answer
                    // (MX-20; not `not 8` alone, the answer `not 8`).
                    let ruled_out = b[i - 1] == b',' && word.eq_ignore_ascii_case(b"not");
                    // `8, 3 more than Tom`, `8 (3 fewer than before)`, `4,
                    // the number of sides`: set apart after the value.
                    if set_apart(b, i, aside, rest, n) {
                        return cut(dash_before(b, s, i).unwrap_or(i));
                    }
                    // `1/6, or about 16.7%`: an approximate restatement.
                    let restated_approx =
                        b[i - 1] == b',' && restates(&b[s..i - 1], word, &rest[n..]);
                    if remark
                        || n > 0
                            && (one_of(CUT_WORDS)
                                || aside && one_of(ASIDE_WORDS)
                                || restated
                                || ruled_out
                                || restated_approx)
                    {
                        return cut(i);
                    }
                }
                _ => {}
            }
            i += 1;
        }
        self.head_end((s, e), chinese)
    }

    /// The end of a statement's answer `(s, e)` that no word cut: without a
    /// joiner left alone at its end (`The answer is 12, and`, cut off after
    /// its statement), and in Chinese without the measure word after its
    /// number.
    fn head_end(&self, (s, e): (usize, usize), chinese: bool) -> (usize, usize) {
        let b = self.bytes();
        for joiner in [&b" and"[..], b" or"] {
            if e - s > joiner.len() && b[e - joiner.len()..e].eq_ignore_ascii_case(joiner) {
                return cut_at(b, s, e - joiner.len());
            }
        }
        if chinese {
            return (
                s,
                number_before_measure_word(&self.text[s..e]).map_or(e, |k| s + k),
            );
        }
        (s, e)
    }
}

/// The most groups after a space that a statement's answer reads as
/// possible remarks or restatements (`6 (since 2 × 3 = 6)`): each reading
/// looks for the group's `)`, so the statement `( ( ( …` of 8 KiB took
/// 34 ms before this bound; a ninth group is read as part of the answer.
pub const MAX_GROUPS: usize = 8;

/// Whether `rest` (after a space in a statement's answer) opens a group
/// read as a possible remark or restatement, and what follows its `(`: the
/// first [`MAX_GROUPS`] only (`groups` counts them), so that `( ( ( …`
/// costs linear time.
fn opened_group<'a>(rest: &'a [u8], groups: &mut usize) -> (bool, &'a [u8]) {
    match rest.strip_prefix(b"(") {
        Some(r) if *groups < MAX_GROUPS => {
            *groups += 1;
            (true, r)
        }
        _ => (false, rest),
    }
}

/// The words after a dash or a semicolon that go on with a statement's
/// value instead of opening a remark: a correction (`12 — no, 15`,
/// `12 — wait, 15`, `12 — actually 15`) or a refinement (`100 — more
/// precisely, 98`, `12 — or rather 14`).
const GOES_ON: [&str; 10] = [
    "no",
    "wait",
    "actually",
    "correction",
    "or",
    "rather",
    "more",
    "to",
    "but",
    "not",
];

/// Whether what follows the space at `i` after a statement's value
/// (`rest`) is a remark after a dash or a semicolon: `— ` or `– ` (or a `;`
/// before the space), then a word that [opens a remark](opens_a_remark)
/// (`4 — rounded`, `4; note that this is rounded`; not a correction nor a
/// refinement: `12 — no, 15`, `100 — more precisely, 98`).
fn remark_after_a_dash(b: &[u8], i: usize, rest: &[u8]) -> bool {
    let dashed = ["\u{2014} ", "\u{2013} "]
        .iter()
        .find_map(|d| rest.strip_prefix(d.as_bytes()));
    let remark = |r: &[u8]| opens_a_remark(r) || an_earlier_value(r);
    dashed.is_some_and(remark) || b[i - 1] == b';' && remark(rest)
}

/// Whether `rest` (after a dash or a semicolon after a statement's value)
/// opens with a number, spaces and `was` or `were`, a word of its own: a
/// remark on a value written before (`7; 5 was a typo earlier`, `12 — 15
/// was my first guess`), not a second answer (`7; 5 is also possible`,
/// `3; 5` stay lists).
fn an_earlier_value(rest: &[u8]) -> bool {
    let n = number_len(rest);
    let spaces = rest[n..].iter().take_while(|&&c| c == b' ').count();
    let word = &rest[n + spaces..];
    let verb = word.iter().take_while(|c| c.is_ascii_alphabetic()).count();
    n > 0
        && spaces > 0
        && (word[..verb].eq_ignore_ascii_case(b"was") || word[..verb].eq_ignore_ascii_case(b"were"))
        && word.get(verb).is_none_or(|c| !c.is_ascii_alphanumeric())
}

/// Whether the group that `rest` opens (after a statement's value and ` (`)
/// is a remark: it opens with a word (`x = 2 (double root)`, read as MX-17
/// reads an aside; not a word alone: `5 (cm)`) or holds one (`9 (3
/// squared)`; [`holds_a_word`]).
fn remark_in_parentheses(rest: &[u8]) -> bool {
    let group = &rest[..rest.iter().position(|&c| c == b')').unwrap_or(rest.len())];
    opens_with_word(group) || holds_a_word(group)
}

/// Whether `rest` (after a dash or a semicolon after a statement's value)
/// opens with a word of two letters or more, not one of [`GOES_ON`]: a
/// remark (`rounded`, `note that …`, `the other root is extraneous`).
fn opens_a_remark(rest: &[u8]) -> bool {
    let n = rest.iter().take_while(|c| c.is_ascii_alphabetic()).count();
    n >= 2
        && rest.get(n).is_none_or(|c| !c.is_ascii_alphanumeric())
        && !GOES_ON
            .iter()
            .any(|w| rest[..n].eq_ignore_ascii_case(w.as_bytes()))
}

/// Whether the `$` at `i` (before `e`, the statement's end) opens math:
/// another `$` closes it before `e`, and not both are currency signs
/// before a number (`$60, $15 per person`); `$60 because …`, whose `$` no
/// other closes, is a price.
pub(super) fn opens_math(b: &[u8], i: usize, e: usize) -> bool {
    let Some(c) = find_byte(&b[i + 1..e], b'$') else {
        return false;
    };
    let money = |k: usize| b.get(k + 1).is_some_and(u8::is_ascii_digit);
    !(money(i) && money(i + 1 + c))
}

/// A statement's answer from `s` cut at `k`, without the `,`, `;` and
/// spaces before it.
fn cut_at(b: &[u8], s: usize, k: usize) -> (usize, usize) {
    (s, run_before(b, s, k, |c| matches!(c, b',' | b' ' | b';')))
}

/// Whether what follows the space at `i` after a statement's value is set
/// apart from it and describes or names it (MX-11): a comparison after a
/// comma or a `(` (`8, 3 more than Tom`, `8 (3 fewer than before)`: MX-22's
/// [`number_compared`]), or a noun phrase after a comma (`4, the number of
/// sides of a square`: `the`, `a` or `an`, a space and a word), or the share
/// of each part after a comma or a `(` ([`shared_out`]: `12 apples, 4 for
/// each of the 3 kids`), or a phrase that a word of MX-22's
/// [`APPOSITIVES`] opens after a comma (`9, rounded up from 8.7`, `100, up
/// from 80`, `15, compared to 12`; `compared`, `versus` and `vs` without a
/// comma too). `rest` is what follows (past the `(` when `aside`), its
/// first `n` bytes letters.
fn set_apart(b: &[u8], i: usize, aside: bool, rest: &[u8], n: usize) -> bool {
    let comma = b[i - 1] == b',';
    // (`12 — 4 more than last year`: a dash before the space.)
    let dash = dash_before(b, 0, i).is_some();
    let compared = (aside || comma || dash) && number_compared(b, i + 1 + usize::from(aside));
    let word = &rest[..n];
    let is = |x: &&str| word.eq_ignore_ascii_case(x.as_bytes());
    // `9, rounded up from 8.7`, `12, compared to 10 last year`, `100, up
    // from 80`, `15 versus 12`: a phrase of MX-22's APPOSITIVES after a
    // comma (`compared`, `versus`, `vs` without one too). (`8.72, rounded
    // to 8.7` never gets here: `Doc::refined` read it first.)
    let appositive = !aside && (comma && APPOSITIVES.iter().any(is) || UNSET.iter().any(is));
    let named = comma
        && !aside
        && DETERMINERS
            .iter()
            .any(|a| word.eq_ignore_ascii_case(a.as_bytes()))
        && rest.get(n) == Some(&b' ')
        && rest.get(n + 1).is_some_and(u8::is_ascii_alphabetic);
    compared || named || appositive || (comma || aside) && shared_out(rest)
}

/// Where the value starts in `rest` (after `rounded` after a statement's
/// value and a comma) when it is ` to`, ` up to` or ` down to`, then a
/// space and a value (a digit, `$` or `-` first) that names no precision:
/// `8.72, rounded to 8.7` is 8.7; `3.14159, rounded to 2 decimal places`
/// is 3.14159 ([`PRECISIONS`]).
fn rounded_to_value(rest: &[u8]) -> Option<usize> {
    let p = [&b" to "[..], b" up to ", b" down to "]
        .iter()
        .find(|p| rest.len() > p.len() && rest[..p.len()].eq_ignore_ascii_case(p))?
        .len();
    if !matches!(rest[p], b'0'..=b'9' | b'$' | b'-') {
        return None;
    }
    let value = rest[p..].iter().take_while(|&&c| c != b' ').count();
    let after = &rest[p + value..];
    let n = after
        .iter()
        .skip(1)
        .take_while(|c| c.is_ascii_alphabetic())
        .count();
    let word = &after[after.len().min(1)..after.len().min(1 + n)];
    let precision = after.first() == Some(&b' ')
        && PRECISIONS
            .iter()
            .any(|w| word.eq_ignore_ascii_case(w.as_bytes()));
    (!precision).then_some(p)
}

/// The words after a number that make it a precision (`2 decimal places`,
/// `3 significant figures`, `4 digits`, `2 dp`, `3 sf`), not a value.
const PRECISIONS: [&str; 11] = [
    "decimal",
    "decimals",
    "place",
    "places",
    "digit",
    "digits",
    "significant",
    "sig",
    "figures",
    "dp",
    "sf",
];

/// The words after a number that share the value out (`4 for each of the 3
/// kids`, `4 each`, `4 per kid`, `4 apiece`).
pub(super) const SHARES: [&str; 5] = ["for each", "for every", "each", "per", "apiece"];

/// Whether `rest` opens with a number (digits, `.`, `,`; `$` first
/// allowed), then a space and a word of [`SHARES`] (a word of its own):
/// after a comma or a `(` after a statement's value, the share of each
/// part, not the answer (`The answer is 12 apples, 4 for each of the 3
/// kids.` is 12 apples).
fn shared_out(rest: &[u8]) -> bool {
    let r = rest.strip_prefix(b"$").unwrap_or(rest);
    let digits = number_len(r);
    if digits == 0 || r.get(digits) != Some(&b' ') {
        return false;
    }
    let after = &r[digits + 1..];
    SHARES.iter().any(|w| {
        after.len() >= w.len()
            && after[..w.len()].eq_ignore_ascii_case(w.as_bytes())
            && after.get(w.len()).is_none_or(|c| !c.is_ascii_alphabetic())
    })
}

/// Whether `rest` (after a value and ` (`) is a closed group that restates
/// the value or names it (MX-11): a number alone (`0.375`, `37.5%`, `≈
/// 0.375`, `= 1/2`) or with a unit (`1,500 mL`), or ASCII words alone, two letters or more
/// (`twelve`, `a dozen`, `cm`; not `pi`, a factor).
fn restated_in_parentheses(rest: &[u8]) -> bool {
    let Some(close) = rest.iter().position(|&c| c == b')') else {
        return false;
    };
    let group = rest[..close].trim_ascii();
    let marks: [&[u8]; 3] = ["\u{2248}".as_bytes(), b"~", b"="];
    let number = marks
        .iter()
        .find_map(|m| group.strip_prefix(*m))
        .unwrap_or(group)
        .trim_ascii();
    let number = number.strip_prefix(b"-").unwrap_or(number);
    let number = number.strip_suffix(b"%").unwrap_or(number);
    // (`1.5 liters (1,500 mL)`: a number and a unit of ME-9's table.)
    let number = match number.iter().rposition(|&c| c == b' ') {
        Some(k) if std::str::from_utf8(&number[k + 1..]).is_ok_and(is_unit) => {
            number[..k].trim_ascii_end()
        }
        _ => number,
    };
    let is_number = number.first().is_some_and(u8::is_ascii_digit)
        && number.last().is_some_and(u8::is_ascii_digit)
        && number
            .iter()
            .all(|&c| c.is_ascii_digit() || matches!(c, b'.' | b',' | b'/'));
    let letters = group.iter().filter(|c| c.is_ascii_alphabetic()).count();
    let words = letters >= 2
        && group.iter().all(|&c| c.is_ascii_alphabetic() || c == b' ')
        && !group.eq_ignore_ascii_case(b"pi");
    is_number || words
}

/// Whether `word` (then `after`) opens an approximate restatement after a
/// comma (MX-11, MX-20): one of [`APPROXIMATELY`], or `or` and one of them
/// (`1/6, about 0.17`, `1/6, or about 16.7%`).
fn approximates(word: &[u8], after: &[u8]) -> bool {
    let approx = |w: &[u8]| {
        APPROXIMATELY
            .iter()
            .any(|a| w.eq_ignore_ascii_case(a.as_bytes()))
    };
    let next = after
        .trim_ascii_start()
        .split(|c| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or(&[]);
    approx(word) || word.eq_ignore_ascii_case(b"or") && approx(next)
}

/// Whether `word` (then `after`), after a comma after the value `before`,
/// restates that value: approximately ([`approximates`]: `1/6, or about
/// 16.7%`) or in words or another unit ([`restated_after_or`]: `30 minutes,
/// or half an hour`).
fn restates(before: &[u8], word: &[u8], after: &[u8]) -> bool {
    approximates(word, after) || restated_after_or(before, word, after)
}

/// The most bytes before `, or` read for the value it restates (a digit
/// among them: `2.5 hours`, `$\frac{1}{2}$ cup`).
const MAX_RESTATED_BYTES: usize = 64;

/// Words after `, or` that answer on their own (`x = 2, or no solution`:
/// a second answer, not the value restated).
const ANSWERS_OF_THEIR_OWN: [&str; 8] = [
    "no",
    "none",
    "not",
    "neither",
    "nothing",
    "undefined",
    "infinite",
    "impossible",
];

/// Whether `word` (then `after`, to the statement's end), after a comma
/// after the value `before` (a digit in its last [`MAX_RESTATED_BYTES`]), is `or` and a restatement of
/// that value (MX-11): words of letters only, none of
/// [`ANSWERS_OF_THEIR_OWN`] nor a choice letter (`30 minutes, or half an
/// hour`, `12, or a dozen`), or a number and a unit of ME-9 after a value
/// ending in another one (`150 minutes, or 2.5 hours`).
fn restated_after_or(before: &[u8], word: &[u8], after: &[u8]) -> bool {
    // (The value's last bytes only: a statement of `1, or ` repeated reads
    // a bounded part before each `or`, not all that precedes it.)
    let value = &before[before.len().saturating_sub(MAX_RESTATED_BYTES)..];
    if !word.eq_ignore_ascii_case(b"or") || !value.iter().any(u8::is_ascii_digit) {
        return false;
    }
    let after = after.trim_ascii();
    let after = after.strip_suffix(b".").unwrap_or(after).trim_ascii_end();
    let words = || after.split(|&c| c == b' ').filter(|w| !w.is_empty());
    // (Letters only, tested first: it stops at the first other byte, so a
    // statement of `1, or 1, or …` reads no more than a byte after each.)
    let in_words = after
        .iter()
        .all(|&c| c.is_ascii_alphabetic() || matches!(c, b' ' | b'-'))
        && after.iter().filter(|c| c.is_ascii_alphabetic()).count() >= 3
        && !words().any(|w| {
            ANSWERS_OF_THEIR_OWN
                .iter()
                .any(|x| w.eq_ignore_ascii_case(x.as_bytes()))
        });
    let unit = |w: &[u8]| std::str::from_utf8(w).is_ok_and(is_unit);
    let n = number_len(after);
    let converted = n > 0
        && after.get(n) == Some(&b' ')
        && unit(after[n + 1..].trim_ascii())
        && unit(last_word(before))
        && last_word(before) != after[n + 1..].trim_ascii();
    in_words || converted
}

/// The most CJK characters a measure word and its noun after a number take
/// (`12种`, `5个苹果`, `12平方厘米`).
const MAX_MEASURE_CHARS: usize = 4;

/// Where the number that `answer` opens ends when only a Chinese measure
/// word (and its noun or unit) follows it, at most [`MAX_MEASURE_CHARS`]
/// characters of U+4E00–U+9FFF: `12种` is 12, `$5$个` is `$5$`, as `12
/// apples` is read with its word (MX-11). `None` for any other answer.
fn number_before_measure_word(answer: &str) -> Option<usize> {
    let b = answer.as_bytes();
    let k = if b.first() == Some(&b'$') {
        answer[1..].find('$').map(|c| c + 2)?
    } else {
        b.iter()
            .take_while(|c| c.is_ascii_digit() || matches!(c, b'.' | b'/' | b'-'))
            .count()
    };
    let number = &answer[..k];
    // (`12 个`: spaces before the measure word.)
    let rest = answer[k..].trim_start_matches([' ', '\u{3000}']);
    let cjk = rest.chars().all(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c));
    (number.bytes().any(|c| c.is_ascii_digit())
        && !rest.is_empty()
        && cjk
        && rest.chars().count() <= MAX_MEASURE_CHARS)
        .then_some(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// MX-11: a number alone or words alone in a closed group restate or
    /// name the value; a factor, a remark with digits, an open group do not.
    #[test]
    fn a_restatement_in_parentheses_is_a_number_or_words() {
        for (rest, want) in [
            ("0.375).", true),
            ("37.5%)", true),
            ("\u{2248} 0.375)", true),
            ("= 1/2)", true),
            ("-3)", true),
            ("twelve)", true),
            ("a dozen)", true),
            ("cm)", true),
            ("x + 1)", false),
            ("pi)", false),
            ("a)", false),
            ("mod 7)", false),
            ("0.375", false),
            (")", false),
            ("1, 2)", false),
            ("2x)", false),
            // A number with a unit (thirteenth session).
            ("1,500 mL)", true),
            ("1500 m)", true),
            ("1,500 apples)", false),
            ("x + 1 mL)", false),
        ] {
            assert_eq!(restated_in_parentheses(rest.as_bytes()), want, "{rest:?}");
        }
    }

    /// MX-11: a choice's letter in parentheses after a number ends the
    /// statement's answer; after a letter, or another group, it does not.
    #[test]
    fn a_choice_letter_after_a_number_goes() {
        for (response, want) in [
            ("Answer: 6 (B)", "6"),
            ("The answer is 12 (J).", "12"),
            ("The answer is 12 (K).", "12 (K)"),
            ("The answer is 12 (b).", "12 (b)"),
            ("The answer is x (B).", "x (B)"),
        ] {
            let found = super::super::locate_default(response, false).expect(response);
            assert_eq!(found.answer, want, "{response:?}");
        }
    }

    /// MX-11: a number and a Chinese measure word (with its noun or unit,
    /// at most four characters) is the number; anything else is kept.
    #[test]
    fn a_measure_word_after_a_number_goes() {
        for (answer, want) in [
            ("12种", Some(2)),
            ("5个苹果", Some(1)),
            ("12平方厘米", Some(2)),
            ("$5$个", Some(3)),
            ("-3.5米", Some(4)),
            ("12种方法很多", None),
            ("12", None),
            ("x=3", None),
            ("种12", None),
            ("12 种", Some(2)),
            ("12\u{3000}个", Some(2)),
            ("12 ", None),
        ] {
            assert_eq!(number_before_measure_word(answer), want, "{answer:?}");
        }
    }
}
