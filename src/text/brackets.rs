//! Matching brackets — the crate's one bracket matcher (issue 12, item 4).
//!
//! Every layer that reads LaTeX or formulas needs "where does this `{` close":
//! extraction finds `\boxed{…}`, the math normalizer and `math.equal`'s
//! preparation rewrite `\frac{…}{…}` and `\text{…}`, the physics normalizer
//! unwraps commands. They all use this module, so they agree on what a pair is:
//! brackets nest; with [`Escapes::Backslash`] a backslash takes the next byte
//! with it (`\{` is a literal brace, `\\` a line break), with [`Escapes::None`]
//! every bracket byte counts (document 002's physics normalizer matches that
//! way); a closing bracket with no open one is ignored, and an opening bracket
//! that is never closed has no pair.
//!
//! Work is linear: [`Pairs::scan`] is one pass with a stack and answers each
//! query in constant time; [`closing`] answers one query by scanning forward
//! from the opening bracket only as far as its pair, and [`opening_escaped`]
//! one by scanning backward from the closing bracket (with backslash escapes
//! read as the table reads them).
//!
//! # Differences with the document
//!
//! None: the documents use brackets but do not define a matcher; the two
//! escape modes are the two behaviours their algorithms rely on.

/// Whether a backslash escapes the byte after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Escapes {
    /// `\` takes the next byte with it: `\{` and `\}` are not brackets.
    Backslash,
    /// Every bracket byte counts, escaped or not.
    None,
}

/// Marks "no pair" in the tables of [`Pairs`].
const NONE: u32 = u32::MAX;

/// The bracket pairs of one text, for one kind of bracket: for each opening
/// byte its closing one and back.
///
/// Memory is about 0.4 bytes per input byte plus 4 per bracket: which bytes
/// open a bracket and which close one are two bitmaps, each with the count of
/// its bits before every 64-bit word, so the rank of a bracket among its kind
/// (and with it its pair, stored by rank) is found in constant time. (A table
/// of 8 bytes per input byte, filled before the pass, cost a 100 KiB response
/// 800 KB of memory written per scan.) Positions are stored as `u32`: in a
/// text longer than 4 GiB − 1 (far beyond every input limit of the crate)
/// brackets past that offset have no pair.
#[derive(Clone, Debug)]
pub(crate) struct Pairs {
    /// Bit `k % 64` of word `k / 64`: an opening bracket at `k`.
    opens: Ranked,
    /// Bit `k % 64` of word `k / 64`: a closing bracket at `k` that closes
    /// one.
    closes: Ranked,
    /// By opening bracket, in the text's order: its closing one, or `NONE`.
    close: Vec<u32>,
    /// By closing bracket that closes one, in the text's order: its opening
    /// one.
    open: Vec<u32>,
}

/// A bitmap of positions and, for each of its words, how many bits the
/// words before it hold.
#[derive(Clone, Debug, Default)]
struct Ranked {
    bits: Vec<u64>,
    before: Vec<u32>,
}

impl Ranked {
    fn new(len: usize) -> Ranked {
        Ranked {
            bits: vec![0; len.div_ceil(64)],
            before: Vec::new(),
        }
    }

    fn set(&mut self, at: usize) {
        self.bits[at / 64] |= 1 << (at % 64);
    }

    /// Counts the bits before each word (once, after the last `set`).
    fn rank(&mut self) {
        let mut n = 0u32;
        self.before = self
            .bits
            .iter()
            .map(|w| {
                let b = n;
                n += w.count_ones();
                b
            })
            .collect();
    }

    /// How many bits come before `at`, when `at`'s own is set.
    fn rank_of(&self, at: usize) -> Option<usize> {
        let (word, bit) = (at / 64, at % 64);
        let w = *self.bits.get(word)?;
        let before = *self.before.get(word)? as usize;
        (w >> bit & 1 == 1).then(|| before + (w & ((1u64 << bit) - 1)).count_ones() as usize)
    }
}

