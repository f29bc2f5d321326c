//! Retracted statements (MX-19): an explicit answer the response takes
//! back is not its answer. `The answer is 5. Wait, that's wrong: 3 + 4 =
//! 7, so the total is 7.` answered 5 (a false "equal" against 5, a miss
//! against 7); the answer is what the response says after the retraction
//! word (past a place it names: `a mistake in step 2`), read as the
//! fallback reads a response (MX-13, MX-14): 7. A retraction with nothing
//! after it is no answer.
//!
//! A retraction is a sentence after the statement (starting at most
//! [`MAX_RETRACTION_DISTANCE`] bytes after it) that opens with one of
//! [`OPENERS`] (`Wait`, `Hmm`, `Oops`, `Actually`, `But`, `No`, `I`,
//! `That`, `This`, …) and holds, in its first [`MAX_RETRACTION_BYTES`]
//! bytes, one of [`RETRACTIONS`] (`wrong`, `incorrect`, `mistake`, `an
//! error`, `wait, no`, …) as a word of its own (ASCII case ignored). A
//! sentence starts after `.`, `!` or `?` before white space, or after a
//! line break. A check that confirms the answer (`Let me verify: 2 + 3 =
//! 5.`) retracts nothing, and a sentence that only mentions an error
//! (`The error is 0.05.`) does not open like a retraction. In Chinese a
//! clause also starts after full-width `。，；！？`, and retracts when it
//! opens with one of [`ZH_OPENERS`] (不对, 等等, 我, …) and holds one of
//! [`ZH_RETRACTIONS`] (不对, 错, 有误, …): `答案是5，不对，应该是6。` is 6.
//!
//! # Differences with the document
//!
//! Document 004 takes the last box or phrase whatever follows it (its
//! `math.extract_answer` still does); this rule is the production
//! extraction's (spec/math.md MX-19).

use super::numbers::{run_after, word_before_in};
use super::phrases::ZH_STOPS;

/// The words that open a retraction (lowercase; then a non-letter).
pub const OPENERS: &[&str] = &[
    "wait",
    "hmm",
    "oops",
    "oh",
    "actually",
    "but",
    "however",
    "no",
    "correction",
    "hold",
    "i",
    "that",
    "that's",
    "this",
];

/// The words that take a statement back (lowercase; a word of their own,
/// `miscalculat` a prefix of its forms).
pub const RETRACTIONS: &[&str] = &[
    "wrong",
    "incorrect",
    "mistake",
    "mistaken",
    "miscalculat",
    "an error",
    "not right",
    "not correct",
    "not the correct",
    "not the right",
    "wait, no",
    "wait no",
    "no, wait",
    "no wait",
    "should be",
    "should have been",
];

/// The phrases that refine a stated value (lowercase; then a non-letter):
/// `about 100, but more precisely 98` and `3.14. More precisely, it is
/// 3.1416.` state the value after them (MX-19).
pub const REFINEMENTS: &[&str] = &[
    "more precisely",
    "more exactly",
    "more accurately",
    "to be precise",
    "to be exact",
    "to be more precise",
    "to be more exact",
    "or rather",
    "rather",
];

/// What a sentence that refines a value may say before it (lowercase):
/// `More precisely, it is 3.1416.`
const REFINED_LEADS: &[&str] = &[
    "it is ",
    "it's ",
    "the answer is ",
    "the correct answer is ",
    "the value is ",
    "we get ",
];

/// Where the refinement phrase of [`REFINEMENTS`] that `t` opens with
/// (ASCII case ignored, a word of its own) ends.
pub(super) fn refinement_at(t: &[u8]) -> Option<usize> {
    opening_of(t, REFINEMENTS)
}

/// The length of the phrase of `list` that `t` opens with (ASCII case
/// ignored), a non-letter after it.
fn opening_of(t: &[u8], list: &[&str]) -> Option<usize> {
    list.iter().find_map(|r| {
        let n = r.len();
        (t.len() > n && t[..n].eq_ignore_ascii_case(r.as_bytes()) && !t[n].is_ascii_alphabetic())
            .then_some(n)
    })
}

/// The words that correct a stated value when a lead of [`REFINED_LEADS`]
/// follows them (lowercase; then a non-letter): `The answer is 15, but
/// actually it is 12.`, `… 15. In fact, the answer is 12.`, `… 15.
/// However, it is 12.` state 12 (MX-19). Without the lead they state
/// nothing (`Actually, 3 of them are red.`, `However, 15 is too large.`).
pub const CORRECTIONS: &[&str] = &["actually", "in fact", "really", "however"];

