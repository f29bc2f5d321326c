//! The lexer of `math.equal`'s preparation (ME-2): one pass over an answer
//! that turns Unicode signs into LaTeX (`π` → `\\pi`, `½` → `\\frac{1}{2}`,
//! full-width forms to ASCII), drops spacing commands, `$` and currency
//! signs, and rewrites the commands it reads whole (`\\dfrac` → `\\frac`,
//! `\\lt` → `<`; `\\ltimes` is not `\\lt`). The rewrites that need more than
//! one character of context are the rest of [`super::prepare`].
//!
//! # Differences with the document
//!
//! See the module `equal`: document 004's preparation is a chain of string
//! replacements; this pass reads commands whole.

/// The one pass of preparation over the text (ME-2): Unicode signs to
/// LaTeX; spacing commands, `\displaystyle`, `\noindent`, `$`, `\$`,
/// `\euro` and currency signs removed, `~` and `\quad` to spaces;
/// `\dfrac \tfrac \cfrac` → `\frac`, a repeating decimal (`0.\overline{3}`)
/// → a fraction ([`repeating_decimal`]), `\lt \gt` → `< >`, `\textnormal` →
/// `\text`; `\text{ and }`, `\text{or}` → the words `and`, `or` between
/// spaces (which `super::prepare` reads); `infinity` → `\infty`;
/// thousands separators `,\!` and `{, }` → `{,}` (spaces around `{,}`
/// dropped); `!=` → `\ne` where `!` is no factorial. Commands are matched
/// whole (`\ltimes` is not `\lt`); `\\` (a row break) is kept.
pub(super) fn lex(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len() + 8);
    let mut i = 0;
    // Whether the last byte written is a digit or a closing bracket (`!` is
    // then a factorial).
    let factorial_before = |out: &String| {
        out.as_bytes()
            .last()
            .is_some_and(|c| c.is_ascii_digit() || matches!(c, b')' | b'}' | b']'))
    };
    while i < b.len() {
        let c = b[i];
        match c {
            b'\\' => i = lex_backslash(s, i, &mut out),
            b'$' => i += 1,
            b'~' => {
                out.push(' ');
                i += 1;
            }
            b',' => {
                // `12,\!000`, `12,\! 000`: a thousands separator.
                let rest = &s[i + 1..];
                if let Some(after) = rest.strip_prefix("\\!") {
                    let digits = after.trim_start_matches(' ');
                    if out.ends_with(|d: char| d.is_ascii_digit())
                        && digits.starts_with(|d: char| d.is_ascii_digit())
                    {
                        out.push_str("{,}");
                        i = s.len() - digits.len();
                        continue;
                    }
                }
                out.push(',');
                i += 1;
            }
            b'{' if s[i..].starts_with("{, }") || s[i..].starts_with("{,}") => {
                if out.ends_with(' ') {
                    out.pop();
                }
                out.push_str("{,}");
                i += if s[i..].starts_with("{, }") { 4 } else { 3 };
                if b.get(i) == Some(&b' ') {
                    i += 1;
                }
            }
            b'i' if s[i..].starts_with("infinity") => {
                out.push_str("\\infty");
                i += "infinity".len();
            }
            b'!' if b.get(i + 1) == Some(&b'=') && !factorial_before(&out) => {
                out.push_str("\\ne ");
                i += 2;
            }
            _ if c < 0x80 => {
                // This byte and the plain ASCII run after it, copied at once.
                let run = b[i + 1..]
                    .iter()
                    .position(|&d| !plain(d))
                    .map_or(b.len(), |k| i + 1 + k);
                out.push_str(&s[i..run]);
                i = run;
            }
            _ => {
                let ch = s[i..].chars().next().unwrap_or(' ');
                if superscript(ch).is_some() {
                    // `10²³`, `x⁻¹`: a run of superscripts is one exponent.
                    out.push_str("^{");
                    for c in s[i..].chars() {
                        let Some(d) = superscript(c) else {
                            break;
                        };
                        out.push(d);
                        i += c.len_utf8();
                    }
                    out.push('}');
                    continue;
                }
                lex_unicode(ch, &mut out);
                i += ch.len_utf8();
            }
        }
    }
    out
}

/// Whether [`lex`] copies the byte `c` as it is, whatever follows: ASCII,
/// and none of the bytes its rules start at.
fn plain(c: u8) -> bool {
    c < 0x80 && !matches!(c, b'\\' | b'$' | b'~' | b',' | b'{' | b'i' | b'!')
}

