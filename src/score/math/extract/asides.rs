//! Trailing asides (MX-17): a remark after the answer of a response without
//! an explicit one — a last parenthesized group opening with a word (`There
//! are 12 ways. (Note: we used 3 cases.)`, `45 degrees (since the triangle
//! has 2 equal sides).`) or a last paragraph opening with a label such as
//! `Note:` (`The gcd is 2.\n\nNote: 2 divides 4 and 6.`). The fallback of
//! MX-13 and MX-14 reads the text before the aside first: its numbers are
//! the remark's, not the answer.
//!
//! Both reads are bounded: the group's opening bracket is looked for in
//! the last [`MAX_ASIDE_BYTES`] bytes, the paragraph's blank line in the
//! last [`MAX_ASIDE_BYTES`] bytes too.
//!
//! # Differences with the document
//!
//! Document 004's fallback takes the last number wherever it stands (its
//! `math.extract_answer` still does); this rule is the production
//! extraction's (spec/math.md MX-17).

use super::lexicon::ByLetter;
use super::{pack_flags, rfind_byte};

/// The longest aside set apart, in bytes: a remark longer than this is
/// read as the document's fallback reads it.
pub const MAX_ASIDE_BYTES: usize = 1024;

/// The labels that open a remark paragraph (lowercase; then `:` or, for the
/// abbreviations, their final `.`): a note, and since the sixteenth session
/// the remarks models add after an answer (`**Key insight:** …`, `Common
/// mistake: …`, `Tip: …`, `Another way to see it: …`). Not `Summary` nor
/// `Explanation`: they restate or derive the answer.
const LABELS: &[&str] = &[
    "note",
    "notes",
    "remark",
    "n.b",
    "nb",
    "p.s",
    "ps",
    "side note",
    "key insight",
    "insight",
    "key idea",
    "intuition",
    "tip",
    "tips",
    "hint",
    "fun fact",
    "common mistake",
    "common mistakes",
    "common error",
    "common errors",
    "common pitfall",
    "common pitfalls",
    "pitfall",
    "another way to see it",
    "another way to think about it",
];

/// Where the trailing aside of `t[..end]` starts, if `t[..end]` ends with
/// one (MX-17): the byte after which nothing but the aside, its closing
/// punctuation and white space stands. `None` when there is no aside, or
/// nothing but white space before it. `known`: `(v, nl)`, the last line
/// break of `t[v..end]` (`None`: none), when the caller read it.
pub(super) fn aside_start(
    t: &str,
    start: usize,
    end: usize,
    known: Option<(usize, Option<usize>)>,
) -> Option<usize> {
    // (Asides in a row, the last first: `x = 5. Let me verify: … ✓ Hope
    // this helps with step 2!`; at most MAX_ASIDES.)
    let mut at = None;
    for _ in 0..MAX_ASIDES {
        let to = at.unwrap_or(end);
        let Some(a) = aside_group(t, start, to)
            .or_else(|| aside_paragraph(t, start, to, known.filter(|_| to == end)))
            .or_else(|| {
                // (The check's walk returns the last sentence start too: the
                // closing remark's is read there, not found again.)
                let (check, last) = aside_check(t, start, to);
                check.or_else(|| aside_closing(t, last?, to))
            })
        else {
            break;
        };
        // Something to read before it.
        if !t[start..a].bytes().any(|c| !c.is_ascii_whitespace()) {
            break;
        }
        at = Some(a);
    }
    at
}

/// The most asides in a row set apart (MX-17).
const MAX_ASIDES: usize = 3;

/// The openers of a closing remark to the reader (lowercase, ASCII case
/// ignored): an offer, a sign-off, a pointer elsewhere (`Let me know if …`,
/// `I hope this helps with question 1!`, `Would you like me to explain
/// step 3?`, `Related: problem 10 …`). Its numbers are the remark's.
const CLOSINGS: &[&str] = &[
    "let me know",
    "feel free",
    "hope this helps",
    "hope that helps",
    "i hope this helps",
    "i hope that helps",
    "if you have",
    "if you need",
    "if you'd like",
    "if you would like",
    "if you want",
    "would you like",
    "do you want",
    "shall i",
    "should i",
    "want me to",
    "i can also",
    "i'd be happy",
    "happy to help",
    "please note",
    "please let me know",
    "related:",
    "follow-up",
    "follow up",
    "further reading",
    "see also",
];

/// A last sentence or line that is a closing remark ([`CLOSINGS`]), within
/// the last [`MAX_ASIDE_BYTES`]: where it starts, `k`, the last of
/// [`sentence_starts`] (read by [`aside_check`]), when it is one.
fn aside_closing(t: &str, k: usize, end: usize) -> Option<usize> {
    let b = t.as_bytes();
    opens_with_one_of(
        without_markup(&b[k..end]),
        &const { ByLetter::new(CLOSINGS) },
    )
    .then_some(k)
}

/// A sentence without the markup and spaces it opens with (`*`, `#`, `>`,
/// `_`), and a check mark before them (`✓ Check: …`, `✔`, `✅`).
fn without_markup(sentence: &[u8]) -> &[u8] {
    // (Their first byte first: most sentences open with another.)
    let sentence = match sentence.first() {
        Some(0xE2) => CHECK_MARKS
            .iter()
            .find_map(|m| sentence.strip_prefix(m.as_bytes()))
            .unwrap_or(sentence),
        _ => sentence,
    };
    let m = sentence
        .iter()
        .take_while(|&&c| matches!(c, b' ' | b'*' | b'#' | b'>' | b'_'))
        .count();
    &sentence[m..]
}

/// The check marks a check may open with (`✓ Check: 2(12) + 1 = 25.`); their
/// first byte is 0xE2.
const CHECK_MARKS: [&str; 3] = ["\u{2713}", "\u{2714}", "\u{2705}"];

/// Whether `rest` opens with one of `list` (lowercase, ASCII case
/// ignored) followed by a byte that is no letter. (Only the words of its
/// first letter are compared: [`ByLetter`].)
fn opens_with_one_of(rest: &[u8], list: &ByLetter) -> bool {
    let Some(&c) = rest.first() else {
        return false;
    };
    list.opening_with(c).any(|w| {
        rest.len() > w.len()
            && rest[..w.len()].eq_ignore_ascii_case(w)
            && !rest[w.len()].is_ascii_alphabetic()
    })
}

