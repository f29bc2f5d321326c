//! Cut-off responses (MX-15): a response that ends on an operator, inside a
//! display, an environment, a `$…$` formula or a brace group, or in the
//! middle of a sentence was cut off before its answer.
//!
//! # Differences with the document
//!
//! Document 004 takes the last number of any response; a cut-off response
//! is `no_answer` here, with the reason (spec/math.md MX-15).

use super::{NoAnswerReason, Skipper, rfind_byte};

/// Words after which a sentence cannot end (MX-15: a response that ends on
/// one was cut off).
pub(super) const FUNCTION_WORDS: &[&str] = &[
    "the", "a", "an", "of", "to", "and", "or", "is", "are", "be", "we", "by", "with", "for", "in",
    "that", "then", "so", "as", "if", "because", "since", "which", "this", "from", "into", "on",
    "at", "than", "get", "gives", "equals", "its", "their", "our", "let", "has", "have",
];

/// Why a response (trimmed) was cut off, if it was (MX-15): it ends on an
/// operator, inside a display, an environment, a `$…$` formula or a brace
/// group, in the middle of a sentence, or in a loop ([`cut_in_loop`]; a
/// code block left open is read over the whole response,
/// [`cut_in_code_block`]). `t` is the window read (its last
/// 4 KiB), `before` the response before it, `para` where the last
/// paragraph of `t` starts ([`paragraph_start`]) and `nl` its last line
/// break: the caller reads them once, for the readers after it too.
pub(super) fn truncated(
    t: &str,
    before: &str,
    para: usize,
    nl: Option<usize>,
) -> Option<NoAnswerReason> {
    cut_in_formula(t, before, para)
        .or_else(|| cut_at_heading(t, nl))
        .or_else(|| cut_at_list_item(t, nl))
        .or_else(|| cut_in_table_row(t, nl))
        .or_else(|| cut_in_sentence(t))
        .or_else(|| cut_on_connective(t))
        .or_else(|| cut_in_step(t, nl))
        .or_else(|| cut_in_loop(t))
}

/// The reason of a response whose last code fence opens a block
/// ([`cut_in_code_block`]).
pub(super) const IN_CODE_BLOCK: NoAnswerReason = "cut off: the response ends inside a code block";

/// The reason of a response that ends repeating one piece of text
/// ([`cut_in_loop`]).
pub(super) const IN_LOOP: NoAnswerReason =
    "cut off: the response ends in a loop (it repeats one piece of text)";

/// Why `text` (a whole response, or all of it read) ends inside a fenced
/// code block, if it does (MX-15): it holds an odd number of fence lines
/// (a line that opens with three backticks, spaces and tabs before them
/// allowed), so the last one opened a block that never closed. The code's
/// last number is no answer (`Let's verify this with code.⏎```python⏎a =
/// -1`, a real rollout cut off there). One pass over the text's backticks.
pub(super) fn cut_in_code_block(text: &str) -> Option<NoAnswerReason> {
    (fence_lines(text, 0, text.len()) % 2 == 1).then_some(IN_CODE_BLOCK)
}

/// How many fence lines of `text` (a line that opens with three backticks,
/// spaces and tabs before them allowed; a run of four is one fence, read
/// at its first three) start in `text[from..to]` (MX-5, MX-15): an odd
/// count there means a code block opened in it and not closed. Most texts
/// hold no fence: a vector search for two backticks says so (the standard
/// library's vector search gives up on three equal bytes), then one pass
/// over the backticks.
pub(super) fn fence_lines(text: &str, from: usize, to: usize) -> usize {
    let Some(t) = text.get(from..to) else {
        return 0;
    };
    if !crate::text::holds_str(t, "``") {
        return 0;
    }
    let b = text.as_bytes();
    t.match_indices("```")
        .filter(|&(k, _)| {
            let k = from + k;
            let indent = b[..k]
                .iter()
                .rev()
                .take_while(|&&c| c == b' ' || c == b'\t')
                .count();
            k == indent || b[k - indent - 1] == b'\n'
        })
        .count()
}

/// The most bytes [`cut_in_loop`] reads back from the end of a response.
pub(super) const LOOP_WINDOW: usize = 1024;

/// The fewest bytes the repeated text at the end of a response covers for
/// [`cut_in_loop`] to read a loop.
const MIN_LOOP_BYTES: usize = 96;

/// The fewest times a piece of text repeats at the end of a response for
/// [`cut_in_loop`] to read a loop.
const MIN_LOOP_TURNS: usize = 3;

/// The shortest piece that repeats in a loop whose numbers change
/// ([`cut_in_loop`]): a sentence or a case, not an item of a list
/// (`x = 1 and x = 2 and …` is no loop).
const MIN_VARYING_PIECE: usize = 24;

/// Why `t` ends in a loop, if it does (MX-15): its last bytes (at least
/// [`MIN_LOOP_BYTES`], within its last [`LOOP_WINDOW`]) are one piece of
/// text, holding a letter, repeated at least [`MIN_LOOP_TURNS`] times
/// back to back, the first repetition possibly cut (`… so k = 1 right, but
/// let's solve k = 1, but k = 1 check, so k = 1 right, …`, `think think
/// think …`), or its numbers changing when the piece is at least
/// [`MIN_VARYING_PIECE`] bytes (each run of digits counted as one: `If b
/// = 18, then 19/(6*18 + 11) = 19/119 = 0.1597, which is not 0.76. If b =
/// 19, then … If b = 20, then 19/(6*20 + 11) = 19`): a model that loops,
/// or enumerates cases, until its token limit stops nowhere, and its last
/// number is no answer. Linear: a search for a piece of its end
/// ([`loop_needle`]; it recurs in any loop), then, only when it recurs
/// twice, the prefix function (Knuth–Morris–Pratt) of the window
/// read backwards with its digit runs as one: the shortest period of each
/// of its endings (a piece shorter than [`MIN_VARYING_PIECE`] checked
/// against the text as it is, [`repeats_exactly`]).
pub(super) fn cut_in_loop(t: &str) -> Option<NoAnswerReason> {
    loop_at_end(t).map(|_| IN_LOOP)
}

/// The loop `t` ends in ([`cut_in_loop`]), if it does: whether its piece
/// holds a number (a loop of values, `… but the correct answer from the
/// identity is \(929\), but …`, rather than of words, `think think …`).
pub(super) fn loop_at_end(t: &str) -> Option<bool> {
    if t.len() < MIN_LOOP_BYTES {
        return None;
    }
    let mut lo = t.len().saturating_sub(LOOP_WINDOW);
    while !t.is_char_boundary(lo) {
        lo += 1;
    }
    let w = &t[lo..];
    let needle = loop_needle(w)?;
    if !recurs(w.as_bytes(), needle.as_bytes(), MIN_LOOP_TURNS) {
        return None;
    }
    // (The window backwards, each run of digits one `0`.)
    let raw = w.as_bytes();
    let mut r = Vec::with_capacity(raw.len());
    for &c in raw.iter().rev() {
        if !(c.is_ascii_digit() && r.last() == Some(&b'0')) {
            r.push(if c.is_ascii_digit() { b'0' } else { c });
        }
    }
    loops_back(&r, |piece| {
        piece.len() >= MIN_VARYING_PIECE || repeats_exactly(raw, piece)
    })
}

/// Whether the end of `raw` repeats exactly, [`MIN_LOOP_TURNS`] times, the
/// piece `piece` stands for (`piece`: its last bytes read backwards, each
/// run of digits one `0`, [`cut_in_loop`]): a short piece is a loop only
/// when its numbers stay (`x = 1, x = 1, x = 1, …`; `x = 1 and x = 2 and
/// …` lists values). O(piece).
fn repeats_exactly(raw: &[u8], piece: &[u8]) -> bool {
    if !piece.contains(&b'0') {
        return true;
    }
    // (The piece's length in `raw`: a `0` stands for a run of digits.)
    let n = raw.len();
    let mut len = 0;
    for &c in piece {
        if c == b'0' {
            while len < n && raw[n - 1 - len].is_ascii_digit() {
                len += 1;
            }
        } else {
            len += 1;
        }
    }
    len > 0
        && len * MIN_LOOP_TURNS <= n
        && (0..len * (MIN_LOOP_TURNS - 1)).all(|i| raw[n - 1 - i] == raw[n - 1 - i - len])
}

