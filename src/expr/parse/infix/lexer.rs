//! The infix reader's lexer: exact numbers, identifiers (with SymPy's
//! `Interval.open` and `S.EmptySet`), quoted strings, superscript exponents
//! and the ASCII and Unicode operators.
//!
//! # Differences with the document
//!
//! Those of the [infix reader](super).

use super::*;

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Tok {
    Num(Rational),
    Ident(String),
    Str(String),
    Plus,
    Minus,
    PlusMinus,
    Star,
    Slash,
    Caret,
    /// A superscript exponent `²`, `⁻¹`.
    Sup(Rational),
    Bang,
    Percent,
    Degree,
    Comma,
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Bar,
    Rel(RelOp),
    Root,
}

#[derive(Debug, Clone)]
pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) span: Range<usize>,
}

pub(super) fn superscript_digit(c: char) -> Option<u8> {
    Some(match c {
        '⁰' => 0,
        '¹' => 1,
        '²' => 2,
        '³' => 3,
        '⁴' => 4,
        '⁵' => 5,
        '⁶' => 6,
        '⁷' => 7,
        '⁸' => 8,
        '⁹' => 9,
        _ => return None,
    })
}

/// The character of a `\u{…}` escape whose `{…}` starts `s`, and the
/// length of `{…}`.
pub(super) fn unicode_escape(s: &str) -> Option<(char, usize)> {
    let inner = s.strip_prefix('{')?;
    let n = inner.bytes().take_while(u8::is_ascii_hexdigit).count();
    if n == 0 || n > 6 || inner.as_bytes().get(n) != Some(&b'}') {
        return None;
    }
    let code = u32::from_str_radix(inner.get(..n)?, 16).ok()?;
    Some((char::from_u32(code)?, n + 2))
}

pub(super) fn lex(text: &str, limits: &Limits) -> Result<Vec<Token>, ExprError> {
    let mut toks = Vec::new();
    let mut budget = DigitBudget::new(limits);
    let mut i = 0;
    while let Some(rest) = text.get(i..) {
        let Some(c) = rest.chars().next() else { break };
        let w = c.len_utf8();
        if c.is_whitespace() {
            i += w;
            continue;
        }
        let next = rest.get(w..).and_then(|r| r.chars().next());
        let (tok, len) =
            if c.is_ascii_digit() || (c == '.' && next.is_some_and(|d| d.is_ascii_digit())) {
                number(text, i, limits, &mut budget)?
            } else if is_ident_start(c) {
                identifier(text, i)?
            } else if c == '"' || c == '\'' {
                string(text, i, c)?
            } else if c == '⁻' || superscript_digit(c).is_some() {
                superscript(text, i, limits)?
            } else {
                operator(text, i, c, next)?
            };
        toks.push(Token {
            tok,
            span: i..i + len,
        });
        i += len;
    }
    Ok(toks)
}

/// A token and its length in bytes.
type Lexed = Result<(Tok, usize), ExprError>;

/// The number literal at `start`.
fn number(text: &str, start: usize, limits: &Limits, budget: &mut DigitBudget) -> Lexed {
    let rest = text.get(start..).unwrap_or("");
    let Some(lit) = scan_number(rest) else {
        let w = rest.chars().next().map_or(1, char::len_utf8);
        return Err(ParseError::new("malformed number", start..start + w, text).into());
    };
    let v = number_value(&lit, limits, Some(budget))?;
    Ok((Tok::Num(v), lit.len))
}

/// The identifier at `start`, with SymPy's dotted names `Interval.open` and
/// `S.EmptySet`.
fn identifier(text: &str, start: usize) -> Lexed {
    let rest = text.get(start..).unwrap_or("");
    let Some((mut len, mut name)) = scan_identifier(rest) else {
        let w = rest.chars().next().map_or(1, char::len_utf8);
        return Err(ParseError::new("malformed name", start..start + w, text).into());
    };
    if name == "Interval" || name == "S" {
        let after = rest.get(len..).unwrap_or("");
        if let Some(tail) = after.strip_prefix('.') {
            if tail.starts_with(|c: char| c.is_ascii_alphabetic()) {
                let n = tail
                    .bytes()
                    .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
                    .count();
                name.push('.');
                name.push_str(tail.get(..n).unwrap_or(""));
                len += 1 + n;
            }
        }
    }
    Ok((Tok::Ident(name), len))
}