/// A last group `( … )` (after it only `.`, `!` and white space) whose
/// content opens with a word of two letters or more (`(Note: …)`, `(since
/// …)`, `(i.e. 35%)`), or with a number and then holds a word
/// ([`holds_a_word`]: `(3 squared)`, `(2 per pair)`): its `(`. Not a math delimiter `\)`/`\(`, not a
/// group of numbers or a formula (`(1, 2)`, `(x+1)`), not a choice letter
/// (`(A)`).
fn aside_group(t: &str, start: usize, end: usize) -> Option<usize> {
    let b = t.as_bytes();
    let mut close = end;
    while close > start && matches!(b[close - 1], b'.' | b'!' | b' ' | b'\t' | b'\n' | b'\r') {
        close -= 1;
    }
    if close == start || b[close - 1] != b')' || (close >= 2 && b[close - 2] == b'\\') {
        return None;
    }
    // The matching `(`, back at most MAX_ASIDE_BYTES.
    let floor = start.max(close.saturating_sub(MAX_ASIDE_BYTES));
    let mut depth = 0usize;
    let mut open = None;
    for k in (floor..close).rev() {
        match b[k] {
            b')' => depth += 1,
            b'(' => {
                depth -= 1;
                if depth == 0 {
                    open = Some(k);
                    break;
                }
            }
            _ => {}
        }
    }
    let open = open?;
    if open > start && b[open - 1] == b'\\' {
        return None;
    }
    // (`(3 squared)`, `(2 per pair)`: a number, then words.)
    let content = &b[open + 1..close - 1];
    let number_then_words = content
        .trim_ascii_start()
        .first()
        .is_some_and(u8::is_ascii_digit)
        && holds_a_word(content);
    (opens_with_word(content) || number_then_words).then_some(open)
}

/// Whether `content` opens (after spaces and `*`, `_` markup) with a word of
/// two ASCII letters or more followed by a space or punctuation (`Note:`,
/// `since the`), or with `i.e.`/`e.g.`, and holds a space: a remark, not a
/// word alone (`(cm)`, a unit).
pub(super) fn opens_with_word(content: &[u8]) -> bool {
    let k = content
        .iter()
        .take_while(|&&c| matches!(c, b' ' | b'*' | b'_'))
        .count();
    let rest = &content[k..];
    let letters = rest.iter().take_while(|c| c.is_ascii_alphabetic()).count();
    // `i.e.` and `e.g.`: one letter, a period, a letter.
    let abbreviation = rest.len() >= 3
        && rest[0].is_ascii_alphabetic()
        && rest[1] == b'.'
        && rest[2].is_ascii_alphabetic();
    if letters < 2 && !abbreviation {
        return false;
    }
    // A word alone (`(cm)`, `(mod)`) is a unit or a label, not a remark.
    let after = rest.get(letters).copied();
    (abbreviation || matches!(after, Some(b' ' | b':' | b',' | b'.' | b'-')))
        && rest.contains(&b' ')
}

/// The names of functions written without `\\` (`sqrt 2`, `log 3`): a
/// group that holds one is a factor, not a remark.
const FUNCTION_NAMES: [&str; 20] = [
    "sin", "cos", "tan", "cot", "sec", "csc", "log", "exp", "sqrt", "max", "min", "gcd", "lcm",
    "det", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh",
];

/// Whether the content of a group after a statement's value holds a word
/// of three ASCII letters or more after a space (not a command after `\\`,
/// nor one of [`FUNCTION_NAMES`]): a remark that opens with a value (`9 (3
/// squared)`, `24 (2 per pair)`), read as [`opens_with_word`] reads one
/// that opens with its word. `(x + 1)`, `(2 sqrt 3)` are factors.
pub(super) fn holds_a_word(group: &[u8]) -> bool {
    let mut k = 0;
    while k < group.len() {
        let n = group[k..]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .count();
        if n == 0 {
            k += 1;
            continue;
        }
        let word = &group[k..k + n];
        let spaced = k > 0 && group[k - 1] == b' ';
        if n >= 3
            && spaced
            && !FUNCTION_NAMES
                .iter()
                .any(|f| word.eq_ignore_ascii_case(f.as_bytes()))
        {
            return true;
        }
        k += n;
    }
    false
}

/// A last line, else a last paragraph (after a blank line), that opens
/// with a remark label (`Note:`, `**Note:**`, `Remark:`, `N.B.`, `P.S.`;
/// ASCII case ignored): where it starts. (A label line before the last
/// line of its paragraph does not count: `Note: n > 1.\nSo the total is
/// 12.` ends on its conclusion.) `known` as [`aside_start`]'s.
fn aside_paragraph(
    t: &str,
    start: usize,
    end: usize,
    known: Option<(usize, Option<usize>)>,
) -> Option<usize> {
    let b = t.as_bytes();
    let mut floor = start.max(end.saturating_sub(MAX_ASIDE_BYTES));
    // (On a character boundary, as the string search needed: the bytes
    // skipped are a character's continuation bytes, never a line break, so
    // `rfind_byte`, 16 bytes at a time, finds the same ones.)
    while !t.is_char_boundary(floor) {
        floor += 1;
    }
    // (The last line break, known when read back from `v` before `floor`:
    // then the one from `floor` when it stands after it, else none.)
    let mut first = match known {
        Some((v, nl)) if v <= floor => Some(nl.filter(|&k| k >= floor)),
        _ => None,
    };
    let mut k = end;
    let mut last_line = true;
    loop {
        let nl = match first.take() {
            Some(nl) => nl?,
            None => rfind_byte(&b[floor..k], b'\n')? + floor,
        };
        let blank = {
            let before = b[floor..nl]
                .iter()
                .rev()
                .take_while(|&&c| matches!(c, b' ' | b'\t' | b'\r'))
                .count();
            nl - before > floor && b[nl - before - 1] == b'\n'
        };
        if (last_line || blank) && opens_with_label(&b[nl + 1..end]) {
            return Some(nl + 1);
        }
        if blank {
            return None;
        }
        last_line = false;
        k = nl;
    }
}

