//! Multiple-choice answers (MX-16): a choice letter `A`–`J` as the gold, and
//! the letter a response chooses.
//!
//! # Differences with the document
//!
//! Document 004 does not read choice letters (spec/math.md MX-16).

use super::numbers::run_after;
use super::tags::think_stripped;
use super::verdicts::listed_choice;
use super::{Located, trim_end_ws};
use std::ops::Range;

/// A choice letter `A`–`J` written alone as a whole answer (`C`, `(C)`,
/// `\text{(C)}`, `**C**`, `C.`), if it is one (MX-16).
///
/// ```
/// use scorespec::score::math::extract::choice_letter;
/// assert_eq!(choice_letter(r"$\text{(B)}$"), Some('B'));
/// assert_eq!(choice_letter("x"), None);
/// ```
pub fn choice_letter(text: &str) -> Option<char> {
    let (letter, rest) = choice_at_start(text)?;
    rest.trim_matches(|c: char| c.is_whitespace() || matches!(c, '.' | '$' | '*' | '}'))
        .is_empty()
        .then_some(letter)
}

/// The most letters of a multiple-select answer ([`choice_letters`]): the
/// ten choice letters `A`–`J`.
pub const MAX_CHOICE_LETTERS: usize = 10;

/// The choice letters `A`–`J` of a multiple-select answer, sorted and
/// joined by commas (`A,C`), when `text` is only such letters, each at most
/// once, between separators (spaces, `,` `，` `、`, "and", `和`), the
/// wrappers `\text{…}`, `\mathrm{…}`, `\textbf{…}`, `$` and `**`, and
/// parentheses around a letter (MX-16: `\boxed{A}\boxed{C}` is `A, C`,
/// the gold of a multiple-select question `AC`). The letters stand in
/// alphabetical order, as multiple-select answers are written (`CA` may
/// name a segment, `BAD` is a word). At least two letters; `None`
/// otherwise.
///
/// ```
/// use scorespec::score::math::extract::choice_letters;
/// assert_eq!(choice_letters("ACD").as_deref(), Some("A,C,D"));
/// assert_eq!(choice_letters(r"\text{A}, \text{C}").as_deref(), Some("A,C"));
/// assert_eq!(choice_letters("CA"), None);
/// assert_eq!(choice_letters("AK"), None);
/// ```
pub fn choice_letters(text: &str) -> Option<String> {
    let mut rest = text.trim();
    let mut seen = [false; MAX_CHOICE_LETTERS];
    let mut last = None;
    while !rest.is_empty() {
        let skip = ["\\textbf{", "\\text{", "\\mathrm{", "and", "和", "，", "、"]
            .iter()
            .find(|w| rest.starts_with(**w))
            .map(|w| w.len())
            .or_else(|| {
                rest.starts_with([' ', ',', '{', '}', '(', ')', '$', '*'])
                    .then_some(1)
            });
        if let Some(n) = skip {
            rest = &rest[n..];
            continue;
        }
        let c = rest.as_bytes()[0];
        if !(b'A'..=b'J').contains(&c) {
            return None;
        }
        let k = usize::from(c - b'A');
        if last.is_some_and(|l| l >= k) {
            return None;
        }
        (seen[k], last) = (true, Some(k));
        rest = &rest[1..];
    }
    (seen.iter().filter(|&&s| s).count() >= 2).then(|| {
        let letters: Vec<String> = (0..MAX_CHOICE_LETTERS)
            .filter(|&k| seen[k])
            .map(|k| char::from(b'A' + k as u8).to_string())
            .collect();
        letters.join(",")
    })
}

/// The value after a choice letter in parentheses that opens `text`
/// (`(C) 24`, `\textbf{(C) } 24`, `**(B)** 12`, `option (D) 7`: `24`, `24`,
/// `12`, `7`), or after a letter and `:` or `)` (`D: 24`, `D) 24`, `(D):
/// 24`), when a value follows it (MX-16: a response that names its
/// option and the option's value, graded against a gold value). `None`
/// without such a letter, or with nothing after it, or an operator
/// (`(A) + (B)`), or without a space or closing mark between the letter
/// and what follows (`(A)(B)`).
pub(crate) fn labelled_value(text: &str) -> Option<&str> {
    // (The letter in parentheses, read as `choice_at_start` reads it, or
    // a letter before `:` or `)`.)
    let t = after_prefixes(text).as_bytes();
    if t.first() != Some(&b'(') && !matches!(t.get(1), Some(b':' | b')')) {
        return None;
    }
    let (_, rest) = choice_at_start(text)?;
    let rest = rest.strip_prefix(':').unwrap_or(rest);
    let value =
        rest.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '}' | '*' | '~'));
    let apart = value.len() < rest.len();
    let mut value = value.trim_end();
    // (`$\textbf{(C) } 24$`: the `$` that opened before the letter.)
    if value.bytes().filter(|&b| b == b'$').count() % 2 == 1 {
        value = value.strip_suffix('$').unwrap_or(value).trim_end();
    }
    let negative = value
        .strip_prefix('-')
        .is_some_and(|v| v.starts_with(|c: char| c.is_ascii_digit()));
    let operator =
        value.starts_with(['+', '-', '*', '/', '=', '^', '_', ')', ',', '.', ':']) && !negative;
    (apart && !value.is_empty() && !operator).then_some(value)
}

/// A choice letter at the start of `text` (after `$`, `**`, `\text{`,
/// "option", "choice", `(`), and the text after it.
pub(super) fn choice_at_start(text: &str) -> Option<(char, &str)> {
    let t = after_prefixes(text);
    let paren = t.starts_with('(');
    let t = if paren { &t[1..] } else { t };
    let mut chars = t.chars();
    let c = chars.next()?;
    if !('A'..='J').contains(&c) {
        return None;
    }
    let rest = chars.as_str();
    // `I choose …`, `A cat …`: a capital followed by a word is English.
    let word_follows = || {
        rest.strip_prefix(' ')
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_lowercase()))
    };
    let ok = if paren {
        rest.starts_with(')')
    } else {
        (rest.is_empty() || rest.starts_with([')', '.', ':', '*', '$', '}', ' ', ',']))
            && !word_follows()
    };
    ok.then(|| (c, rest.strip_prefix(')').unwrap_or(rest)))
}

