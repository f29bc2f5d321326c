//! LaTeX command groups `\name{…}` — the crate's one way to walk them (issue
//! 12, item 4).
//!
//! The math normalizer unwraps `\text{…}` and `\boxed{…}` (and removes a
//! trailing text group, a unit), `math.equal`'s preparation reads
//! `\mathrm{…}` units and whole-answer wrappers, and the physics normalizer
//! unwraps `\boxed{…}`, `\text{…}` and `\mathrm{…}` at every depth. They all
//! find their groups with [`Groups`] and write the result with [`Rewrite`],
//! so they agree on what a group is: a backslash, a command name (ASCII
//! letters, read whole: `\textbf` is not `\text`), optional spaces, and a
//! brace group whose pair [`crate::text::brackets`] finds. Where the two
//! families read LaTeX differently, a [`Syntax`] says so ([`MATH`],
//! [`PHYSICS`]), rather than a second copy of the walk.
//!
//! Work is linear: one bracket table per text, one forward walk; a
//! [`Rewrite`] copies each byte at most once and keeps the closing braces
//! still to drop on a stack (they nest).
//!
//! # Differences with the document
//!
//! None: documents 000 and 004 unwrap these groups with regular expressions
//! and brace matching; the two syntaxes are the two readings their
//! algorithms rely on (spec/physics.md PH-8, spec/math.md MN-5 b and ME-2).

use super::brackets::{Escapes, Pairs};
use super::pyunicode::is_space;

/// How a family reads `\name{…}`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Syntax {
    /// Whether a backslash escapes the byte after it, for braces and for
    /// commands alike. With [`Escapes::Backslash`], `\{` is no brace and
    /// `\\text{a}` is a line break followed by the letters `text{a}`; with
    /// [`Escapes::None`], every brace counts and `\\text{a}` holds the group
    /// `\text{a}` (document 000's original code matches that way).
    pub escapes: Escapes,
    /// The characters allowed between a command's name and its brace.
    pub space: fn(char) -> bool,
    /// Whether a [`Rewrite`] keeps a command name apart from letters that an
    /// edit brings next to it (`\pi\text{r}` → `\pi r`, not `\pir`).
    pub keep_commands_apart: bool,
}

fn ascii_space(c: char) -> bool {
    c == ' '
}

/// The math family's reading (document 004's normalizer, `math.equal`'s
/// preparation): a backslash escapes, ASCII spaces before the brace,
/// command names kept apart.
pub(crate) const MATH: Syntax = Syntax {
    escapes: Escapes::Backslash,
    space: ascii_space,
    keep_commands_apart: true,
};

/// `math.equal`'s preparation (ME-2): as [`MATH`], but the brace follows
/// the name directly (`\mathrm {m}` is not read as a unit there, nor
/// `\boxed {5}` as a wrapper). The two math readings differ only in this;
/// unifying them would change verdicts, which the split of issue 12 must
/// not.
pub(crate) const MATH_ANSWER: Syntax = Syntax {
    space: no_space,
    ..MATH
};

fn no_space(_: char) -> bool {
    false
}

/// The physics family's reading (document 000's original code): every brace
/// counts, Python's whitespace before the brace, text spliced as it comes.
pub(crate) const PHYSICS: Syntax = Syntax {
    escapes: Escapes::None,
    space: is_space,
    keep_commands_apart: false,
};

/// One group `\name{…}` of a text, by byte positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Group<'t> {
    /// The command's name, without its backslash.
    pub name: &'t str,
    /// The backslash.
    pub start: usize,
    /// The opening brace.
    pub open: usize,
    /// The brace closing it.
    pub close: usize,
}

impl<'t> Group<'t> {
    /// What the braces hold.
    pub fn content<'a>(&self, text: &'a str) -> &'a str {
        &text[self.open + 1..self.close]
    }
}

/// The groups of one text, left to right.
pub(crate) struct Groups<'t> {
    text: &'t str,
    syntax: Syntax,
    braces: Pairs,
    at: usize,
}

impl<'t> Groups<'t> {
    /// A walk over `text` from its start (the braces are paired once, here).
    pub fn new(text: &'t str, syntax: Syntax) -> Self {
        Groups {
            text,
            syntax,
            braces: Pairs::scan(text.as_bytes(), b'{', b'}', syntax.escapes),
            at: 0,
        }
    }