/// The openers of a check of the answer (lowercase, ASCII case ignored):
/// `Let me verify: …`, `Check: …`, `Verification: …`, `Double-checking: …`,
/// `Plugging back in: …` (`Plugging in x = 3 gives 12` computes: not a
/// check).
const CHECKS: &[&str] = &[
    "let me check",
    "let me verify",
    "let me double-check",
    "let me double check",
    "let's check",
    "let's verify",
    "let's double-check",
    "let us check",
    "let us verify",
    "check:",
    "checking:",
    "verification",
    "verify:",
    "verifying:",
    "double-check:",
    "double-checking",
    "double checking",
    "sanity check",
    "to check",
    "to verify",
    "plugging back",
    "plugging it back",
    "plugging this back",
    "substituting back",
    "substituting it back",
    "to confirm",
    "let me confirm",
    "let's confirm",
    "let us confirm",
    "confirming:",
    "confirmation:",
    "final check",
    "quick check",
    "as a check",
    "answer check",
    "checking the answer",
    "checking our answer",
    "checking the result",
    "to double-check",
    "to double check",
    "this checks out",
];

/// The openers of a check that need what follows them to say so (`We can
/// check: …`, `We can verify that …`; `We can check each case` computes):
/// then a colon, a comma, ` that` or ` this`.
const CHECKS_THEN: &[&str] = &["we can check", "we can verify", "we can confirm"];

/// The verbs that put a value back into the problem (`Plugging x = 3 back
/// in`, `Substituting $x = 3$ back into the original equation`): a check
/// when `back` or `original` follows within [`MAX_PUT_BACK_BYTES`] of the
/// same clause (`Plugging in x = 3 gives 12.` and `Substituting x = 3 into
/// y = 2x + 1 gives 7` compute).
const PUTS: &[&str] = &["plugging", "substituting", "putting"];

/// The most bytes between a verb of [`PUTS`] and its `back` or `original`.
const MAX_PUT_BACK_BYTES: usize = 48;

/// Whether `rest` opens with one of [`CHECKS_THEN`] and then `:`, `,`,
/// ` that` or ` this`, or with one of [`PUTS`] and then, before a `:`, a
/// `,`, a line break or the end of a sentence and within
/// [`MAX_PUT_BACK_BYTES`], the word `back` or `original`.
fn opens_a_check_after(rest: &[u8]) -> bool {
    let then = CHECKS_THEN.iter().any(|w| {
        rest.len() > w.len()
            && rest[..w.len()].eq_ignore_ascii_case(w.as_bytes())
            && [&b":"[..], b",", b" that", b" this"]
                .iter()
                .any(|p| rest[w.len()..].starts_with(p))
    });
    then || PUTS.iter().any(|w| {
        let n = w.len();
        if rest.len() <= n || !rest[..n].eq_ignore_ascii_case(w.as_bytes()) || rest[n] != b' ' {
            return false;
        }
        let clause = &rest[n..rest.len().min(n + MAX_PUT_BACK_BYTES)];
        let clause = clause
            .iter()
            .enumerate()
            .position(|(k, &c)| {
                matches!(c, b':' | b',' | b'\n' | b';')
                    || matches!(c, b'.' | b'!' | b'?')
                        && clause.get(k + 1).is_none_or(|&d| d == b' ')
            })
            .map_or(clause, |k| &clause[..k]);
        clause.split(|c| !c.is_ascii_alphabetic()).any(|word| {
            word.eq_ignore_ascii_case(b"back") || word.eq_ignore_ascii_case(b"original")
        })
    })
}

/// The names of a step that checks the answer, after its label (`Step 4:
/// Verify`, `**Step 4 (Verification):**`, `### Step 5: Check the answer`):
/// the heading's whole name, or one before [`CHECKED`] (`Step 2: Check each
/// case` computes: not a check).
const CHECK_STEPS: &[&str] = &[
    "verify",
    "verifying",
    "verification",
    "check",
    "checking",
    "double-check",
    "double check",
    "sanity check",
];

/// What a step named by [`CHECK_STEPS`] may check, after a space.
const CHECKED: &[&str] = &[
    "the answer",
    "the solution",
    "the result",
    "our answer",
    "our solution",
    "our result",
    "answer",
    "solution",
    "result",
];

/// Whether a step's name `rest` (after its label) is a check: one of
/// [`CHECK_STEPS`] alone (then a line break, `:`, `)`, `.`, `-` or markup)
/// or before one of [`CHECKED`].
fn names_a_check(rest: &[u8]) -> bool {
    CHECK_STEPS.iter().any(|w| {
        let n = w.len();
        if rest.len() < n || !rest[..n].eq_ignore_ascii_case(w.as_bytes()) {
            return false;
        }
        match rest.get(n) {
            None | Some(b'\n' | b'\r' | b':' | b')' | b'.' | b'-' | b'*' | b'_') => true,
            Some(b' ') => opens_with_one_of(&rest[n + 1..], &const { ByLetter::new(CHECKED) }),
            _ => false,
        }
    })
}