/// The text [`cut_in_loop`] looks for before it reads a loop: the last 8
/// bytes (whole characters, leading spaces dropped) of the last run of at
/// least 6 bytes without a digit that ends in the last 64 bytes of `w`
/// (`so k = ` in `… check, so k = 1`, `, then ` in `… If b = 20, then
/// 19`): it recurs in every turn of a loop, whatever numbers change; with
/// no such run, the last 8 bytes (`2m2n\2m2n\`).
fn loop_needle(w: &str) -> Option<&str> {
    let b = w.as_bytes();
    let lo = b.len().saturating_sub(64);
    let mut end = b.len();
    loop {
        // (The run ending at `end`: back to the previous digit.)
        let start = b[lo..end]
            .iter()
            .rposition(u8::is_ascii_digit)
            .map_or(lo, |k| lo + k + 1);
        if end - start >= 6 {
            let mut from = end.saturating_sub(8).max(start);
            // (A space starts many words: the search starts at a rarer byte.)
            while from + 4 < end && b[from] == b' ' {
                from += 1;
            }
            while !w.is_char_boundary(from) {
                from += 1;
            }
            let mut to = end;
            while !w.is_char_boundary(to) {
                to -= 1;
            }
            return (to > from).then(|| &w[from..to]);
        }
        if start == lo {
            // (Digits everywhere: an exact loop's last 8 bytes, `2m2n\2m2n\`.)
            let mut from = b.len().saturating_sub(8);
            while !w.is_char_boundary(from) {
                from += 1;
            }
            return (from < b.len()).then(|| &w[from..]);
        }
        end = start - 1;
    }
}

/// Whether `pat` (not empty) occurs at least `n` times in `hay`: a search
/// for its first byte ([`find_byte`](crate::text::find_byte)), then a
/// comparison, stopping at the `n`-th.
fn recurs(hay: &[u8], pat: &[u8], n: usize) -> bool {
    let (mut k, mut seen) = (0, 0);
    while let Some(p) = crate::text::find_byte(&hay[k..], pat[0]) {
        let at = &hay[k + p..];
        if at.len() >= pat.len() && at.iter().zip(pat).all(|(a, b)| a == b) {
            seen += 1;
            if seen == n {
                return true;
            }
        }
        k += p + 1;
    }
    false
}

/// Whether `r` (a text read backwards, digit runs as one `0`) starts with
/// one piece, holding a letter, that `fits`, repeated [`MIN_LOOP_TURNS`]
/// times over at least [`MIN_LOOP_BYTES`] ([`cut_in_loop`]), and then
/// whether the piece holds a number: the prefix function of `r`, one pass.
fn loops_back(r: &[u8], fits: impl Fn(&[u8]) -> bool) -> Option<bool> {
    // (`r` is at most LOOP_WINDOW bytes: a period fits in 16 bits.)
    let mut pi = vec![0u16; r.len()];
    let mut letter = false;
    for i in 0..r.len() {
        letter |= r[i].is_ascii_alphabetic() || r[i] >= 0x80;
        if i > 0 {
            let mut j = usize::from(pi[i - 1]);
            while j > 0 && r[i] != r[j] {
                j = usize::from(pi[j - 1]);
            }
            if r[i] == r[j] {
                j += 1;
            }
            pi[i] = u16::try_from(j).unwrap_or(0);
        }
        // (The first `m` bytes repeat a piece of `m - pi` bytes.)
        let (m, piece) = (i + 1, i + 1 - usize::from(pi[i]));
        if letter && m >= MIN_LOOP_BYTES && piece * MIN_LOOP_TURNS <= m && fits(&r[..piece]) {
            return Some(r[..piece].contains(&b'0'));
        }
    }
    None
}

/// The reason of a response that ends on a Chinese connective or copula
/// ([`cut_on_connective`]).
const ON_CONNECTIVE: NoAnswerReason = "cut off: the response ends on a connective (mid-clause)";

/// The reason of a response whose last clause announces a step and does
/// not end ([`cut_in_step`]).
const IN_STEP: NoAnswerReason = "cut off: the response ends in an unfinished step";

/// The reason of a response whose last line is a table row left open
/// ([`cut_in_table_row`]).
const IN_TABLE_ROW: NoAnswerReason = "cut off: the response ends inside a table row";

/// The reason of a response whose last formula, closed, ends on an
/// operator ([`closed_formula_on_operator`]).
const FORMULA_ON_OPERATOR: NoAnswerReason = "cut off: the last formula ends on an operator";

/// The most bytes the clause and table readers of MX-15 read back from the
/// end of a response (the last clause, the line before a table row): a
/// bound on their work, and on the last formula [`closed_formula_on_operator`]
/// reads.
const MAX_CLAUSE_BYTES: usize = 512;

/// The Chinese words a clause cannot end on (MX-15), each with the words
/// ending in it that can end one: connectives (`又因为`, `所以`, `或`),
/// copulas and verbs that take what follows (`的值为`, `代入得`, `是`),
/// and `和 与 及 且 故 则 由 令 设 若 当` standing alone. A word ending
/// in one of them that names a thing (`总和`, `规则`, `理由`, `命令`,
/// `行为`), an adjective (`恰当`, `难得`) or an elliptic reply (`也是`,
/// `都是`, `不是`) ends a clause; an adverb before `是` (`总是`, `就是`,
/// `于是`) and a verb before `为` (`认为`, `成为`) do not.
const ZH_CLAUSE_ENDS: &[(&str, &[&str])] = &[
    ("所以", &[]),
    ("因此", &[]),
    ("此时", &[]),
    ("那么", &[]),
    ("然后", &[]),
    ("接着", &[]),
    ("代入", &[]),
    ("或者", &[]),
    ("可知", &[]),
    ("或", &[]),
    ("即", &[]),
    ("而", &[]),
    ("又", &[]),
    ("且", &[]),
    ("但", &[]),
    (
        "得",
        &[
            "值得",
            "难得",
            "心得",
            "见得",
            "晓得",
            "舍得",
            "了不得",
            "要不得",
            "怪不得",
        ],
    ),
    ("为", &["行为", "人为", "无为", "所为", "有为"]),
    ("是", &["也是", "都是", "不是"]),
    (
        "和",
        &[
            "总和", "之和", "的和", "平和", "温和", "缓和", "饱和", "调和", "中和", "柔和", "随和",
            "暖和", "祥和", "求和", "讲和", "共和", "附和",
        ],
    ),
    ("与", &["参与", "给与"]),
    ("及", &["不及", "得及", "莫及", "所及", "普及", "企及"]),
    (
        "故",
        &[
            "缘故", "事故", "变故", "典故", "无故", "何故", "世故", "病故",
        ],
    ),
    (
        "则",
        &[
            "规则", "法则", "原则", "准则", "守则", "细则", "总则", "通则",
        ],
    ),
    (
        "由",
        &["理由", "自由", "缘由", "事由", "来由", "原由", "因由"],
    ),
    (
        "令",
        &[
            "命令", "指令", "口令", "法令", "政令", "司令", "号令", "禁令", "时令",
        ],
    ),
    ("设", &["假设", "建设", "预设", "陈设", "虚设", "摆设"]),
    ("若", &["自若", "般若"]),
    (
        "当",
        &[
            "恰当", "适当", "妥当", "得当", "相当", "正当", "不当", "稳当", "停当", "便当", "担当",
            "勾当", "典当",
        ],
    ),
];

/// Why `t` ends on a Chinese connective or copula, if it does (MX-15): its
/// last word, spaces trimmed, is one of [`ZH_CLAUSE_ENDS`] and none of its
/// exceptions (`…得 $a+b=2$，又因为`, `代入得`, `$x=4$ 或`, `所以 $m$ 的值为`):
/// the clause goes on, and the number before it is not its answer. Reads
/// the last few characters.
fn cut_on_connective(t: &str) -> Option<NoAnswerReason> {
    let t = t.trim_end_matches([' ', '\u{3000}']);
    // (Every word of the table ends with a character of the CJK block.)
    if t.as_bytes().last().is_none_or(|&c| c < 0x80) {
        return None;
    }
    let (_, exceptions) = ZH_CLAUSE_ENDS.iter().find(|(w, _)| t.ends_with(w))?;
    (!exceptions.iter().any(|e| t.ends_with(e))).then_some(ON_CONNECTIVE)
}

