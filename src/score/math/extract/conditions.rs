//! Trailing conditions (MX-18): the fallback's last formula or number is not
//! the answer when it only states the condition the answer holds under —
//! `The minimum value is $3$ when $x = 1$.`, `So we get $x = 2$ at x = 0.`,
//! `Hence $f(x) = 4$ for $x > 0$.` The answer is the formula or number the
//! same clause states before the condition (3, 2, 4), not the condition's
//! value (1, 0, `x > 0`), which credited a response against a gold equal to
//! the condition's value.
//!
//! A condition is a condition word ([`CONDITION_WORDS`]: `at`, `when`,
//! `for`, …) before a variable of one letter and a relation (`=`, `<`, `>`,
//! `≤`, `≥`, `\le`, `\ge`, …), math delimiters `$` or `\(` allowed between
//! the word and the variable. It is read only when an answer stands before
//! it in the same clause: at most [`MAX_CLAUSE_BYTES`] bytes between that
//! answer and the word, none of them a sentence's end (`.`, `;`, `:`, `!`,
//! `?`, a line break). `The function has its maximum at x = 2.` has no
//! answer before its condition and stays 2.
//!
//! # Differences with the document
//!
//! Document 004's fallback takes the last number wherever it stands (its
//! `math.extract_answer` still does); this rule is the production
//! extraction's (spec/math.md MX-18).

use super::alone_before;
use super::numbers::{back_past_delimiter, run_after, run_before, word_before};
use crate::score::math::relations::{RELATION_SIGNS, relation_sign_ending};

/// The words that open a condition (ASCII case ignored), a word of their own.
pub const CONDITION_WORDS: &[&str] = &[
    "at",
    "as",
    "when",
    "whenever",
    "for",
    "where",
    "if",
    "given",
    "unless",
    "except",
    "excluding",
    "including",
    "counting",
    "besides",
];

/// The most letters of a condition word (`excluding`, `including`).
const MAX_WORD: usize = 9;

/// The most bytes between the answer and the condition word after it.
pub const MAX_CLAUSE_BYTES: usize = 64;

/// Where the condition word before the answer `span` starts, when `span`
/// is (or ends) the condition `v = value` or `v > bound` of a variable of
/// one letter after a condition word, within `text[from..]`; else `None`.
pub(super) fn condition_start(text: &str, from: usize, span: (usize, usize)) -> Option<usize> {
    let b = text.as_bytes();
    let Some(var) = variable_leading(b, from, span)
        .or_else(|| variable_before(b, from, span.0))
        .or_else(|| variable_approaching(b, from, span.0))
        .or_else(|| variable_is(b, from, span.0))
        .or_else(|| named_is(b, from, span.0))
        .or_else(|| named_is(b, from, list_start(b, from, span.0)?))
    else {
        return modulus_start(b, from, span.0);
    };
    let mut var = var;
    for _ in 0..MAX_JOINED_CONDITIONS {
        // `when a = b = 2`: a chain of equalities, read from its first
        // variable.
        if let Some(v) = variable_before(b, from, var) {
            var = v;
            continue;
        }
        // Back from the variable: spaces, one math delimiter, spaces.
        let (k, end) = back_past_delimiter(b, from, var);
        if end == k && k == var {
            // (The word must stand apart from the variable.)
            return None;
        }
        // (The longest condition word has MAX_WORD letters: a longer run
        // of letters is no condition word, and is not read further.)
        let mut q = end;
        while q > from && end - q < MAX_WORD && b[q - 1].is_ascii_alphabetic() {
            q -= 1;
        }
        let word = &text[q..end];
        let apart = q == from || matches!(b[q - 1], b' ' | b',' | b'\n');
        if apart && CONDITION_WORDS.iter().any(|w| w.eq_ignore_ascii_case(word)) {
            // (`to solve for x = 4`: the unknown solved for, no condition.)
            return (!solved_for(b, from, q, word)).then_some(q);
        }
        // `at x = 1 and y = 2`: one of the assignments a condition word
        // opens, joined by `and` or a comma; the word is before the first.
        let joint = if apart && word.eq_ignore_ascii_case("and") {
            q
        } else if q == end && end > from && b[end - 1] == b',' {
            end - 1
        } else {
            return None;
        };
        let (_, e) = back_past_delimiter(b, from, joint);
        let floor = from.max(e.saturating_sub(MAX_JOINED_VALUE_BYTES));
        let eq = floor + b[floor..e].iter().rposition(|&c| c == b'=')?;
        let value = &b[eq + 1..e];
        if value.iter().all(|c| *c == b' ')
            || value
                .iter()
                .any(|c| matches!(c, b'\n' | b';' | b'!' | b'?' | b':'))
        {
            return None;
        }
        var = variable_before(b, from, eq + 1)?;
    }
    None
}