/// A step's label at the start of `rest` (`Step 4:`, `Step 4 (`, `Step
/// 4.`, `Step 4 -`, with markup): what follows it; `None` when `rest` does
/// not open with one.
fn after_step_label(rest: &[u8]) -> Option<&[u8]> {
    let word = rest.get(..4)?;
    if !word.eq_ignore_ascii_case(b"step") {
        return None;
    }
    let spaces = rest[4..].iter().take_while(|&&c| c == b' ').count();
    let digits = rest[4 + spaces..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if spaces == 0 || digits == 0 {
        return None;
    }
    let k = 4 + spaces + digits;
    let marks = rest[k..]
        .iter()
        .take_while(|&&c| matches!(c, b' ' | b':' | b'.' | b'-' | b'(' | b'*' | b'_'))
        .count();
    (marks > 0).then(|| &rest[k + marks..])
}

/// The bit of a byte in a mask of [`OPENER_PAIRS`]: its letter's (ASCII
/// case ignored), else bit 26.
const fn pair_bit(c: u8) -> u32 {
    let c = c | 0x20;
    if c.is_ascii_lowercase() {
        1 << (c - b'a')
    } else {
        1 << 26
    }
}

/// The first two bytes of every English opener of [`aside_check`]
/// ([`CONCLUSIONS`], [`CHECKS`], [`CHECKS_THEN`], [`PUTS`],
/// [`CHECK_STEPS`]): for each first letter, the mask of the second bytes
/// ([`pair_bit`]) that follow it. A sentence whose first two bytes no
/// opener opens with is not compared with the lists (most sentences: one
/// test, not one comparison per word of 50).
const OPENER_PAIRS: [u32; 26] = {
    let lists: [&[&str]; 5] = [CONCLUSIONS, CHECKS, CHECKS_THEN, PUTS, CHECK_STEPS];
    let mut pairs = [0u32; 26];
    let mut l = 0;
    while l < lists.len() {
        let mut k = 0;
        while k < lists[l].len() {
            let w = lists[l][k].as_bytes();
            pairs[(w[0] - b'a') as usize] |= pair_bit(w[1]);
            k += 1;
        }
        l += 1;
    }
    pairs
};

/// The first bytes of a sentence that [`aside_check`] reads further: the
/// markup [`without_markup`] skips (and a check mark's 0xE2), the `S` of a step's label, the first
/// letter of an English opener ([`OPENER_PAIRS`], either case) and the first
/// byte of a Chinese one (0xE4–0xE9). Most sentences (`- We …`, `$x$ …`,
/// `Every …`) open with another byte: one test, not a look at their words.
const OPENS_AN_OPENER: [bool; 256] = {
    let mut t = [false; 256];
    let markup = b" *#>_Ss";
    let mut k = 0;
    while k < markup.len() {
        t[markup[k] as usize] = true;
        k += 1;
    }
    let mut l = 0;
    while l < 26 {
        if OPENER_PAIRS[l] != 0 {
            t[b'a' as usize + l] = true;
            t[b'A' as usize + l] = true;
        }
        l += 1;
    }
    let mut c = 0xE4;
    while c <= 0xE9 {
        t[c] = true;
        c += 1;
    }
    // (A check mark's first byte, [`CHECK_MARKS`].)
    t[0xE2] = true;
    t
};

/// Whether `rest` opens with two bytes that an English opener of
/// [`aside_check`] opens with ([`OPENER_PAIRS`], ASCII case ignored).
fn opens_like_an_opener(rest: &[u8]) -> bool {
    let (Some(&a), Some(&b)) = (rest.first(), rest.get(1)) else {
        return false;
    };
    let a = a | 0x20;
    a.is_ascii_lowercase() && OPENER_PAIRS[(a - b'a') as usize] & pair_bit(b) != 0
}

/// The sentence openers that conclude after a check (`So …`, `The answer
/// …`): a check followed by one is not the response's last word.
const CONCLUSIONS: &[&str] = &["so", "thus", "therefore", "hence", "the answer", "final"];

/// The Chinese sentence openers that conclude after a check (所以, 故, 因此,
/// 答, 综上).
const ZH_CONCLUSIONS: &[&str] = &["所以", "故", "因此", "答", "综上"];

/// The openers of a check in Chinese (`检验：…`, `验证：…`, `检查：`, `验算：`,
/// `代入检验：`; then a colon or a comma, full-width or not: `检查一下各种情况`
/// computes): a line that opens with one is a check, as [`CHECKS`].
const ZH_CHECKS: &[&str] = &["检验", "验证", "检查", "验算", "代入检验"];

/// A last sentence or line that opens a check of the answer ([`CHECKS`]),
/// with no concluding sentence after it ([`CONCLUSIONS`]), within the last
/// [`MAX_ASIDE_BYTES`]: where it starts. `x = 12. Let me double check:
/// 2(12) = 24. ✓` reads 12, not the check's 24. And the last sentence
/// start, the first of the walk (for [`aside_closing`]).
fn aside_check(t: &str, start: usize, end: usize) -> (Option<usize>, Option<usize>) {
    let b = t.as_bytes();
    // Sentence starts, from the end ([`sentence_starts`]), without their
    // markup, when they open with a letter that opens a word of the lists
    // (most do not: one test, not one per word); after a step's label, the
    // step's name.
    let sentence = |k: usize| {
        if !OPENS_AN_OPENER[usize::from(b[k])] {
            return None;
        }
        let rest = without_markup(&b[k..end]);
        let step = after_step_label(rest);
        let rest = step.unwrap_or(rest);
        // (The first byte of a Chinese opener, U+4E00–U+9FFF: 0xE4–0xE9.)
        rest.first()
            .is_some_and(|&c| opens_like_an_opener(rest) || (0xE4..=0xE9).contains(&c))
            .then_some((rest, step.is_some()))
    };
    let starts = sentence_starts(b, start, end);
    let mut check = None;
    let mut last = None;
    for k in starts {
        last.get_or_insert(k);
        let Some((rest, step)) = sentence(k) else {
            continue;
        };
        // (A Chinese opener starts with a byte of 0xE4–0xE9, an English
        // one with a letter: one list or the other.)
        let opens = if rest[0].is_ascii() {
            // (`Final check: …` opens with a conclusion's `final`: a check.)
            if opens_with_one_of(rest, &const { ByLetter::new(CONCLUSIONS) })
                && !opens_with_one_of(rest, &const { ByLetter::new(&["final check"]) })
            {
                return (None, last);
            }
            opens_with_one_of(rest, &const { ByLetter::new(CHECKS) })
                || opens_a_check_after(rest)
                || step && names_a_check(rest)
        } else {
            if ZH_CONCLUSIONS
                .iter()
                .any(|w| rest.starts_with(w.as_bytes()))
            {
                return (None, last);
            }
            ZH_CHECKS.iter().any(|w| {
                rest.strip_prefix(w.as_bytes()).is_some_and(|r| {
                    ["\u{FF1A}", ":", "\u{FF0C}", ","]
                        .iter()
                        .any(|p| r.starts_with(p.as_bytes()))
                })
            })
        };
        if opens {
            check = Some(k);
            break;
        }
    }
    // A check that finds a fault (`5 + 5 = 11? No, it is 10.`) may change
    // the answer: it is read.
    (check.filter(|&k| !finds_fault(&t[k..end])), last)
}

/// The sentence starts in `t[start..end]` within the last
/// [`MAX_ASIDE_BYTES`], from the last: a byte after a line break, or two
/// after `.`, `!`, `?` and a space, then `start`. The bytes are read 64 at
/// a time from the end, each block's boundaries found as one mask by a
/// loop without branches ([`boundary_mask`]): a sentence costs a few
/// instructions, not a search of its bytes.
fn sentence_starts(b: &[u8], start: usize, end: usize) -> SentenceStarts<'_> {
    let floor = start.max(end.saturating_sub(MAX_ASIDE_BYTES));
    let lo = start.max(floor.saturating_sub(2));
    SentenceStarts {
        b,
        lo,
        hi: end.saturating_sub(1).max(lo),
        floor,
        end,
        base: 0,
        mask: 0,
        start: (floor == start && start < end).then_some(start),
    }
}