/// The words a Chinese clause announcing a step opens with (MX-15,
/// [`cut_in_step`]).
const ZH_STEP_WORDS: [&str; 6] = ["首先", "其次", "然后", "接着", "接下来", "下一步"];

/// The words an English sentence announcing a step opens with (MX-15,
/// [`cut_in_step`]), lower case, read with the `*` and `_` of its markup
/// left out (`**Next,** we …`).
const EN_STEP_OPENERS: [&str; 9] = [
    "next,",
    "next we ",
    "first,",
    "second,",
    "let's ",
    "let\u{2019}s ",
    "let us ",
    "we need to ",
    "now let's ",
];

/// The words that open an English sentence announcing a step only when an
/// action verb follows ([`STEP_VERBS`]: `Now we substitute $b = 3$ into the
/// first equation`): `Now we have 42 apples in total` and `Then, the total
/// is 42` state a result (this project's review of the rule, 2026-12-03).
const EN_STEP_SUBJECTS: [&str; 4] = ["now we ", "now, we ", "then we ", "then, we "];

/// The verbs after [`EN_STEP_SUBJECTS`] that announce work to be done.
const STEP_VERBS: [&str; 16] = [
    "substitute",
    "compute",
    "calculate",
    "solve",
    "find",
    "use",
    "plug",
    "need",
    "check",
    "consider",
    "simplify",
    "evaluate",
    "apply",
    "determine",
    "multiply",
    "divide",
];

/// The connectives an English clause announcing a step may open with
/// after a comma (MX-15, [`cut_in_step`]: `…, so we need to check`).
const EN_CLAUSE_CONNECTIVES: [&str; 5] = ["so ", "and ", "but ", "then ", "now "];

/// Whether a sentence head ([`step_head`]) announces a step: it opens with
/// one of [`EN_STEP_OPENERS`], or with one of [`EN_STEP_SUBJECTS`] and a
/// verb of [`STEP_VERBS`].
fn announces_step(head: &str) -> bool {
    EN_STEP_OPENERS.iter().any(|w| head.starts_with(w))
        || EN_STEP_SUBJECTS.iter().any(|w| {
            head.strip_prefix(w)
                .is_some_and(|rest| STEP_VERBS.iter().any(|v| rest.starts_with(v)))
        })
}

/// Why `t` ends in a step that is announced and not finished, if it does
/// (MX-15): its last line ends with no sentence mark (`.`, `!`, `?`, `。`,
/// `！`, `？`) and no check mark (`✓`, `✔`: a check done), and its last
/// sentence announces a step ([`announces_step`]: `Next,
/// we compute $n = 3$ using the second equation`) and holds no colon (`Let
/// us verify our answer: 6 × 7 = 42` carries the step out), or its last clause (after the last `，` or comma) opens with
/// a Chinese step word ([`ZH_STEP_WORDS`]: `…，然后他又买了 3 个`), or the
/// clause before it is a step word alone (`首先，小明有 6 个苹果`). A
/// sentence or clause that starts further back than [`MAX_CLAUSE_BYTES`]
/// is not read. `nl`: the last line break of `t`.
fn cut_in_step(t: &str, nl: Option<usize>) -> Option<NoAnswerReason> {
    debug_assert_eq!(nl, rfind_byte(t.as_bytes(), b'\n'));
    if t.ends_with(['.', '!', '?', '。', '！', '？', '\u{2713}', '\u{2714}']) {
        return None;
    }
    let line = &t[nl.map_or(0, |k| k + 1)..];
    let b = line.as_bytes();
    let lo = b.len().saturating_sub(MAX_CLAUSE_BYTES);
    // (The last sentence and the last two clauses, read back once: the
    // byte each starts at.)
    let (mut sentence, mut clauses) = (None, [None, None]);
    for j in (lo..b.len()).rev() {
        let (ends_sentence, ends_clause) = boundary_before(b, j);
        if ends_clause || ends_sentence {
            if clauses[0].is_none() {
                clauses[0] = Some(j);
            } else if clauses[1].is_none() {
                clauses[1] = Some(j);
            }
        }
        if ends_sentence {
            sentence = Some(j);
            break;
        }
    }
    let opens = |from: usize, words: &[&str]| {
        let head = step_head(&line[from..]);
        words.iter().any(|w| head.starts_with(w))
    };
    let last = clauses[0]?;
    let zh_alone = clauses[1].is_some_and(|k| {
        let clause = step_head(&line[k..last]);
        ZH_STEP_WORDS.contains(&clause.trim_end_matches([',', '，', ' ']))
    });
    // (An English step carried out after a colon, `Let us verify: 6 ×
    // 7 = 42`, is done.)
    let en = sentence
        .is_some_and(|k| announces_step(&step_head(&line[k..])) && !line[k..].contains(':'));
    // (So does an English last clause, after a connective: `The closest
    // option is 1679, so we need to check`.)
    let en_clause = sentence != Some(last) && !line[last..].contains(':') && {
        let head = step_head(&line[last..]);
        announces_step(&head)
            || EN_CLAUSE_CONNECTIVES
                .iter()
                .find_map(|c| head.strip_prefix(c))
                .is_some_and(announces_step)
    };
    (en || en_clause || opens(last, &ZH_STEP_WORDS) || zh_alone).then_some(IN_STEP)
}

/// Whether the byte `b[j]` starts a sentence (the line's start, or after
/// `. `, `! `, `? `, `; `, `。`, `！`, `？`, `；`), a clause (a sentence, or
/// after `，` or a `,` not between digits), as `(sentence, clause)`; a
/// space after the mark starts neither (the next byte does).
fn boundary_before(b: &[u8], j: usize) -> (bool, bool) {
    if j == 0 {
        return (true, true);
    }
    // (Most bytes end no mark: a space, a comma, or the last byte of `。`
    // `！` `？` `；` `，` ends one.)
    if !matches!(b[j - 1], b' ' | b',' | 0x82 | 0x81 | 0x9f | 0x9b | 0x8c) {
        return (false, false);
    }
    let head = &b[..j];
    let full_width = |m: &str| head.ends_with(m.as_bytes());
    let after_space =
        j >= 2 && head[j - 1] == b' ' && matches!(head[j - 2], b'.' | b'!' | b'?' | b';');
    let sentence = b[j] != b' '
        && (after_space
            || full_width("。")
            || full_width("！")
            || full_width("？")
            || full_width("；"));
    // (`1,000`: a comma between digits is no clause end; `, x`: the clause
    // starts after the space.)
    let comma = head[j - 1] == b','
        && b[j] != b' '
        && !(j >= 2 && head[j - 2].is_ascii_digit() && b[j].is_ascii_digit());
    let comma_space = j >= 2 && head[j - 1] == b' ' && head[j - 2] == b',' && b[j] != b' ';
    (
        sentence,
        sentence || full_width("，") || comma || comma_space,
    )
}

/// The head of a clause as [`cut_in_step`] compares it: markup (`#`, `>`,
/// `-`, spaces, an item number `2.`) trimmed at its start, `*` and `_`
/// left out, ASCII lower case; its first 24 bytes at most (enough for the
/// longest step word or opener).
fn step_head(clause: &str) -> String {
    let mut rest = clause.trim_start_matches(['#', '>', '-', '*', '_', ' ', '\t', '\u{3000}']);
    if let Some((_, _, after)) = item_number(rest) {
        rest = after.trim_start_matches(['*', '_', ' ']);
    }
    let mut head = String::with_capacity(24);
    for c in rest.chars().filter(|c| !matches!(c, '*' | '_')) {
        if head.len() + c.len_utf8() > 24 {
            break;
        }
        head.push(c.to_ascii_lowercase());
    }
    head
}

/// Why `t` ends inside a Markdown table row, if it does (MX-15): its last
/// line starts with `|` and does not end with one, and the line before it
/// is a row (`| 3 | 9 |\n| 4 | 1`): the row was cut off, and its last cell
/// is not an answer. (A line `|x| = 3` after any other line is a formula.)
/// Reads the last two lines, the one before at most [`MAX_CLAUSE_BYTES`].
/// `nl`: the last line break of `t`.
fn cut_in_table_row(t: &str, nl: Option<usize>) -> Option<NoAnswerReason> {
    debug_assert_eq!(nl, rfind_byte(t.as_bytes(), b'\n'));
    let nl = nl?;
    let line = t[nl + 1..].trim_start_matches([' ', '\t']);
    // (`|` alone: cut right after the row's first mark.)
    if !line.starts_with('|') || line.len() > 1 && line.ends_with('|') {
        return None;
    }
    let head = t[..nl].trim_end_matches([' ', '\t', '\r']).as_bytes();
    let lo = head.len().saturating_sub(MAX_CLAUSE_BYTES);
    let from = match rfind_byte(&head[lo..], b'\n') {
        Some(k) => lo + k + 1,
        None if lo == 0 => 0,
        None => return None,
    };
    let row = head[from..].trim_ascii_start();
    (row.len() >= 2 && row.starts_with(b"|") && row.ends_with(b"|")).then_some(IN_TABLE_ROW)
}