/// Whether the condition word `word` at `q` is the `for` of `solve for`
/// (`solving`, `solved`, `solves`): `Divide both sides by 2 to solve for x =
/// 4.` states x = 4 (it read 2, the value before a condition).
fn solved_for(b: &[u8], from: usize, q: usize, word: &str) -> bool {
    if !word.eq_ignore_ascii_case("for") {
        return false;
    }
    let e = run_before(b, from, q, |c| c == b' ');
    let s = run_before(b, from, e, |c| c.is_ascii_alphabetic());
    ["solve", "solving", "solved", "solves"]
        .iter()
        .any(|v| b[s..e].eq_ignore_ascii_case(v.as_bytes()))
}

/// The most assignments joined by `and` or commas that one condition word
/// opens (`at x = 1 and y = 2`).
const MAX_JOINED_CONDITIONS: usize = 4;

/// The longest value of an assignment joined to the next (bytes).
const MAX_JOINED_VALUE_BYTES: usize = 32;

/// The words before a modulus (lowercase): the number after them is what
/// the answer is taken modulo, not the answer (`2 mod 7`, `76 modulo 100`).
pub const MODULUS_WORDS: &[&str] = &["mod", "modulo"];

/// The words before `by` and a divisor (lowercase): `the remainder is 2
/// when divided by 5`, `upon division by 5`.
pub const DIVISION_WORDS: &[&str] = &["divided", "division", "divide"];

/// Where the modulus words before the value at `at` start (with an opening
/// parenthesis before them: `(mod 5)`), when one of [`MODULUS_WORDS`], or
/// one of [`DIVISION_WORDS`] and `by`, stands right before it (spaces and
/// one math delimiter between), a word of its own.
fn modulus_start(b: &[u8], from: usize, at: usize) -> Option<usize> {
    let (_, end) = back_past_delimiter(b, from, at);
    let word = |e: usize| run_before(b, from, e, |c| c.is_ascii_alphabetic());
    let q = word(end);
    let last = &b[q..end];
    let q = if last.eq_ignore_ascii_case(b"by") {
        let e = run_before(b, from, q, |c| c == b' ');
        let p = word(e);
        let verb = &b[p..e];
        let division = DIVISION_WORDS
            .iter()
            .any(|w| verb.eq_ignore_ascii_case(w.as_bytes()));
        if e == q || !division {
            return None;
        }
        // `7 when 1024 is divided by 13`: the condition names the dividend
        // too; the answer is before its word.
        dividend_condition(b, from, p).unwrap_or(p)
    } else if MODULUS_WORDS
        .iter()
        .any(|w| last.eq_ignore_ascii_case(w.as_bytes()))
    {
        q
    } else {
        return None;
    };
    let q = if q > from && b[q - 1] == b'(' {
        q - 1
    } else {
        q
    };
    let apart = q == from || matches!(b[q - 1], b' ' | b',' | b'\n');
    apart.then_some(q)
}

/// The words that open a condition naming a dividend (`when 1024 is
/// divided by 13`, `if $2^{10}$ is divided by 13`).
const DIVIDEND_WORDS: [&str; 3] = ["when", "if", "once"];

/// The most bytes of a dividend between its condition word and `is`
/// (`when $3^{100} + 1$ is divided by 7`).
const MAX_DIVIDEND_BYTES: usize = 40;