    /// The next group from the cursor on whose name `wanted` accepts;
    /// commands with other names (and groups without a closing brace) are
    /// stepped over, and what follows them is walked. The cursor moves to
    /// just inside the group's brace, so its content is walked next;
    /// [`Groups::skip_to`] steps over it.
    pub fn next(&mut self, wanted: impl Fn(&str) -> bool) -> Option<Group<'t>> {
        let b = self.text.as_bytes();
        loop {
            let from = self.at.min(b.len());
            let Some(k) = b[from..].iter().position(|&c| c == b'\\') else {
                break;
            };
            let start = from + k;
            let name = name_at(b, start);
            if name.is_empty() {
                self.at = start
                    + match self.syntax.escapes {
                        Escapes::Backslash => 2,
                        Escapes::None => 1,
                    };
                continue;
            }
            let after = start + 1 + name.len();
            self.at = after;
            if !wanted(name) {
                continue;
            }
            let open = after + skip(&self.text[after..], self.syntax.space);
            if let Some(close) = self.braces.close_of(open) {
                self.at = open + 1;
                return Some(Group {
                    name,
                    start,
                    open,
                    close,
                });
            }
        }
        self.at = b.len();
        None
    }

    /// Moves the cursor to `at` (after a group: `group.close + 1`).
    pub fn skip_to(&mut self, at: usize) {
        self.at = at;
    }
}

/// The command name (ASCII letters) after a backslash at `i`, or `""`.
fn name_at(b: &[u8], i: usize) -> &str {
    let start = i + 1;
    let len = b.get(start..).map_or(0, |r| {
        r.iter().take_while(|c| c.is_ascii_alphabetic()).count()
    });
    // ASCII letters, hence valid UTF-8.
    std::str::from_utf8(&b[start..start + len]).unwrap_or("")
}

/// The length in bytes of the run of `space` characters that starts `s`.
fn skip(s: &str, space: fn(char) -> bool) -> usize {
    s.len() - s.trim_start_matches(space).len()
}

/// `text` as a whole group `\name{…}` whose name `wanted` accepts: the group
/// starts at byte 0 and its brace closes at the last byte.
pub(crate) fn whole<'t>(
    text: &'t str,
    syntax: Syntax,
    wanted: impl Fn(&str) -> bool,
) -> Option<Group<'t>> {
    let b = text.as_bytes();
    if b.first() != Some(&b'\\') || b.last() != Some(&b'}') {
        return None;
    }
    let name = name_at(b, 0);
    if name.is_empty() || !wanted(name) {
        return None;
    }
    let after = 1 + name.len();
    let open = after + skip(&text[after..], syntax.space);
    if b.get(open) != Some(&b'{') {
        return None;
    }
    let close = super::brackets::closing(b, open, syntax.escapes)?;
    (close == b.len() - 1).then_some(Group {
        name,
        start: 0,
        open,
        close,
    })
}

/// A text rewritten group by group: the original copied between edits, the
/// closing braces of unwrapped groups dropped (or replaced) as the copy
/// reaches them.
pub(crate) struct Rewrite<'t> {
    text: &'t str,
    syntax: Syntax,
    out: String,
    /// Where the next copy starts.
    from: usize,
    /// Closing braces still ahead, innermost (nearest) last, with what
    /// replaces each.
    closes: Vec<(usize, &'static str)>,
    changed: bool,
}

impl<'t> Rewrite<'t> {
    /// A rewrite of `text`, nothing edited yet.
    pub fn new(text: &'t str, syntax: Syntax) -> Self {
        Rewrite {
            text,
            syntax,
            out: String::with_capacity(text.len()),
            from: 0,
            closes: Vec::new(),
            changed: false,
        }
    }

    /// Copies the original up to `to`, dropping the pending closing braces
    /// it passes.
    pub fn keep_to(&mut self, to: usize) {
        while let Some(&(c, with)) = self.closes.last() {
            if c >= to {
                break;
            }
            self.closes.pop();
            if c >= self.from {
                self.piece(c);
                self.out.push_str(with);
                self.from = c + 1;
            }
        }
        if self.from < to {
            self.piece(to);
        }
    }

    fn piece(&mut self, to: usize) {
        let piece = &self.text[self.from..to];
        self.from = to;
        if self.syntax.keep_commands_apart
            && piece.starts_with(|c: char| c.is_ascii_alphabetic())
            && ends_with_command(&self.out)
        {
            self.out.push(' ');
        }
        self.out.push_str(piece);
    }

