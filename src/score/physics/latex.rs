//! Step 2 and 2b.1 of the document: the LaTeX gate and math-content
//! extraction (rules PH-5 … PH-8 of `spec/physics.md`).
//!
//! # Differences with the document
//!
//! Compared with the original code: every nested command is unwrapped, not at
//! most 20 (PH-8), in one linear pass per round; the rest follows the
//! document's patterns (spec/physics.md PH-5…PH-8).

use crate::text::brackets::{Escapes, Pairs};
use crate::text::latex_groups::{Groups, PHYSICS, Rewrite, whole};
use crate::text::pyunicode::is_space;
use crate::text::tokenize::strip;

/// The brace commands that extraction unwraps (document § 2b.1).
const BRACE_COMMANDS: &[&str] = &["boxed", "text", "mathrm"];

/// The most rounds of extraction (the original's bound); every round removes
/// all the patterns it finds, so only inputs whose delimiters are re-created
/// by removals more than 20 times deep stop early.
const MAX_ROUNDS: usize = 20;

/// Whether `answer` starts (after whitespace) with one of the document's
/// LaTeX prefixes: `$`, `$$`, `\[`, `\(`, `\boxed{`, `\frac{`, `\text{`,
/// `\mathrm{` (whitespace is allowed between a command and its brace).
///
/// ```
/// use scorespec::score::physics::starts_with_latex;
/// assert!(starts_with_latex("$$x^2$$"));
/// assert!(starts_with_latex(r"  \boxed {x+y}"));
/// assert!(!starts_with_latex("from $B$ to $A$"));
/// assert!(!starts_with_latex(r"\dfrac{1}{2}"));
/// ```
pub fn starts_with_latex(answer: &str) -> bool {
    let s = answer.trim_start_matches(is_space);
    if s.starts_with('$') || s.starts_with("\\[") || s.starts_with("\\(") {
        return true;
    }
    ["boxed", "frac", "text", "mathrm"]
        .iter()
        .any(|name| command_brace(s, 0, name).is_some())
}

/// If `s[at..]` is `\name`, optional whitespace and `{`, the byte offset of
/// that brace. The name must end there (`\textbf{` is not `\text{`).
fn command_brace(s: &str, at: usize, name: &str) -> Option<usize> {
    let rest = s.get(at..)?.strip_prefix('\\')?.strip_prefix(name)?;
    let after = rest.trim_start_matches(is_space);
    after.starts_with('{').then(|| s.len() - after.len())
}

/// The brace pairs of `s`, counting every brace character, escaped or not,
/// as the original's matcher does.
pub(crate) fn brace_matches(s: &str) -> Pairs {
    Pairs::scan(s.as_bytes(), b'{', b'}', Escapes::None)
}

/// Replaces every `\name{…}` (for the given names, braces matched) by its
/// content, at every depth in one pass; an unmatched brace is left as is.
/// The walk is the crate's one ([`crate::text::latex_groups`]) in document
/// 000's reading ([`PHYSICS`]: every brace counts).
pub(crate) fn unwrap_commands(s: &str, names: &[&str]) -> (String, bool) {
    if !s.contains('\\') {
        return (s.to_string(), false);
    }
    let mut groups = Groups::new(s, PHYSICS);
    let mut out = Rewrite::new(s, PHYSICS);
    while let Some(g) = groups.next(|name| names.contains(&name)) {
        out.unwrap(&g, "");
    }
    out.finish()
}

/// Replaces every `open … close` pair by its content, as Python's
/// `re.sub(open + "(.*?)" + close, r"\1", s, flags=re.DOTALL)`: leftmost
/// opening, nearest closing after it, left to right.
fn remove_pairs(s: &str, open: &str, close: &str) -> (String, bool) {
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    let mut changed = false;
    while let Some(o) = s[i..].find(open).map(|o| o + i) {
        let from = o + open.len();
        let Some(c) = s[from..].find(close).map(|c| c + from) else {
            break;
        };
        out.push_str(&s[i..o]);
        out.push_str(&s[from..c]);
        i = c + close.len();
        changed = true;
    }
    out.push_str(&s[i..]);
    (out, changed)
}

/// Removes the spacing commands `\;`, `\,`, `\:`, `\!` (Python's
/// `re.sub(r"\\[;,:!]", "", s)`) until none is left, in one pass: a removal
/// that brings a `\` next to `;`, `,`, `:` or `!` (`\\;;`) removes that
/// pair too, as the document's repetition does, without spending one of
/// its rounds per pair (a run of backslashes then `;` repeated outlasted
/// the 20 rounds, and normalizing the result again changed it: fuzz
/// target `physics_normalize`, 2026-11-30).
fn remove_spacing(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, ';' | ',' | ':' | '!') && out.ends_with('\\') {
            out.pop();
        } else {
            out.push(c);
        }
    }
    out
}