/// `text` after the prefixes a choice letter may carry (`$`, `**`,
/// `\text{`, `\textbf{`, `\mathrm{`, `\mathbf{`, `{`, "option",
/// "choice" and spaces), removed in turn until none is left.
fn after_prefixes(text: &str) -> &str {
    after_prefixes_by(text, true)
}

/// [`after_prefixes`], with its first-byte check (and the space trimmed
/// at once after a word) or, without `check`, by the plain loop, which a
/// unit test compares with it.
fn after_prefixes_by(text: &str, check: bool) -> &str {
    let mut t = text.trim_start();
    // (A text that starts on none of the prefixes' first bytes keeps its
    // start: the loop below would change nothing; a unit test compares it
    // with the loop alone.)
    let prefixed = |t: &str| {
        t.as_bytes()
            .first()
            .is_some_and(|c| matches!(c, b'$' | b'*' | b'\\' | b'{' | b'o' | b'O' | b'c' | b'C'))
    };
    while !check || prefixed(t) {
        let before = t;
        for p in [
            "$",
            "**",
            "\\text{",
            "\\textbf{",
            "\\mathrm{",
            "\\mathbf{",
            "{",
        ] {
            t = t.strip_prefix(p).unwrap_or(t).trim_start();
        }
        for w in ["option", "Option", "choice", "Choice"] {
            if let Some(r) = t.strip_prefix(w) {
                if r.starts_with([' ', ':']) {
                    t = r.trim_start_matches([' ', ':']);
                    if check {
                        t = t.trim_start();
                    }
                }
            }
        }
        if t == before {
            break;
        }
    }
    t
}

/// How much of a long last line [`response_choice`] reads, from its end
/// (bytes): a choice is named at the end of a response.
pub const CHOICE_WINDOW: usize = 1024;

/// The choice a response makes (MX-16): the letter its answer starts with
/// (`(B) 12`, `**B**`, `option D`), else the last of its last line's `(X)`,
/// bold `**X**`, or letter named by "option", "choice", "answer" or 选
/// (`I choose option D.`, `Option C is correct.`, `the answer is C`, `故选B。`);
/// of a last line longer than [`CHOICE_WINDOW`] bytes, its last
/// [`CHOICE_WINDOW`] bytes; when that line names no letter, the one option
/// the response marks right, every other option it lists marked wrong
/// (`A: wrong. B: wrong. C: right.`, one option a line or not).
///
/// ```
/// use scorespec::score::math::extract::response_choice;
/// let c = response_choice("I choose option D.", None).unwrap();
/// assert_eq!(c.answer, "D");
/// assert!(response_choice("I think so.", None).is_none());
/// ```
pub fn response_choice(response: &str, found: Option<&Located>) -> Option<Located> {
    response_choice_kept(response, found, None)
}

/// [`response_choice`], given (when known) the byte range of what
/// [`strip_think`](crate::extract::strip_think) keeps of `response`, as
/// [`locate_default_kept`](super::production::locate_default_kept) reports
/// it: the tags are not looked for again.
pub(crate) fn response_choice_kept(
    response: &str,
    found: Option<&Located>,
    kept: Option<(usize, usize)>,
) -> Option<Located> {
    if let Some(f) = found {
        // `The answer is (c).`: a small letter in parentheses, the whole
        // answer.
        if let [b'(', c @ b'a'..=b'j', b')'] = *f.answer.as_bytes() {
            let s = f.span.0 + 1;
            return (response.as_bytes().get(s) == Some(&c)).then(|| Located {
                answer: (c as char).to_ascii_uppercase().to_string(),
                span: (s, s + 1),
                how: "choice",
            });
        }
        if let Some((c, _)) = choice_at_start(&f.answer) {
            // (`(B) or (C)`: two choices, none made.)
            let t = after_prefixes(&f.answer);
            let at = f.answer.len() - t.len() + usize::from(t.starts_with('('));
            if hedged(f.answer.as_bytes(), at) {
                return None;
            }
            // The letter's own span (the answer's text is the span's: `A`
            // of `A  mz`, not the whole answer the letter opens).
            let s = f.span.0 + at;
            let on_letter = response.as_bytes().get(s) == Some(&(c as u8));
            return on_letter.then(|| Located {
                answer: c.to_string(),
                span: (s, s + 1),
                how: "choice",
            });
        }
    }
    let (at, line) = last_line(response, kept);
    let lb = line.as_bytes();
    // (Full-width parentheses too, `故选（C）。`: three bytes each.)
    let (open_fw, close_fw) = ("（".as_bytes(), "）".as_bytes());
    let marked = (0..lb.len()).rev().find_map(|i| {
        // (Only a `(`, a `*` or a full-width parenthesis opens a mark.)
        if !matches!(lb[i], b'(' | b'*' | 0xEF) {
            return None;
        }
        let full_width = lb[i..].starts_with(open_fw) && lb.get(i + 4..i + 7) == Some(close_fw);
        let hit = (lb[i] == b'(' && lb.get(i + 2) == Some(&b')'))
            || full_width
            || (lb[i..].starts_with(b"**") && lb.get(i + 3..i + 5) == Some(b"**"));
        let k = if lb[i] == b'(' {
            i + 1
        } else if full_width {
            i + 3
        } else {
            i + 2
        };
        let c = *lb.get(k)?;
        (hit && (b'A'..=b'J').contains(&c) && !rejected(line, k)).then_some(k)
    });
    let named = named_letter(line);
    let k = match (marked, named) {
        (Some(a), Some(b)) => a.max(b),
        (None, None) => return listed_choice(response, kept),
        (a, b) => a.or(b)?,
    };
    // `Answer: B or C`: two choices, none made.
    if hedged(lb, k) {
        return None;
    }
    Some(Located {
        answer: (lb[k] as char).to_ascii_uppercase().to_string(),
        span: (at + k, at + k + 1),
        how: "choice",
    })
}