/// The item number a line opens with (after spaces and `*`, `#`, `>`
/// markup): its value, its delimiter (`.` or `)`) and what follows it.
fn item_number(line: &str) -> Option<(u32, u8, &str)> {
    let rest = line.trim_start_matches(['#', '*', '>', ' ']);
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let d = *rest
        .as_bytes()
        .get(digits)
        .filter(|&&d| d == b'.' || d == b')')?;
    Some((rest[..digits].parse().ok()?, d, &rest[digits + 1..]))
}

/// Why `t` ends on an empty item of a numbered list, if it does (MX-15):
/// its last line is an item number alone (`2.`, `2)`, markup allowed) and
/// the last line before it with anything on it opens with the number
/// before (`1. 3 × 4 = 12\n2.`): the item's work was cut off, and its
/// number is not an answer. (A last line `2.` after any other line may be
/// the answer on its own line.) `nl`: the last line break of `t`.
pub(super) fn cut_at_list_item(t: &str, nl: Option<usize>) -> Option<NoAnswerReason> {
    debug_assert_eq!(nl, rfind_byte(t.as_bytes(), b'\n'));
    let nl = nl?;
    let (n, d, rest) = item_number(&t[nl + 1..])?;
    if !rest.trim_matches(['*', ' ']).is_empty() || n == 0 {
        return None;
    }
    let before = t[..nl].trim_end();
    let line = &before[rfind_byte(before.as_bytes(), b'\n').map_or(0, |k| k + 1)..];
    let (m, e, _) = item_number(line)?;
    (m + 1 == n && e == d)
        .then_some("cut off: the response ends on an empty item of a numbered list")
}

/// The most bytes of a last line [`cut_at_heading`] reads as a heading.
const MAX_HEADING_BYTES: usize = 200;

/// Why `t` ends on a step heading, if it does (MX-15): its last line is
/// markup (`#`, `*`, `-`, `>`, spaces), then "Step", "Case" or "Part" (any
/// case), a space and a number, and no other digit (`**Step 3: Compute the
/// area**`, `## Case 2`): the step's work was cut off, and its number is
/// not an answer. `nl`: the last line break of `t`.
fn cut_at_heading(t: &str, nl: Option<usize>) -> Option<NoAnswerReason> {
    debug_assert_eq!(nl, rfind_byte(t.as_bytes(), b'\n'));
    let line = &t[nl.map_or(0, |k| k + 1)..];
    if line.len() > MAX_HEADING_BYTES {
        return None;
    }
    let rest = line.trim_start_matches(['#', '*', '-', '>', ' ']);
    let word = ["step", "case", "part"].into_iter().find(|w| {
        rest.get(..w.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(w))
    })?;
    let rest = rest[word.len()..].strip_prefix(' ')?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    (digits > 0 && !rest[digits..].bytes().any(|c| c.is_ascii_digit()))
        .then_some("cut off: the response ends on a step heading")
}

/// The formula part of [`truncated`]: an operator at the end, or a
/// display, environment, `$` or brace its last paragraph (from `para`,
/// [`paragraph_start`]) leaves open (`before`: the response before the
/// window `t`).
pub(super) fn cut_in_formula(t: &str, before: &str, para: usize) -> Option<NoAnswerReason> {
    if ends_on_operator(t) {
        return Some("cut off: the response ends on an operator");
    }
    open_in_last_paragraph(t, before, para)
        .or_else(|| closed_formula_on_operator(t).then_some(FORMULA_ON_OPERATOR))
}

/// The spacing commands a formula's content may end with ([`formula_content`]
/// trims them: `$5\,$` is 5).
const TRAILING_SPACES: [&str; 8] = ["\\,", "\\;", "\\:", "\\!", "\\ ", "~", "\\quad", "\\qquad"];

/// The content of the formula that `t` ends with, closed by `$`, `$$`,
/// `\)` or `\]`, trimmed (white space and [`TRAILING_SPACES`] at its
/// end), when its opener is in the last [`MAX_CLAUSE_BYTES`] of `t`; an
/// escaped `\$` closes none. (`t` leaves no formula open:
/// [`open_in_last_paragraph`] read it first.)
fn formula_content(t: &str) -> Option<&str> {
    let (inner, opener) = if let Some(inner) = t.strip_suffix("\\)") {
        (inner, "\\(")
    } else if let Some(inner) = t.strip_suffix("\\]") {
        (inner, "\\[")
    } else if let Some(inner) = t.strip_suffix("$$") {
        (inner, "$$")
    } else {
        (t.strip_suffix('$').filter(|i| !i.ends_with('\\'))?, "$")
    };
    let b = inner.as_bytes();
    let lo = b.len().saturating_sub(MAX_CLAUSE_BYTES);
    // (The opener found by its last byte.)
    let last = opener.as_bytes()[opener.len() - 1];
    let at = (lo..b.len())
        .rev()
        .find(|&k| b[k] == last && b[..=k].ends_with(opener.as_bytes()))?;
    let mut content = inner[at + 1..].trim_end();
    while let Some(rest) = TRAILING_SPACES.iter().find_map(|s| content.strip_suffix(s)) {
        content = rest.trim_end();
    }
    Some(content)
}

/// Whether the closed formula `t` ends with ([`formula_content`]) ends on
/// an operator ([`ends_on_operator`]) after an operand: `So $y = $`,
/// `$x + $`, `\(3 \times \)` were cut off inside it. Not a sign raised or
/// lowered (`$\mathbb{Z}^+$`, `$0^-$`, `$z^*$`), nor an operator alone
/// (`use $+$`: a symbol named), nor a separator (`$\frac{1}{3},$`: the
/// sentence's punctuation, written inside).
fn closed_formula_on_operator(t: &str) -> bool {
    if !t.ends_with(['$', ')', ']']) {
        return false;
    }
    let Some(content) = formula_content(t) else {
        return false;
    };
    // (A separator closing a formula is punctuation: `$\frac{1}{3},$`.)
    if !ends_on_operator(content) || content.ends_with([',', ';', ':', '，', '；', '：', '、'])
    {
        return false;
    }
    // The operand before it: the content without its operator (a command's
    // letters and `\`, or its last character).
    let letters = content
        .bytes()
        .rev()
        .take_while(u8::is_ascii_alphabetic)
        .count();
    let rest = if letters > 0 {
        &content[..content.len() - letters - 1]
    } else {
        let c = content.chars().next_back().map_or(0, char::len_utf8);
        &content[..content.len() - c]
    };
    let rest = rest.trim_end();
    !rest.is_empty() && !rest.ends_with(['^', '_'])
}

/// The characters other than ASCII that a response cut off ends on
/// ([`ends_on_operator`]): full-width separators (`即x=24，`, `答案：`), as
/// their ASCII forms, and the operators, relations and arrows that take an
/// operand after them, as their LaTeX commands (`Next, 12 ×` read 12, a
/// false "equal" against 12; this project's probes of issue 13 item 1,
/// 2026-11-30, fifteenth session).
const UNICODE_OPERATORS: [char; 24] = [
    '，', '；', '：', '、', '×', '÷', '·', '⋅', '∗', '−', '±', '∓', '≤', '≥', '≠', '≈', '→', '⇒',
    '⟹', '√', '∪', '∩', '∈', '∑',
];