/// Where the condition word starts when the division word at `p` follows
/// `is` or `are`, a dividend and one of [`DIVIDEND_WORDS`] (`7 when 1024
/// is divided by 13`, `if $2^{10}$ is divided by 13`): at most
/// [`MAX_DIVIDEND_BYTES`] bytes of dividend, none of them a clause's end
/// (`,`, `;`, `:`, `.`, `!`, `?`, a line break), and something before the
/// condition word in its sentence.
fn dividend_condition(b: &[u8], from: usize, p: usize) -> Option<usize> {
    let (v, e) = word_before(b, from, p);
    if e == p || !(b[v..e].eq_ignore_ascii_case(b"is") || b[v..e].eq_ignore_ascii_case(b"are")) {
        return None;
    }
    let floor = from.max(v.saturating_sub(MAX_DIVIDEND_BYTES));
    let mut k = run_before(b, floor, v, |c| c == b' ');
    // (The dividend: at least one byte, then words back to the condition
    // word.)
    let mut dividend = false;
    while k > floor {
        let q = run_before(b, floor, k, |c| {
            c != b' ' && !matches!(c, b',' | b';' | b':' | b'!' | b'?' | b'\n')
        });
        if q == k {
            return None;
        }
        let word = &b[q..k];
        let apart = q == from || b[q - 1] == b' ';
        if dividend
            && apart
            && DIVIDEND_WORDS
                .iter()
                .any(|w| word.eq_ignore_ascii_case(w.as_bytes()))
        {
            // (Not a condition that opens its sentence: `When 1024 is
            // divided by 13` states no answer before it.)
            let p = run_before(b, from, q, |c| c == b' ');
            let opens = p == from || matches!(b[p - 1], b'.' | b'!' | b'?' | b'\n' | b':' | b';');
            return (!opens).then_some(q);
        }
        if word.ends_with(b".") {
            // (A sentence's end: `Done. When 8 is divided by 3`.)
            return None;
        }
        dividend = true;
        k = run_before(b, floor, q, |c| c == b' ');
    }
    None
}

/// Whether the answer that ends at `reach` and the condition word at `q`
/// are in one clause: at most [`MAX_CLAUSE_BYTES`] bytes between them, no
/// sentence's end among them (`.`, `;`, `:`, `!`, `?`, a line break, or
/// their full-width forms `。`, `；`, `：`, `！`, `？`: `我们得到 5。The minimum
/// is attained when x = 3.` is 3).
pub(super) fn same_clause(text: &str, reach: usize, q: usize) -> bool {
    reach <= q
        && q - reach <= MAX_CLAUSE_BYTES
        && !text.as_bytes()[reach..q]
            .iter()
            .any(|c| matches!(c, b'.' | b';' | b':' | b'!' | b'?' | b'\n'))
        && !text.as_bytes()[reach..q].windows(3).any(|w| {
            matches!(
                w,
                [0xE3, 0x80, 0x82] | [0xEF, 0xBC, 0x81 | 0x9A | 0x9B | 0x9F]
            )
        })
}

/// The variable that `span` opens with, when a relation follows it
/// (`x > 3`, `x = 0`): its position.
fn variable_leading(b: &[u8], from: usize, (s, e): (usize, usize)) -> Option<usize> {
    let alone_after = b.get(s + 1).is_none_or(|c| !c.is_ascii_alphanumeric());
    if !(s < e && b[s].is_ascii_alphabetic() && alone_after && alone_before(b, from, s)) {
        return None;
    }
    let rest = &b[run_after(b, s + 1, e, |c| c == b' ')..e];
    let relation = match rest.first() {
        Some(b'=' | b'<' | b'>') => true,
        Some(b'\\') => RELATION_SIGNS
            .iter()
            .any(|r| r.is_command() && rest.starts_with(r.spelling.as_bytes())),
        Some(0xE2) => {
            rest.starts_with("\u{2264}".as_bytes()) || rest.starts_with("\u{2265}".as_bytes())
        }
        _ => false,
    };
    // (`x \to 0`, `n → ∞`: a limit's variable, [`APPROACHES`].)
    let approaches = APPROACHES.iter().any(|r| {
        let r = r.as_bytes();
        rest.len() > r.len()
            && rest[..r.len()].eq_ignore_ascii_case(r)
            && !rest[r.len()].is_ascii_alphabetic()
    });
    (relation || approaches).then_some(s)
}

/// The variable of `v is ` or `v equals ` ending just before `at` (a
/// variable of one letter standing alone, each word of its own with spaces
/// around it: `when y is 3`): its position.
fn variable_is(b: &[u8], from: usize, at: usize) -> Option<usize> {
    let k = run_before(b, from, at, |c| c == b' ');
    let q = run_before(b, from, k, |c| c.is_ascii_alphabetic());
    let verb = &b[q..k];
    let relation = verb.eq_ignore_ascii_case(b"is") || verb.eq_ignore_ascii_case(b"equals");
    if !relation || k == at || q == from {
        return None;
    }
    let p = run_before(b, from, q, |c| c == b' ');
    let v = p.checked_sub(1).filter(|&v| v >= from && p < q)?;
    (b[v].is_ascii_alphabetic() && alone_before(b, from, v)).then_some(v)
}

