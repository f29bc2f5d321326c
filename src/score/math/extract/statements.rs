//! A statement's answer (MX-5, MX-11): what follows an answer phrase or
//! precedes "is the answer" — a math span, a list of them, or the rest of
//! the sentence up to its stop — and the Chinese statements' readers (`所以
//! …为`, the values listed after `答案为`).
//!
//! The phrase search ([`phrases`](super::phrases)) finds where a statement
//! starts; this module reads how far its answer goes. Every reader is bounded
//! by [`MAX_ANSWER_BYTES`] from its start.
//!
//! # Differences with the document
//!
//! The document's examples show a phrase's answer as the rest of its text
//! (`The answer is 1/2` is `1/2`, `Therefore, $6$ is our answer.` is `6`);
//! here the answer ends at its sentence's stop, a run-on sentence states
//! nothing, and in production a connective or a comparison set apart after
//! the value ends it too (MX-5, MX-11; spec/math.md).

use super::negations::ZH_NEGATIONS;
use super::phrases::{
    FILLERS, ZH_STOPS, abbreviation_before, adverb_at, asks, sentence_stop, zh_stop_byte,
};
use super::solutions::{ends_item, item_ahead, item_back, listed_together, zh_joiner_at};
use super::{
    Doc, MAX_ANSWER_BYTES, next_in, nonempty, skip_ws, starts_with_ci, strip_dollars, trim,
    trim_end_periods,
};

impl Doc<'_> {
    /// The answer after a phrase ending at `i`: a math span, or the rest of
    /// the sentence (up to a newline or a sentence's period). A sentence
    /// that does not end within [`MAX_ANSWER_BYTES`] (the text goes on past
    /// them) states nothing: a run-on is no statement.
    pub(super) fn after_phrase(&self, i: usize, to: usize) -> Option<(usize, usize)> {
        let b = self.bytes();
        let mut limit = to.min(i.saturating_add(MAX_ANSWER_BYTES));
        while !self.text.is_char_boundary(limit) {
            limit -= 1;
        }
        let mut i = i;
        // Spaces, line breaks, a colon and Markdown emphasis (`**Answer:** 5`);
        // in the production search also a full-width colon or space, an em
        // dash (`The answer is — 6.`).
        loop {
            if i < limit
                && (b[i].is_ascii_whitespace()
                    || b[i] == b':'
                    || b[i] == b'*'
                    || (self.production && b[i] == b'}'))
            {
                // (`\textbf{Answer:} 42`: the group's closing brace.)
                i += 1;
            } else if self.production
                && ["：", "\u{3000}", "\u{2014}"]
                    .iter()
                    .any(|p| b[i..limit].starts_with(p.as_bytes()))
            {
                i += 3;
            } else if let Some(w) = self.production.then(|| adverb_at(&b[i..limit])).flatten() {
                // `The answer is therefore 12.`, `is simply $\frac{1}{2}$`: an
                // adverb before the answer is no part of it (MX-11).
                i += w;
            } else {
                break;
            }
        }
        // (`$60, $15 per person`: two prices, no math span between them.)
        let prices = |f: (usize, usize)| self.production && two_prices(b, i, f);
        if let Some(first) = self.math_span_at(i, limit).filter(|&f| !prices(f)) {
            // A list of formulas: `$x=1$ or $x=2$`, `$1$, $2$ and $3$`.
            // The last span: where its delimiter opens, its content, its end.
            let (mut last_open, mut last) = (i, first);
            let mut count = 1;
            loop {
                let k = last.1 + self.close_len(last_open, last.0);
                let Some((k, zh)) = self.joint_after(k, limit) else {
                    break;
                };
                match self.math_span_at(k, limit) {
                    Some(next) if !zh || self.zh_spans_listed(last, (k, next), limit) => {
                        (last_open, last) = (k, next);
                        count += 1;
                    }
                    _ => break,
                }
            }
            if count == 1 {
                // (`The answer is $5$?`: a question, no statement.)
                let after = skip_ws(b, first.1 + self.close_len(i, first.0), limit);
                if self.production && asks(&self.text[after.min(limit)..limit]) {
                    return None;
                }
                // `$15$, but it is $12$`: the value refined after the span
                // (MX-19), read as in a statement's words.
                if self.production && b[after.min(limit)..limit].starts_with(b", ") {
                    let j = self.statement_end(i, limit);
                    let span = strip_dollars(self.text, trim_end_periods(self.text, (i, j)));
                    // (The space after the comma inside the statement.)
                    let inside = span.0 <= after && after + 1 < span.1;
                    if let Some(r) = inside
                        .then(|| self.refined((span.0, after + 1, span.1), false))
                        .flatten()
                    {
                        return nonempty(self.answer_head(r));
                    }
                }
                return nonempty(trim(self.text, first));
            }
            return nonempty((i, last.1 + self.close_len(last_open, last.0)));
        }
        // `The answer is\n\[\n6` with no `\]`: the answer is the display
        // to the end of the text (MX-15 then finds it cut off), never its
        // opener's line alone, `\[`; a display that does not close within
        // reach of a longer text states nothing (a run-on).
        let opener = [&b"\\["[..], b"\\(", b"$$"];
        if self.production && opener.iter().any(|o| b[i..limit].starts_with(o)) {
            return (limit == to).then(|| trim(self.text, (i, limit)));
        }
        let mut j = self.statement_end(i, limit);
        if j == limit && limit < to {
            return None;
        }
        // `So the answer is 50%?`: a question, no statement (MX-11).
        if self.production && j < limit && asks(&self.text[j..limit]) {
            return None;
        }
        while !self.text.is_char_boundary(j) {
            j -= 1;
        }
        // Minerva's closing words without a period before them.
        if let Some(k) = crate::extract::find_ci(&self.text[i..j], "i hope it is correct") {
            j = i + k;
        }
        let span = trim_end_periods(self.text, trim(self.text, (i, j)));
        let mut span = strip_dollars(self.text, span);
        if self.production {
            span = self.bold_answer(i, span);
            // `答案是5吗？`: the particle 吗 makes it a question, no statement.
            if self.text[span.0..span.1].ends_with('吗') {
                return None;
            }
            return nonempty(self.answer_head(span));
        }
        nonempty(span)
    }
}