/// Whether `t` ends on an operator, an opening bracket or a command that
/// takes an operand (`\times`, `\frac`, `\left`, `\boxed`).
fn ends_on_operator(t: &str) -> bool {
    let b = t.as_bytes();
    let Some(&last) = b.last() else {
        return false;
    };
    // Full-width separators (`即x=24，`, `答案：`) as their ASCII forms; the
    // Unicode operators (`12 ×`, `12 ÷`, `5 −`, `x ≤`) as theirs.
    if last >= 0x80 && t.ends_with(UNICODE_OPERATORS) {
        return true;
    }
    let on_operator = match last {
        b'+' | b'=' | b'^' | b'(' | b'[' | b'{' | b'&' | b'<' | b'>' | b'/' => true,
        b'-' => !t.ends_with("--"),
        b'*' => !t.ends_with("**") && !closes_emphasis(b, b'*'),
        b'_' => !closes_emphasis(b, b'_'),
        b'\\' => !t.ends_with("\\\\"),
        b',' | b';' | b':' => true,
        _ => false,
    };
    if on_operator {
        return true;
    }
    let n = b
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_alphabetic())
        .count();
    n > 0
        && b.len() > n
        && b[b.len() - n - 1] == b'\\'
        && matches!(
            &t[t.len() - n..],
            "times"
                | "cdot"
                | "div"
                | "pm"
                | "mp"
                | "le"
                | "leq"
                | "ge"
                | "geq"
                | "frac"
                | "dfrac"
                | "boxed"
                | "fbox"
                | "sqrt"
                | "left"
                | "neq"
                | "approx"
                | "in"
                | "cup"
                | "cap"
                | "implies"
                | "Rightarrow"
                | "quad"
                | "qquad"
        )
}

/// Whether the `mark` (`*` or `_`) that ends `b` closes an emphasis opened
/// on its line (`*Note: this assumes fair coins.*`, `The result is *x =
/// 3*`): the byte before it is no space and no `mark`, and the nearest
/// `mark` before it on the line opens one (at the line's start or after a
/// space or `(`, no space after it). `2*3*` (after a digit) and `x_` end
/// on an operator. One pass back over the last line.
fn closes_emphasis(b: &[u8], mark: u8) -> bool {
    let n = b.len();
    if n < 3 || matches!(b[n - 2], b' ' | b'\t' | b'\n') || b[n - 2] == mark {
        return false;
    }
    let line = &b[..n - 1];
    let Some(o) = line.iter().rposition(|&c| c == mark || c == b'\n') else {
        return false;
    };
    line[o] == mark
        && (o == 0 || matches!(line[o - 1], b' ' | b'\t' | b'\n' | b'('))
        && line
            .get(o + 1)
            .is_some_and(|c| !c.is_ascii_whitespace() && *c != mark)
}

/// The units of `t` that [`Delimiters`] keeps: one pass over the `\[`,
/// `\]`, `\(`, `\)`, the environments and the `$$` runs (MX-15 reads
/// its `$$` count, when the last paragraph leaves a `$$` display open).
///
/// Only `\` and `$` matter: a text of 64 bytes or more is read from the
/// masks of its 64-byte blocks (one branch-free pass each), a shorter one
/// byte by byte; both read the same units ([`Delimiters::read`]).
fn unclosed_delimiter(t: &str) -> Delimiters {
    let b = t.as_bytes();
    let mut d = Delimiters::default();
    if b.len() < 64 {
        let mut i = 0;
        while i < b.len() {
            i = if matches!(b[i], b'\\' | b'$') {
                d.read(b, i)
            } else {
                i + 1
            };
        }
    } else {
        // `next`: the first byte not read yet (a unit `\x` or `$$` reads
        // two); the bits below it are cleared.
        let (mut at, mut next) = (0, 0);
        let skipper = Skipper::new(b, [b'\\', b'$']);
        while at < b.len() {
            let from = |next: usize| {
                u64::MAX
                    .checked_shl(next.saturating_sub(at) as u32)
                    .unwrap_or(0)
            };
            let mut m = skipper.block(at) & from(next);
            while m != 0 {
                next = d.read(b, at + m.trailing_zeros() as usize);
                m &= from(next);
            }
            at += 64;
        }
    }
    d
}

/// What [`unclosed_delimiter`] keeps of the units it reads: the last
/// `\[`, `\]`, `\(`, `\)`, the environments open, the `$$` runs.
#[derive(Default)]
struct Delimiters {
    open_sq: Option<usize>,
    close_sq: Option<usize>,
    open_par: Option<usize>,
    close_par: Option<usize>,
    envs: i64,
    displays: usize,
}

impl Delimiters {
    /// Reads the unit starting with the `\` or `$` at `i` (`\x`: two
    /// bytes, `$$`: two, a lone `$`: one) and says where the next starts.
    #[inline(always)]
    fn read(&mut self, b: &[u8], i: usize) -> usize {
        if b[i] == b'\\' {
            match b.get(i + 1) {
                Some(b'[') => self.open_sq = Some(i),
                Some(b']') => self.close_sq = Some(i),
                Some(b'(') => self.open_par = Some(i),
                Some(b')') => self.close_par = Some(i),
                // (Arrays compared: no call to `memcmp`.)
                Some(b'b') if b[i + 1..].first_chunk::<6>() == Some(b"begin{") => self.envs += 1,
                Some(b'e') if b[i + 1..].first_chunk::<4>() == Some(b"end{") => self.envs -= 1,
                _ => {}
            }
            return i + 2;
        }
        if b.get(i + 1) == Some(&b'$') {
            self.displays += 1;
            return i + 2;
        }
        i + 1
    }

    /// The reason, if the units read leave a display or an environment open.
    fn verdict(&self) -> Option<NoAnswerReason> {
        if self.open_sq > self.close_sq || self.open_par > self.close_par {
            return Some("cut off: the response ends inside a formula (\\[ or \\( not closed)");
        }
        if self.envs > 0 {
            return Some(
                "cut off: the response ends inside an environment (\\begin without \\end)",
            );
        }
        if self.displays % 2 == 1 {
            return Some("cut off: the response ends inside a $$…$$ display");
        }
        None
    }
}

/// Why the last paragraph of `t` ends inside a display (`\[`, `\(`: its
/// last opener after its last closer), an environment (more `\begin{`
/// than `\end{`), a `$$…$$` display (an odd count, which `t` has too), a
/// `$…$` formula or a brace group, if it does (a `$` that is a currency
/// sign does not open one). One pass over its `\`, `{`, `}` and `$`.
///
/// A blank line ends every display (LaTeX refuses one inside math; a
/// Markdown renderer splits paragraphs first), so a formula opened before
/// the last one is closed. A count of `$$` is the one reading that a
/// window starting inside a display gets wrong (its closer read as an
/// opener): a response of many `$$` displays, read from the middle of one,
/// was cut off. So an odd count is counted on: in the part of the paragraph
/// before the window (`before`, when no blank line is in the window), and
/// it stands only when the whole window's count is odd too (a display with
/// a blank line inside, closed before the last paragraph).
fn open_in_last_paragraph(t: &str, before: &str, from: usize) -> Option<NoAnswerReason> {
    debug_assert_eq!(from, paragraph_start(t));
    let para = &t[from..];
    let pb = para.as_bytes();
    let mut d = Delimiters::default();
    let (mut depth, mut singles, mut last_single) = (0i64, 0usize, 0usize);
    let mut i = 0;
    let mut skipper = Scan::new(pb, [b'\\', b'{', b'}', b'$']);
    loop {
        i = skipper.next(i);
        if i >= pb.len() {
            break;
        }
        i = match pb[i] {
            b'{' => {
                depth += 1;
                i + 1
            }
            b'}' => {
                depth -= 1;
                i + 1
            }
            b'$' if pb.get(i + 1) != Some(&b'$') => {
                singles += 1;
                last_single = i;
                i + 1
            }
            // (`\x` and `$$`: two bytes.)
            _ => d.read(pb, i),
        };
    }
    // (A blank line across the window's start ends the paragraph there.)
    let blank_at_start = t.starts_with('\n') && before.ends_with('\n');
    if d.displays % 2 == 1 && from == 0 && !blank_at_start {
        // (The window starts inside the paragraph: its start is before.)
        d.displays += unclosed_delimiter(&before[paragraph_start(before)..]).displays;
    }
    if d.displays % 2 == 1 && unclosed_delimiter(t).displays % 2 == 0 {
        // (The paragraph starts inside a `$$` display with a blank line.)
        d.displays = 0;
    }
    if let Some(reason) = d.verdict() {
        return Some(reason);
    }
    if singles % 2 == 1 && !is_money(para, last_single) {
        return Some("cut off: the response ends inside a $…$ formula");
    }
    if depth > 0 {
        return Some("cut off: the response ends inside a brace group");
    }
    None
}

