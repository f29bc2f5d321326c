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
        let start = i;
        let w = c.len_utf8();
        if c.is_whitespace() {
            i += w;
            continue;
        }
        let next = rest.get(w..).and_then(|r| r.chars().next());
        // Numbers.
        if c.is_ascii_digit() || (c == '.' && next.is_some_and(|d| d.is_ascii_digit())) {
            let Some(lit) = scan_number(rest) else {
                return Err(ParseError::new("malformed number", start..start + w, text).into());
            };
            let v = number_value(&lit, limits, Some(&mut budget))?;
            toks.push(Token {
                tok: Tok::Num(v),
                span: start..start + lit.len,
            });
            i += lit.len;
            continue;
        }
        // Identifiers.
        if is_ident_start(c) {
            let Some((mut len, mut name)) = scan_identifier(rest) else {
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
            toks.push(Token {
                tok: Tok::Ident(name),
                span: start..start + len,
            });
            i += len;
            continue;
        }
        // Strings.
        if c == '"' || c == '\'' {
            let quote = c;
            let mut s = String::new();
            let mut j = i + 1;
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
            toks.push(Token {
                tok: Tok::Str(s),
                span: start..j,
            });
            i = j;
            continue;
        }
        // Superscript exponents.
        if c == '⁻' || superscript_digit(c).is_some() {
            let mut j = i;
            let mut negative = false;
            if c == '⁻' {
                negative = true;
                j += c.len_utf8();
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
            let mut v = Rational::from_integer(
                BigInt::parse_bytes(digits.as_bytes(), 10).unwrap_or_default(),
            );
            if negative {
                v = -v;
            }
            toks.push(Token {
                tok: Tok::Sup(v),
                span: start..j,
            });
            i = j;
            continue;
        }
        let two = |a: char, b: char| c == a && next == Some(b);
        let (tok, len) = if two('*', '*') {
            (Tok::Caret, 2)
        } else if two('=', '=') {
            (Tok::Rel(RelOp::Eq), 2)
        } else if two('!', '=') {
            (Tok::Rel(RelOp::Ne), 2)
        } else if two('<', '=') {
            (Tok::Rel(RelOp::Le), 2)
        } else if two('>', '=') {
            (Tok::Rel(RelOp::Ge), 2)
        } else {
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
                    return Err(ParseError::new(
                        format!("unknown character {c:?}"),
                        start..start + w,
                        text,
                    )
                    .into());
                }
            };
            (tok, w)
        };
        toks.push(Token {
            tok,
            span: start..start + len,
        });
        i += len;
    }
    Ok(toks)
}