/// [`lex`] at a backslash at `i`: the command or escaped character it
/// starts, written to `out`; returns where lexing continues.
fn lex_backslash(s: &str, i: usize, out: &mut String) -> usize {
    let b = s.as_bytes();
    match b.get(i + 1).copied() {
        Some(b'\\') => {
            out.push_str("\\\\");
            i + 2
        }
        Some(b'!' | b',' | b';' | b':' | b'$') => i + 2,
        Some(b' ') => {
            out.push(' ');
            i + 2
        }
        Some(l) if l.is_ascii_alphabetic() => lex_command(s, i, out),
        Some(_) => {
            let n = s[i + 1..].chars().next().map_or(0, char::len_utf8);
            out.push_str(&s[i..i + 1 + n]);
            i + 1 + n
        }
        None => {
            out.push('\\');
            i + 1
        }
    }
}

/// [`lex`] at a command name (a backslash at `i`, letters after it).
fn lex_command(s: &str, i: usize, out: &mut String) -> usize {
    let b = s.as_bytes();
    let mut j = i + 1;
    while j < b.len() && b[j].is_ascii_alphabetic() {
        j += 1;
    }
    // A spacing or formatting command glued to the letters after it
    // (`\quadx_{2}`, a lost space) ends where its name does.
    if let Some(k) = ["displaystyle", "noindent", "qquad", "quad"]
        .iter()
        .find(|p| s[i + 1..j].len() > p.len() && s[i + 1..j].starts_with(*p))
        .map(|p| i + 1 + p.len())
    {
        j = k;
    }
    match &s[i + 1..j] {
        "displaystyle" | "noindent" | "euro" => {}
        "quad" | "qquad" => out.push(' '),
        "dfrac" | "tfrac" | "cfrac" => out.push_str("\\frac"),
        "overline" | "bar" | "dot" => match repeating_decimal(&s[j..], out) {
            // (`0.\overline{3}`: the group read.)
            Some(n) => j += n,
            None => out.push_str(&s[i..j]),
        },
        "lt" => out.push('<'),
        "gt" => out.push('>'),
        "text" | "textnormal" => {
            let rest = &s[j..];
            let word = ["{ and }", "{and}", "{ or }", "{or}"]
                .iter()
                .find(|w| rest.starts_with(*w));
            if let Some(w) = word {
                // The word itself: `super::prepare` makes it a comma, or
                // between inequalities their intersection.
                if !out.ends_with(' ') {
                    out.push(' ');
                }
                out.push_str(if w.contains('a') { "and" } else { "or" });
                j += w.len();
                if !s[j..].starts_with(' ') {
                    out.push(' ');
                }
            } else if rest.starts_with("{infinity}") {
                out.push_str("\\infty");
                j += "{infinity}".len();
            } else {
                out.push_str("\\text");
            }
        }
        _ => out.push_str(&s[i..j]),
    }
    j
}

/// The most digits of a repeating decimal [`repeating_decimal`] reads: its
/// integer and decimal parts together, and its period.
pub(super) const MAX_REPEATING_DIGITS: usize = 24;

/// `0.1\overline{6}` → `\frac{16-1}{90}`: a decimal written last in `out`
/// (digits, `.`, digits) followed by `\overline{…}`, `\bar{…}` or `\dot{…}`
/// of digits (`rest`, after the command's name) is the repeating decimal,
/// written in `out` as the fraction of its digits (the digits through one
/// period less those before it, over as many 9s as the period has digits
/// and as many 0s as the decimal part). Returns the bytes of `rest` read, or
/// `None` (and `out` untouched) when the shape is not there or longer than
/// [`MAX_REPEATING_DIGITS`] (`\overline{AB}`, a segment, is no number).
fn repeating_decimal(rest: &str, out: &mut String) -> Option<usize> {
    let period = rest.strip_prefix('{')?.split_once('}')?.0;
    let o = out.as_bytes();
    let decimals = o.iter().rev().take_while(|c| c.is_ascii_digit()).count();
    let dot = o.len().checked_sub(decimals + 1)?;
    let integer = o[..dot]
        .iter()
        .rev()
        .take_while(|c| c.is_ascii_digit())
        .count();
    let fits = integer + decimals <= MAX_REPEATING_DIGITS && period.len() <= MAX_REPEATING_DIGITS;
    if o[dot] != b'.'
        || !fits
        || period.is_empty()
        || !period.bytes().all(|c| c.is_ascii_digit())
        || (dot > integer && matches!(o[dot - integer - 1], b'.' | b'_' | b'^'))
    {
        return None;
    }
    let start = dot - integer;
    let head = format!("{}{}", &out[start..dot], &out[dot + 1..]);
    let head = if head.is_empty() {
        "0".to_string()
    } else {
        head
    };
    let trim = |d: &str| {
        let t = d.trim_start_matches('0');
        if t.is_empty() { "0" } else { t }.to_string()
    };
    let whole = trim(&format!("{head}{period}"));
    let head = trim(&head);
    let den = format!("{}{}", "9".repeat(period.len()), "0".repeat(decimals));
    out.truncate(start);
    out.push_str(&format!("\\frac{{{whole}-{head}}}{{{den}}}"));
    Some(period.len() + 2)
}