impl Pairs {
    /// Finds every pair of `open`/`close` bytes in `text` in one pass.
    ///
    /// `open` and `close` are ASCII bytes (`{}`, `()`, `[]`), so a pair never
    /// falls inside a multi-byte character.
    pub(crate) fn scan(text: &[u8], open: u8, close: u8, escapes: Escapes) -> Pairs {
        let mut pairs = Pairs {
            opens: Ranked::new(text.len()),
            closes: Ranked::new(text.len()),
            close: Vec::new(),
            open: Vec::new(),
        };
        // The open brackets: their rank among the opening ones, and their
        // position.
        let mut stack: Vec<(u32, u32)> = Vec::new();
        let escaping = escapes == Escapes::Backslash;
        // Whether a byte is one the pass acts on.
        let acts = |c: u8| (c == open) | (c == close) | (escaping & (c == b'\\'));
        let mut i = 0;
        while i < text.len() {
            // 16 bytes without a bracket or an escape are passed over with
            // one test (no branch per byte); else they are read one by one
            // (an escape may step past them).
            if let Some(chunk) = text[i..].first_chunk::<16>() {
                if !chunk.iter().fold(false, |a, &c| a | acts(c)) {
                    i += 16;
                    continue;
                }
            }
            let stop = (i + 16).min(text.len());
            while i < stop {
                let c = text[i];
                if escaping && c == b'\\' {
                    i += 2;
                    continue;
                }
                if let (Ok(at), Ok(rank)) = (u32::try_from(i), u32::try_from(pairs.close.len())) {
                    if at != NONE {
                        if c == open {
                            pairs.opens.set(i);
                            stack.push((rank, at));
                            pairs.close.push(NONE);
                        } else if c == close {
                            if let Some((r, o)) = stack.pop() {
                                pairs.close[r as usize] = at;
                                pairs.closes.set(i);
                                pairs.open.push(o);
                            }
                        }
                    }
                }
                i += 1;
            }
        }
        pairs.opens.rank();
        pairs.closes.rank();
        pairs
    }

    /// The byte position of the bracket closing the one at `open`, or `None`
    /// (not an opening bracket, or never closed).
    pub(crate) fn close_of(&self, open: usize) -> Option<usize> {
        // (A rank is below the count of brackets recorded: `get` never
        // misses.)
        let c = *self.close.get(self.opens.rank_of(open)?)?;
        (c != NONE).then_some(c as usize)
    }

    /// The byte position of the bracket opening the one at `close`, or `None`.
    pub(crate) fn open_of(&self, close: usize) -> Option<usize> {
        self.open
            .get(self.closes.rank_of(close)?)
            .map(|&o| o as usize)
    }
}

/// The pair of bracket bytes `byte` belongs to (`{}`, `()`, `[]`), or `None`.
fn kind(byte: u8) -> Option<(u8, u8)> {
    match byte {
        b'{' | b'}' => Some((b'{', b'}')),
        b'(' | b')' => Some((b'(', b')')),
        b'[' | b']' => Some((b'[', b']')),
        _ => None,
    }
}

/// The byte position of the bracket closing the one at `at` (`{`, `(` or `[`
/// at that position decides the kind), or `None`.
///
/// One query: the scan stops at the pair, so it costs the distance to it. For
/// many queries on one text, use [`Pairs::scan`].
pub(crate) fn closing(text: &[u8], at: usize, escapes: Escapes) -> Option<usize> {
    let (open, close) = kind(*text.get(at)?).filter(|&(o, _)| o == text[at])?;
    let mut depth = 0usize;
    let mut i = at;
    while i < text.len() {
        let c = text[i];
        if escapes == Escapes::Backslash && c == b'\\' {
            i += 2;
            continue;
        }
        if c == open {
            depth += 1;
        } else if c == close {
            depth -= 1;
            if depth == 0 {
                return Some(i);
            }
        }
        i += 1;
    }
    None
}

/// The byte position of the bracket opening the one at `at` (`}`, `)` or `]`
/// at that position decides the kind), scanning backward, or `None`.
///
/// Backward, a backslash cannot be told apart from an escaped one, so every
/// bracket byte counts (as with [`Escapes::None`]); for escapes, use
/// [`Pairs::scan`] and [`Pairs::open_of`]. Costs the distance to the pair.
pub(crate) fn opening(text: &[u8], at: usize) -> Option<usize> {
    let (open, close) = kind(*text.get(at)?).filter(|&(_, c)| c == text[at])?;
    let mut depth = 0usize;
    let mut k = at + 1;
    while k > 0 {
        k -= 1;
        if text[k] == close {
            depth += 1;
        } else if text[k] == open {
            depth -= 1;
            if depth == 0 {
                return Some(k);
            }
        }
    }
    None
}