/// The articles that open a quantity named in words in a condition (`when
/// the width is 5`, `if each side is 5`).
const NAME_ARTICLES: [&str; 6] = ["the", "its", "his", "her", "their", "each"];

/// The condition words that open a clause on a quantity named in words
/// (the conjunctions of [`CONDITION_WORDS`]; not its prepositions).
const NAMED_CONDITIONS: [&str; 6] = ["when", "whenever", "if", "where", "unless", "given"];

/// The most words of such a name after its article (`the price of a
/// ticket`: four).
const MAX_NAME_WORDS: usize = 4;

/// The article of a quantity named in words, then `is`, `are`, `was` or
/// `equals`, ending just before `at` (spaces, or spaces and `$`, between:
/// `when the width is 5`, `if the price of a ticket is $5`): its position.
/// The name is one to [`MAX_NAME_WORDS`] words of letters after a word of
/// [`NAME_ARTICLES`], each word of its own with one or more spaces between,
/// after a word of [`NAMED_CONDITIONS`].
fn named_is(b: &[u8], from: usize, at: usize) -> Option<usize> {
    let k = run_before(b, from, at, |c| c == b' ' || c == b'$');
    let q = run_before(b, from, k, |c| c.is_ascii_alphabetic());
    let verb = &b[q..k];
    let relation = ["is", "are", "was", "equals"]
        .iter()
        .any(|v| verb.eq_ignore_ascii_case(v.as_bytes()));
    if !relation || !b[k..at].contains(&b' ') {
        return None;
    }
    let mut end = q;
    for read in 0..=MAX_NAME_WORDS {
        let (w, p) = word_before(b, from, end);
        if p == end || w == p {
            return None;
        }
        let word = &b[w..p];
        if NAME_ARTICLES
            .iter()
            .any(|a| word.eq_ignore_ascii_case(a.as_bytes()))
        {
            // (Opened by a conjunction: `at the beginning of the week is`
            // and `for the group is` name no condition.)
            let (o, c) = word_before(b, from, w);
            let opener = &b[o..c];
            let opens = NAMED_CONDITIONS
                .iter()
                .any(|o| opener.eq_ignore_ascii_case(o.as_bytes()));
            return (read > 0 && c < w && opens).then_some(w);
        }
        end = w;
    }
    None
}

/// Where the list of numbers that the value at `at` ends starts, when
/// numbers are joined before it by `and`, `or` or commas (`2 and 3`, `1, 2,
/// and 4`; spaces or `$` around each), at most [`MAX_JOINED_CONDITIONS`]
/// of them: a named condition may state a list (`when the two numbers are
/// 2 and 3`). `None` when no number is joined before the value.
pub(super) fn list_start(b: &[u8], from: usize, at: usize) -> Option<usize> {
    let mut start = None;
    let mut k = at;
    for _ in 0..MAX_JOINED_CONDITIONS {
        let e = run_before(b, from, k, |c| c == b' ' || c == b'$');
        let w = run_before(b, from, e, |c| c.is_ascii_alphabetic());
        let word = &b[w..e];
        let joint = if word.eq_ignore_ascii_case(b"and") || word.eq_ignore_ascii_case(b"or") {
            if e == k || w == from || b[w - 1] != b' ' {
                break;
            }
            w
        } else if w == e && e > from && b[e - 1] == b',' {
            e - 1
        } else {
            break;
        };
        // (The number before the joint: `1, 2, and 4` has a comma too.)
        let p = run_before(b, from, joint, |c| matches!(c, b' ' | b'$' | b','));
        let n = run_before(b, from, p, |c| c.is_ascii_digit() || c == b'.');
        if !b[n..p].iter().any(u8::is_ascii_digit) || n > from && b[n - 1].is_ascii_alphanumeric() {
            break;
        }
        start = Some(n);
        k = n;
    }
    start
}

/// The words and signs of a variable's limit (`x approaches 0`, `n \to
/// \infty`, `n → ∞`).
const APPROACHES: [&str; 7] = [
    "approaches",
    "approaching",
    "tends to",
    "goes to",
    "\\to",
    "\\rightarrow",
    "\u{2192}",
];