impl Doc<'_> {
    /// Where the statement whose answer starts at `i` ends (its sentence
    /// stop, [`Doc::ends_statement`]), or `limit`.
    fn statement_end(&self, i: usize, limit: usize) -> usize {
        let b = self.bytes();
        let mut j = i;
        while j < limit {
            j = next_in(b, j, limit, sentence_stop);
            if j >= limit {
                break;
            }
            if self.ends_statement(i, j, limit) {
                break;
            }
            j += 1;
        }
        j
    }

    /// A statement's answer `span` (its text from `i`) without what follows
    /// its bold (MX-11, production): the value in bold when the emphasis
    /// opened right before it closes in the sentence (`The answer is **5**
    /// apples.`, `**5** (not 6)`; not a word in bold: `**not** 5, it is 6`),
    /// and a statement in bold up to where its emphasis closes (`**Answer:
    /// 4** (the other root is extraneous)`; its line read back only when a
    /// `**` follows).
    fn bold_answer(&self, i: usize, span: (usize, usize)) -> (usize, usize) {
        let b = self.bytes();
        let Some(k) = crate::text::find_str(&self.text[span.0..span.1], "**") else {
            return span;
        };
        let opened_before = i >= 2 && b[i - 2..i] == *b"**";
        let word = b[span.0..span.0 + k]
            .iter()
            .all(|&c| c.is_ascii_alphabetic() || c == b' ');
        if opened_before && !word || !opened_before && in_bold(b, i) {
            return trim(self.text, (span.0, span.0 + k));
        }
        span
    }
}

/// Whether the math span `(cs, ce)` opened by a `$` at `i` lies between
/// two prices: both `$` before a digit, a space inside (`$60, $15 per
/// person`).
fn two_prices(b: &[u8], i: usize, (cs, ce): (usize, usize)) -> bool {
    cs == i + 1
        && b[i] == b'$'
        && b.get(cs).is_some_and(u8::is_ascii_digit)
        && b.get(ce + 1).is_some_and(u8::is_ascii_digit)
        && b[cs..ce].contains(&b' ')
}

/// Whether the emphasis `**` is open at `at`: an odd number of `**` on its
/// line before it (read back at most [`MAX_BOLD_BYTES`] bytes).
/// `**Answer: 4**` is open at `4`; `**Answer:** 4` is not.
fn in_bold(b: &[u8], at: usize) -> bool {
    let floor = at.saturating_sub(MAX_BOLD_BYTES);
    let line = &b[floor..at];
    let line = &line[line.iter().rposition(|&c| c == b'\n').map_or(0, |n| n + 1)..];
    let (mut count, mut k) = (0, 0);
    while k + 1 < line.len() {
        if line[k] == b'*' && line[k + 1] == b'*' {
            count += 1;
            k += 2;
        } else {
            k += 1;
        }
    }
    count % 2 == 1
}