/// The length of the lead of [`REFINED_LEADS`] that `t` opens with.
fn lead_at(t: &[u8]) -> Option<usize> {
    REFINED_LEADS
        .iter()
        .find(|l| t.len() >= l.len() && t[..l.len()].eq_ignore_ascii_case(l.as_bytes()))
        .map(|l| l.len())
}

/// Where the value after a correction that `t` opens with starts: one of
/// [`CORRECTIONS`], spaces, commas or colons, and one of [`REFINED_LEADS`].
pub(super) fn correction_at(t: &[u8]) -> Option<usize> {
    let n = opening_of(t, CORRECTIONS)?;
    let k = run_after(t, n, t.len(), |c| matches!(c, b' ' | b',' | b':'));
    lead_at(&t[k..]).map(|l| k + l)
}

/// Where the value after `but` and a lead starts in `t` (the text after
/// `but `): one of [`REFINED_LEADS`], then optionally one of
/// [`CORRECTIONS`] (`The answer is 15, but it is 12.`, `… 15, but it's
/// actually 12.`: 12, MX-19), when the rest of the statement is a plain
/// value: at most [`MAX_REFINED_BYTES`] bytes, without a comma, a relation
/// or a word of [`GOES_ON`] (`… 12, but it is 3 less than 15` compares,
/// it does not correct).
pub(super) fn but_lead_at(t: &[u8]) -> Option<usize> {
    let mut k = lead_at(t)?;
    if let Some(n) = opening_of(&t[k..], CORRECTIONS) {
        k = run_after(t, k + n, t.len(), |c| matches!(c, b' ' | b','));
    }
    let plain = short_rest(&t[k..]).is_some_and(|r| {
        !r.split(|c| !c.is_ascii_alphabetic())
            .any(|w| GOES_ON.iter().any(|g| w.eq_ignore_ascii_case(g.as_bytes())))
    });
    plain.then_some(k)
}

/// The sentence that `rest` opens, when it is short and plain enough to be
/// a value: at most [`MAX_REFINED_BYTES`] bytes to its end, without a
/// comma, a semicolon or a relation (`<`, `>`, `=`); read within those
/// bytes.
fn short_rest(rest: &[u8]) -> Option<&[u8]> {
    let end = sentence_end(rest, rest.len().min(MAX_REFINED_BYTES + 1));
    let r = &rest[..end];
    (end <= MAX_REFINED_BYTES
        && !r
            .iter()
            .any(|c| matches!(c, b',' | b';' | b'<' | b'>' | b'=')))
    .then_some(r)
}

/// The words after a value that make it part of a comparison, a condition
/// or a count of something else (lowercase): after `but it is` they keep
/// the stated value ([`but_lead_at`]).
const GOES_ON: [&str; 13] = [
    "than", "less", "more", "fewer", "greater", "smaller", "times", "if", "when", "for", "of",
    "per", "only",
];

/// The verbs that report a view (lowercase): `A common mistake is to say
/// the answer is 15.`, `Many students think the answer is 15.`
const VIEWS: [&str; 12] = [
    "say",
    "says",
    "think",
    "thinks",
    "believe",
    "believes",
    "guess",
    "guesses",
    "claim",
    "claims",
    "conclude",
    "concludes",
];

/// The words that may stand between a verb of [`VIEWS`] and the value
/// (lowercase): `say that the final answer is`, `think the answer would be`.
const VIEW_PHRASE: [&str; 20] = [
    "the", "that", "our", "my", "your", "their", "final", "correct", "answer", "is", "be", "was",
    "would", "will", "should", "must", "equals", "value", "result", "total",
];

/// The words that make a view someone's mistake, not the response's claim
/// (lowercase): before the verb in its sentence (`A common mistake is to
/// say`, `It is tempting to think`, `One might think`, `Many students
/// think`), or, for the adverbs among them, right before the phrase
/// (`Naively, the answer would be 15.`).
const MISTAKEN: [&str; 22] = [
    "mistake",
    "mistakes",
    "mistaken",
    "mistakenly",
    "error",
    "errors",
    "wrong",
    "wrongly",
    "incorrect",
    "incorrectly",
    "tempting",
    "tempted",
    "naive",
    "naively",
    "misconception",
    "pitfall",
    "trap",
    "might",
    "students",
    "people",
    "someone",
    "others",
];