/// Math-content extraction (document § 2b.1): removes the math delimiters
/// `$$…$$`, `$…$`, `\[…\]`, `\(…\)`, unwraps `\boxed{…}`, `\text{…}`,
/// `\mathrm{…}` (braces matched) and drops the spacing commands `\; \, \: \!`,
/// repeating until nothing changes (at most 20 rounds). Returns the stripped
/// clean text and whether a delimiter or command was removed (spacing
/// commands alone do not count).
///
/// ```
/// use scorespec::score::physics::extract_math_content;
/// assert_eq!(
///     extract_math_content(r"$-10^{4} \mathrm{A}/\mathrm{s}$"),
///     ("-10^{4} A/s".to_string(), true)
/// );
/// assert_eq!(extract_math_content("from $B$ to $A$"), ("from B to A".to_string(), true));
/// assert_eq!(extract_math_content("plain text"), ("plain text".to_string(), false));
/// ```
pub fn extract_math_content(text: &str) -> (String, bool) {
    let mut s = strip(text).to_string();
    let mut had_latex = false;
    for _ in 0..MAX_ROUNDS {
        let before = s.clone();
        for (open, close) in [("$$", "$$"), ("$", "$"), ("\\[", "\\]"), ("\\(", "\\)")] {
            let (next, changed) = remove_pairs(&s, open, close);
            had_latex |= changed;
            s = strip(&next).to_string();
        }
        let (next, changed) = unwrap_commands(&s, BRACE_COMMANDS);
        had_latex |= changed;
        s = strip(&remove_spacing(&next)).to_string();
        if s == before {
            break;
        }
    }
    (s, had_latex)
}

/// If `answer`, inside any whole-answer math delimiters and `\boxed{…}`, is
/// exactly one `\text{…}`, its content (rule PH-12: prose in a text command
/// is text, not a product of letters).
///
/// ```
/// use scorespec::score::physics::latex::text_command_content;
/// assert_eq!(text_command_content(r"$\boxed{\text{hello world}}$"), Some("hello world"));
/// assert_eq!(text_command_content(r"$5 \text{ m}$"), None);
/// ```
pub fn text_command_content(answer: &str) -> Option<&str> {
    let mut s = strip(answer);
    for _ in 0..MAX_ROUNDS {
        let peeled = [("$$", "$$"), ("$", "$"), ("\\[", "\\]"), ("\\(", "\\)")]
            .iter()
            .find_map(|(o, c)| {
                (s.len() >= o.len() + c.len())
                    .then(|| s.strip_prefix(o)?.strip_suffix(c))
                    .flatten()
            })
            .or_else(|| whole_command(s, "boxed"));
        match peeled {
            Some(inner) => s = strip(inner),
            None => break,
        }
    }
    whole_command(s, "text")
}

/// The content of `s` when `s` is exactly `\name{content}`.
fn whole_command<'a>(s: &'a str, name: &str) -> Option<&'a str> {
    whole(s, PHYSICS, |n| n == name).map(|g| g.content(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_follow_python_lazy_matching() {
        assert_eq!(remove_pairs("$$a", "$", "$").0, "a");
        assert_eq!(remove_pairs("a$b", "$", "$"), ("a$b".into(), false));
        assert_eq!(remove_pairs("$a$ and $b$", "$", "$").0, "a and b");
        assert_eq!(remove_pairs("$$$", "$$", "$$"), ("$$$".into(), false));
    }

    #[test]
    fn commands_unwrap_at_every_depth() {
        let (s, c) = unwrap_commands(r"\boxed{\text{a}\mathrm{b}} \text{c", BRACE_COMMANDS);
        assert_eq!((s.as_str(), c), (r"ab \text{c", true));
        assert!(!unwrap_commands(r"\textbf{a}", BRACE_COMMANDS).1);
        assert_eq!(unwrap_commands(r"\boxed {x}", BRACE_COMMANDS).0, "x");
    }

    #[test]
    fn spacing_matches_the_regex() {
        assert_eq!(remove_spacing(r"a\;b\,c\:d\!e"), "abcde");
        assert_eq!(remove_spacing(r"\\,"), "\\");
    }

    /// One pass removes what the regex repeated until nothing changes
    /// removes (texts of `\`, the four marks and a letter, every length to
    /// 8), and a long run of backslashes before marks is normalized once
    /// for good (the fuzz target's crash).
    #[test]
    fn spacing_is_the_repeated_regex() {
        let once = |s: &str| {
            let b = s.as_bytes();
            let (mut out, mut i) = (String::new(), 0);
            while i < b.len() {
                if b[i] == b'\\' && b.get(i + 1).is_some_and(|c| b";,:!".contains(c)) {
                    i += 2;
                } else {
                    out.push(char::from(b[i]));
                    i += 1;
                }
            }
            out
        };
        let alphabet = [b'\\', b';', b',', b':', b'!', b'a'];
        for len in 0..=8u32 {
            for mut n in 0..6usize.pow(len) {
                let mut t = String::new();
                for _ in 0..len {
                    t.push(char::from(alphabet[n % 6]));
                    n /= 6;
                }
                let mut want = t.clone();
                loop {
                    let next = once(&want);
                    if next == want {
                        break;
                    }
                    want = next;
                }
                assert_eq!(remove_spacing(&t), want, "{t:?}");
            }
        }
        let long = format!("{}{}x", "\\".repeat(48), ";".repeat(48));
        let (first, _) = extract_math_content(&long);
        assert_eq!(extract_math_content(&first).0, first);
    }

    #[test]
    fn deep_nesting_is_linear_and_complete() {
        let nested = format!("{}x{}", r"\boxed{".repeat(25), "}".repeat(25));
        assert_eq!(extract_math_content(&nested), ("x".into(), true));
        let deep = format!("{}x{}", r"\text{".repeat(100_000), "}".repeat(100_000));
        assert_eq!(extract_math_content(&deep).0, "x");
    }
}