/// Where the last line of what strip_think keeps of `response` (`kept`,
/// when known) starts, and the line: its last [`CHOICE_WINDOW`] bytes when
/// it is longer (a choice is made at the end, and a paragraph of 100 kB is
/// read at a bounded cost: a line break is looked for in those bytes only).
fn last_line(response: &str, kept: Option<(usize, usize)>) -> (usize, &str) {
    // (What `strip_think` keeps, found in one pass over the `<` bytes.)
    let (base, end) = kept.unwrap_or_else(|| think_stripped(response));
    let t = trim_end_ws(&response[base..end]);
    let near = t.len().saturating_sub(CHOICE_WINDOW + 1);
    let mut line_start = t.as_bytes()[near..]
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |k| near + k + 1);
    if t.len() - line_start > CHOICE_WINDOW {
        line_start = (t.len() - CHOICE_WINDOW..t.len())
            .find(|&k| t.is_char_boundary(k))
            .unwrap_or(t.len());
    }
    (base + line_start, &t[line_start..])
}

/// The letters a response chooses for a multiple-select gold (MX-16), as
/// [`choice_letters`] reads them (`A,C`): those of its found answer
/// (`Answer: A, C`, `\boxed{A}\boxed{C}`; separate boxes of one letter
/// each in any order: `\boxed{C}\boxed{A}`), `None` when it names none.
pub(crate) fn chosen_letters(found: &Located) -> Option<String> {
    if found.how == "boxed_list" {
        let items = super::boxed_items(&found.answer);
        let mut letters = Vec::with_capacity(items.len());
        for item in &items {
            letters.push(choice_letter(item)?);
        }
        letters.sort_unstable();
        return choice_letters(&letters.into_iter().collect::<String>());
    }
    choice_letters(&found.compared())
}

/// The letters a response names for a multiple-select gold (MX-16) when
/// its found answer names none ([`chosen_letters`]): the last run of
/// letters of its last line (as [`last_line`] reads it) after a naming
/// word (`The correct options are (A) and (C).`, `故选：AC`, `选 A、C`),
/// ending the line after a concluding word (`Therefore, A and C.`), or
/// before a verdict (`Both A and C are correct.`), none of its letters
/// rejected ([`rejected`]); `how = "choice"`, the run as written.
pub(crate) fn response_letters_kept(
    response: &str,
    found: Option<&Located>,
    kept: Option<(usize, usize)>,
) -> Option<Located> {
    if found.is_some_and(|f| chosen_letters(f).is_some()) {
        return None;
    }
    let (at, line) = last_line(response, kept);
    let lower = line.to_ascii_lowercase();
    let b = line.as_bytes();
    let runs = NAMED_TABLE.hits(&lower).into_iter().filter_map(|(i, w)| {
        let end = i + NAMED[w].len();
        if w < NAMING.len() {
            let k = after_naming(&lower, end);
            Some((k, run_ahead(b, k)))
        } else if w < AFTER_CONCLUDING {
            let k = end
                + b[end..]
                    .iter()
                    .take_while(|&&c| b" ,:*$".contains(&c))
                    .count();
            let e = run_ahead(b, k);
            let ends = b[e..].iter().all(|&c| b".!*$ ".contains(&c));
            (ends && (i == 0 || !b[i - 1].is_ascii_alphabetic())).then_some((k, e))
        } else if w < AFTER_PLURAL {
            Some((run_back(b, i), i))
        } else {
            None
        }
    });
    let (s, e) = runs
        .map(|(s, e)| {
            let r = &line[s..e];
            let s = s + (r.len() - r.trim_start_matches([' ', ',']).len());
            (s, s + line[s..e].trim_end_matches([' ', ',']).len())
        })
        .filter(|&(s, e)| {
            s < e
                && choice_letters(&line[s..e]).is_some()
                && !rejected(line, s)
                && !rejected(line, e - 1)
        })
        .max()?;
    Some(Located {
        answer: line[s..e].to_string(),
        span: (at + s, at + e),
        how: "choice",
    })
}

/// The separators of a run of choice letters ([`run_ahead`], [`run_back`]):
/// the characters of three bytes.
const RUN_SEPARATORS: [&str; 5] = ["、", "，", "和", "（", "）"];

/// Where the run of choice letters that starts at `k` of `b` ends: letters
/// `A`–`J` (a block of ASCII letters and digits of these capitals only,
/// or the word "and"), spaces, `,` `(` `)` `$` `*` `{` `}`, the
/// [`RUN_SEPARATORS`] and `\text{`, `\textbf{`, `\mathrm{` (MX-16).
fn run_ahead(b: &[u8], mut k: usize) -> usize {
    while k < b.len() {
        let c = b[k];
        if b" ,()$*{}".contains(&c) {
            k += 1;
        } else if let Some(w) = ["\\textbf{", "\\text{", "\\mathrm{"]
            .iter()
            .chain(&RUN_SEPARATORS)
            .find(|w| b[k..].starts_with(w.as_bytes()))
        {
            k += w.len();
        } else {
            let n = b[k..]
                .iter()
                .take_while(|c| c.is_ascii_alphanumeric())
                .count();
            if n == 0 || !letters_block(&b[k..k + n]) {
                return k;
            }
            k += n;
        }
    }
    k
}