/// The iterator of [`sentence_starts`]: the boundaries of `b[lo..hi]`
/// (their positions, not the starts after them), the last first.
struct SentenceStarts<'a> {
    b: &'a [u8],
    lo: usize,
    /// The end of the bytes not read yet.
    hi: usize,
    floor: usize,
    end: usize,
    /// The block read last: its first byte, and its boundaries not
    /// returned yet (bit `j`: a boundary at `base + j`).
    base: usize,
    mask: u64,
    /// `start`, returned last when the window reaches it.
    start: Option<usize>,
}

impl Iterator for SentenceStarts<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        loop {
            while self.mask != 0 {
                let j = 63 - self.mask.leading_zeros();
                self.mask &= !(1 << j);
                let p = self.base + j as usize;
                let k = if self.b[p] == b'\n' { p + 1 } else { p + 2 };
                if k >= self.floor && k < self.end {
                    return Some(k);
                }
            }
            if self.hi <= self.lo {
                return self.start.take();
            }
            let s = self.hi.saturating_sub(64).max(self.lo);
            (self.base, self.mask) = (s, boundary_mask(self.b, s, self.hi));
            self.hi = s;
        }
    }
}

/// Whether `c` then `next` end a sentence: a line break, or `.`, `!`,
/// `?` before a space.
#[inline(always)]
fn boundary(c: u8, next: u8) -> bool {
    (c == b'\n') | (((c == b'.') | (c == b'!') | (c == b'?')) & (next == b' '))
}

/// The boundaries of `b[s..e]` (`e - s <= 64`, `e < b.len()`: the byte
/// after each is read) as a mask: bit `j` for a boundary at `s + j`.
fn boundary_mask(b: &[u8], s: usize, e: usize) -> u64 {
    if let Some(w) = (e - s == 64).then(|| b[s..].first_chunk::<65>()).flatten() {
        let mut f = [0u8; 64];
        for (k, x) in f.iter_mut().enumerate() {
            *x = u8::from(boundary(w[k], w[k + 1]));
        }
        return pack_flags(&f);
    }
    (s..e).fold(0, |m, p| {
        m | u64::from(boundary(b[p], b.get(p + 1).copied().unwrap_or(0))) << (p - s)
    })
}

/// Words of a check that finds a fault (ASCII case ignored).
const FAULTS: &[&str] = &[
    "no",
    "not",
    "wrong",
    "incorrect",
    "mistake",
    "error",
    "but",
    "however",
    "isn't",
    "doesn't",
    "fails",
    "wait",
    "actually",
    "instead",
];

/// Words of a check in Chinese that finds a fault: 不成立 (does not hold),
/// 不符合 (does not satisfy), 错误 (wrong), 矛盾 (a contradiction), 舍去
/// (discarded), 不是 (is not).
const ZH_FAULTS: &[&str] = &["不成立", "不符合", "错误", "矛盾", "舍去", "不是"];

/// Whether the check `text` finds a fault: one of [`FAULTS`] as a word, one
/// of [`ZH_FAULTS`], or `≠`, `\neq`, `✗`, `❌`.
fn finds_fault(text: &str) -> bool {
    if ["\u{2260}", "\\neq", "\u{2717}", "\u{274c}"]
        .iter()
        .chain(ZH_FAULTS)
        .any(|m| text.contains(m))
    {
        return true;
    }
    text.split(|c: char| !(c.is_ascii_alphabetic() || c == '\''))
        .any(|w| FAULTS.iter().any(|f| w.eq_ignore_ascii_case(f)))
}

/// Whether `text` opens (after markup `*`, `_`, `>`, `#`, `(` and spaces)
/// with one of [`LABELS`] and its `:` (markup between allowed), or an
/// abbreviation's `.`: never a longer word (`Notebook: 5`) or `Note that`.
fn opens_with_label(text: &[u8]) -> bool {
    let rest = without_label_markup(text);
    // (Only the labels of its first letter: most paragraphs open with no
    // label's, and are compared with none.)
    let Some(&first) = rest.first() else {
        return false;
    };
    const { ByLetter::new(LABELS) }
        .opening_with(first)
        .any(|label| opens_with_this_label(rest, label))
}

/// `text` without the markup and spaces a label may follow (`*`, `_`, `>`,
/// `#`, `(`, tabs).
fn without_label_markup(text: &[u8]) -> &[u8] {
    let k = text
        .iter()
        .take_while(|&&c| matches!(c, b' ' | b'\t' | b'*' | b'_' | b'>' | b'#' | b'('))
        .count();
    &text[k..]
}