/// [`lex`] on a non-ASCII character: Unicode signs to LaTeX, currency signs
/// dropped, any other character kept.
fn lex_unicode(ch: char, out: &mut String) {
    // `½` is `\frac{1}{2}`, so `1½` is the mixed number `1\frac{1}{2}`.
    if let Some((n, d)) = vulgar_fraction(ch) {
        out.push_str(&format!("\\frac{{{n}}}{{{d}}}"));
        return;
    }
    match ch {
        'π' => out.push_str("\\pi "),
        '∞' => out.push_str("\\infty "),
        '−' | '–' => out.push('-'),
        '×' => out.push_str("\\times "),
        '÷' => out.push_str("\\div "),
        '≤' => out.push_str("\\le "),
        '≥' => out.push_str("\\ge "),
        '≠' => out.push_str("\\ne "),
        '≈' => out.push_str("\\approx "),
        '∴' => out.push_str("\\therefore "),
        '⇒' => out.push_str("\\Rightarrow "),
        '⟹' => out.push_str("\\Longrightarrow "),
        '∪' => out.push_str("\\cup "),
        '∩' => out.push_str("\\cap "),
        '∈' => out.push_str("\\in "),
        '°' => out.push_str("^\\circ "),
        '√' => out.push_str("\\sqrt"),
        'ℝ' => out.push_str("\\mathbb{R}"),
        'ℤ' => out.push_str("\\mathbb{Z}"),
        'ℕ' => out.push_str("\\mathbb{N}"),
        'ℚ' => out.push_str("\\mathbb{Q}"),
        'ℂ' => out.push_str("\\mathbb{C}"),
        '′' => out.push('\''),
        '″' => out.push_str("''"),
        '€' | '£' | '¥' | '￥' => {}
        // Full-width forms (`１２`, `（`, `，`) are their ASCII characters, the
        // ideographic space a space.
        '\u{FF01}'..='\u{FF5E}' => out.push(char::from_u32(u32::from(ch) - 0xFEE0).unwrap_or(ch)),
        '\u{3000}' => out.push(' '),
        _ => out.push(ch),
    }
}

/// The fraction a vulgar fraction character stands for (`½` is 1/2, `⅔`
/// is 2/3, `⅒` is 1/10), if `ch` is one.
pub(crate) fn vulgar_fraction(ch: char) -> Option<(u8, u8)> {
    Some(match ch {
        '¼' => (1, 4),
        '½' => (1, 2),
        '¾' => (3, 4),
        '⅐' => (1, 7),
        '⅑' => (1, 9),
        '⅒' => (1, 10),
        '⅓' => (1, 3),
        '⅔' => (2, 3),
        '⅕' => (1, 5),
        '⅖' => (2, 5),
        '⅗' => (3, 5),
        '⅘' => (4, 5),
        '⅙' => (1, 6),
        '⅚' => (5, 6),
        '⅛' => (1, 8),
        '⅜' => (3, 8),
        '⅝' => (5, 8),
        '⅞' => (7, 8),
        _ => return None,
    })
}

/// The character a superscript stands for (`²` is `2`, `⁻` is `-`), if
/// `ch` is one.
pub(crate) fn superscript(ch: char) -> Option<char> {
    Some(match ch {
        '⁰' => '0',
        '¹' => '1',
        '²' => '2',
        '³' => '3',
        '⁴'..='⁹' => char::from_u32(u32::from(ch) - 0x2074 + u32::from('4'))?,
        '⁻' => '-',
        '⁺' => '+',
        _ => return None,
    })
}