/// The subjects that make a view the response's own (lowercase): `we can
/// say`, `I'd say`.
const SPEAKERS: [&str; 6] = ["i", "we", "i'd", "we'd", "i'll", "we'll"];

/// The adjectives that make the answer they name a wrong one (lowercase):
/// `The wrong answer would be 15.`, `A tempting wrong answer is 15.`, `The
/// naive answer is 15.`
const WRONG: [&str; 7] = [
    "wrong",
    "incorrect",
    "naive",
    "mistaken",
    "erroneous",
    "tempting",
    "distractor",
];

/// The adverbs of [`MISTAKEN`] that mark the phrase right after them.
const MISTAKEN_ADVERBS: [&str; 4] = ["naively", "mistakenly", "wrongly", "incorrectly"];

/// The words a statement names its answer with (lowercase): after one of
/// [`WRONG`] they name a wrong answer.
const NAMED: [&str; 4] = ["answer", "value", "result", "total"];

/// The lists of [`mistaken_view`] and the bit of each, in [`VIEW_TABLE`].
const VIEW_LISTS: [&[&str]; 7] = [
    &VIEW_PHRASE,
    &VIEWS,
    &MISTAKEN,
    &SPEAKERS,
    &WRONG,
    &MISTAKEN_ADVERBS,
    &NAMED,
];

/// The bits of [`VIEW_LISTS`]: a word of `VIEW_PHRASE`, of `VIEWS`, …
const IN_PHRASE: u8 = 1;
const IN_VIEWS: u8 = 2;
const IN_MISTAKEN: u8 = 4;
const IN_SPEAKERS: u8 = 8;
const IN_WRONG: u8 = 16;
const IN_ADVERBS: u8 = 32;
const IN_NAMED: u8 = 64;

/// The words of every list of [`VIEW_LISTS`] with the bit of their list,
/// grouped by first letter (those of `a`, then of `b`, …; [`VIEW_STARTS`]
/// says where each group starts): a word is compared with the few of its
/// letter only, not with the 75 of the lists.
const VIEW_TABLE: [(&str, u8); VIEW_WORDS] = {
    let mut t = [("", 0u8); VIEW_WORDS];
    let mut n = 0;
    let mut letter = b'a';
    while letter <= b'z' {
        let mut l = 0;
        while l < VIEW_LISTS.len() {
            let mut k = 0;
            while k < VIEW_LISTS[l].len() {
                let w = VIEW_LISTS[l][k];
                if w.as_bytes()[0] == letter {
                    t[n] = (w, 1 << l);
                    n += 1;
                }
                k += 1;
            }
            l += 1;
        }
        letter += 1;
    }
    assert!(n == VIEW_WORDS);
    t
};

/// How many words [`VIEW_LISTS`] hold.
const VIEW_WORDS: usize = {
    let mut n = 0;
    let mut l = 0;
    while l < VIEW_LISTS.len() {
        n += VIEW_LISTS[l].len();
        l += 1;
    }
    n
};

/// Where the words of each first letter start in [`VIEW_TABLE`] (and,
/// last, its length).
const VIEW_STARTS: [usize; 27] = {
    let mut starts = [0; 27];
    let mut letter = 0;
    let mut n = 0;
    while letter < 26 {
        starts[letter] = n;
        while n < VIEW_WORDS && VIEW_TABLE[n].0.as_bytes()[0] == b'a' + letter as u8 {
            n += 1;
        }
        letter += 1;
    }
    starts[26] = n;
    starts
};

/// The bits of the lists of [`VIEW_LISTS`] that hold `w` (ASCII case
/// ignored): the words of its first letter only are compared.
fn view_bits(w: &[u8]) -> u8 {
    let Some(l) = w
        .first()
        .map(|c| (c | 0x20).wrapping_sub(b'a'))
        .filter(|&l| l < 26)
    else {
        return 0;
    };
    let l = usize::from(l);
    VIEW_TABLE[VIEW_STARTS[l]..VIEW_STARTS[l + 1]]
        .iter()
        .filter(|(x, _)| x.len() == w.len() && w.eq_ignore_ascii_case(x.as_bytes()))
        .fold(0, |bits, (_, b)| bits | b)
}

/// The most bytes [`mistaken_view`] reads back from the value.
pub const MAX_VIEW_BYTES: usize = 96;