/// Where the last paragraph of `t` starts: after its last `\n\n` (0 when
/// there is none); what `t.rfind("\n\n")` gives, found by a backward search
/// for single line breaks (no substring searcher to build on every call).
pub(super) fn paragraph_start(t: &str) -> usize {
    paragraph_start_at(t, rfind_byte(t.as_bytes(), b'\n'))
}

/// [`paragraph_start`], the last line break of `t` (`nl`) known.
pub(super) fn paragraph_start_at(t: &str, mut nl: Option<usize>) -> usize {
    let b = t.as_bytes();
    while let Some(k) = nl {
        if k > 0 && b[k - 1] == b'\n' {
            return k + 1;
        }
        nl = rfind_byte(&b[..k], b'\n');
    }
    0
}

/// The positions of `targets` in a text, forward: a byte loop for a text
/// shorter than one [`Skipper`] block (64 bytes: most answers), where the
/// block's mask would cost more than the loop, else the [`Skipper`].
enum Scan<'a, const N: usize> {
    Bytes(&'a [u8], [u8; N]),
    Blocks(Skipper<'a, N>),
}

impl<'a, const N: usize> Scan<'a, N> {
    fn new(b: &'a [u8], targets: [u8; N]) -> Self {
        if b.len() < 64 {
            Scan::Bytes(b, targets)
        } else {
            Scan::Blocks(Skipper::new(b, targets))
        }
    }

    /// The first position `k ≥ i` holding a target, or `b.len()`.
    fn next(&mut self, i: usize) -> usize {
        match self {
            Scan::Bytes(b, targets) => (i..b.len())
                .find(|&k| targets.contains(&b[k]))
                .unwrap_or(b.len()),
            Scan::Blocks(s) => s.next(i),
        }
    }
}

/// Whether the `$` at `at` in `para` is a currency sign: `$5` before a
/// number outside formulas, or after an amount (`2,74 $`, `1,000.99$`).
fn is_money(para: &str, at: usize) -> bool {
    let rest = &para[at + 1..];
    let digits = rest
        .bytes()
        .take_while(|c| c.is_ascii_digit() || matches!(c, b',' | b'.'))
        .count();
    let before = para[..at].trim_end_matches(' ');
    let after_amount = before.ends_with(|c: char| c.is_ascii_digit())
        && rest
            .trim_start()
            .bytes()
            .next()
            .is_none_or(|c| !c.is_ascii_digit() && c != b'\\');
    // (Markup may close right after the amount: `**Total: $40**`, `*$5*`;
    // a `*` before a digit is a product, `$40*3$`.)
    let after = rest[digits..].trim_start_matches('*');
    let marked = after.len() < rest.len() - digits;
    after_amount
        || digits > 0
            && after.bytes().next().is_none_or(|c| {
                c.is_ascii_whitespace()
                    || matches!(c, b'.' | b',' | b')' | b'!' | b'?' | b';')
                    || marked && !c.is_ascii_digit() && c != b'$'
            })
}

/// The sentence part of [`truncated`]: the response ends on a word that
/// cannot end a sentence, or on an unfinished sentence without a number or
/// formula.
pub(super) fn cut_in_sentence(t: &str) -> Option<NoAnswerReason> {
    let b = t.as_bytes();
    let last = *b.last()?;
    // Ends on a word: mid-sentence when the word cannot end one, or when
    // the unfinished sentence holds no number or formula.
    if last.is_ascii_alphabetic()
        || (last >= 0x80 && t.chars().last().is_some_and(char::is_alphabetic))
    {
        let n = b
            .iter()
            .rev()
            .take_while(|c| c.is_ascii_alphabetic())
            .count();
        if n > 0 && b.len() > n && b[b.len() - n - 1] == b'\\' {
            // A command (`\pi`) ends a formula, not a sentence.
            return None;
        }
        if is_function_word(&t[t.len() - n..]) || gerund_after_function_word(t, n) {
            return Some("cut off: the response ends mid-sentence");
        }
        let sentence = &t[sentence_start(t)..];
        if !sentence.bytes().any(|c| c.is_ascii_digit() || c == b'$') {
            return Some("cut off: the response ends mid-sentence");
        }
    }
    None
}

/// Whether `t` ends on a verb in -ing after a word that cannot end a
/// sentence (`… = 0$$ and solving`, `by substituting`): the sentence goes on.
/// `n` is the length of the last word.
fn gerund_after_function_word(t: &str, n: usize) -> bool {
    let (head, last) = t.split_at(t.len() - n);
    if last.len() < 5 || !last[last.len() - 3..].eq_ignore_ascii_case("ing") {
        return false;
    }
    let head = head.trim_end_matches(' ');
    let m = head
        .bytes()
        .rev()
        .take_while(u8::is_ascii_alphabetic)
        .count();
    m > 0 && is_function_word(&head[head.len() - m..])
}

/// Whether `word` is one of the [`FUNCTION_WORDS`], ASCII case ignored.
fn is_function_word(word: &str) -> bool {
    FUNCTION_WORDS.iter().any(|w| w.eq_ignore_ascii_case(word))
}

/// Where the last sentence of `t` starts: after its last `. `, `! `, `? `,
/// `: `, line break, `。` or `：` (0 when there is none). One backward scan
/// that stops at the first sentence end it meets: the end of the last
/// occurrence of any of them, what the largest of their `rfind`s gives.
fn sentence_start(t: &str) -> usize {
    let b = t.as_bytes();
    (1..=b.len())
        .rev()
        .find(|&j| {
            let head = &b[..j];
            match head[j - 1] {
                b'\n' => true,
                b' ' => j >= 2 && matches!(head[j - 2], b'.' | b'!' | b'?' | b':'),
                _ => head.ends_with("。".as_bytes()) || head.ends_with("：".as_bytes()),
            }
        })
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {

    /// An item number alone after the item before it is cut off; a
    /// number alone after any other line, or after another item number,
    /// is not.
    #[test]
    fn empty_list_items_are_cut_off() {
        for (t, cut) in [
            ("Steps:\n1. 3 x 4 = 12\n2.", true),
            ("1) 3 x 4 = 12\n\n2)", true),
            ("## 9. Add\n### 10.", true),
            ("> 1. a\n> 2.", true),
            ("The number of solutions is:\n2.", false),
            ("1. 3 x 4 = 12\n3.", false),
            ("1. 3 x 4 = 12\n2)", false),
            ("1. 3 x 4 = 12\n2. 7", false),
            ("0. a\n0.", false),
            ("2.", false),
        ] {
            assert_eq!(
                super::cut_at_list_item(t, rfind_byte(t.as_bytes(), b'\n')).is_some(),
                cut,
                "{t:?}"
            );
        }
    }
    use super::{
        Delimiters, FORMULA_ON_OPERATOR, IN_CODE_BLOCK, IN_LOOP, IN_STEP, IN_TABLE_ROW,
        NoAnswerReason, ON_CONNECTIVE, Scan, cut_in_code_block, cut_in_formula, cut_in_loop,
        cut_on_connective, paragraph_start, rfind_byte, sentence_start, truncated,
        unclosed_delimiter,
    };

    /// `truncated` on a whole response (no text before the window).
    fn cut(t: &str) -> Option<NoAnswerReason> {
        truncated(t, "", paragraph_start(t), rfind_byte(t.as_bytes(), b'\n'))
    }

    /// MX-15: a Chinese response ending on a connective or a copula is cut
    /// off; a word ending in the same character that can end a clause is
    /// not (issue 13 item 1, 2026-12-02).
    #[test]
    fn chinese_connectives_at_the_end_are_cut_off() {
        for t in [
            "解：由已知得 $a+b=2$，又因为",
            "把 $x=1$ 代入得",
            "解得 $x=4$ 或",
            "解得 $x=4$ 或者",
            "$x=4$，所以",
            "当 $x=2$ 时 $y=3$，此时",
            "所以 $m$ 的值为",
            "所以 $m$ 的值为  ",
            "$x=4$ 即",
            "$x=4$ 而",
            "因此 $x=4$，那么",
            "$x = 2$ 总是",
            "$x = 2$ 就是",
            "所以答案是",
            "我们认为",
            "小明买了 3 个苹果和",
            "$a=1$ 与",
            "$a=1$ 且",
            "$a=1$ 故",
            "$a=1$ 则",
            "由",
            "令",
            "设 $x=3$，若",
            "$x=3$ 当",
            "$x=3$ 及",
        ] {
            assert_eq!(cut_on_connective(t), Some(ON_CONNECTIVE), "{t:?}");
            // (A clause with no digit and no `$` is cut off mid-sentence
            // first.)
            assert!(cut(t).is_some(), "{t:?}");
        }
        for t in [
            "所以答案是 9",
            "故答案为 9",
            "答案：9",
            "9",
            "$x=4$ 也是",
            "两个都是",
            "$x=2$ 不是",
            "求 $a$ 与 $b$ 的和",
            "这就是 3 个数的总和",
            "这是 3 的理由",
            "按照 2 条规则",
            "取值 2 恰当",
            "这 2 种行为",
            "3 的倍数很难得",
            "x = 4",
            "x = 4 ",
        ] {
            assert_eq!(cut_on_connective(t), None, "{t:?}");
        }
    }

    /// MX-15: a last sentence or clause that announces a step and does not
    /// end is cut off; a finished one, a concluding clause and a step
    /// carried out after a colon are not (issue 13 item 1, 2026-12-02).
    #[test]
    fn unfinished_steps_are_cut_off() {
        for t in [
            "首先，小明有 6 个苹果，然后他又买了 3 个",
            "首先，小明有 6 个苹果",
            "小明有 6 个苹果。接着他又买了 3 个",
            "1. 首先计算 $3+6=9$",
            "- 然后，$9 \\times 2 = 18$",
            "小明有 6 个苹果；其次，他有 3 个梨",
            "We find $m = 2$.\n\nNext, we compute $n = 3$ using the second equation",
            "So $m = 2$. Then, we solve for $n = 3$",
            "Now, we plug in $m = 2$",
            "**Next,** we compute $n = 3$",
            "Let's compute $6 \\times 7 = 42$",
            "Let us find $n = 3$ first",
            "We need to find $n$ when $m = 3$",
            "We know $m = 2$. Now we substitute $m = 2$ into the second equation",
            "2. First, 3 + 4 = 7",
            "The closest option is 1679, so we need to check",
            "We get $x = 4$, then we substitute it",
            "So $x = 4$, and let's verify",
            "x = 4, we need to check",
        ] {
            assert_eq!(cut(t), Some(IN_STEP), "{t:?}");
        }
        for t in [
            "首先，小明有 6 个苹果，然后他又买了 3 个。",
            "首先，小明有 6 个，然后又买了 3 个，所以一共有 9 个",
            "小明先有 6 个，然后又买了 3 个，现在有 9 个",
            "首先，小明有 6 个苹果！",
            "So the total is 9",
            "Let's check: $x = 3$.",
            "Let us verify our answer: 6 \\times 7 = 42",
            "Let us verify: 6 \\times 7 = 42 \u{2713}",
            "Next, we compute $n = 3$.\nSo $n = 3$",
            "Then the value is 1,000",
            "So $m = 2$. Then, $n = 3$",
            "We add them up.\n\nThen, the total number of apples is 42",
            "Now we have 42 apples in total",
            "Now, we get $42$",
            "Firstly we have 3",
            "Thus $n = 3$",
            "The closest option is 1679, so we need to check it.",
            "The total is 12, and then 5 more come",
            "So $x = 4$, now let us check: $x = 4$",
            "So $x = 4$, so the answer holds",
        ] {
            assert_eq!(cut(t), None, "{t:?}");
        }
        // (A last line longer than the bound, no sentence end in it: not read.)
        let long = format!("Next, we compute {} so n = 3", "x + ".repeat(200));
        assert_eq!(cut(&long), None);
    }

    /// MX-15: a response whose fence lines do not pair up ends inside a
    /// code block; paired fences, fences inside a line and a run of four
    /// backticks read once are not (issue 13 item 1, 2026-12-03).
    #[test]
    fn code_blocks_left_open_are_cut_off() {
        let open = Some(IN_CODE_BLOCK);
        for (t, expected) in [
            ("So a = -6. Let's verify.\n```python\na = -1", open),
            ("```\nx = 4", open),
            ("Check:\n  ```python\nprint(2)\n```\n```output\n2", open),
            ("Check:\n\t````\nx = 4", open),
            ("```python\nx = 1\n```\ntext ``` inline\n```\ny = 2", open),
            ("So 4.", None),
            ("```python\nprint(2)\n```\nSo 2.", None),
            ("```python\nprint(2)\n```\n```output\n2\n```", None),
            ("Use ```code``` here: 2", None),
            ("Inline ``` only, so 2", None),
            ("````\nx\n````\nSo 2", None),
        ] {
            assert_eq!(cut_in_code_block(t), expected, "{t:?}");
        }
    }

    /// MX-15: a response whose last bytes (at least 96) repeat one piece of
    /// text holding a letter at least three times ends in a loop; shorter
    /// runs, two turns, repetition without a letter, a conclusion after
    /// the repetition and a loop beyond the window are not one (issue 13
    /// item 1, 2026-12-03).
    #[test]
    fn loops_are_cut_off() {
        let piece = "so k = 1 right, but let's solve k = 1, but "; // 43 bytes
        // (Cases tried one after another, their numbers changing.)
        let cases: String = (15..21)
            .map(|b| {
                format!(
                    "If b = {b}, then 19/(6*{b} + 11) = 19/{}, which is not 0.76. ",
                    6 * b + 11
                )
            })
            .collect();
        for t in [
            format!("We start. {}", piece.repeat(3)),
            format!("We start. {}so k", piece.repeat(3)),
            format!("We start. {}", "think ".repeat(16)),
            "But ".repeat(24),
            format!("x = 2. {}", "答案".repeat(17)),
            format!("{}{}", "x ".repeat(600), "think ".repeat(20)),
            format!("So {}x = 1", "x = 1, ".repeat(15)),
            cases.clone() + "If b = 21, then 19/(6*21 + 11) = 19",
        ] {
            assert_eq!(cut_in_loop(&t), Some(IN_LOOP), "{t:?}");
            assert!(cut(&t).is_some(), "{t:?}");
        }
        for t in [
            format!("We start. {}", piece.repeat(2)),
            format!("We start. {piece}{piece}{piece}")[..120].to_string(),
            format!(
                "{0}{0}",
                "so x = 1 right, but let's solve x = 1 again, but x = 1 check, "
            ),
            format!("We start. {}", "think ".repeat(15)),
            "But ".repeat(23),
            format!("The entries are {}", "0 ".repeat(60)),
            format!("{}So k = 1.", piece.repeat(5)),
            format!(
                "{}{}",
                piece.repeat(30),
                (0..300).map(|i| format!("{i}, ")).collect::<String>()
            ),
            "think".to_string(),
            cases.clone() + "So no b works.",
            "If b = 1, then 8. If b = 2, then 9. If b = 3, then 10.".to_string(),
            format!(
                "So {}",
                (1..=14)
                    .map(|k| format!("x = {k}"))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
        ] {
            assert_eq!(cut_in_loop(&t), None, "{t:?}");
        }
    }

    /// MX-15: a last line that starts a table row after a row and does not
    /// close it is cut off; a closed row, a formula `|x|` after prose, and
    /// a row after a line that is not one are not (issue 13 item 1,
    /// 2026-12-02).
    #[test]
    fn open_table_rows_are_cut_off() {
        for t in [
            "| n | n^2 |\n|---|---|\n| 3 | 9 |\n| 4 | 1",
            "| 3 | 9 |\n| 4",
            "  | 3 | 9 |  \n  | 4 | 16 ",
            "| 3 | 9 |\n|",
        ] {
            assert_eq!(cut(t), Some(IN_TABLE_ROW), "{t:?}");
        }
        for t in [
            "| 3 | 9 |\n| 4 | 16 |",
            "We solve it.\n|x| = 3",
            "|x| = 3",
            "| 3 | 9 |\n\nSo 4",
            "| 3 | 9\n| 4 | 1",
        ] {
            assert_ne!(cut(t), Some(IN_TABLE_ROW), "{t:?}");
        }
        let long = format!("| {} |\n| 4 | 1", "x".repeat(600));
        assert_eq!(cut(&long), None, "beyond the bound");
    }

    /// MX-15: a closed formula at the end whose content ends on an
    /// operator is cut off; a sign raised or lowered, an operator alone,
    /// trailing spacing and an escaped `\$` are not (issue 13 item 1,
    /// 2026-12-02).
    #[test]
    fn closed_formulas_ending_on_an_operator_are_cut_off() {
        for t in [
            "So $y = $",
            "$x + $",
            "\\(3 \\times \\)",
            "Then \\[ a = b + \\]",
            "We get $$x = 3 \\cdot$$",
            "$a \\le$",
            "So $y = \\,$",
            "$x = 1$ and $y = 2 +$",
            "So $y = 2 \u{d7}$",
        ] {
            assert_eq!(
                cut_in_formula(t, "", paragraph_start(t)),
                Some(FORMULA_ON_OPERATOR),
                "{t:?}"
            );
        }
        for t in [
            "$\\mathbb{Z}^+$",
            "as $x \\to 0^-$",
            "$z^*$",
            "use $+$",
            "the sign $\\times$",
            "So $x = 5\\,$",
            "So $x = 3$",
            "It costs 5\\$",
            "The total is 2,74 $",
            "$(0, 1]$",
            "\\(f(x)\\)",
            "So $x = 3 \\quad$",
            "$\\frac{1}{3},$",
            "\\[ x = 3; \\]",
        ] {
            assert_eq!(cut_in_formula(t, "", paragraph_start(t)), None, "{t:?}");
        }
    }

    /// MX-15: a last line that is a step heading, and a full-width
    /// separator at the end, are cut off; a step with its work is not.
    #[test]
    fn step_headings_and_full_width_separators_are_cut_off() {
        for t in [
            "**Step 1**: compute 4.\n**Step 3: Compute the area**",
            "We know a = 4.\n\n## Step 3",
            "Case 2",
            "Part 12:",
            "\u{5373}x=24\u{ff0c}",
            "\u{7b54}\u{6848}\u{ff1a}",
        ] {
            assert!(
                truncated(t, "", paragraph_start(t), rfind_byte(t.as_bytes(), b'\n')).is_some(),
                "{t:?}"
            );
        }
        for t in [
            "Step 3: 4 \u{d7} 6 = 24",
            "**Step 2**: multiply 4 by 6 to get 24.",
            "The steps are done: 24",
            "Stepping back, we get 24",
        ] {
            assert!(
                truncated(t, "", paragraph_start(t), rfind_byte(t.as_bytes(), b'\n')).is_none(),
                "{t:?}"
            );
        }
    }

    /// MX-15's operators at the end: a lone `\`, `\times`, `+` and the
    /// other operators are cut off; `\\` (a line break), `**` (bold) and
    /// `--` are not.
    #[test]
    fn operators_at_the_end() {
        for t in [
            "so x = 2 \\",
            "2 \\times",
            "2 +",
            "x =",
            "a -",
            "2 *",
            "f(",
            "\\frac",
            "so 2*3*",
            "x_",
            "a *b *",
            "so x = 3 * 4 *",
            "Next, 12 \u{d7}",
            "12 \u{f7}",
            "12 \u{b7}",
            "12 \u{2212}",
            "x \u{2264}",
            "12 \u{2248}",
            "so \u{2192}",
            "So the final answer is \\boxed",
            "\\fbox",
        ] {
            assert_eq!(
                cut_in_formula(t, "", paragraph_start(t)),
                Some("cut off: the response ends on an operator"),
                "{t:?}"
            );
        }
        // (A `*` or `_` closing an emphasis opened on its line is markup:
        // thirteenth session.)
        for t in [
            "a &= 1 \\\\",
            "**5**",
            "so 5 --",
            "so 5",
            "The answer is *3*",
            "*Note: this assumes fair coins.*",
            "The result is *x = 3*",
            "(*rounded*",
            "so _x = 3_",
            "so 5\u{b0}",
            "x = \u{3c0}",
            "\u{2234} 12",
            "12 \u{2713}",
        ] {
            assert_eq!(cut_in_formula(t, "", paragraph_start(t)), None, "{t:?}");
        }
    }

    /// A currency sign with markup closing after its amount opens no
    /// formula; a `$` before a product or another `$` does.
    #[test]
    fn amounts_in_markup_are_money() {
        for (para, money) in [
            ("**Total: $40**", true),
            ("The total is **$40**.", true),
            ("It is *$5*", true),
            ("It is $5; so", true),
            ("So she pays $40", true),
            ("We get $40*3", false),
            ("x = $40**2", false),
            ("So $40**$", false),
            ("So $x**", false),
        ] {
            assert_eq!(
                super::is_money(para, para.find('$').unwrap()),
                money,
                "{para:?}"
            );
        }
    }

    /// `paragraph_start` finds what `rfind("\n\n")` finds, and a `Scan`
    /// (a byte loop under 64 bytes, the `Skipper` above) the targets a
    /// byte loop finds, at every start, on texts of every length.
    #[test]
    fn paragraph_start_and_scan_are_the_plain_searches() {
        let pieces = ["\n", "\n\n", "x", "é", "$", "\\", "{", "}", " ", "ab"];
        let mut glue = crate::text::Glue(41);
        for round in 0..3000u64 {
            let t = glue.text(&pieces, 1 + round % 40);
            let want = t.rfind("\n\n").map_or(0, |k| k + 2);
            assert_eq!(paragraph_start(&t), want, "{t:?}");
            let b = t.as_bytes();
            let targets = [b'\\', b'{', b'}', b'$'];
            let mut scan = Scan::new(b, targets);
            for i in 0..=b.len() + 1 {
                let want = (i..b.len())
                    .find(|&k| targets.contains(&b[k]))
                    .unwrap_or(b.len());
                assert_eq!(scan.next(i), want, "{t:?} at {i}");
            }
        }
    }

    /// The old scan of `unclosed_delimiter`: byte by byte, each `\` with
    /// the byte after it, `$$` as one unit.
    fn unclosed_by_bytes(t: &str) -> Option<NoAnswerReason> {
        let b = t.as_bytes();
        let (mut open_sq, mut close_sq, mut open_par, mut close_par) = (None, None, None, None);
        let (mut envs, mut displays) = (0i64, 0usize);
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'\\' => {
                    let rest = &t[i + 1..];
                    match rest.bytes().next() {
                        Some(b'[') => open_sq = Some(i),
                        Some(b']') => close_sq = Some(i),
                        Some(b'(') => open_par = Some(i),
                        Some(b')') => close_par = Some(i),
                        _ if rest.starts_with("begin{") => envs += 1,
                        _ if rest.starts_with("end{") => envs -= 1,
                        _ => {}
                    }
                    i += 2;
                }
                b'$' if b.get(i + 1) == Some(&b'$') => {
                    displays += 1;
                    i += 2;
                }
                _ => i += 1,
            }
        }
        let d = Delimiters {
            open_sq,
            close_sq,
            open_par,
            close_par,
            envs,
            displays,
        };
        d.verdict()
    }

    /// The block masks read the units the byte loop reads: units across
    /// block ends (`\` last in a block, `$$` split), runs of `\` and `$`,
    /// texts shorter and longer than a block.
    #[test]
    fn unclosed_delimiter_is_the_byte_scan() {
        let pieces = [
            "\\[",
            "\\]",
            "\\(",
            "\\)",
            "\\begin{a}",
            "\\end{a}",
            "$$",
            "$",
            "\\",
            "\\\\",
            "x",
            "abcdefghijklmnopqrstuvwxyz0123456789",
            "é",
            "\\$",
            "\\b",
            "\\e",
            "\n",
        ];
        let mut glue = crate::text::Glue(47);
        for round in 0..4000u64 {
            let t = glue.text(&pieces, 1 + round % 60);
            assert_eq!(
                unclosed_delimiter(&t).verdict(),
                unclosed_by_bytes(&t),
                "{t:?}"
            );
        }
    }

    /// One backward scan finds what the largest `rfind` of the seven
    /// sentence ends finds.
    #[test]
    fn sentence_start_is_the_last_sentence_end() {
        let pieces = [
            ". ", "!", "? ", ".", " ", "\n", "。", "：", ":", "x", "é", "ab",
        ];
        let mut glue = crate::text::Glue(23);
        for _ in 0..3000 {
            let t = glue.text(&pieces, 1);
            let want = [". ", "! ", "? ", "\n", "。", "：", ": "]
                .iter()
                .filter_map(|p| t.rfind(p).map(|k| k + p.len()))
                .max()
                .unwrap_or(0);
            assert_eq!(sentence_start(&t), want, "{t:?}");
        }
    }
}