/// Where the run of choice letters that ends at `k` of `b` starts: the
/// letters and separators of [`run_ahead`] but the LaTeX commands, read
/// back (MX-16).
fn run_back(b: &[u8], mut k: usize) -> usize {
    while k > 0 {
        let c = b[k - 1];
        if b" ,()$*{}".contains(&c) {
            k -= 1;
        } else if let Some(w) = RUN_SEPARATORS
            .iter()
            .find(|w| b[..k].ends_with(w.as_bytes()))
        {
            k -= w.len();
        } else {
            let n = b[..k]
                .iter()
                .rev()
                .take_while(|c| c.is_ascii_alphanumeric())
                .count();
            if n == 0 || !letters_block(&b[k - n..k]) {
                return k;
            }
            k -= n;
        }
    }
    k
}

/// Whether a block of ASCII letters and digits belongs to a run of choice
/// letters: the word "and", or capitals `A`–`J` only (`AC`; not `Both`).
fn letters_block(block: &[u8]) -> bool {
    block == b"and" || block.iter().all(|c| (b'A'..=b'J').contains(c))
}

/// The words and marks that join two choice letters into a hedge (MX-16;
/// `nor` of `neither A nor C`).
const HEDGE_JOINERS: [&str; 5] = ["or", "and", "/", "或", "nor"];

/// How far [`rejected`] reads back from a letter for a word that rejects
/// it (bytes): the clause it stands in, at most this long.
const REJECT_WINDOW: usize = 128;

/// The words after a choice letter that reject it (lowercase, between
/// `|`; after the letter, its closing marks and spaces): `(A) is wrong.`,
/// `Option A is not correct.`, `Choice A fails.`, `A错误`. An English one
/// is a word of its own (`is notable` is none).
const REJECTING_AFTER: &str = "is wrong|is incorrect|is not|isn't|is false|\
    is invalid|is ruled out|is eliminated|is excluded|is impossible|is out|\
    is also wrong|is also incorrect|are wrong|are incorrect|are not|aren't|\
    fails|cannot|can't|can be ruled out|can be eliminated|does not|doesn't|\
    错|不";

/// The words before a choice letter, in its clause, that reject it
/// (lowercase, between `|`): `I would not choose A.`, `I don't think it's
/// A.`, `So we eliminate option A.`, `Neither A nor C is correct.`,
/// `排除A`. An English one is a word of its own, at least at its start
/// (`n't` ends one).
const REJECTING_BEFORE: &str = "not|n't|never|neither|nor|cannot|eliminate|\
    reject|rule out|ruled out|rules out|exclude|wrong|incorrect|排除|不选|不是";

/// Whether the choice letter at `k` of `line` is rejected, not chosen
/// (MX-16): a word of [`REJECTING_AFTER`] follows it, or one of
/// [`REJECTING_BEFORE`] stands before it in its clause (back to the last
/// `.` `;` `,` `!` `?`, line break, `。` `，` `；` or "but", at most
/// [`REJECT_WINDOW`] bytes; a colon does not end it: `Wrong answer: A`).
/// `Option A is wrong.` named A, and `So we reject (A).` marked it: a
/// false "equal" against A.
fn rejected(line: &str, k: usize) -> bool {
    let b = line.as_bytes();
    let word_end = |t: &str, w: &str| {
        !w.as_bytes()[0].is_ascii_alphabetic()
            || t.as_bytes()
                .get(w.len())
                .is_none_or(|c| !c.is_ascii_alphabetic())
    };
    // After: closing marks and spaces, then a rejecting word.
    let mut j = k + 1;
    while let Some(&c) = b.get(j) {
        if matches!(c, b' ' | b')' | b'*' | b'$' | b'}') {
            j += 1;
        } else if b[j..].starts_with("）".as_bytes()) || b[j..].starts_with("项".as_bytes()) {
            j += 3;
        } else {
            break;
        }
    }
    let mut end = (j + 24).min(b.len());
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    let after = line[j..end].to_ascii_lowercase();
    if REJECTING_AFTER
        .split('|')
        .any(|w| after.starts_with(w) && word_end(&after, w))
    {
        return true;
    }
    // Before: the clause, back to its start.
    let mut start = k.saturating_sub(REJECT_WINDOW);
    while !line.is_char_boundary(start) {
        start += 1;
    }
    let mut clause = line[start..k].to_ascii_lowercase();
    let cut = ['.', ';', ',', '!', '?', '\n', '。', '，', '；']
        .iter()
        .filter_map(|&c| clause.rfind(c).map(|i| i + c.len_utf8()))
        .chain(clause.rfind(" but ").map(|i| i + " but ".len()))
        .max();
    if let Some(cut) = cut {
        clause.replace_range(..cut, "");
    }
    let cb = clause.as_bytes();
    REJECTING_BEFORE.split('|').any(|w| {
        clause.match_indices(w).any(|(i, _)| {
            let start_ok = w == "n't" || i == 0 || !cb[i - 1].is_ascii_alphabetic();
            start_ok && word_end(&clause[i..], w)
        })
    })
}

/// Whether the choice letter at `k` of the line `b` is joined to another
/// by one of [`HEDGE_JOINERS`] (`B or C`, `(A) and (D)`, `B/C`, `B或C`,
/// either side; spaces, parentheses, `*` and `$` around; a joining word
/// is a word of its own): a hedge between two choices, not a choice.
fn hedged(b: &[u8], k: usize) -> bool {
    let marks = |c: u8| matches!(c, b' ' | b'(' | b')' | b'*' | b'$');
    // (A small letter counts in parentheses: `(a) or (b)`.)
    let letter_at = |i: usize| {
        let small = i > 0
            && b[i - 1] == b'('
            && b.get(i).is_some_and(|c| (b'a'..=b'j').contains(c))
            && b.get(i + 1) == Some(&b')');
        (small || b.get(i).is_some_and(|c| (b'A'..=b'J').contains(c)))
            && b.get(i + 1).is_none_or(|c| !c.is_ascii_alphanumeric())
            && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
    };
    // (A joining word stands apart from the letters around it; `/` and `或`
    // need not.)
    let apart = |j: &str, i: usize| {
        !j.as_bytes()[0].is_ascii_alphabetic() || b.get(i).is_none_or(|c| !c.is_ascii_alphabetic())
    };
    // After: marks, a joiner, marks, a letter.
    let mut i = k + 1;
    while b.get(i).is_some_and(|&c| marks(c)) {
        i += 1;
    }
    let after = HEDGE_JOINERS.iter().find_map(|j| {
        let end = i + j.len();
        (b.get(i..end)?.eq_ignore_ascii_case(j.as_bytes()) && apart(j, end)).then_some(end)
    });
    if let Some(mut j) = after {
        while b.get(j).is_some_and(|&c| marks(c)) {
            j += 1;
        }
        if letter_at(j) {
            return true;
        }
    }
    // Before: marks, a joiner, marks, a letter.
    let mut i = k;
    while i > 0 && marks(b[i - 1]) {
        i -= 1;
    }
    let before = HEDGE_JOINERS.iter().find_map(|j| {
        let start = i.checked_sub(j.len())?;
        let word = b[start..i].eq_ignore_ascii_case(j.as_bytes());
        (word && (start == 0 || apart(j, start - 1))).then_some(start)
    });
    let Some(mut j) = before else {
        return false;
    };
    while j > 0 && marks(b[j - 1]) {
        j -= 1;
    }
    j > 0 && letter_at(j - 1)
}

