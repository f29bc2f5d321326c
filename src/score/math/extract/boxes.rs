//! Boxed answers (MX-4): the last `\boxed{…}` / `\fbox{…}` / `\boxed x`
//! of a range, and boxes side by side read as one list answer when only
//! separators (`,`, "and", `\quad`, a `\text{…}` of words, a label
//! `y_2 =`) stand between them.
//!
//! # Differences with the document
//!
//! Symeval unwraps the first box; here the last box counts and boxes side by
//! side are one list answer (D-MX6, spec/math.md).

use super::{Doc, Found, MAX_ANSWER_BYTES, Needle, trim, trim_end_periods};

/// Only the last this many box commands (`\boxed`, `\fbox`) of a range
/// are read (MX-4): a box followed by more than 64 other box commands, all
/// empty or unclosed, is not the answer of a response.
pub const MAX_BOX_COMMANDS: usize = 64;

/// A list of boxes side by side (MX-4) is at most this many boxes: a longer
/// run of boxes is read as its last this many.
pub const MAX_LIST_BOXES: usize = 16;

/// The length of a `\text{…}` (or `\mbox`, `\textnormal`, `\textrm`)
/// group at the start of `s` whose content is only words, spaces and a
/// parenthesized label (`(a)`), if there is one (MX-4 separators).
pub(super) fn glue_text_group(s: &str) -> Option<usize> {
    let open = ["\\text{", "\\mbox{", "\\textnormal{", "\\textrm{"]
        .iter()
        .find(|p| s.starts_with(**p))?
        .len();
    let close = s[open..].find('}')? + open;
    s[open..close]
        .bytes()
        .all(|c| c.is_ascii_alphabetic() || matches!(c, b' ' | b'(' | b')' | b','))
        .then_some(close + 1)
}

/// The length of a label assignment `y =`, `y_2 =`, `x_{1} =` at the start
/// of `s`, if there is one (MX-4 separators).
pub(super) fn label_assignment(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = 1;
    if !b.first()?.is_ascii_alphabetic() || b.get(1).is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    if b.get(i) == Some(&b'_') {
        i += 1;
        if b.get(i) == Some(&b'{') {
            let close = s[i..].find('}')? + i;
            if close == i + 1 || !s[i + 1..close].bytes().all(|c| c.is_ascii_alphanumeric()) {
                return None;
            }
            i = close + 1;
        } else if b.get(i).is_some_and(u8::is_ascii_alphanumeric) {
            i += 1;
        } else {
            return None;
        }
    }
    while b.get(i) == Some(&b' ') {
        i += 1;
    }
    (b.get(i) == Some(&b'=')).then_some(i + 1)
}

