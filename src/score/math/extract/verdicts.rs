//! A response that goes through the options of a multiple-choice question
//! and judges each (MX-16): `A: wrong. B: wrong. C: right.`, one option a
//! line, `(A) is incorrect.` … `(D) is incorrect.`. Its choice is the one
//! option it marks right when it marks every other option it lists wrong.
//!
//! # Differences with the document
//!
//! Document 004 does not read choice letters (spec/math.md MX-16).

use super::Located;
use super::tags::think_stripped;
use super::trim_end_ws;

/// How much of the end of what strip_think keeps [`listed_choice`] reads
/// (bytes): the options are judged at the end of a response.
pub(super) const LIST_WINDOW: usize = 4096;

/// The verdicts that mark an option right, then those that mark it wrong
/// (lowercase; a word of its own).
const RIGHT: [&str; 4] = ["right", "correct", "true", "valid"];
/// See [`RIGHT`].
const WRONG: [&str; 4] = ["wrong", "incorrect", "false", "invalid"];

/// The words a label may open with (lowercase, with the space after).
const LABEL_WORDS: [&str; 2] = ["option ", "choice "];

/// The letter `A`–`J` a response chooses by judging its options
/// (MX-16): in the last [`LIST_WINDOW`] bytes of what strip_think keeps of
/// `response` (`kept`, when known), each *mark* is a label that opens a
/// clause (at the start, after a line break or one of `.` `;` `,` `:` `!`
/// `?`; then spaces, `*`, `-`, `#`), the label being a letter alone, in
/// parentheses, in bold, or after "option" or "choice" (`A`, `(A)`,
/// `**A**`, `Option A`), and after it a separator (`:`, a dash, or "is",
/// "is also"), then a verdict word of its own: [`RIGHT`] or [`WRONG`]
/// ("not" before a word of [`RIGHT`] makes it wrong; before one of
/// [`WRONG`] it is no mark). The letter marked right is the choice when it
/// is the only one, at least two other letters are marked wrong, no letter
/// is marked both ways, and the letters marked are `A` up to the last one,
/// none left out. `how = "choice"`, the letter's span.
pub(crate) fn listed_choice(response: &str, kept: Option<(usize, usize)>) -> Option<Located> {
    let (base, end) = kept.unwrap_or_else(|| think_stripped(response));
    let t = trim_end_ws(&response[base..end]);
    let mut from = t.len().saturating_sub(LIST_WINDOW);
    while !t.is_char_boundary(from) {
        from += 1;
    }
    let b = &t.as_bytes()[from..];
    // (Per letter: marked right, marked wrong; the last offset marked right.)
    let mut right = [false; 10];
    let mut wrong = [false; 10];
    let mut at = None;
    for (k, &c) in b.iter().enumerate() {
        if !(b'A'..=b'J').contains(&c) {
            continue;
        }
        let Some(verdict) = mark(b, k) else {
            continue;
        };
        let l = usize::from(c - b'A');
        if verdict {
            right[l] = true;
            at = Some(k);
        } else {
            wrong[l] = true;
        }
    }
    let last = (0..10).rev().find(|&l| right[l] || wrong[l])?;
    let rights = right.iter().filter(|&&r| r).count();
    let wrongs = wrong.iter().filter(|&&w| w).count();
    let clean = (0..=last).all(|l| right[l] != wrong[l]);
    let k = at?;
    (rights == 1 && wrongs >= 2 && clean).then(|| Located {
        answer: char::from(b[k]).to_string(),
        span: (base + from + k, base + from + k + 1),
        how: "choice",
    })
}

/// The verdict of the mark ([`listed_choice`]) whose letter stands at `k`
/// of `b`: `Some(true)` right, `Some(false)` wrong, `None` no mark.
fn mark(b: &[u8], k: usize) -> Option<bool> {
    // The label: `(` and `**` before the letter, and `)`, `**` after it.
    let paren = k > 0 && b[k - 1] == b'(';
    let mut s = k - usize::from(paren);
    while s > 0 && b[s - 1] == b'*' {
        s -= 1;
    }
    let mut e = k + 1;
    if paren {
        (b.get(e) == Some(&b')')).then_some(())?;
        e += 1;
    }
    while b.get(e) == Some(&b'*') {
        e += 1;
    }
    if b.get(e).is_some_and(u8::is_ascii_alphanumeric) {
        return None;
    }
    // "option", "choice" before it.
    for w in LABEL_WORDS {
        let n = w.len();
        if s >= n && b[s - n..s].eq_ignore_ascii_case(w.as_bytes()) {
            s -= n;
            break;
        }
    }
    // What opens the clause before the label.
    let mut p = s;
    while p > 0 && matches!(b[p - 1], b' ' | b'\t' | b'*' | b'-' | b'#') {
        p -= 1;
    }
    if p > 0 && !matches!(b[p - 1], b'\n' | b'.' | b';' | b',' | b':' | b'!' | b'?') {
        return None;
    }
    verdict(b, e)
}