/// The byte offset of the last letter A–J that "option", "choice",
/// "answer", a word of [`CHOOSING`] (any case; then spaces, `:`, `：`,
/// "is", `*`, `$`), 选 or 选择 names in `line`, or that a verdict of [`JUDGED`]
/// follows, the letter standing alone (`option D.`, `Answer: **B**`,
/// `故选B。`, `It must be B.`, `C is right.`).
fn named_letter(line: &str) -> Option<usize> {
    let lower = line.to_ascii_lowercase();
    let b = line.as_bytes();
    // (Each hit's start and word, of the words of one list of NAMED.)
    let hits = NAMED_TABLE.hits(&lower);
    let of = |list: Range<usize>| {
        hits.iter()
            .filter(move |&&(_, k)| list.contains(&k))
            .map(|&(i, k)| (i, NAMED[k]))
    };
    let before = of(0..NAMING.len())
        .map(|(i, w)| after_naming(&lower, i + w.len()))
        .filter_map(|mut k| {
            // (`option (C)`, `option (c)`: the letter in its parentheses.)
            if b.get(k) == Some(&b'(') && b.get(k + 2) == Some(&b')') {
                k += 1;
            }
            let c = *b.get(k)?;
            let next = b.get(k + 1).copied();
            // `option (c)`: a small letter in parentheses after the word
            // that names it.
            let small =
                k > 0 && b[k - 1] == b'(' && (b'a'..=b'j').contains(&c) && next == Some(b')');
            let letter = small
                || (b'A'..=b'J').contains(&c) && !next.is_some_and(|n| n.is_ascii_alphanumeric());
            (letter && !rejected(line, k)).then_some(k)
        })
        .max();
    // `Therefore, B.`: a letter alone ending the line after a concluding
    // word (a comma between allowed; not `Therefore, A = 5`).
    let concluded = of(NAMING.len()..AFTER_CONCLUDING)
        // (A word of its own: not the `so` of `also`.)
        .filter(|&(i, _)| i == 0 || !b[i - 1].is_ascii_alphabetic())
        .map(|(i, w)| i + w.len())
        .filter_map(|k| {
            let k = k + b[k..]
                .iter()
                .take_while(|&&c| matches!(c, b' ' | b',' | b':' | b'*' | b'$'))
                .count();
            let c = *b.get(k)?;
            let rest = &b[k + 1..];
            let ends = rest
                .iter()
                .all(|&c| matches!(c, b'.' | b'!' | b'*' | b'$' | b' '));
            ((b'A'..=b'J').contains(&c) && ends && !rejected(line, k)).then_some(k)
        })
        .max();
    // `C is right.`, `B is the correct answer`: a letter alone before a
    // verdict.
    let after = of(AFTER_CONCLUDING..AFTER_JUDGED)
        .map(|(i, w)| (i, i + w.len()))
        .filter_map(|(i, e)| {
            // (A word of its own: `is correctly` is no verdict.)
            if b.get(e).is_some_and(u8::is_ascii_alphabetic) {
                return None;
            }
            let k = i.checked_sub(1)?;
            let alone = k == 0 || !b[k - 1].is_ascii_alphanumeric();
            ((b'A'..=b'J').contains(&b[k]) && alone && !rejected(line, k)).then_some(k)
        })
        .max();
    before
        .max(after)
        .max(concluded)
        .max(corrected(line, &lower, of(AFTER_PLURAL..NAMED.len())))
}

/// Where what a naming word ending at `k` of `lower` (a line in
/// lowercase) names starts: after spaces, `:`, `：`, `*`, `$`, "is" and
/// "are", and the `s` of a plural before "are" (`the correct options are
/// (A) and (C)`,
/// `Answer: **B**`, `option is D`).
fn after_naming(lower: &str, mut k: usize) -> usize {
    let b = lower.as_bytes();
    // (Not `Options: A) 5 B) 6`, the options listed.)
    if lower[k..].starts_with("s are ") {
        k += 1;
    }
    loop {
        let before = k;
        while b
            .get(k)
            .is_some_and(|c| matches!(c, b' ' | b':' | b'*' | b'$'))
        {
            k += 1;
        }
        for w in ["is ", "are ", "："] {
            if lower[k..].starts_with(w) {
                k += w.len();
            }
        }
        if k == before {
            return k;
        }
    }
}