    /// Unwraps `group`: its command and brace go, its content stays (what
    /// follows is copied as the walk goes on), its closing brace becomes
    /// `close_with`.
    pub fn unwrap(&mut self, group: &Group<'_>, close_with: &'static str) {
        self.keep_to(group.start);
        self.from = group.open + 1;
        self.closes.push((group.close, close_with));
        self.changed = true;
    }

    /// Removes the original from `group.start` to `to` (the group and
    /// anything after it that goes with it).
    pub fn remove(&mut self, group: &Group<'_>, to: usize) {
        self.keep_to(group.start);
        self.from = to;
        self.changed = true;
    }

    /// Replaces `group` (whole) by `with`.
    pub fn replace(&mut self, group: &Group<'_>, with: &str) {
        self.keep_to(group.start);
        self.out.push_str(with);
        self.from = group.close + 1;
        self.changed = true;
    }

    /// The rewritten text, and whether anything was edited.
    pub fn finish(mut self) -> (String, bool) {
        self.keep_to(self.text.len());
        (self.out, self.changed)
    }
}

/// Whether `s` ends with a command name (`\` and letters, the backslash not
/// itself escaped). Command names are short: a run of more than 64 letters
/// is a word (and the bound keeps repeated calls linear).
pub(crate) fn ends_with_command(s: &str) -> bool {
    let b = s.as_bytes();
    let mut k = b.len();
    while k > 0 && b[k - 1].is_ascii_alphabetic() {
        k -= 1;
        if b.len() - k > 64 {
            return false;
        }
    }
    if k == b.len() {
        return false;
    }
    let mut slashes = 0;
    while k > slashes && b[k - 1 - slashes] == b'\\' {
        slashes += 1;
    }
    slashes % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unwrap_all(text: &str, syntax: Syntax, names: &[&str]) -> String {
        let mut groups = Groups::new(text, syntax);
        let mut w = Rewrite::new(text, syntax);
        while let Some(g) = groups.next(|n| names.contains(&n)) {
            w.unwrap(&g, "");
        }
        w.finish().0
    }

    #[test]
    fn groups_nest_and_names_are_whole() {
        let names = ["text", "boxed"];
        assert_eq!(
            unwrap_all(r"\boxed{\text{a}\textbf{b}} \text {c", MATH, &names),
            r"a\textbf{b} \text {c"
        );
        assert_eq!(unwrap_all(r"\text{x}\text{y}", MATH, &names), "xy");
        assert_eq!(unwrap_all(r"\pi\text{r}", MATH, &names), r"\pi r");
        assert_eq!(unwrap_all(r"\pi\text{r}", PHYSICS, &names), r"\pir");
    }

    #[test]
    fn the_syntaxes_differ_on_escapes_and_spaces() {
        let names = ["text"];
        // A line break before the letters, or a command after a backslash.
        assert_eq!(unwrap_all(r"\\text{a}", MATH, &names), r"\\text{a}");
        assert_eq!(unwrap_all(r"\\text{a}", PHYSICS, &names), r"\a");
        // An escaped brace pairs only where every brace counts.
        assert_eq!(unwrap_all(r"\text{a\}", MATH, &names), r"\text{a\}");
        assert_eq!(unwrap_all(r"\text{a\}", PHYSICS, &names), r"a\");
        // Python's whitespace before the brace.
        assert_eq!(unwrap_all("\\text\u{3000}{a}", PHYSICS, &names), "a");
        assert_eq!(
            unwrap_all("\\text\u{3000}{a}", MATH, &names),
            "\\text\u{3000}{a}"
        );
    }

    #[test]
    fn whole_groups() {
        let any = |_: &str| true;
        assert_eq!(
            whole(r"\boxed{1}", MATH, any).map(|g| g.name),
            Some("boxed")
        );
        assert_eq!(whole(r"\boxed{1}+\boxed{2}", MATH, any), None);
        assert_eq!(whole(r"\text {a}", MATH, any).map(|g| g.open), Some(6));
        assert_eq!(whole(r"\text{a\}", MATH, any), None);
        assert!(whole(r"\text{a\}", PHYSICS, any).is_some());
    }

    #[test]
    fn deep_nesting_is_linear() {
        let n = 100_000;
        let t = format!("{}x{}", r"\text{".repeat(n), "}".repeat(n));
        assert_eq!(unwrap_all(&t, MATH, &["text"]), "x");
        assert_eq!(unwrap_all(&t, PHYSICS, &["text"]), "x");
        let unclosed = r"\text{".repeat(n);
        assert_eq!(unwrap_all(&unclosed, MATH, &["text"]), unclosed);
    }
}