/// The string quoted by `quote` at `start`, with its escapes.
fn string(text: &str, start: usize, quote: char) -> Lexed {
    let mut s = String::new();
    let mut j = start + 1;
    let mut closed = false;
    while let Some(d) = text.get(j..).and_then(|r| r.chars().next()) {
        j += d.len_utf8();
        match d {
            d if d == quote => {
                closed = true;
                break;
            }
            '\\' => {
                let Some(e) = text.get(j..).and_then(|r| r.chars().next()) else {
                    break;
                };
                j += e.len_utf8();
                match e {
                    'n' => s.push('\n'),
                    't' => s.push('\t'),
                    'r' => s.push('\r'),
                    '0' => s.push('\0'),
                    '"' | '\\' | '\'' => s.push(e),
                    'u' => match unicode_escape(text.get(j..).unwrap_or("")) {
                        Some((ch, len)) => {
                            s.push(ch);
                            j += len;
                        }
                        None => s.push_str("\\u"),
                    },
                    other => {
                        s.push('\\');
                        s.push(other);
                    }
                }
            }
            other => s.push(other),
        }
    }
    if !closed {
        return Err(ParseError::new("unterminated string", start..text.len(), text).into());
    }
    Ok((Tok::Str(s), j - start))
}

/// The superscript exponent at `start` (`²`, `⁻¹`).
fn superscript(text: &str, start: usize, limits: &Limits) -> Lexed {
    let mut j = start;
    let negative = text.get(j..).is_some_and(|r| r.starts_with('⁻'));
    if negative {
        j += '⁻'.len_utf8();
    }
    let mut digits = String::new();
    while let Some(d) = text.get(j..).and_then(|r| r.chars().next()) {
        let Some(v) = superscript_digit(d) else { break };
        digits.push(char::from(b'0' + v));
        j += d.len_utf8();
    }
    if digits.is_empty() {
        return Err(ParseError::new(
            "a superscript minus needs superscript digits",
            start..j,
            text,
        )
        .into());
    }
    limits.check_digits(digits.len() as u64)?;
    let mut v =
        Rational::from_integer(BigInt::parse_bytes(digits.as_bytes(), 10).unwrap_or_default());
    if negative {
        v = -v;
    }
    Ok((Tok::Sup(v), j - start))
}

/// The operator `c` (and the character `next` after it) at `start` starts.
fn operator(text: &str, start: usize, c: char, next: Option<char>) -> Lexed {
    let two = |a: char, b: char| c == a && next == Some(b);
    if two('*', '*') {
        return Ok((Tok::Caret, 2));
    }
    for (a, op) in [
        ('=', RelOp::Eq),
        ('!', RelOp::Ne),
        ('<', RelOp::Le),
        ('>', RelOp::Ge),
    ] {
        if two(a, '=') {
            return Ok((Tok::Rel(op), 2));
        }
    }
    let tok = match c {
        '+' => Tok::Plus,
        '-' | '−' | '–' => Tok::Minus,
        '±' => Tok::PlusMinus,
        '*' | '·' | '⋅' | '×' | '∗' => Tok::Star,
        '/' | '÷' => Tok::Slash,
        '^' => Tok::Caret,
        '!' => Tok::Bang,
        '%' => Tok::Percent,
        '°' => Tok::Degree,
        ',' => Tok::Comma,
        '(' => Tok::LParen,
        ')' => Tok::RParen,
        '[' => Tok::LBracket,
        ']' => Tok::RBracket,
        '{' => Tok::LBrace,
        '}' => Tok::RBrace,
        '|' => Tok::Bar,
        '=' => Tok::Rel(RelOp::Eq),
        '<' => Tok::Rel(RelOp::Lt),
        '>' => Tok::Rel(RelOp::Gt),
        '≤' => Tok::Rel(RelOp::Le),
        '≥' => Tok::Rel(RelOp::Ge),
        '≠' => Tok::Rel(RelOp::Ne),
        '√' => Tok::Root,
        'π' => Tok::Ident("pi".to_string()),
        '∞' => Tok::Ident("oo".to_string()),
        _ => {
            let w = c.len_utf8();
            return Err(ParseError::new(
                format!("unknown character {c:?}"),
                start..start + w,
                text,
            )
            .into());
        }
    };
    Ok((tok, c.len_utf8()))
}