/// The offset of the letter after `not X, but` (or `not X but`, `not X,
/// but rather`) in `line` (`lower`: the same in lowercase; `nots`: the
/// starts of its "not "), each a capital letter alone: `The answer is not
/// A, but C.` chooses C (MX-16).
fn corrected<'a>(
    line: &str,
    lower: &str,
    nots: impl Iterator<Item = (usize, &'a str)>,
) -> Option<usize> {
    let b = line.as_bytes();
    let alone = |k: usize| {
        b.get(k).is_some_and(|c| (b'A'..=b'J').contains(c))
            && (k == 0 || !b[k - 1].is_ascii_alphanumeric())
            && b.get(k + 1).is_none_or(|c| !c.is_ascii_alphanumeric())
    };
    let skip =
        |k: usize, marks: &[u8]| run_after(b, k.min(b.len()), b.len(), |c| marks.contains(&c));
    nots.filter_map(|(i, w)| {
        let x = skip(i + w.len(), b" (*$");
        if !alone(x) || (i > 0 && b[i - 1].is_ascii_alphanumeric()) {
            return None;
        }
        let k = skip(x + 1, b" )*$,;");
        if !lower[k..].starts_with("but ") {
            return None;
        }
        let k = skip(k + "but ".len(), b" ");
        let k = if lower[k..].starts_with("rather ") {
            k + "rather ".len()
        } else {
            k
        };
        let y = skip(k, b" (*$");
        alone(y).then_some(y)
    })
    .max()
}

/// The words before the letter a response chooses (lowercase): "option",
/// "final:" (`Final: A`), "choice", "answer", 选, 选择, and those of choosing (`I pick B`, `It
/// must be B`, `The answer is not A; it is C`).
const NAMING: [&str; 15] = [
    "option",
    "final:",
    "choice",
    "answer",
    "选",
    "选择",
    "choose",
    "pick",
    "select",
    "must be",
    "should be",
    "go with",
    "it is",
    "it's",
    "it\u{2019}s",
];

/// A list of at most 32 words (lowercase, each of two bytes at least, none
/// with a proper suffix that is also its prefix, so that each word's
/// occurrences are those `str::match_indices` finds) and, by byte, the
/// words it is the first byte of and the second: built when the crate
/// compiles (`ByLetter` of the lexicon is the same by first letter, for
/// words that open with an ASCII letter).
struct WordTable {
    words: &'static [&'static str],
    first: [u32; 256],
    second: [u32; 256],
}

impl WordTable {
    /// The table of `words` (checked when the crate compiles). Called in
    /// constant items only.
    const fn new(words: &'static [&'static str]) -> WordTable {
        assert!(words.len() <= 32);
        let (mut first, mut second) = ([0u32; 256], [0u32; 256]);
        let mut k = 0;
        while k < words.len() {
            let w = words[k].as_bytes();
            assert!(w.len() >= 2);
            first[w[0] as usize] |= 1 << k;
            second[w[1] as usize] |= 1 << k;
            k += 1;
        }
        WordTable {
            words,
            first,
            second,
        }
    }

    /// Every occurrence of every word in `hay`, as `(start, word's index)`,
    /// in the order of their starts, then of the words: one pass over
    /// `hay`, each pair of bytes looked up in the tables (most start no
    /// word), a word compared only where its first two bytes stand (not
    /// one search of `hay` per word).
    fn hits(&self, hay: &str) -> Vec<(usize, usize)> {
        let h = hay.as_bytes();
        let mut hits = Vec::new();
        for (i, pair) in h.windows(2).enumerate() {
            let mut m = self.first[usize::from(pair[0])] & self.second[usize::from(pair[1])];
            while m != 0 {
                let k = m.trailing_zeros() as usize;
                m &= m - 1;
                // (Compared byte by byte: most candidates differ early, and
                // a call to `memcmp` costs more than the loop.)
                let w = self.words[k].as_bytes();
                if h.len() - i >= w.len() && w.iter().zip(&h[i..]).all(|(a, b)| a == b) {
                    hits.push((i, k));
                }
            }
        }
        hits
    }
}

/// Where [`CONCLUDING`] ends in [`NAMED`], [`JUDGED`] and
/// [`PLURAL_JUDGED`].
const AFTER_CONCLUDING: usize = NAMING.len() + CONCLUDING.len();
const AFTER_JUDGED: usize = AFTER_CONCLUDING + JUDGED.len();
const AFTER_PLURAL: usize = AFTER_JUDGED + PLURAL_JUDGED.len();

/// The words [`named_letter`] looks for, one list after another:
/// [`NAMING`], [`CONCLUDING`], [`JUDGED`], [`PLURAL_JUDGED`] (of
/// [`response_letters_kept`] alone), then "not " (of [`corrected`]).
const NAMED: [&str; AFTER_PLURAL + 1] = {
    let mut all = [""; AFTER_PLURAL + 1];
    let mut k = 0;
    while k < all.len() {
        all[k] = if k < NAMING.len() {
            NAMING[k]
        } else if k < AFTER_CONCLUDING {
            CONCLUDING[k - NAMING.len()]
        } else if k < AFTER_JUDGED {
            JUDGED[k - AFTER_CONCLUDING]
        } else if k < AFTER_PLURAL {
            PLURAL_JUDGED[k - AFTER_JUDGED]
        } else {
            "not "
        };
        k += 1;
    }
    all
};

/// The table of [`NAMED`].
const NAMED_TABLE: WordTable = WordTable::new(&NAMED);

/// The concluding words before a letter that ends the line (lowercase; a
/// word of its own): `Therefore, B.`, `Thus **C**`, `A and B are wrong,
/// so C`, `Only B.`.
const CONCLUDING: [&str; 5] = ["therefore", "thus", "hence", "so", "only"];

/// The verdicts after the letter a response chooses (lowercase, with the
/// space before them): `C is right.`, `B is the correct one`.
const JUDGED: [&str; 5] = [
    " is correct",
    " is right",
    " is the answer",
    " is the correct",
    " is true",
];

/// The verdicts after the letters a response chooses for a multiple-select
/// gold (lowercase, with the space before them): `Both A and C are
/// correct.` A single choice is not read before them: a letter before
/// " are" ends a list.
const PLURAL_JUDGED: [&str; 3] = [" are correct", " are right", " are true"];

#[cfg(test)]
mod tests {
    use super::*;