/// The most bytes [`in_bold`] reads back.
const MAX_BOLD_BYTES: usize = 256;

impl Doc<'_> {
    /// Whether the statement whose answer starts at `i` ends at the stop
    /// byte `j` (before `limit`): a line break; `.`, `!` or `?` before white
    /// space (not an abbreviation's `.`, nor in production the factorial of
    /// `5! = 120`); in production full-width punctuation and `<eoa>`, which
    /// end a Chinese statement.
    fn ends_statement(&self, i: usize, j: usize, limit: usize) -> bool {
        let b = self.bytes();
        let c = b[j];
        if c == b'\n' {
            return true;
        }
        let factorial = self.production
            && c == b'!'
            && j > i
            && (b[j - 1].is_ascii_digit() || b[j - 1] == b')')
            && b.get(skip_ws(b, j + 1, limit)) == Some(&b'=');
        if matches!(c, b'.' | b'!' | b'?')
            && b.get(j + 1).is_none_or(|n| n.is_ascii_whitespace())
            && !(self.production && c == b'.' && abbreviation_before(b, i, j))
            && !factorial
        {
            return true;
        }
        self.production
            && (c == b'<' || c >= 0xE3)
            && ZH_STOPS
                .iter()
                .any(|p| b[j..limit].starts_with(p.as_bytes()))
            && !self.zh_list_goes_on(i, j, limit)
    }

    /// Whether the stop at `j` in a Chinese statement whose answer starts
    /// at `i` is a `，` between two items of one list (MX-11): the item
    /// before it (back to `i` or to a Chinese or full-width character) and
    /// the one after it (up to a stop or another joiner of [`ZH_JOINERS`](super::solutions::ZH_JOINERS))
    /// are [listed together](listed_together): `故答案为：-2，3` is the list
    /// `-2，3`, `x=-2，x=3` and `x = 3，y = 5` (two unknowns) too; not `所以
    /// $x = 3$，因此 $y = 5$` (a new clause). Each item is read at most
    /// [`MAX_VALUE_BYTES`](super::solutions::MAX_VALUE_BYTES) bytes.
    fn zh_list_goes_on(&self, i: usize, j: usize, limit: usize) -> bool {
        if !self.text[j..limit].starts_with('，') {
            return false;
        }
        let before = item_back(self.text, i, j);
        let after = item_ahead(self.text, j + '，'.len_utf8(), limit);
        before
            .zip(after)
            .is_some_and(|(a, b)| listed_together(a, b))
    }

    /// The length of the closing delimiter of the math span opened at `open`
    /// whose content starts at `content`.
    pub(super) fn close_len(&self, open: usize, content: usize) -> usize {
        match &self.text[open..content] {
            "$$" => 2,
            "$" => 1,
            _ => 2,
        }
    }

    /// Where the next item of a statement's list of math spans starts when
    /// a joint follows the span closed at `k` (spaces around): `,`, `or`,
    /// `and` (`$x=1$ or $x=2$`, `$1$, $2$ and $3$`), or in production a
    /// Chinese joiner ([`ZH_JOINERS`](super::solutions::ZH_JOINERS):
    /// `$-2$ 或 $3$`), and whether it was a Chinese one.
    fn joint_after(&self, k: usize, limit: usize) -> Option<(usize, bool)> {
        let b = self.bytes();
        let mut k = skip_ws(b, k, limit);
        let mut joined = false;
        if b[k.min(limit)..limit].starts_with(b",") {
            k = skip_ws(b, k + 1, limit);
            joined = true;
        }
        let rest = &b[k.min(limit)..limit];
        if let Some(r) = ["or ", "and "].iter().find(|c| starts_with_ci(rest, c)) {
            return Some((skip_ws(b, k + r.len(), limit), false));
        }
        if joined {
            return Some((k, false));
        }
        let n = self.production.then(|| zh_joiner_at(rest)).flatten()?;
        Some((skip_ws(b, k + n, limit), true))
    }

    /// Whether two math spans joined by a Chinese joiner are items of one
    /// list (MX-11): the contents `last` and `next` (opened at `open`) are
    /// [listed together](listed_together), and what follows `next`'s
    /// closing delimiter ends the statement (`limit`, a stop of
    /// [`ZH_STOPS`], a period) or joins another item: `$-2$ 或 $3$`, `$x_1 =
    /// -2$，$x_2 = 3$。`, `$x = 3$，$y = 5$`; not `$x = 3$，$x = 3$ 满足条件`.
    fn zh_spans_listed(
        &self,
        last: (usize, usize),
        (open, next): (usize, (usize, usize)),
        limit: usize,
    ) -> bool {
        let b = self.bytes();
        let after = skip_ws(b, next.1 + self.close_len(open, next.0), limit).min(limit);
        let rest = &b[after..limit];
        let ends = rest.first() == Some(&b'.') || ends_item(rest);
        ends && listed_together(&self.text[last.0..last.1], &self.text[next.0..next.1])
    }

    /// The answer before a phrase starting at `at`: a math span ending
    /// there, or the clause back to the previous punctuation.
    pub(super) fn before_phrase(&self, from: usize, at: usize) -> Option<(usize, usize)> {
        let b = self.bytes();
        let mut floor = from.max(at.saturating_sub(MAX_ANSWER_BYTES));
        while !self.text.is_char_boundary(floor) {
            floor += 1;
        }
        let mut j = at;
        while j > floor && (b[j - 1].is_ascii_whitespace() || b[j - 1] == b'*') {
            j -= 1;
        }
        if j > floor && b[j - 1] == b'$' {
            let mut k = j - 1;
            while k > floor && b[k - 1] == b'$' {
                k -= 1;
            }
            let inner_end = k;
            let open = self.text[floor..inner_end].rfind('$')? + floor;
            return nonempty(trim(self.text, (open + 1, inner_end)));
        }
        if self.text[floor..j].ends_with("\\)") {
            let open = self.text[floor..j - 2].rfind("\\(")? + floor;
            return nonempty(trim(self.text, (open + 2, j - 2)));
        }
        let mut k = j;
        while k > floor {
            let c = b[k - 1];
            let period =
                c == b'.' && !(k >= 2 && b[k - 2].is_ascii_digit() && b[k].is_ascii_digit());
            if c == b'\n' || matches!(c, b',' | b'!' | b'?' | b':' | b';') || period {
                break;
            }
            k -= 1;
        }
        while !self.text.is_char_boundary(k) {
            k += 1;
        }
        let (mut s, e) = trim(self.text, (k, j));
        while s < e && b[s] == b'*' {
            s += 1;
        }
        // Leading connectives are not part of the answer.
        loop {
            let rest = &b[s..e];
            let Some(w) = FILLERS
                .iter()
                .find(|w| starts_with_ci(rest, w) && rest[w.len()..].starts_with(b" "))
            else {
                break;
            };
            s = trim(self.text, (s + w.len(), e)).0;
        }
        while s < e && b[s] == b'*' {
            s += 1;
        }
        nonempty((s, e))
    }

    /// After "所以" (MX-11): the clause up to full-width punctuation (not a
    /// `，` inside a list, [`Doc::zh_list_goes_on`]); the answer follows its
    /// last "为" or "是".
    pub(super) fn after_so_zh(&self, i: usize, to: usize) -> Option<(usize, usize)> {
        let b = self.bytes();
        let limit = to.min(i.saturating_add(MAX_ANSWER_BYTES));
        let mut j = i;
        loop {
            j = next_in(b, j, limit, zh_stop_byte);
            if j >= limit
                || ZH_STOPS
                    .iter()
                    .any(|p| b[j..limit].starts_with(p.as_bytes()))
                    && !self.zh_list_goes_on(i, j, limit)
            {
                break;
            }
            j += 1;
        }
        // (A clause that does not end within MAX_ANSWER_BYTES: a run-on.)
        if j == limit && limit < to {
            return None;
        }
        while !self.text.is_char_boundary(j) {
            j -= 1;
        }
        let clause = &self.text[i..j];
        let k = ["为", "是"]
            .iter()
            .filter_map(|w| clause.rfind(w).map(|k| k + w.len()))
            .max()?;
        // `所以答案不是12`: what the answer is not, no statement (MX-20).
        if ZH_NEGATIONS.iter().any(|n| clause[..k].ends_with(n)) {
            return None;
        }
        self.after_phrase(i + k, j)
    }
}