impl Doc<'_> {
    /// MX-4: the last non-empty `\boxed{…}` / `\fbox{…}` / `\boxed x` in
    /// `[from, to)`, with the boxes side by side before it (a list, at most
    /// [`MAX_LIST_BOXES`]). Only the last [`MAX_BOX_COMMANDS`] box commands
    /// of the range are read, from the last one back, and their braces are
    /// matched in the text from the first of them on: the work is bounded
    /// by those commands and the text after them, however many unclosed
    /// boxes come before.
    pub(super) fn boxed(&self, from: usize, to: usize) -> Option<Found> {
        let anchors = self.anchors();
        if !anchors.occurs(Needle::Boxed) && !anchors.occurs(Needle::Fbox) {
            // (No box command anywhere in the read part.)
            return None;
        }
        // A search of a range this one holds (same end) that found no box
        // read its last commands: only the ones before them are left, as
        // many as it left of MAX_BOX_COMMANDS.
        let (upto, done) = match self.boxless.get() {
            Some((f, t, first, read)) if t == to && from <= f => (first, read),
            _ => (to, 0),
        };
        let room = MAX_BOX_COMMANDS - done;
        // The last `room` commands before `upto`, by position.
        let mut cmds: Vec<(usize, usize)> = Vec::new();
        for name in [Needle::Boxed, Needle::Fbox] {
            let last = anchors.find_rev(name, from..upto);
            cmds.extend(last.take(room).map(|at| (at, name.len())));
        }
        cmds.sort_unstable();
        let cmds = &cmds[cmds.len().saturating_sub(room)..];
        let &(first, _) = cmds.first()?;
        // (Until one has content, the commands read join those before.)
        self.boxless.set(Some((from, to, first, done + cmds.len())));
        // Brace queries from the first read command on (a `{`'s match
        // depends only on the text after it).
        let window = Doc::new(self.text, first, self.end);
        // (Read from the last back: a brace that does not close before
        // `to` bounds the search for the `}` of every box before it.)
        let mut unclosed = to;
        let mut found = cmds.iter().rev().filter_map(|&(at, len)| {
            window
                .box_content(at, len, to, &mut unclosed)
                .map(|(s, r)| (at, s, r))
        });
        let (last_at, last_span, last_reach) = found.next()?;
        // (A box: the commands before it were not all read.)
        self.boxless.set(None);
        // MX-4: boxes side by side (`\boxed{1}, \boxed{2}`, `\boxed{1}
        // \quad \text{and} \quad \boxed{2}`) are one answer, a list of at
        // most MAX_LIST_BOXES (a longer run is read as its last ones).
        let mut first_at = last_at;
        for (at, _, reach) in found.take(MAX_LIST_BOXES - 1) {
            if reach > first_at || !self.only_separators(reach, first_at) {
                break;
            }
            first_at = at;
        }
        Some(if first_at == last_at {
            Found {
                span: last_span,
                how: "boxed",
                reach: last_reach,
            }
        } else {
            Found {
                span: (first_at, last_reach),
                how: "boxed_list",
                reach: last_reach,
            }
        })
    }

    /// Whether `[from, to)` (at most 64 bytes) holds only what separates the
    /// boxes of a list: spaces, `,`, `;`, `$`, `\(`, `\)`, `\[`, `\]`,
    /// spacing commands, the words "and", "or", one or two other plain
    /// words before the connective (`papers and`, not `, then`), a
    /// `\text{…}` group of words and labels (`\text{ for part (a) and }`),
    /// and a label assignment (`y_2 =`).
    pub(super) fn only_separators(&self, from: usize, to: usize) -> bool {
        const TOKENS: &[&str] = &[
            ",",
            ";",
            "$",
            "\\(",
            "\\)",
            "\\[",
            "\\]",
            "\\quad",
            "\\qquad",
            "\\,",
            "\\;",
            "\\:",
            "\\!",
            "\\ ",
            "~",
            "and",
            "or",
            "\\text{and}",
            "\\text{or}",
            "\\text{ and }",
            "\\text{ or }",
            "\\mbox{ and }",
            "\\mbox{and}",
        ];
        if to - from > 64 {
            return false;
        }
        let lower = self.lower(from, to);
        let mut rest = lower.as_str();
        let mut words = 0;
        let mut connective = false;
        loop {
            rest = rest.trim_start();
            if rest.is_empty() {
                return true;
            }
            if let Some(t) = TOKENS.iter().find(|t| rest.starts_with(**t)) {
                connective |= matches!(*t, "," | ";" | "and" | "or")
                    || t.contains("and")
                    || t.contains(" or");
                rest = &rest[t.len()..];
            } else if let Some(n) = glue_text_group(rest) {
                // `\text{ for part (a) and }`: words in a text group.
                rest = &rest[n..];
            } else if let Some(n) = label_assignment(rest) {
                // `y_2 = \boxed{…}`: the name of the next item.
                rest = &rest[n..];
            } else if rest.starts_with(|c: char| c.is_ascii_alphabetic())
                && words < 2
                && !connective
            {
                // `\boxed{1} papers and \boxed{2}`: a word or two naming the
                // previous item, before the connective (`, then` is prose).
                let n = rest
                    .find(|c: char| !c.is_ascii_alphabetic())
                    .unwrap_or(rest.len());
                rest = &rest[n..];
                words += 1;
            } else {
                return false;
            }
        }
    }

    /// The content of the box command at `at` (name of `len` bytes),
    /// trimmed, and where the box ends; `None` when empty or unclosed. A box
    /// inside a box starts later, so the last box of `\boxed{\boxed{5}}` is
    /// the inner one: no unwrapping is needed (and none can recurse).
    ///
    /// `unclosed` is `to` or the `{` of a later box that does not close
    /// before `to`: a `{` before it closes before it or not before `to`
    /// (the scan from it reaches that `{` one deeper, and never climbs back
    /// above it), so the search for its `}` stops there; the box's own `{`
    /// becomes `unclosed` when it does not close. (Boxes read from the last
    /// back then scan each byte once: `\boxed{x` repeated is linear.)
    pub(super) fn box_content(
        &self,
        at: usize,
        len: usize,
        to: usize,
        unclosed: &mut usize,
    ) -> Option<((usize, usize), usize)> {
        let b = self.bytes();
        // The name is case-sensitive in LaTeX (`\Boxed` is not a box).
        if !self.text[at..].starts_with(if len == 6 { "\\boxed" } else { "\\fbox" }) {
            return None;
        }
        let mut i = at + len;
        if b.get(i).is_some_and(u8::is_ascii_alphabetic) {
            return None;
        }
        while i < to && b[i] == b' ' {
            i += 1;
        }
        let (span, reach) = if b.get(i) == Some(&b'{') {
            let Some(c) = self.close_before(i, *unclosed) else {
                *unclosed = i;
                return None;
            };
            ((i + 1, c), c + 1)
        } else {
            // `\boxed 5`: the token up to a space or a `$` (at most
            // MAX_ANSWER_BYTES). Without a space only a digit or a command
            // is an argument (`\boxed5`, `\boxed\pi`).
            if i == at + len && !b.get(i).is_some_and(|c| c.is_ascii_digit() || *c == b'\\') {
                return None;
            }
            let limit = to.min(i.saturating_add(MAX_ANSWER_BYTES));
            let mut j = i;
            while j < limit && !b[j].is_ascii_whitespace() && b[j] != b'$' {
                j += 1;
            }
            while !self.text.is_char_boundary(j) {
                j -= 1;
            }
            (trim_end_periods(self.text, (i, j)), j)
        };
        let span = trim(self.text, span);
        (span.0 < span.1).then_some((span, reach))
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Found, extract_answer, locate_answer};
    use super::*;

    /// MX-4: only the last MAX_BOX_COMMANDS box commands are read.
    #[test]
    fn only_the_last_box_commands_are_read() {
        let open = MAX_BOX_COMMANDS - 1;
        let r = format!(
            "so \\boxed{{5}} {}",
            "\\boxed{ \\fbox{".repeat(open / 2) + "\\boxed{"
        );
        let x = extract_answer(&r, true).unwrap();
        assert_eq!((x.answer.as_str(), x.how), ("5", "boxed"));
        let r = format!("so \\boxed{{5}} {}", "\\boxed{".repeat(MAX_BOX_COMMANDS));
        assert_eq!(extract_answer(&r, true), None);
        // Nested boxes: the inner one, whatever came before.
        let r = "\\boxed{".repeat(10_000) + "7" + &"}".repeat(10_000);
        assert_eq!(extract_answer(&r, true).unwrap().answer, "7");
    }

    /// A box search after one of a smaller range with the same end that
    /// found no box (the windows of the production search, the scopes)
    /// reads only the commands before those it read, and answers what a
    /// search of its range alone answers: texts of empty, unclosed and
    /// closed boxes, lists, more than MAX_BOX_COMMANDS commands.
    #[test]
    fn a_search_after_an_empty_one_is_a_search_alone() {
        let pieces = [
            "\\boxed{",
            "\\boxed{x",
            "\\boxed{3}",
            "\\fbox{}",
            "\\boxed{ }",
            "\\boxed 5",
            "}",
            ", ",
            " ",
            "x",
            "\\",
            "é",
        ];
        let unclosed = ["\\boxed{", "\\boxed{x ", "\\fbox{", " ", "x"];
        let key = |f: Option<Found>| f.map(|f| (f.span, f.how, f.reach));
        let mut glue = crate::text::Glue(77);
        let (mut memos, mut full) = (0, 0);
        for round in 0..3000usize {
            // (Boxes of every kind, then a run of unclosed ones: the
            // commands a first search reads, up to MAX_BOX_COMMANDS.)
            let s = glue.text(&pieces, 2 + round as u64 % 20)
                + &glue.text(&unclosed, round as u64 % 150);
            let cut = |k: usize| {
                (k..=s.len())
                    .find(|&k| s.is_char_boundary(k))
                    .unwrap_or(s.len())
            };
            let to = if round % 3 == 0 {
                s.len()
            } else {
                cut(s.len() * 4 / 5)
            };
            let later = cut((glue.next() >> 33) as usize % (to + 1)).min(to);
            let earlier = cut((glue.next() >> 33) as usize % (later + 1)).min(later);
            let doc = Doc::new(&s, 0, s.len());
            let first = doc.boxed(later, to);
            memos += usize::from(first.is_none() && doc.boxless.get().is_some());
            full += usize::from(doc.boxless.get().is_some_and(|m| m.3 == MAX_BOX_COMMANDS));
            let alone = Doc::new(&s, 0, s.len());
            assert_eq!(
                key(doc.boxed(earlier, to)),
                key(alone.boxed(earlier, to)),
                "{s:?} {earlier} {later} {to}"
            );
        }
        assert!(memos > 150 && full > 20, "{memos} {full}");
    }

    /// MX-4: a list of boxes side by side is at most MAX_LIST_BOXES boxes,
    /// a longer run read as its last ones.
    #[test]
    fn lists_are_at_most_the_last_list_boxes() {
        let item = |k: usize| format!("\\boxed{{{k}}}, ");
        let run = |n: usize| (0..n).map(item).collect::<String>();
        let r = run(MAX_LIST_BOXES);
        let x = locate_answer(r.trim_end_matches(", "), true).unwrap();
        assert_eq!((x.how, x.span.0), ("boxed_list", 0));
        let want: Vec<String> = (0..MAX_LIST_BOXES).map(|k| k.to_string()).collect();
        assert_eq!(x.compared(), want.join(", "));
        let r = run(MAX_LIST_BOXES + 3);
        let x = locate_answer(r.trim_end_matches(", "), true).unwrap();
        let want: Vec<String> = (3..MAX_LIST_BOXES + 3).map(|k| k.to_string()).collect();
        assert_eq!(x.compared(), want.join(", "));
        assert_eq!(x.span.0, r.find("\\boxed{3}").unwrap());
    }
}