/// Whether the statement whose answer starts at `at` (its sentence not
/// before `from`) reports a mistaken view rather than the response's own
/// answer (MX-19): back from the answer, only words of [`VIEW_PHRASE`],
/// then a verb of [`VIEWS`] with a word of [`MISTAKEN`] before it in its
/// sentence, or one of [`MISTAKEN_ADVERBS`] (`A common mistake is to say
/// the answer is 15.`, `One might think the answer is 15.`), or one of
/// [`WRONG`] before `answer`, `value`, `result` or `total` (`The wrong
/// answer would be 15.`). `I think the answer is 12.` states 12. Read
/// within [`MAX_VIEW_BYTES`].
pub(super) fn mistaken_view(b: &[u8], from: usize, at: usize) -> bool {
    let from = from.max(at.saturating_sub(MAX_VIEW_BYTES));
    if at > from && b[at - 1] >= 0x80 {
        return mistaken_view_zh(&b[from..at]);
    }
    // The words back from `at` (letters and `'`), over spaces and the
    // marks a statement holds (`:`, `$`, `*`, `,`); `None` at a sentence's
    // end or at `from`.
    let word_back = |k: usize| {
        let gap = |c: u8| matches!(c, b' ' | b':' | b'$' | b'*' | b',');
        let (s, e) = word_before_in(b, from, k, gap, |c| c.is_ascii_alphabetic() || c == b'\'');
        (s < e).then_some((s, e))
    };
    let mut k = at;
    // (The word read before: `answer` after `wrong`.)
    let mut named = false;
    while let Some((s, e)) = word_back(k) {
        let bits = view_bits(&b[s..e]);
        if bits & IN_ADVERBS != 0 || named && bits & IN_WRONG != 0 {
            return true;
        }
        named = bits & IN_NAMED != 0;
        if bits & IN_VIEWS != 0 {
            // A word of MISTAKEN before the verb, in its sentence, with no
            // `I` or `we` between (`After fixing the error, we can say the
            // answer is 12.` states 12).
            let mut j = s;
            while let Some((v, f)) = word_back(j) {
                let bits = view_bits(&b[v..f]);
                if bits & IN_SPEAKERS != 0 {
                    return false;
                }
                if bits & IN_MISTAKEN != 0 {
                    return true;
                }
                j = v;
            }
            return false;
        }
        if bits & IN_PHRASE == 0 {
            return false;
        }
        k = s;
    }
    false
}

/// The words of a mistaken view in Chinese (以为 "wrongly think", 误 "by
/// mistake": `容易误以为答案是15`), and the verbs of a view (认为, 觉得
/// "think") that a subject of [`ZH_OTHERS`] makes someone's mistake
/// (`很多同学认为答案是15`).
const ZH_MISTAKEN: [&str; 2] = ["以为", "误"];

/// The Chinese verbs of a view (认为, 觉得: "think").
const ZH_VIEWS: [&str; 2] = ["认为", "觉得"];

/// The Chinese subjects and words that make a view someone else's or a
/// trap: 同学 "students", 学生, 有人 "someone", 很多人 "many people", 容易
/// "easy to", 可能会 "might".
const ZH_OTHERS: [&str; 6] = ["同学", "学生", "有人", "很多人", "容易", "可能会"];

/// [`mistaken_view`] in Chinese: `t` the bytes before the answer; its last
/// clause (after the last of [`ZH_STOPS`]) holds one of
/// [`ZH_MISTAKEN`], or one of [`ZH_VIEWS`] after one of [`ZH_OTHERS`]
/// without 我 ("I", "we": 我认为答案是12 states 12).
fn mistaken_view_zh(t: &[u8]) -> bool {
    let from = ZH_STOPS
        .iter()
        .filter_map(|p| {
            let p = p.as_bytes();
            t.windows(p.len())
                .rposition(|w| w == p)
                .map(|k| k + p.len())
        })
        .max()
        .unwrap_or(0);
    let clause = &t[from..];
    let holds = |w: &str| clause.windows(w.len()).any(|x| x == w.as_bytes());
    ZH_MISTAKEN.iter().any(|w| holds(w))
        || (ZH_VIEWS.iter().any(|w| holds(w)) && ZH_OTHERS.iter().any(|w| holds(w)) && !holds("我"))
}