/// Whether `rest` opens with `label` (ASCII case ignored) and its `:`
/// (markup between allowed), or, for an abbreviation, its `.`.
fn opens_with_this_label(rest: &[u8], label: &[u8]) -> bool {
    let n = label.len();
    if rest.len() <= n || !rest[..n].eq_ignore_ascii_case(label) {
        return false;
    }
    let m = rest[n..]
        .iter()
        .take_while(|&&c| matches!(c, b'*' | b'_'))
        .count();
    match rest.get(n + m) {
        Some(b':') => true,
        Some(b'.') => matches!(label, b"n.b" | b"nb" | b"p.s" | b"ps"),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every sentence [`aside_check`] reads further passes the first-byte
    /// test: every opener of its lists in either case, after its markup
    /// or a step's label, and the Chinese ones; a list item, a formula or a
    /// number does not (and is then no check: `- Let me verify` is an item).
    #[test]
    fn the_first_byte_test_keeps_every_opener() {
        let lists: [&[&str]; 5] = [CONCLUSIONS, CHECKS, CHECKS_THEN, PUTS, CHECK_STEPS];
        for w in lists.iter().flat_map(|l| l.iter()) {
            for c in [w.as_bytes()[0], w.as_bytes()[0].to_ascii_uppercase()] {
                assert!(OPENS_AN_OPENER[usize::from(c)], "{w}");
            }
        }
        for w in ZH_CHECKS.iter().chain(ZH_CONCLUSIONS) {
            assert!(OPENS_AN_OPENER[usize::from(w.as_bytes()[0])], "{w}");
        }
        for c in b" *#>_Ss" {
            assert!(OPENS_AN_OPENER[usize::from(*c)]);
        }
        for c in b"-$0123456789.(\\[" {
            assert!(!OPENS_AN_OPENER[usize::from(*c)], "{}", char::from(*c));
        }
        // (The readings themselves, with and without the test's bytes.)
        let t = "x = 12.\n**Step 3: Verify**\n2(12) = 24.";
        assert_eq!(aside_check(t, 0, t.len()).0, t.find("**Step"));
        let t = "x = 12. Let me double check: 2(12) = 24.";
        assert_eq!(aside_check(t, 0, t.len()).0, t.find("Let"));
        let t = "x = 12.\n- Let me double check: 2(12) = 24.";
        assert_eq!(aside_check(t, 0, t.len()).0, None);
    }

    /// `sentence_starts` returns what a walk back over every byte finds:
    /// each position after a line break or two after `.`, `!`, `?` and a
    /// space, inside the window, the last first, then `start`. Texts of
    /// those bytes, spaces and letters, from 0 to 300 bytes and from 1000 to 1200, with windows
    /// of every offset (blocks of 64 cut at every place).
    #[test]
    fn sentence_starts_are_a_walk_back() {
        let mut glue = crate::text::Glue(11);
        for round in 0..3000usize {
            // (Some longer than the window.)
            let len = if round % 4 == 0 {
                1000 + round % 200
            } else {
                round % 300
            };
            let b: Vec<u8> = (0..len)
                .map(|_| {
                    [b'a', b'\n', b'.', b' ', b'!', b'?', b'x'][(glue.next() >> 33) as usize % 7]
                })
                .collect();
            let (mut start, mut end) = (0, len);
            if len < 1000 {
                start = (glue.next() >> 40) as usize % (len + 1);
                end = start + (glue.next() >> 40) as usize % (len - start + 1);
            }
            let floor = start.max(end.saturating_sub(MAX_ASIDE_BYTES));
            let mut want: Vec<usize> = (start.max(floor.saturating_sub(2))..end.saturating_sub(1))
                .rev()
                .filter_map(|p| match b[p] {
                    b'\n' => Some(p + 1),
                    b'.' | b'!' | b'?' if b[p + 1] == b' ' => Some(p + 2),
                    _ => None,
                })
                .filter(|&k| k >= floor && k < end)
                .collect();
            if floor == start && start < end {
                want.push(start);
            }
            let got: Vec<usize> = sentence_starts(&b, start, end).collect();
            assert_eq!(got, want, "{:?} {start} {end}", String::from_utf8_lossy(&b));
        }
    }

    fn aside(t: &str) -> Option<&str> {
        aside_start(t, 0, t.len(), None).map(|k| &t[k..])
    }

    #[test]
    fn asides_are_found() {
        for (t, a) in [
            (
                "There are 12 ways. (Note: we used 3 cases.)",
                "(Note: we used 3 cases.)",
            ),
            (
                "So there are 12 ways (note that we used 3 cases).",
                "(note that we used 3 cases).",
            ),
            ("The probability is 0.35 (i.e. 35%).", "(i.e. 35%)."),
            ("We get 7 (e.g. 3 + 4).", "(e.g. 3 + 4)."),
            (
                "The gcd is 2.\n\nNote: 2 divides both 4 and 6.",
                "Note: 2 divides both 4 and 6.",
            ),
            ("Total 12.\n \n**Note:** we used 3.", "**Note:** we used 3."),
            (
                "Total 12.\n\nN.B. the 3 cases overlap.",
                "N.B. the 3 cases overlap.",
            ),
            ("Total 12.\n\nP.S. 3 more", "P.S. 3 more"),
            // Remarks models add after an answer (sixteenth session).
            (
                "Total 12.\n\n---\n\n**Key insight:** 3 rows of 4.",
                "**Key insight:** 3 rows of 4.",
            ),
            (
                "Total 12.\n\n**Common mistakes:** forgetting a row gives 8.",
                "**Common mistakes:** forgetting a row gives 8.",
            ),
            (
                "Total 12.\n\nAnother way to see it: 2 rows of 6.",
                "Another way to see it: 2 rows of 6.",
            ),
            ("Total 12.\nNote: 3 more.", "Note: 3 more."),
            ("Total 12.\n\nNote: a 3\nand a 4.", "Note: a 3\nand a 4."),
            ("Total 12 (since 3 * 4 = 12)", "(since 3 * 4 = 12)"),
            ("So the total is 9 (3 squared).", "(3 squared)."),
            (
                "There are 24 (2 per pair, counted once).",
                "(2 per pair, counted once).",
            ),
            (
                "Total 12 (which uses (a) and (b) 3 times)",
                "(which uses (a) and (b) 3 times)",
            ),
            (
                "So x = 12. Let me double check: 2(12) = 24. \u{2713}",
                "Let me double check: 2(12) = 24. \u{2713}",
            ),
            (
                "So x = 12.\n\n**Verification:** 2(12) = 24, and 24 - 4 = 20.",
                "**Verification:** 2(12) = 24, and 24 - 4 = 20.",
            ),
            (
                "Total 12. Let's check: 3 * 4 = 12.",
                "Let's check: 3 * 4 = 12.",
            ),
            // A step named as a check, and the newer openers.
            (
                "### Step 3: Solve\nn = 3\n### Step 4: Verify\n3^2 = 9 \u{2713}",
                "### Step 4: Verify\n3^2 = 9 \u{2713}",
            ),
            (
                "So n = 3.\n**Step 4 (Verification):** 3^2 = 9.",
                "**Step 4 (Verification):** 3^2 = 9.",
            ),
            (
                "So n = 3.\nStep 5 - Check the answer: 3^2 = 9.",
                "Step 5 - Check the answer: 3^2 = 9.",
            ),
            (
                "So n = 3. Double-checking: 3^2 = 9.",
                "Double-checking: 3^2 = 9.",
            ),
            // (Fifteenth session: `Final check` opens with a conclusion's
            // word too; the checks are compared first.)
            (
                "So she has 12 apples.\n\nFinal check: 12 + 8 = 20 \u{2713}",
                "Final check: 12 + 8 = 20 \u{2713}",
            ),
            ("So n = 3. Quick check: 3^2 = 9.", "Quick check: 3^2 = 9."),
            // A check mark before the opener (sixteenth session).
            (
                "So n = 3.\n\n\u{2713} Check: 3^2 = 9.",
                "\u{2713} Check: 3^2 = 9.",
            ),
            ("So n = 3. As a check, 3^2 = 9.", "As a check, 3^2 = 9."),
            (
                "So n = 3.\nTo double-check: 3^2 = 9.",
                "To double-check: 3^2 = 9.",
            ),
            (
                "So n = 3. This checks out: 3^2 = 9.",
                "This checks out: 3^2 = 9.",
            ),
            ("So n = 3. Answer check: 3^2 = 9.", "Answer check: 3^2 = 9."),
            (
                "So x = 3. Plugging back in: 2(3) + 1 = 7.",
                "Plugging back in: 2(3) + 1 = 7.",
            ),
            (
                "So x = 3.\n\nPlugging x = 3 back into the original equation: 2(3) + 1 = 7 \u{2713}",
                "Plugging x = 3 back into the original equation: 2(3) + 1 = 7 \u{2713}",
            ),
            (
                "So x = 3. Substituting $x = 3$ into the original: 7 = 7.",
                "Substituting $x = 3$ into the original: 7 = 7.",
            ),
            (
                "So x = 3. To confirm, 2(3) + 1 = 7.",
                "To confirm, 2(3) + 1 = 7.",
            ),
            (
                "So x = 3. We can verify that 2(3) + 1 = 7.",
                "We can verify that 2(3) + 1 = 7.",
            ),
            (
                "So x = 3. Let's confirm: 2(3) + 1 = 7.",
                "Let's confirm: 2(3) + 1 = 7.",
            ),
            (
                "\u{89E3}\u{5F97} x=3\u{3002}\n\u{68C0}\u{9A8C}\u{FF1A}2\u{00D7}3+1=7",
                "\u{68C0}\u{9A8C}\u{FF1A}2\u{00D7}3+1=7",
            ),
            // Closing remarks to the reader, and asides in a row.
            (
                "So x = 5. Would you like me to explain step 3?",
                "Would you like me to explain step 3?",
            ),
            (
                "So 3/8.\n\nI hope this helps with question 1!",
                "I hope this helps with question 1!",
            ),
            (
                "So 7 left.\n\n**Related:** Problem 10 uses it.",
                "**Related:** Problem 10 uses it.",
            ),
            (
                "So x = 12. Let me verify: 2(12) = 24. Let me know if step 2 is unclear!",
                "Let me verify: 2(12) = 24. Let me know if step 2 is unclear!",
            ),
            (
                "Total 12. (Note: 3 cases.)\n\nHope this helps with part 2.",
                "(Note: 3 cases.)\n\nHope this helps with part 2.",
            ),
        ] {
            assert_eq!(aside(t), Some(a), "{t:?}");
        }
    }

    #[test]
    fn other_endings_are_not_asides() {
        for t in [
            "The point is (1, 2).",
            "It factors as (x+1)",
            "The answer is (A)",
            "The length is 12 (cm).",
            "The area is 12 (3 × 4).",
            "It is 12 (2 sqrt 3)",
            "So $x = 5$ \\(x+1\\)",
            "(Note: only an aside, nothing before it.)",
            "Total 12.\n\nNote that x = 5.",
            "Total 12.\n\nNotebook: 5",
            "We compute 3 x 4.\n\n**Summary:** The total is 12.",
            "Total 12.\n\nTipping: 5",
            "Total 12. Note: 3 more.",
            "Note: we assume n > 1.\nSo the total is 12.",
            "Unbalanced 12 (since 3))",
            "Let me check: 3 * 4 = 12. So the total is 12.",
            "x = 12. Checking: 2(12) = 24. Thus x = 12.",
            "Total 12. We check that 3 * 4 = 12.",
            "Total 12. Checkmate 3",
            "Step 2: Check each case. Case 1 gives 4. Total 12.",
            "Step 2: Checking the cases gives 12.",
            "Stepping back: 3 cases.\nStep 4: Verify\nSo the total is 12.",
            "x = 3.\n**Step 4:** So the total is 12.",
            "x = 3. Step4: Verify 3^2 = 9.",
            "x = 3. Plugging in x = 3 gives 12.",
            // `back` or `original` past the clause or too far; `we can
            // check` before what it computes.
            "x = 3. Substituting x = 3 into y = 2x + 1 gives 7.",
            "x = 3. Plugging x = 3 into y = 2x + 1, we get 7 back.",
            "x = 3. Putting the three parts of the first figure together gives 7 back.",
            "x = 3. We can check each case: 3 + 4 = 7.",
            "x = 3. We can verify 7 cases.",
            "x = 3. To confirm, 2(3) + 1 = 7. So the answer is 7.",
            "x = 3. Quick check: 2(3) + 1 = 7. Final result: x = 3.",
            // 检查一下 (no colon), 检验 finding a fault (不成立), a conclusion (所以).
            "x=3\u{3002}\n\u{68C0}\u{67E5}\u{4E00}\u{4E0B}\u{FF0C}7",
            "x=3\u{3002}\n\u{68C0}\u{9A8C}\u{FF1A}6\u{FF0C}\u{4E0D}\u{6210}\u{7ACB}",
            "x=3\u{3002}\n\u{68C0}\u{9A8C}\u{FF1A}7\n\u{6240}\u{4EE5} x=3",
            "Could it be 5? Let's check: 5 + 5 = 11? No, it is 10.",
            "x = 12. Check: 2(12) = 25 \u{2717}",
            "Total 12. Letting it be 3.",
            "So the answer is 5, right?",
            "Hope this helps!",
            "",
            ")",
            "(",
        ] {
            assert_eq!(aside(t), None, "{t:?}");
        }
    }

    /// The two-byte filter of `aside_check` lets every opener through, in
    /// either case, and stops a sentence that opens otherwise.
    #[test]
    fn check_openers_pass_the_first_letter_filter() {
        for w in CHECKS
            .iter()
            .chain(CHECKS_THEN)
            .chain(PUTS)
            .chain(CONCLUSIONS)
            .chain(CHECK_STEPS)
        {
            assert_eq!(*w, w.to_lowercase(), "{w}");
            for v in [w.to_string(), w.to_uppercase(), capitalized(w)] {
                assert!(opens_like_an_opener(v.as_bytes()), "{v}");
            }
        }
        for w in ZH_CHECKS.iter().chain(ZH_CONCLUSIONS) {
            assert!((0xE4..=0xE9).contains(&w.as_bytes()[0]), "{w}");
        }
        for t in ["Where 5.", "Now 3.", "All 4", "S", "", "5 apples", "Lo"] {
            assert!(!opens_like_an_opener(t.as_bytes()), "{t}");
        }
    }

    /// `w` with its first letter in upper case.
    fn capitalized(w: &str) -> String {
        let mut c = w.chars();
        c.next()
            .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
    }

    #[test]
    fn long_asides_are_bounded() {
        let long = format!("Total 12. (Note: {})", "x ".repeat(MAX_ASIDE_BYTES));
        assert_eq!(aside(&long), None);
        let para = format!("Total 12.\n\nNote: {}", "x ".repeat(MAX_ASIDE_BYTES));
        assert_eq!(aside(&para), None);
        // Many brackets or line breaks: one bounded pass each.
        let parens = format!("12 {}", ")".repeat(100_000));
        assert_eq!(aside(&parens), None);
        let lines = format!("12{}", "\nx".repeat(100_000));
        assert_eq!(aside(&lines), None);
        let checks = format!("12{}", "\nsanity".repeat(100_000));
        assert_eq!(aside(&checks), None);
    }

    /// The labels compared by first letter find what a scan of every label
    /// finds: each label in three cases, after markup, before `:`, `.`,
    /// markup or a letter, and near misses (`Notebook`, `P.S` alone).
    #[test]
    fn opens_with_label_is_the_scan_of_every_label() {
        // (Every label compared, not those of the first letter only.)
        let scan = |text: &[u8]| {
            let rest = without_label_markup(text);
            LABELS
                .iter()
                .any(|label| opens_with_this_label(rest, label.as_bytes()))
        };
        let mut pieces: Vec<String> = Vec::new();
        for label in LABELS {
            pieces.push(label.to_string());
            pieces.push(label.to_uppercase());
            let mut title = label.to_string();
            title[..1].make_ascii_uppercase();
            pieces.push(title);
        }
        for p in ["**", "*", ":", ".", " ", "book", "#", "(", "x", "é", "\n"] {
            pieces.push(p.to_string());
        }
        let pieces: Vec<&str> = pieces.iter().map(String::as_str).collect();
        let mut glue = crate::text::Glue(29);
        let mut labelled = 0;
        for round in 0..40_000u64 {
            let t = glue.text(&pieces, 1 + round % 4);
            let want = scan(t.as_bytes());
            assert_eq!(opens_with_label(t.as_bytes()), want, "{t:?}");
            labelled += usize::from(want);
        }
        assert!(labelled > 300, "{labelled}");
    }

    /// The last line break known to the reading of a remark paragraph
    /// changes nothing: for line breaks read back from before, at and
    /// after its floor ([`MAX_ASIDE_BYTES`] back, or the start), in texts of
    /// labelled lines, blank lines (with spaces too) and long lines on
    /// both sides of the floor.
    #[test]
    fn known_line_break_reads_the_same_aside() {
        let long = "word ".repeat(60);
        let mut pieces = vec![
            "Note: 2 divides 4.",
            "\n",
            "\n\n",
            " \n",
            "12",
            "x ",
            "Tip: ",
            "é",
        ];
        pieces.push(&long);
        let mut glue = crate::text::Glue(37);
        let (mut found, mut known_used, mut at_floor) = (0, 0, 0);
        for round in 0..1500u64 {
            let t = glue.text(&pieces, 2 + round % 40);
            let b = t.as_bytes();
            let (start, end) = (0, t.len());
            let want = aside_start(&t, start, end, None);
            let floor = end.saturating_sub(MAX_ASIDE_BYTES);
            for v in [0, floor.saturating_sub(1), floor, floor + 1, end / 2, end] {
                if v > end || !t.is_char_boundary(v) {
                    continue;
                }
                let nl = rfind_byte(&b[v..end], b'\n').map(|k| v + k);
                assert_eq!(
                    aside_start(&t, start, end, Some((v, nl))),
                    want,
                    "{t:?} {v}"
                );
                known_used += usize::from(v <= floor);
            }
            found += usize::from(want.is_some());
            // (The last line break right at the floor: the start, or
            // MAX_ASIDE_BYTES back.)
            let line = t.replace('\n', " ");
            for head in ["", "x\n\nword"] {
                let mut tail = line.clone();
                if !head.is_empty() {
                    let mut cut = tail.len().min(MAX_ASIDE_BYTES - 1);
                    while !tail.is_char_boundary(cut) {
                        cut -= 1;
                    }
                    tail.truncate(cut);
                    while tail.len() < MAX_ASIDE_BYTES - 1 {
                        tail.push('y');
                    }
                }
                let u = format!("{head}\n{tail}");
                let (end, at) = (u.len(), head.len());
                let want = aside_start(&u, 0, end, None);
                for v in [0, at, at + 1] {
                    let nl = rfind_byte(&u.as_bytes()[v..end], b'\n').map(|k| v + k);
                    assert_eq!(aside_start(&u, 0, end, Some((v, nl))), want, "{u:?} {v}");
                }
                at_floor += usize::from(want == Some(at + 1));
            }
        }
        assert!(
            found > 200 && known_used > 1500 && at_floor > 100,
            "{found} {known_used} {at_floor}"
        );
    }
}