/// The variable before a word or sign of [`APPROACHES`] ending just
/// before `at` (spaces around it; a word of its own): `as x approaches 0`,
/// `as $n \to \infty$`. Its position.
fn variable_approaching(b: &[u8], from: usize, at: usize) -> Option<usize> {
    let k = run_before(b, from, at, |c| c == b' ');
    let t = &b[from..k];
    let r = APPROACHES.iter().find(|r| {
        let r = r.as_bytes();
        t.len() > r.len()
            && t[t.len() - r.len()..].eq_ignore_ascii_case(r)
            && (!r[0].is_ascii_alphabetic() || !t[t.len() - r.len() - 1].is_ascii_alphabetic())
    })?;
    let k = run_before(b, from, k - r.len(), |c| c == b' ');
    let v = k.checked_sub(1).filter(|&v| v >= from)?;
    (b[v].is_ascii_alphabetic() && alone_before(b, from, v)).then_some(v)
}

/// The variable of `v = ` (or another relation: `=`, `<`, `>`, `<=`, `>=`,
/// `≤`, `≥`, `\\le`, `\\ge`, `\\leq`, `\\geq`, `\\lt`, `\\gt`) ending just
/// before `at` (spaces around the relation): its position.
pub(super) fn variable_before(b: &[u8], from: usize, at: usize) -> Option<usize> {
    let k = run_before(b, from, at, |c| c == b' ');
    let t = &b[from..k];
    let r = match *t.last()? {
        b'=' if t.ends_with(b"<=") || t.ends_with(b">=") => 2,
        b'=' | b'<' | b'>' => 1,
        0xA4 | 0xA5 if t.ends_with("\u{2264}".as_bytes()) || t.ends_with("\u{2265}".as_bytes()) => {
            3
        }
        b'e' | b'q' | b't' => relation_sign_ending(t)
            .filter(|r| r.is_command())?
            .spelling
            .len(),
        _ => return None,
    };
    let k = run_before(b, from, k - r, |c| c == b' ');
    let v = k.checked_sub(1).filter(|&v| v >= from)?;
    (b[v].is_ascii_alphabetic() && alone_before(b, from, v)).then_some(v)
}

#[cfg(test)]
mod tests {
    use super::super::locate_default;