/// Whether the sentence opening `t` refines the value stated before it
/// ([`REFINEMENTS`], then a value, after one of [`REFINED_LEADS`] or
/// none; or a correction, [`correction_at`]): where the value starts.
/// `More precisely, we rounded it.` states no value: not one.
fn refines(t: &[u8]) -> Option<usize> {
    let k = match refinement_at(t) {
        Some(n) => {
            let k = run_after(t, n, t.len(), |c| matches!(c, b' ' | b',' | b':'));
            k + lead_at(&t[k..]).unwrap_or(0)
        }
        // (`… 15. But it is 12.`: `but` and a lead.)
        None => correction_at(t).or_else(|| {
            let n = opening_of(t, &["but"])?;
            let k = run_after(t, n, t.len(), |c| matches!(c, b' ' | b','));
            but_lead_at(&t[k..]).map(|l| k + l)
        })?,
    };
    // The value is what the sentence says after the phrase: a short rest
    // without a comma or a relation (`To be more precise, $\sqrt{50}>7$,
    // but …` explains, it states no value).
    let rest = &t[k..];
    let plain = short_rest(rest).is_some_and(|r| {
        !r.iter().any(|c| *c >= 0x80) && !r.windows(3).any(|w| w == b"\\le" || w == b"\\ge")
    });
    (plain && value_follows(rest)).then_some(k)
}

/// The longest value a refinement sentence states (bytes, up to its end):
/// `3.1416`, `$\frac{22}{7}$ meters`.
const MAX_REFINED_BYTES: usize = 48;

/// The words that open a retraction in Chinese (MX-19): 不对 "not right",
/// 不 "no", 等等 and 等一下 "wait", 哦, 啊, 糟糕 "oops", 抱歉 "sorry", 我 "I",
/// 刚才 "just now", 上面 and 前面 "above", 这 "this", 但 and 但是 "but",
/// 可是, 不过, 其实 "in fact", 实际上 "actually", 更正 "correction".
pub const ZH_OPENERS: &[&str] = &[
    "不对",
    "不",
    "等等",
    "等一下",
    "哦",
    "啊",
    "糟糕",
    "抱歉",
    "我",
    "刚才",
    "上面",
    "前面",
    "这",
    "但",
    "可是",
    "不过",
    "其实",
    "实际上",
    "更正",
];

/// The words that take a statement back in Chinese: 不对 "not right", 错
/// "wrong" (错了, 算错, 错误; not after 没 or 不: 没错 and 不错 say it is
/// right), 有误 "in error", 不正确 "incorrect", 应该是 "should be".
pub const ZH_RETRACTIONS: &[&str] = &["不对", "错", "有误", "不正确", "应该是"];

/// How far into a sentence its retraction word may stand (bytes).
pub const MAX_RETRACTION_BYTES: usize = 80;

/// The reason of a response that takes back its only stated answer and
/// states none after it (MX-19).
pub const RETRACTED: &str = "the stated answer is taken back";

/// How far after the statement a retraction may start (bytes): a model
/// takes an answer back right after stating it; a sentence further on is
/// not read (the statement stays), so the search costs a bounded amount
/// whatever follows.
pub const MAX_RETRACTION_DISTANCE: usize = 512;

/// Where what the first sentence after `text[reach..end]`'s statement
/// that retracts it says after its retraction word starts, if one does
/// (the sentence within [`MAX_RETRACTION_DISTANCE`] bytes of `reach`).
pub(super) fn retraction(text: &str, reach: usize, end: usize) -> Option<usize> {
    let b = text.as_bytes();
    let stop = end.min(reach.saturating_add(MAX_RETRACTION_DISTANCE));
    let mut k = reach;
    while k < stop {
        // The next sentence start.
        let c = b[k];
        k += 1;
        let ends = match c {
            b'\n' => true,
            b'.' | b'!' | b'?' => k == end || b[k].is_ascii_whitespace(),
            // Full-width punctuation ends a Chinese clause (MX-11's
            // ZH_STOPS; a retraction often follows a comma:
            // `答案是5，不对，应该是6。`).
            0xE3 | 0xEF => {
                let stop = ZH_STOPS
                    .iter()
                    .find(|p| b[k - 1..end].starts_with(p.as_bytes()));
                if let Some(p) = stop {
                    k += p.len() - 1;
                }
                stop.is_some()
            }
            _ => false,
        };
        if !ends {
            continue;
        }
        let mut s = k;
        while s < end && (b[s].is_ascii_whitespace() || b[s] == b'*') {
            s += 1;
        }
        if s < stop {
            let retracted = if b[s] >= 0xE4 {
                retracts_zh(&text[s..end])
            } else {
                refines(&b[s..end]).or_else(|| retracts(&b[s..end]))
            };
            if let Some(after) = retracted {
                return Some(s + after);
            }
        }
    }
    None
}