/// The byte position of the bracket that [`Pairs::scan`] of `text[start..]`
/// with [`Escapes::Backslash`] pairs with the closing bracket at `at`
/// (offset by `start`), found by scanning backward from `at` to `floor`
/// at most (`start ≤ floor ≤ at`): `Some(None)` when the table has no pair
/// (an escaped or stray bracket), `None` when the scan reached `floor >
/// start` without an answer (ask the table).
///
/// A bracket byte is escaped when an odd run of backslashes (from `start` on)
/// stands right before it: the first backslash of a run always starts a step
/// of the forward scan, so the run pairs up from its start. The pair of a
/// closing bracket is then the nearest unescaped opening one with a balanced
/// text between them, which is what the forward stack pairs. Costs the
/// distance scanned (and the runs of backslashes before the brackets met).
pub(crate) fn opening_escaped(
    text: &[u8],
    start: usize,
    floor: usize,
    at: usize,
) -> Option<Option<usize>> {
    let escaped = |k: usize| {
        text[start..k]
            .iter()
            .rev()
            .take_while(|&&c| c == b'\\')
            .count()
            % 2
            == 1
    };
    let Some((open, close)) = text
        .get(at)
        .and_then(|&c| kind(c))
        .filter(|&(_, c)| c == text[at])
    else {
        return Some(None);
    };
    if at < start || escaped(at) {
        return Some(None);
    }
    let mut depth = 0usize;
    let mut k = at;
    while k > floor {
        k -= 1;
        let c = text[k];
        if c != open && c != close || escaped(k) {
            continue;
        }
        if c == close {
            depth += 1;
        } else if depth == 0 {
            return Some(Some(k));
        } else {
            depth -= 1;
        }
    }
    (floor <= start).then_some(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(s: &str, escapes: Escapes) -> Vec<(usize, usize)> {
        let p = Pairs::scan(s.as_bytes(), b'{', b'}', escapes);
        (0..s.len())
            .filter_map(|i| p.close_of(i).map(|c| (i, c)))
            .collect()
    }

    #[test]
    fn nested_pairs_and_their_inverse() {
        // "a{b{c}d}{e": positions 1..7 and 3..5; the last `{` is never closed.
        let s = "a{b{c}d}{e";
        assert_eq!(pairs(s, Escapes::Backslash), vec![(1, 7), (3, 5)]);
        let p = Pairs::scan(s.as_bytes(), b'{', b'}', Escapes::Backslash);
        assert_eq!(p.open_of(7), Some(1));
        assert_eq!(p.open_of(5), Some(3));
        assert_eq!(p.close_of(8), None);
        assert_eq!(p.close_of(100), None);
    }

    #[test]
    fn a_stray_closing_bracket_is_ignored() {
        assert_eq!(pairs("}{x}}", Escapes::None), vec![(1, 3)]);
    }

    #[test]
    fn escapes_decide_whether_backslash_braces_count() {
        // `\{` is literal with backslash escapes: the pair is 0..4.
        let s = r"{\{}}";
        assert_eq!(pairs(s, Escapes::Backslash), vec![(0, 3)]);
        // Without escapes, `\{` opens: 2..3 and 0..4.
        assert_eq!(pairs(s, Escapes::None), vec![(0, 4), (2, 3)]);
        // `\\` is one escaped backslash: the brace after it counts.
        assert_eq!(pairs(r"\\{x}", Escapes::Backslash), vec![(2, 4)]);
    }

    #[test]
    fn one_query_agrees_with_the_table() {
        for s in ["{a{b}c}", r"{\}}", "((x)(y))", "[[a]", r"{\\}"] {
            for esc in [Escapes::Backslash, Escapes::None] {
                let b = s.as_bytes();
                for (i, &c) in b.iter().enumerate() {
                    let (o, cl) = match c {
                        b'{' => (b'{', b'}'),
                        b'(' => (b'(', b')'),
                        b'[' => (b'[', b']'),
                        _ => continue,
                    };
                    let p = Pairs::scan(b, o, cl, esc);
                    // An escaped opening byte is not a bracket in the table;
                    // `closing` is only asked about real brackets.
                    if esc == Escapes::Backslash && i > 0 && b[i - 1] == b'\\' {
                        continue;
                    }
                    assert_eq!(closing(b, i, esc), p.close_of(i), "{s:?} at {i}");
                }
            }
        }
    }

    #[test]
    fn a_backward_query_agrees_with_the_table_without_escapes() {
        for s in ["{a{b}c}", "((x)(y))", "[[a]", "a}b{c}", "(()"] {
            let b = s.as_bytes();
            for (i, &c) in b.iter().enumerate() {
                let (o, cl) = match c {
                    b'}' => (b'{', b'}'),
                    b')' => (b'(', b')'),
                    b']' => (b'[', b']'),
                    _ => continue,
                };
                // The table pairs left to right; a closing byte it leaves
                // unpaired (a stray one) may still find an opening backward,
                // so compare on the paired ones.
                let p = Pairs::scan(b, o, cl, Escapes::None);
                if let Some(open) = p.open_of(i) {
                    assert_eq!(opening(b, i), Some(open), "{s:?} at {i}");
                }
            }
        }
        assert_eq!(opening(b"x)", 1), None);
        assert_eq!(opening(b"x", 0), None);
    }

    /// The pass one byte at a time (no 16-byte steps): the reference for
    /// [`Pairs::scan`].
    fn pairs_by_bytes(t: &[u8], open: u8, close: u8, escapes: Escapes) -> Vec<(usize, usize)> {
        let (mut stack, mut found, mut i) = (Vec::new(), Vec::new(), 0);
        while i < t.len() {
            match t[i] {
                b'\\' if escapes == Escapes::Backslash => i += 1,
                c if c == open => stack.push(i),
                c if c == close => found.extend(stack.pop().map(|o| (o, i))),
                _ => {}
            }
            i += 1;
        }
        found.sort_unstable();
        found
    }

    #[test]
    fn the_table_is_the_pass_byte_by_byte() {
        // Fillers of 16 bytes and more without a bracket, and escapes across
        // every 16-byte boundary.
        let pieces = [
            "{",
            "}",
            "\\",
            "(",
            ")",
            "x",
            "é",
            "a long filler, no brackets ",
            "0123456789abcde",
        ];
        let mut glue = crate::text::Glue(29);
        let mut long = 0;
        for round in 0..4000 {
            let t = glue.text(&pieces, 1 + round % 60);
            long += usize::from(t.len() > 64);
            for (o, c) in [(b'{', b'}'), (b'(', b')')] {
                for esc in [Escapes::Backslash, Escapes::None] {
                    let p = Pairs::scan(t.as_bytes(), o, c, esc);
                    let got: Vec<_> = (0..t.len())
                        .filter_map(|i| p.close_of(i).map(|k| (i, k)))
                        .collect();
                    assert_eq!(got, pairs_by_bytes(t.as_bytes(), o, c, esc), "{t:?}");
                    for &(i, k) in &got {
                        assert_eq!(p.open_of(k), Some(i), "{t:?}");
                    }
                    let closing: Vec<_> = got.iter().map(|&(_, k)| k).collect();
                    for k in (0..t.len() + 70).filter(|k| !closing.contains(k)) {
                        assert_eq!(p.open_of(k), None, "{t:?} at {k}");
                    }
                }
            }
        }
        assert!(long > 1000, "{long}");
    }

    #[test]
    fn deep_nesting_is_linear_and_complete() {
        let n = 100_000;
        let s = format!("{}{}", "{".repeat(n), "}".repeat(n));
        let p = Pairs::scan(s.as_bytes(), b'{', b'}', Escapes::Backslash);
        assert_eq!(p.close_of(0), Some(2 * n - 1));
        assert_eq!(p.close_of(n - 1), Some(n));
    }

    #[test]
    fn an_escaped_backward_query_is_the_tables_answer() {
        let pieces = ["{", "}", "\\", "x", "é", "(", ")"];
        let mut glue = crate::text::Glue(5);
        for _ in 0..3000 {
            let s = glue.text(&pieces, 2);
            let b = s.as_bytes();
            for start in 0..=b.len().min(3) {
                for (o, cl) in [(b'{', b'}'), (b'(', b')')] {
                    let p = Pairs::scan(&b[start..], o, cl, Escapes::Backslash);
                    for at in 0..b.len() {
                        if b[at] != cl && kind(b[at]).is_some() {
                            continue; // the other table's bracket
                        }
                        let want = at
                            .checked_sub(start)
                            .and_then(|r| p.open_of(r))
                            .map(|k| k + start);
                        assert_eq!(
                            opening_escaped(b, start, start, at),
                            Some(want),
                            "{s:?} from {start} at {at}"
                        );
                        for floor in start..=at {
                            let got = opening_escaped(b, start, floor, at);
                            assert!(got.is_none() || got == Some(want), "{s:?} {floor}");
                        }
                    }
                }
            }
        }
    }
}
