//! Levenshtein edit distance, generic over sequences.
//!
//! The distance between two sequences is the least number of single-element
//! insertions, deletions and substitutions that turn one into the other.
//! Strings are compared by Unicode scalar value (`char`), so `"é"` is one
//! element whether or not the text is ASCII; integer sequences (the sentence
//! orderings of document 001) use the same function.
//!
//! Two algorithms give the same answer: the classic dynamic programme on one
//! row (`O(|a|·|b|)` time, `O(min)` memory) and, for the sentence matching of
//! `puzzles.unscrambling`, Myers' bit-parallel algorithm with a cut-off
//! ([`Pattern`]), which compares a pattern of up to 64 elements with a text in
//! `O(|text|)` word operations.
//!
//! # Differences with the document
//!
//! None: the distance is the textbook one; it agrees with rapidfuzz 3.14.6 on
//! every recorded case (`conformance/differential/levenshtein-rapidfuzz.jsonl`).

/// The Levenshtein distance between two sequences.
///
/// Range: `0 ..= max(a.len(), b.len())`; 0 exactly when `a == b`.
///
/// ```
/// use scorespec::text::levenshtein::distance;
/// // Document 001: d([0,1,2], [0,2,1]) = 2 and d([0,1,2], [1,0,2]) = 2.
/// assert_eq!(distance(&[0, 1, 2], &[0, 2, 1]), 2);
/// assert_eq!(distance(&[0, 1, 2], &[1, 0, 2]), 2);
/// assert_eq!(distance(&['k', 'i', 't', 't', 'e', 'n'], &['s', 'i', 't', 't', 'i', 'n', 'g']), 3);
/// ```
pub fn distance<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    // Common prefix and suffix never need an edit.
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[prefix..], &b[prefix..]);
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (a, b) = (&a[..a.len() - suffix], &b[..b.len() - suffix]);
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    if short.is_empty() {
        return long.len();
    }
    // row[j] = distance(long[..i], short[..j]) for the current i.
    let mut row: Vec<usize> = (0..=short.len()).collect();
    for (i, x) in long.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, y) in short.iter().enumerate() {
            let substitution = diagonal + usize::from(x != y);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[short.len()]
}

/// The Levenshtein distance between two strings, by Unicode scalar value.
///
/// ```
/// use scorespec::text::levenshtein::str_distance;
/// assert_eq!(str_distance("kitten", "sitting"), 3);
/// assert_eq!(str_distance("café", "cafe"), 1);
/// assert_eq!(str_distance("", "abc"), 3);
/// ```
pub fn str_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    distance(&a, &b)
}

/// A string prepared for many distance computations against other strings.
///
/// Patterns of at most 64 characters use Myers' bit-parallel algorithm (one
/// machine word per text character); longer ones fall back to [`distance`].
#[derive(Debug, Clone)]
pub struct Pattern {
    chars: Vec<char>,
    /// For each ASCII character of a short pattern, the bit mask of its positions.
    ascii: [u64; 128],
    /// The same for the other characters, sorted by character.
    masks: Vec<(char, u64)>,
}

impl Pattern {
    /// Prepares `text` as a pattern.
    pub fn new(text: &str) -> Pattern {
        let chars: Vec<char> = text.chars().collect();
        let mut ascii = [0u64; 128];
        let mut masks: Vec<(char, u64)> = Vec::new();
        if chars.len() <= 64 {
            for (i, &c) in chars.iter().enumerate() {
                if c.is_ascii() {
                    ascii[c as usize] |= 1 << i;
                } else {
                    match masks.iter_mut().find(|(d, _)| *d == c) {
                        Some((_, m)) => *m |= 1 << i,
                        None => masks.push((c, 1 << i)),
                    }
                }
            }
            masks.sort_unstable_by_key(|&(c, _)| c);
        }
        Pattern {
            chars,
            ascii,
            masks,
        }
    }

    /// The pattern's length in characters.
    pub fn len(&self) -> usize {
        self.chars.len()
    }

    /// Whether the pattern is empty.
    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    fn mask(&self, c: char) -> u64 {
        if c.is_ascii() {
            return self.ascii[c as usize];
        }
        self.masks
            .binary_search_by_key(&c, |&(d, _)| d)
            .map_or(0, |i| self.masks[i].1)
    }

    /// The distance to `text` if it is below `bound`, else `None`.
    ///
    /// ```
    /// use scorespec::text::levenshtein::Pattern;
    /// let p = Pattern::new("kitten");
    /// let sitting: Vec<char> = "sitting".chars().collect();
    /// assert_eq!(p.distance_below(&sitting, 4), Some(3));
    /// assert_eq!(p.distance_below(&sitting, 3), None);
    /// ```
    pub fn distance_below(&self, text: &[char], bound: usize) -> Option<usize> {
        let m = self.chars.len();
        if m.abs_diff(text.len()) >= bound {
            return None;
        }
        let d = if m == 0 {
            text.len()
        } else if m > 64 {
            distance(&self.chars, text)
        } else {
            self.myers(text, bound)?
        };
        (d < bound).then_some(d)
    }

    /// Myers (1999) / Hyyrö (2001): the edit distance of the whole pattern
    /// against the whole text, bit-parallel over the pattern's positions;
    /// `None` as soon as it can no longer fall below `bound` (each remaining
    /// text character lowers the running score by at most one).
    fn myers(&self, text: &[char], bound: usize) -> Option<usize> {
        let m = self.chars.len();
        let last = 1u64 << (m - 1);
        let mut vp: u64 = if m == 64 { u64::MAX } else { (1u64 << m) - 1 };
        let mut vn: u64 = 0;
        let mut score = m;
        for (k, &c) in text.iter().enumerate() {
            let eq = self.mask(c);
            let xv = eq | vn;
            let xh = (((eq & vp).wrapping_add(vp)) ^ vp) | eq;
            let mut hp = vn | !(xh | vp);
            let mut hn = vp & xh;
            if hp & last != 0 {
                score += 1;
            } else if hn & last != 0 {
                score -= 1;
            }
            hp = (hp << 1) | 1;
            hn <<= 1;
            vp = hn | !(xv | hp);
            vn = hp & xv;
            if score >= bound.saturating_add(text.len() - k - 1) {
                return None;
            }
        }
        Some(score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn myers_agrees_with_the_dynamic_programme() {
        let words = [
            "",
            "a",
            "ab",
            "ba",
            "kitten",
            "sitting",
            "café",
            "cafe",
            "Saturday",
            "Sunday",
            "The hero wakes up",
            "He fights the dragon",
            "He wins the gold",
            "ΣΟΦΟΣ σοφος",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab",
            "baaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac",
        ];
        for a in words {
            let p = Pattern::new(a);
            for b in words {
                let bc: Vec<char> = b.chars().collect();
                let d = str_distance(a, b);
                assert_eq!(p.distance_below(&bc, usize::MAX), Some(d), "{a:?} {b:?}");
                assert_eq!(p.distance_below(&bc, d), None);
            }
        }
    }

    #[test]
    fn bounded_by_the_longer_length() {
        assert_eq!(distance(&[1, 2, 3], &[4, 5]), 3);
        assert_eq!(distance::<u8>(&[], &[]), 0);
    }
}