/// Whether the sentence opening `t` is a retraction: where what it says
/// after its retraction word starts (past a place the word names: `a
/// mistake in step 2`, `an error on line 4`, see [`past_place`]).
fn retracts(t: &[u8]) -> Option<usize> {
    let word_end = t
        .iter()
        .position(|c| !(c.is_ascii_alphabetic() || *c == b'\''))
        .unwrap_or(t.len());
    let first = &t[..word_end];
    if !OPENERS
        .iter()
        .any(|o| first.eq_ignore_ascii_case(o.as_bytes()))
    {
        return None;
    }
    // The sentence's first bytes, up to its end.
    let stop = sentence_end(t, t.len().min(MAX_RETRACTION_BYTES));
    let s = &t[..stop];
    // At each word's start, the retractions that start with its letter.
    (0..s.len()).find_map(|i| {
        let word_start = i == 0 || !s[i - 1].is_ascii_alphabetic();
        if !word_start {
            return None;
        }
        RETRACTIONS.iter().find_map(|r| {
            let r = r.as_bytes();
            if !s.get(i..i + r.len())?.eq_ignore_ascii_case(r) {
                return None;
            }
            // A word of its own (`miscalculat` the prefix of its forms):
            // what follows starts past the word's end.
            let k = i + r.len();
            let end = run_after(s, k, s.len(), |c| c.is_ascii_alphabetic());
            // (`should be` corrects only with a value after it: `it should
            // be 6`, not `that should be right`.)
            let corrects = !r.starts_with(b"should") || value_follows(&t[end..]);
            ((end == k || r.ends_with(b"miscalculat")) && corrects && !negated(&s[..i]))
                .then(|| past_place(t, end))
        })
    })
}

/// Where the sentence opening `t` ends within its first `limit` bytes: a
/// line break, or `.`, `!`, `?` before white space or the end of `t`;
/// `limit` when none does.
fn sentence_end(t: &[u8], limit: usize) -> usize {
    t[..limit]
        .iter()
        .enumerate()
        .position(|(i, &c)| {
            c == b'\n'
                || (matches!(c, b'.' | b'!' | b'?')
                    && t.get(i + 1).is_none_or(u8::is_ascii_whitespace))
        })
        .unwrap_or(limit)
}

/// Whether the Chinese clause opening `t` is a retraction (MX-19): it
/// opens with one of [`ZH_OPENERS`] and holds one of [`ZH_RETRACTIONS`]
/// in its first [`MAX_RETRACTION_BYTES`] bytes (up to `。`, `！`, `？` or
/// a line break), or it is `不` alone before a comma (`不，答案是6`); where
/// what it says after that word starts.
fn retracts_zh(t: &str) -> Option<usize> {
    let opener = ZH_OPENERS.iter().find(|o| t.starts_with(*o))?;
    if *opener == "不" && (t[3..].starts_with('，') || t[3..].starts_with(',')) {
        return Some(3);
    }
    let mut limit = t.len().min(MAX_RETRACTION_BYTES);
    while !t.is_char_boundary(limit) {
        limit -= 1;
    }
    let clause = &t[..limit];
    let clause = &clause[..clause
        .find(['。', '！', '？', '\n'])
        .unwrap_or(clause.len())];
    clause.char_indices().find_map(|(i, _)| {
        let w = ZH_RETRACTIONS
            .iter()
            .find(|w| clause[i..].starts_with(*w))?;
        // (没错, 不错, 没有错误: it is right; 应该是 corrects only with a
        // value after it, not 应该是对的.)
        let denied = *w == "错"
            && ["没", "不", "没有", "无"]
                .iter()
                .any(|n| clause[..i].ends_with(n));
        let corrects = *w != "应该是" || value_follows(&t.as_bytes()[i + w.len()..]);
        (!denied && corrects).then_some(i + w.len())
    })
}

/// Whether a value follows (after spaces and a colon): a digit, a sign, a
/// math delimiter or a command.
fn value_follows(t: &[u8]) -> bool {
    let k = run_after(t, 0, t.len(), |c| matches!(c, b' ' | b':'));
    t.get(k)
        .is_some_and(|c| c.is_ascii_digit() || matches!(c, b'$' | b'\\' | b'-' | b'('))
}

/// The words that name a place in a solution (lowercase): `step 2`,
/// `line 4`, `equation (3)` is where an error is, not an answer.
pub const PLACES: &[&str] = &[
    "step", "line", "part", "case", "equation", "eq", "row", "stage", "term", "problem", "question",
];