    /// MX-16: the letters of a multiple-select answer, each once, in
    /// alphabetical order, between separators and wrappers; two at least.
    #[test]
    fn multiple_select_letters() {
        for (text, want) in [
            ("AC", "A,C"),
            ("A, C", "A,C"),
            ("ABCDEFGHIJ", "A,B,C,D,E,F,G,H,I,J"),
            ("A and C", "A,C"),
            ("A、C、D", "A,C,D"),
            ("B和D", "B,D"),
            ("(A) (C)", "A,C"),
            ("**A**, **C**", "A,C"),
            (r"$\text{A}$, $\textbf{D}$", "A,D"),
        ] {
            assert_eq!(choice_letters(text).as_deref(), Some(want), "{text:?}");
        }
        for text in [
            "A", "CA", "AA", "ACA", "BAD", "AK", "Ab", "A, 2", "A or C", "x", "", "A-C", "A/C",
        ] {
            assert_eq!(choice_letters(text), None, "{text:?}");
        }
    }

    /// `after_prefixes` (a first-byte check, then the loop) reaches the
    /// start the loop alone reaches, on texts glued from the prefixes,
    /// spaces, tabs, colons and letters.
    #[test]
    fn the_first_byte_check_is_the_loop() {
        let pieces: Vec<&str> = "$|**|*|\\text{|\\textbf{|\\mathbf{|\\mathrm{|{|option|Choice| |:|\t|\n|(|)|B|C|J|K|x|c|o|.|}"
            .split('|')
            .collect();
        let mut glue = crate::text::Glue(3);
        for _ in 0..20_000 {
            let t = glue.text(&pieces, 1);
            assert_eq!(after_prefixes(&t), after_prefixes_by(&t, false), "{t:?}");
        }
    }

    /// `WordTable::hits` finds what `match_indices` finds for each word, on
    /// texts glued from the words, their first bytes and pieces of them,
    /// and what stands around them; and no word of [`NAMED`] has a proper
    /// suffix that is also its prefix (the condition for that).
    #[test]
    fn word_hits_are_match_indices() {
        for w in NAMED {
            assert!(
                (1..w.len()).all(|n| !w.is_char_boundary(n) || !w.starts_with(&w[n..])),
                "{w:?}"
            );
        }
        let mut pieces: Vec<&str> = NAMED.to_vec();
        pieces.extend([
            "t", "th", "the", "i", "it", " is", " ", "s", "o", "选", "\u{2019}",
        ]);
        pieces.extend(["B", "x", ".", "选择题", "Thus", " IS RIGHT", "\u{e9}"]);
        let mut glue = crate::text::Glue(5);
        for _ in 0..5_000 {
            let t = glue.text(&pieces, 3).to_ascii_lowercase();
            let mut want: Vec<(usize, usize)> = NAMED
                .iter()
                .enumerate()
                .flat_map(|(k, w)| t.match_indices(w).map(move |(i, _)| (i, k)))
                .collect();
            want.sort_unstable();
            assert_eq!(NAMED_TABLE.hits(&t), want, "{t:?}");
        }
    }

    /// A last line longer than the window is read from its end: the choice
    /// at the end of a 100 kB paragraph is found (at its byte offset), one
    /// named only at the paragraph's start is not (MX-16).
    #[test]
    fn a_long_last_line_is_read_from_its_end() {
        let pad = "Let me think step by step. ".repeat(4000);
        let at_end = format!("{pad}So I choose option D.");
        let c = response_choice(&at_end, None).unwrap();
        assert_eq!(c.answer, "D");
        assert_eq!(c.span.0, pad.len() + "So I choose option ".len());
        let at_start = format!("I choose option D. {pad}");
        assert!(response_choice(&at_start, None).is_none());
        // The window's first byte falls inside a 3-byte character: it is
        // stepped over, and a choice further on is still found.
        let edge = format!("{pad}答{}", "y".repeat(CHOICE_WINDOW - 1));
        assert!(response_choice(&edge, None).is_none());
        let tail = format!(" option B.{}", "y".repeat(CHOICE_WINDOW - 30));
        let edge = format!(
            "{pad}答{}{tail}",
            "y".repeat(CHOICE_WINDOW - 1 - tail.len())
        );
        assert_eq!(response_choice(&edge, None).unwrap().answer, "B");
    }

    /// Given what strip_think keeps (as the grading passes it), the choice
    /// is the one found without it: responses with reasoning blocks, chat
    /// tokens and choices in and out of them.
    #[test]
    fn the_kept_range_given_is_the_one_found() {
        let pieces = [
            "<think>",
            "</think>",
            "(B)",
            "**C**",
            " option D",
            "\n",
            "<|im_end|>",
            " so ",
            "x",
            "é",
        ];
        let mut glue = crate::text::Glue(23);
        let mut chosen = 0;
        for _ in 0..3000 {
            let s = glue.text(&pieces, 1);
            let kept = crate::extract::strip_think(&s);
            let start = kept.as_ptr() as usize - s.as_ptr() as usize;
            let range = Some((start, start + kept.len()));
            let found = super::super::locate_default(&s, false).ok();
            let alone = response_choice(&s, found.as_ref());
            chosen += usize::from(alone.is_some());
            assert_eq!(
                response_choice_kept(&s, found.as_ref(), range),
                alone,
                "{s:?}"
            );
        }
        assert!(chosen > 300, "{chosen}");
    }

    /// The letter `response` chooses, its answer found as the grading
    /// finds it.
    fn chosen(response: &str) -> Option<String> {
        let found = super::super::locate_default(response, false).ok();
        response_choice(response, found.as_ref()).map(|c| c.answer)
    }

    /// Checks each line of `cases`: a response, `=>`, the letter it
    /// chooses (`-`: none).
    fn check_choices(cases: &str) {
        for line in cases.lines() {
            let (response, want) = line.trim().split_once(" => ").unwrap();
            let want = (want != "-").then_some(want);
            assert_eq!(chosen(response).as_deref(), want, "{response}");
        }
    }