    /// The answer before a trailing condition, not the condition's value;
    /// conditions without an answer before them in their clause, and
    /// values that are no condition, stay.
    #[test]
    fn a_trailing_condition_is_not_the_answer() {
        for (response, want) in [
            ("So we get $x = 2$ at x = 0.", "2"),
            ("The minimum value is $3$ when $x = 1$.", "3"),
            ("The maximum is 5 at x = 2.", "5"),
            ("The maximum value, 5, is attained at $x = 2$.", "5"),
            ("Hence $f(x) = 4$ for $x > 0$.", "4"),
            ("Thus $y = 1$ if $t = 3$.", "1"),
            ("The speed is 3 m/s at t = 2 s.", "3 m/s"),
            ("The length is 12 meters when t = 2.", "12 meters"),
            ("so 2x = 12 and x = 6 at t = 1", "6"),
            ("The area is \\(12\\) when \\(r = 2\\).", "12"),
            ("It is 7, given n \\geq 2", "7"),
            ("We find 10 WHEN x = 1", "10"),
            ("Thus the value of x is 7 when y is 3.", "7"),
            ("The maximum is 10 if n equals 4.", "10"),
            ("When x is 3, y is 7.", "7"),
            ("The value of x is 7", "7"),
            ("We get 7 when this is 3", "3"),
            ("It is 7 for n \u{2265} 2", "7"),
            ("We get 4 when x <= 1", "4"),
            // Assignments joined by `and` or commas after the word.
            (
                "The minimum value is 3, which occurs at x = 1 and y = 2.",
                "3",
            ),
            ("The minimum value is 3, at x = 1, y = 2.", "3"),
            ("So the maximum is 3, where $x = 1$ and $y = 2$.", "3"),
            ("We get 3 when a = 1, b = 2 and c = 5.", "3"),
            // (No condition word: the values of two unknowns, MX-13.)
            ("Solving, x = 1 and y = 2.", "x = 1 and y = 2"),
            // No answer before the condition in its clause.
            ("The function has its maximum at x = 2.", "2"),
            ("The value is 3. At x = 1 it is defined.", "1"),
            ("We get 5; for x = 2 the sum is defined", "2"),
            // Not a condition: no condition word, a word before the
            // variable, no relation, a word inside another.
            ("With $n=2$ we count 14 ways.", "14"),
            ("We get 3 so x = 4", "4"),
            ("We need 3 more apples for a total of 10.", "10"),
            ("We have 3 format x = 2", "2"),
            ("We get 3 at xy = 2", "2"),
            ("We get 3 thereafterwhen x = 2", "2"),
            // Exclusions and inclusions are conditions too.
            ("There are 4 solutions, not counting x = 0.", "4"),
            ("There are 5 roots, including $x = 0$.", "5"),
            ("All 6 values work except x = 2.", "6"),
            ("The count is 7 excluding n = 1", "7"),
            // The listed solutions are read before the condition.
            ("So x = 1 and x = 2 when a = 0", "x = 1 and x = 2"),
            // A modulus or divisor after the answer.
            ("So the remainder is 2 when divided by 5.", "2"),
            ("The remainder is 2 upon division by 5.", "2"),
            ("So 2^100 leaves remainder 2 mod 7.", "2"),
            ("Thus the number is 76 modulo 100.", "76"),
            ("So x is 2 (mod 5).", "2"),
            // A chain of equalities, a limit's variable (thirteenth session).
            ("The minimum is 5, achieved when a = b = 2.", "5"),
            ("The limit equals -1 as x approaches 0.", "-1"),
            ("The limit is $1$ as $x \\to 0$.", "1"),
            ("The limit is 1 as n \u{2192} 7.", "1"),
            ("The limit is 1 as n tends to 7.", "1"),
            ("So x = y = 3.", "3"),
            ("It is 12 as long as x = 2.", "12"),
            ("We get 6 as shown above with 3 cases.", "3"),
            ("The limit is 1 as the top approaches 7.", "7"),
            // A dividend named in the condition (thirteenth session).
            ("The remainder is 7 when 1024 is divided by 13.", "7"),
            ("So 7 is the remainder when $2^{10}$ is divided by 13.", "7"),
            (
                "The remainder is 7 if the number 1024 is divided by 13.",
                "7",
            ),
            ("We found 7. When 1024 is divided by 13.", "1024"),
            // The unknown solved for is no condition (sixteenth session).
            ("Divide both sides by 2 to solve for x = 4.", "4"),
            ("We get 2 after we solve for x = 4.", "4"),
            ("So 1024 is divided by 13.", "1024"),
            ("The remainder is 7, when 1024 is divided by 13.", "7"),
            // A quantity named in words (MX-18, eleventh session).
            (
                "Thus the area is 50 square units when the width is 5.",
                "50",
            ),
            ("The width is 5 when the area is 50.", "5"),
            ("The profit is $200 if the price is $5.", "200"),
            ("The area is maximized when the width is 5.", "5"),
            ("So the value at the start of the week is $100.", "100"),
            ("We have 5, and the total for the group is 12.", "12"),
            // A list after the name (twelfth session).
            ("The product is 6 when the two numbers are 2 and 3.", "6"),
            (
                "The product is 24 if the three numbers are 2, 3, and 4.",
                "24",
            ),
            ("The sum is 9 where the numbers are $4$ or $5$.", "9"),
            ("The product is 6 and the two numbers are 2 and 3.", "3"),
            ("The sum is 9 when the numbers are x2 and 3.", "3"),
            // A full-width period ends the clause.
            ("我们得到 5。The minimum is attained when x = 3.", "3"),
            // With nothing before it in its clause, the number stays.
            ("We divide by 5.", "5"),
            ("Reduce modulo 7.", "7"),
            ("It is 3. Then divide by 5", "5"),
            // Not a modulus: another word before `by`.
            ("It grows by 5", "5"),
            ("The area is 12 square units, multiplied by 3", "3"),
        ] {
            let found = locate_default(response, false).expect(response);
            assert_eq!(found.answer, want, "{response:?}");
        }
        // (The word scan reads at most MAX_WORD letters back.)
        assert!(
            super::CONDITION_WORDS
                .iter()
                .all(|w| w.len() <= super::MAX_WORD)
        );
        // With formulas only, the formula before the condition.
        let found = locate_default("So $y = 3$ when $x = 1$.", true).unwrap();
        assert_eq!(found.answer, "3");
    }
}