/// `k` past a place named right after a retraction word: spaces, `in`,
/// `at`, `on` or `of`, spaces, `the` optionally, one of [`PLACES`], spaces
/// and its label (digits, letters, `.` and brackets: `2`, `(3)`, `4b`);
/// `k` itself when none is.
fn past_place(t: &[u8], k: usize) -> usize {
    // (The place follows the word: its first 64 bytes are read; a label
    // reaching past them is not skipped, so no part of it is read as a
    // number.)
    let whole = t.len();
    let t = &t[..whole.min(k + 64)];
    let word = |at: usize| {
        let at = run_after(t, at, t.len(), |c| c == b' ');
        (at, run_after(t, at, t.len(), |c| c.is_ascii_alphabetic()))
    };
    let is = |(s, e): (usize, usize), words: &[&str]| {
        words
            .iter()
            .any(|w| t[s..e].eq_ignore_ascii_case(w.as_bytes()))
    };
    let prep = word(k);
    if prep.0 == k || !is(prep, &["in", "at", "on", "of"]) {
        return k;
    }
    let mut place = word(prep.1);
    if is(place, &["the"]) {
        place = word(place.1);
    }
    if place.0 == place.1 || !is(place, PLACES) {
        return k;
    }
    let label = run_after(t, place.1, t.len(), |c| c == b' ');
    let end = run_after(t, label, t.len(), |c| {
        c.is_ascii_alphanumeric() || matches!(c, b'(' | b')' | b'.')
    });
    // (A sentence's period after the label is no part of it.)
    let end = if end > label && t[end - 1] == b'.' {
        end - 1
    } else {
        end
    };
    if label == place.1
        || !t[label..end].iter().any(u8::is_ascii_digit)
        || (end == t.len() && t.len() < whole)
    {
        return k;
    }
    end
}

/// Whether the words before a retraction word deny it (`no mistake`, `not
/// wrong`, `isn't wrong`, `nothing wrong`, `never wrong`).
fn negated(before: &[u8]) -> bool {
    ["no ", "not ", "n't ", "nothing ", "never "]
        .iter()
        .any(|n| {
            before.len() >= n.len()
                && before[before.len() - n.len()..].eq_ignore_ascii_case(n.as_bytes())
        })
}

#[cfg(test)]
mod tests {
    use super::super::locate_default;
    use super::{VIEW_LISTS, view_bits};

    /// The table of [`view_bits`] holds each word of each list with its
    /// list's bit, in either case, and no other word.
    #[test]
    fn view_bits_are_the_lists() {
        let all: Vec<&str> = VIEW_LISTS.iter().flat_map(|l| l.iter().copied()).collect();
        for w in all
            .iter()
            .chain(&["so", "thee", "answers", "x", "'", "zz", "mistakes'"])
        {
            let want = VIEW_LISTS
                .iter()
                .enumerate()
                .filter(|(_, l)| l.contains(w))
                .fold(0u8, |b, (k, _)| b | 1 << k);
            assert_eq!(view_bits(w.as_bytes()), want, "{w}");
            assert_eq!(view_bits(w.to_uppercase().as_bytes()), want, "{w}");
        }
    }