/// The verdict after a label that ends at `e` of `b` ([`mark`]): a
/// separator, then a verdict word.
fn verdict(b: &[u8], mut e: usize) -> Option<bool> {
    let lower = |i: usize, w: &str| {
        b.get(i..i + w.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(w.as_bytes()))
    };
    let spaces = |mut i: usize| {
        while b.get(i) == Some(&b' ') {
            i += 1;
        }
        i
    };
    e = spaces(e);
    let mut separated = false;
    if matches!(b.get(e), Some(b':' | b'-')) {
        (e, separated) = (e + 1, true);
    } else {
        for dash in ["\u{2013}", "\u{2014}"] {
            if b[e..].starts_with(dash.as_bytes()) {
                (e, separated) = (e + dash.len(), true);
            }
        }
    }
    e = spaces(e);
    for w in ["is also ", "is "] {
        if lower(e, w) {
            (e, separated) = (e + w.len(), true);
            break;
        }
    }
    if !separated {
        return None;
    }
    while matches!(b.get(e), Some(b' ' | b'*')) {
        e += 1;
    }
    let negated = lower(e, "not ");
    if negated {
        e = spaces(e + "not ".len());
    }
    let word = |words: &[&str]| {
        words.iter().any(|w| {
            lower(e, w)
                && b.get(e + w.len())
                    .is_none_or(|c| !c.is_ascii_alphanumeric())
        })
    };
    if word(&RIGHT) {
        Some(!negated)
    } else if word(&WRONG) && !negated {
        Some(false)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chosen(response: &str) -> Option<String> {
        listed_choice(response, None).map(|c| c.answer)
    }

    /// MX-16: the one option marked right when the others listed are
    /// marked wrong; none when two are right, a letter is marked both ways,
    /// fewer than two are wrong, or a letter before the last is unmarked.
    #[test]
    fn the_one_option_judged_right_is_chosen() {
        for (response, want) in [
            ("A: wrong. B: wrong. C: right.", Some("C")),
            ("A: wrong. B: wrong. C: right. D: wrong.", Some("C")),
            ("A: wrong.\nB: wrong.\nC: right.\nD: wrong.", Some("C")),
            (
                "(A) is incorrect.\n(B) is incorrect.\n(C) is correct.\n(D) is incorrect.",
                Some("C"),
            ),
            ("- **A**: false\n- **B**: true\n- **C**: false", Some("B")),
            (
                "Option A is not correct. Option B is wrong. Option C is valid.",
                Some("C"),
            ),
            (
                "A \u{2014} wrong; B \u{2014} wrong; C \u{2014} correct",
                Some("C"),
            ),
            (
                "<think>A: right.</think> A: wrong. B: wrong. C: right.",
                Some("C"),
            ),
            // Two right, a letter both ways, one wrong only, a gap.
            ("A: right. B: wrong. C: right.", None),
            ("A: wrong. B: wrong. C: right. C: wrong.", None),
            ("A: wrong. C: right.", None),
            ("B: wrong. C: wrong. D: right.", None),
            ("A: wrong. B: wrong. D: right.", None),
            // No marks: no label, no separator, no verdict word of its own.
            ("Plan A is wrong. Plan B is wrong. Plan C is right.", None),
            ("(A) True\n(B) False\n(C) False", None),
            ("A: wrongly. B: wrongly. C: rightly.", None),
            ("A: not wrong. B: wrong. C: wrong. D: right.", None),
            ("AB: wrong. BC: wrong. CD: right.", None),
            ("The answer is 5.", None),
        ] {
            assert_eq!(chosen(response).as_deref(), want, "{response:?}");
        }
    }

    /// The window is the end of the response: marks before it are not
    /// read, and a long response is read at a bounded cost.
    #[test]
    fn marks_are_read_at_the_end() {
        let early = format!("A: right. {}\n", "x ".repeat(LIST_WINDOW));
        assert_eq!(
            chosen(&format!("{early}A: wrong. B: wrong. C: right.")).as_deref(),
            Some("C")
        );
        let r = format!(
            "é{}\nA: wrong. B: wrong. C: right.",
            "é".repeat(LIST_WINDOW)
        );
        let c = listed_choice(&r, None).unwrap();
        assert_eq!(&r[c.span.0..c.span.1], "C");
    }
}