    /// A letter rejected by a verdict after it or a word before it in its
    /// clause is no choice; the letter chosen after the rejected ones is.
    #[test]
    fn rejected_letters_are_no_choice() {
        // Each line: a response, `=>`, the letter it chooses (`-`: none).
        let cases = "\
            Option A is wrong. => -
            Option A is not correct. => -
            Choice A fails => -
            (A) is incorrect. => -
            **A** is not the answer. => -
            Option A can be ruled out. => -
            So we eliminate option A. => -
            So we reject (A). => -
            I would not choose A. => -
            I don't think it's A. => -
            Wrong answer: A => -
            Neither A nor C is correct. => -
            A错误，排除A => -
            Option A is right. => A
            Option A is notable. => A
            So the minor arc is option B. => B
            The answer is A, not B. => A
            (A) is wrong, (B) is wrong, so the answer is (C). => C
            The answer is B. Option A is wrong. => B
            A is not it, but C is correct. => C
            排除A，故选C。 => C";
        check_choices(cases);
    }

    /// A response that judges its options in turn chooses the one it
    /// marks right when it marks the others wrong; the last line's choice
    /// comes first.
    #[test]
    fn options_judged_in_turn() {
        let cases = "\
            A: wrong. B: wrong. C: right. => C
            A: wrong. B: wrong. C: right. D: wrong. => C
            A: right. B: wrong. C: right. D: wrong. => -
            (A) is incorrect. (B) is incorrect. (C) is correct. => C
            A: wrong. B: wrong. C: right. So the answer is B. => B";
        check_choices(cases);
        let lines = "(A) is incorrect.\n(B) is incorrect.\n(C) is correct.\n(D) is incorrect.";
        assert_eq!(chosen(lines).as_deref(), Some("C"));
    }

    /// A letter after `Final:`, ending the line after "so" or "only" (a word
    /// of its own), or after a plural naming word and "are" is the choice;
    /// two such letters are a hedge.
    #[test]
    fn labels_and_conclusions_name_the_choice() {
        let cases = "\
            I think A is correct. D is also plausible. Final: A => A
            **Final:** C => C
            The final A => -
            A and B are wrong, so C => C
            A and B are wrong, so C is left to check => -
            The point is also C => -
            Only B. => B
            Not only B. => -
            The correct options are (A) and (C). => -
            The correct answers are D. => D
            Options: A) 5 B) 6 C) 7 => -";
        check_choices(cases);
    }

    /// The letters a response names for a multiple-select gold: after a
    /// naming word, ending the line after a concluding word, before a
    /// plural verdict; not rejected ones; separate boxes of one letter each
    /// in any order, not one box of letters out of order.
    #[test]
    fn multiple_select_responses() {
        let cases = "\
            The correct options are (A) and (C). => A,C
            The correct choices are A, C, and D. => A,C,D
            故选：AC => A,C
            选 A、C => A,C
            Both A and C are correct. => A,C
            Therefore, B and D. => B,D
            Therefore, B and D are left to check. => -
            The correct options are A and Both => -
            The incorrect options are A and C. => -
            The incorrect options are A, C. => -
            The correct options are A and C, and not B. => A,C
            A and C are wrong. => -
            Options A and C are not correct. => -
            Neither A nor C are correct. => -
            The options are C and A. => -";
        for line in cases.lines() {
            let (response, want) = line.trim().split_once(" => ").unwrap();
            let got = response_letters_kept(response, None, None).and_then(|c| chosen_letters(&c));
            assert_eq!(got.as_deref(), (want != "-").then_some(want), "{response}");
        }
        let boxes = |answer: &str| Located {
            answer: answer.to_string(),
            span: (0, answer.len()),
            how: "boxed_list",
        };
        let chosen = |a: &str| chosen_letters(&boxes(a));
        assert_eq!(chosen(r"\boxed{C}\boxed{A}").as_deref(), Some("A,C"));
        assert_eq!(chosen(r"\boxed{(D)}\boxed{B}").as_deref(), Some("B,D"));
        assert_eq!(chosen(r"\boxed{C}\boxed{C}"), None);
        assert_eq!(chosen(r"\boxed{C}\boxed{2}"), None);
        let one_box = Located {
            how: "boxed",
            ..boxes("CA")
        };
        assert_eq!(chosen_letters(&one_box), None);
    }

    /// Two choices joined by `or`, `and`, `/` or `或` are a hedge, no choice;
    /// one choice, or a letter named beside another without a joiner, is
    /// the choice.
    #[test]
    fn two_choices_joined_are_no_choice() {
        for (response, want) in [
            ("Answer: B or C", None),
            ("The answer is (B) or (C).", None),
            ("Final answer: (A) and (D)", None),
            ("I would pick A/B.", None),
            ("故选B或C。", None),
            ("The answer is (B).", Some("B")),
            ("Between A and C, the answer is C.", Some("C")),
            ("The answer is D, not A.", Some("D")),
            ("**B**", Some("B")),
            // Small letters in parentheses after a naming word, a letter
            // after a concluding word.
            ("So the answer is (a) or (b).", None),
            ("The correct option is (c).", Some("C")),
            ("So the answer is (c).", Some("C")),
            ("Part (c) is the hardest.", None),
            ("Therefore, C.", Some("C")),
            ("Thus **D**", Some("D")),
            ("Therefore, A = 5.", None),
            ("Therefore, A or B.", None),
            // A choice corrected (fourteenth session).
            ("The answer is not A; it is C.", Some("C")),
            ("The answer is not A, but C.", Some("C")),
            ("The answer is not (A) but rather (C).", Some("C")),
            ("It's C.", Some("C")),
            ("It is not A, but the answer needs work.", None),
            ("The answer is not a, but c.", None),
            ("Do not A but C", Some("C")),
            ("cannot A, but C", None),
        ] {
            assert_eq!(chosen(response).as_deref(), want, "{response}");
        }
    }
}