    /// A statement taken back is not the answer: what follows the
    /// retraction is; checks and mentions of an error retract nothing.
    #[test]
    fn a_retracted_statement_is_not_the_answer() {
        for (response, want) in [
            (
                "The answer is 5.\n\nWait, I made an error: 3 + 4 = 7, so the total is 7.",
                Ok("7"),
            ),
            (
                "The answer is 5. Wait, that's wrong. It should be 7.",
                Ok("7"),
            ),
            (
                "The answer is 5. But this is not the correct answer, it is 7.",
                Ok("7"),
            ),
            (
                "The answer is 5. But this is not the right answer because",
                Err("the stated answer is taken back"),
            ),
            (
                "**Answer:** 5\n\nWait, no. Recount: 3 + 4 = 7. The correct total is 7.",
                Ok("7"),
            ),
            (
                "The answer is $\\boxed{5}$. Oops, mistake: it is $x = 7$.",
                Ok("7"),
            ),
            (
                "Final answer: 5. HOLD ON, that is incorrect; the sum is 9",
                Ok("9"),
            ),
            (
                "The answer is 5. I miscalculated the second term: 12 in all.",
                Ok("12"),
            ),
            // Retracted with nothing after it.
            (
                "The answer is 5. But that's wrong.",
                Err("the stated answer is taken back"),
            ),
            // Not retractions: a check, an error mentioned, a question.
            (
                "The answer is 5. Let me verify: 2 + 3 = 5, correct.",
                Ok("5"),
            ),
            ("The answer is 5. The error is at most 0.05.", Ok("5")),
            (
                "The answer is 5. Wait, let me double-check: 2 + 3 = 5. Yes.",
                Ok("5"),
            ),
            ("The answer is 5. This is not wrongly stated.", Ok("5")),
            ("The answer is 3.5! No mistake here.", Ok("3.5")),
            ("The answer is 5. That isn't wrong.", Ok("5")),
            ("The answer is 5. I see nothing wrong with it.", Ok("5")),
            // What the retraction says after its word: a place it names
            // (`step 2`) is no answer, nor a number before the word.
            (
                "The answer is 3. Wait, I made an error in step 4.",
                Err("the stated answer is taken back"),
            ),
            (
                "The answer is 5. I think I made a mistake in step 2, but the answer stands.",
                Err("the stated answer is taken back"),
            ),
            (
                "The answer is 5. Actually it's 7; the 5 was a mistake.",
                Err("the stated answer is taken back"),
            ),
            (
                "The answer is 5. Wait, I made a mistake in step 2: 3 + 4 = 7, so the total is 7.",
                Ok("7"),
            ),
            (
                "The answer is 5. Oops, an error on line (3). The sum is 8.",
                Ok("8"),
            ),
            (
                "The answer is 5. Hmm, a mistake in the first step. It is 6 in all.",
                Ok("6"),
            ),
            (
                "The answer is 5. I miscalculated in step 3.",
                Err("the stated answer is taken back"),
            ),
            // A view reported as a mistake (sixteenth session), and views
            // that are the response's own.
            (
                "A common mistake is to say the answer is 15.",
                Err("the stated answer is taken back"),
            ),
            (
                "One might think the answer is 15. The correct count is 12.",
                Ok("12"),
            ),
            (
                "It's tempting to conclude that the final answer is $15$.",
                Err("the stated answer is taken back"),
            ),
            (
                "Students often think the answer is 15.",
                Err("the stated answer is taken back"),
            ),
            ("I think the answer is 12.", Ok("12")),
            ("It is safe to say the answer is 12.", Ok("12")),
            (
                "After fixing the error, we can say the answer is 12.",
                Ok("12"),
            ),
            (
                "容易误以为答案是15。",
                Err("the stated answer is taken back"),
            ),
            ("很多同学认为答案是15，但其实是12。", Ok("12")),
            ("我认为答案是12。", Ok("12")),
            // (In the fallback, not a statement: ruled out, MX-20's reason.)
            (
                "The wrong answer would be 15.",
                Err("the last formula or number is ruled out or a bound (not …, less than …)"),
            ),
            (
                "An incorrect answer is 15.",
                Err("the stated answer is taken back"),
            ),
            (
                "Naively, the answer would be 15.",
                Err(super::super::negations::NEGATED),
            ),
            (
                "A tempting wrong answer is 15; the correct answer is 12.",
                Ok("12"),
            ),
            ("The final answer is 12.", Ok("12")),
            // `but` and a lead correct the value; a comparison does not.
            ("The answer is 15, but it is 12.", Ok("12")),
            ("The answer is 15, but it's actually 12.", Ok("12")),
            ("The answer is $15$, but it is $12$.", Ok("$12$")),
            ("The answer is 15. But it is 12.", Ok("12")),
            ("The answer is 12, but it is 3 less than 15.", Ok("12")),
            ("The answer is 12, but it is only an estimate.", Ok("12")),
            // (A comma ending the statement after its span: no refinement.)
            ("The answer is $15$, ", Ok("15")),
        ] {
            let got = locate_default(response, false).map(|x| x.answer);
            assert_eq!(got.as_deref().map_err(|e| *e), want, "{response:?}");
        }
        // A retraction more than MAX_RETRACTION_DISTANCE bytes after the
        // statement is not read; one just within it is.
        for (filler, want) in [(super::MAX_RETRACTION_DISTANCE, "5"), (400, "7")] {
            let r = format!(
                "The answer is 5. {} Wait, that's wrong: it is 7.",
                "Checking. ".repeat(filler / 10)
            );
            assert_eq!(locate_default(&r, false).unwrap().answer, want, "{filler}");
        }
    }
}
