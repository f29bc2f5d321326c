//! The LaTeX reader's lexer: the input's delimiters (`$…$`, `\[…\]`) are
//! stripped and the rest becomes tokens (numbers, letters, commands with their
//! braced arguments' spans, sized brackets).
//!
//! # Differences with the document
//!
//! Those of the [LaTeX reader](super).

use super::*;
use crate::text::brackets::{Escapes, closing};

pub(super) fn strip_delimiters(text: &str) -> Range<usize> {
    let (mut start, mut end) = (0, text.len());
    loop {
        let s = text.get(start..end).unwrap_or("");
        start += s.len() - s.trim_start().len();
        let s = text.get(start..end).unwrap_or("");
        end = start + s.trim_end().len();
        let s = text.get(start..end).unwrap_or("");
        let pair = [("$$", "$$"), ("\\[", "\\]"), ("\\(", "\\)"), ("$", "$")]
            .into_iter()
            .find(|(open, close)| {
                s.len() >= open.len() + close.len() && s.starts_with(open) && s.ends_with(close)
            });
        match pair {
            Some((open, close)) => {
                start += open.len();
                end -= close.len();
            }
            None => return start..end,
        }
    }
}

/// A kind of bracket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Delim {
    Paren,
    Bracket,
    Brace,
    Bar,
    Floor,
    Ceil,
    /// `\left.` / `\right.`: an invisible bracket.
    Dot,
    /// `\left]` / `\right[`: the ends of an open interval `]a, b[`.
    Reversed,
}

/// A kind of font or text wrapper.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Wrap {
    /// `\text{…}` and kin.
    Text,
    /// `\mathrm{…}` and kin.
    Math,
    /// `\mathit{…}`.
    Italic,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Tok<'a> {
    /// A number; its value is read from the span (`{,}` separators dropped).
    Num,
    /// A run of ASCII letters; the parser splits it.
    Word,
    /// A command `\name` (without the backslash) that the parser interprets.
    Cmd(&'a str),
    Open(Delim),
    Close(Delim),
    /// `|`, `\vert`: opens or closes an absolute value.
    Bar,
    LBrace,
    RBrace,
    Caret,
    Underscore,
    Plus,
    Minus,
    PlusMinus,
    Times,
    Divide,
    Comma,
    Bang,
    Prime,
    Amp,
    RowSep,
    Dot,
    Rel(RelOp),
    Percent,
    Degree,
    Cup,
    Cap,
    /// A wrapper and the byte range of its raw content.
    Wrapper(Wrap, Range<usize>),
    /// `\operatorname{…}` and the byte range of the name.
    OperatorName(Range<usize>),
    Begin(&'a str),
    End(&'a str),
}

#[derive(Debug, Clone)]
pub(super) struct Token<'a> {
    pub(super) tok: Tok<'a>,
    pub(super) span: Range<usize>,
}

/// Which side a sized delimiter command stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    Left,
    Right,
    Plain,
}

pub(super) struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    end: usize,
    out: Vec<Token<'a>>,
}

pub(super) fn lex(text: &str, range: Range<usize>) -> Result<Vec<Token<'_>>, ParseError> {
    let mut lexer = Lexer {
        text,
        pos: range.start,
        end: range.end.min(text.len()),
        // About one token per two bytes in answers; the first reservation
        // stays small for long inputs (the vector grows as usual).
        out: Vec::with_capacity(range.len().div_ceil(2).min(64)),
    };
    lexer.run()?;
    Ok(lexer.out)
}

impl<'a> Lexer<'a> {
    pub(super) fn rest(&self) -> &str {
        self.text.get(self.pos..self.end).unwrap_or("")
    }

    #[inline]
    pub(super) fn peek_char(&self) -> Option<char> {
        // An ASCII byte is its own character (no UTF-8 decoding).
        match self.text.as_bytes().get(self.pos) {
            Some(&b) if b.is_ascii() && self.pos < self.end => Some(char::from(b)),
            _ => self.rest().chars().next(),
        }
    }

    pub(super) fn second_char(&self) -> Option<char> {
        self.rest().chars().nth(1)
    }

    pub(super) fn err(&self, message: impl Into<String>, span: Range<usize>) -> ParseError {
        ParseError::new(message, span, self.text)
    }

    pub(super) fn push(&mut self, tok: Tok<'a>, start: usize) {
        self.out.push(Token {
            tok,
            span: start..self.pos,
        });
    }

    pub(super) fn skip_whitespace(&mut self) {
        while let Some(c) = self.peek_char() {
            if !c.is_whitespace() {
                break;
            }
            self.pos += c.len_utf8();
        }
    }

    pub(super) fn run(&mut self) -> Result<(), ParseError> {
        while let Some(c) = self.peek_char() {
            let start = self.pos;
            if c.is_whitespace() || c == '~' {
                self.pos += c.len_utf8();
                continue;
            }
            if c.is_ascii_digit()
                || (c == '.' && self.second_char().is_some_and(|d| d.is_ascii_digit()))
            {
                self.number();
                continue;
            }
            if c.is_ascii_alphabetic() {
                while self.peek_char().is_some_and(|d| d.is_ascii_alphabetic()) {
                    self.pos += 1;
                }
                self.push(Tok::Word, start);
                continue;
            }
            if c == '\\' {
                self.command()?;
                continue;
            }
            self.pos += c.len_utf8();
            let tok = match c {
                '{' => Tok::LBrace,
                '}' => Tok::RBrace,
                '(' => Tok::Open(Delim::Paren),
                ')' => Tok::Close(Delim::Paren),
                '[' => Tok::Open(Delim::Bracket),
                ']' => Tok::Close(Delim::Bracket),
                '|' => Tok::Bar,
                '^' => Tok::Caret,
                '_' => Tok::Underscore,
                '+' => Tok::Plus,
                '-' | '−' => Tok::Minus,
                '*' | '×' | '·' | '⋅' => Tok::Times,
                '/' | '÷' => Tok::Divide,
                ',' => Tok::Comma,
                '!' => Tok::Bang,
                '\'' | '′' => Tok::Prime,
                '&' => Tok::Amp,
                '.' => Tok::Dot,
                '=' | '≈' => Tok::Rel(RelOp::Eq),
                '<' | '>' => {
                    let or_equal = self.peek_char() == Some('=');
                    if or_equal {
                        self.pos += 1;
                    }
                    Tok::Rel(match (c, or_equal) {
                        ('<', false) => RelOp::Lt,
                        ('<', true) => RelOp::Le,
                        (_, false) => RelOp::Gt,
                        (_, true) => RelOp::Ge,
                    })
                }
                '≤' => Tok::Rel(RelOp::Le),
                '≥' => Tok::Rel(RelOp::Ge),
                '≠' => Tok::Rel(RelOp::Ne),
                '%' => Tok::Percent,
                '°' => Tok::Degree,
                '±' | '∓' => Tok::PlusMinus,
                '∪' => Tok::Cup,
                '∩' => Tok::Cap,
                'π' => Tok::Cmd("pi"),
                '∞' => Tok::Cmd("infty"),
                '√' => Tok::Cmd("sqrt"),
                '∅' => Tok::Cmd("emptyset"),
                _ => {
                    return Err(self.err(format!("unexpected character '{c}'"), start..self.pos));
                }
            };
            self.push(tok, start);
        }
        Ok(())
    }

    pub(super) fn digits(&mut self) {
        while self.peek_char().is_some_and(|d| d.is_ascii_digit()) {
            self.pos += 1;
        }
    }

    /// A number: digits, `{,}` thousands separators, a decimal part.
    pub(super) fn number(&mut self) {
        let start = self.pos;
        self.digits();
        while self.rest().starts_with("{,}")
            && self
                .rest()
                .get(3..)
                .and_then(|r| r.chars().next())
                .is_some_and(|d| d.is_ascii_digit())
        {
            self.pos += 3;
            self.digits();
        }
        if self.peek_char() == Some('.') && self.second_char().is_some_and(|d| d.is_ascii_digit()) {
            self.pos += 1;
            self.digits();
        }
        // Scientific notation as models write it: `3.54e-07`, `1E+5`, `2e3`
        // (`e`/`E`, an optional sign, 1–4 digits, then no letter or digit);
        // otherwise `e` is Euler's number (`2e` is 2·e).
        let b = self.rest().as_bytes();
        if matches!(b.first(), Some(b'e' | b'E')) {
            let sign = usize::from(matches!(b.get(1), Some(b'+' | b'-')));
            let n = b[1 + sign..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            let next = b.get(1 + sign + n);
            if (1..=4).contains(&n) && !next.is_some_and(|c| c.is_ascii_alphanumeric()) {
                self.pos += 1 + sign + n;
            }
        }
        self.push(Tok::Num, start);
    }

    /// The brace-matched argument of a command: the range inside the braces
    /// (or a single letter or digit without braces).
    pub(super) fn group_content(&mut self, cmd: &Range<usize>) -> Result<Range<usize>, ParseError> {
        self.skip_whitespace();
        let open = self.pos;
        match self.peek_char() {
            Some('{') => {}
            Some(c) if c.is_ascii_alphanumeric() => {
                self.pos += 1;
                return Ok(open..self.pos);
            }
            _ => {
                let name = self.text.get(cmd.clone()).unwrap_or("");
                return Err(self.err(format!("expected '{{' after {name}"), cmd.start..self.pos));
            }
        }
        // The crate's one bracket matcher, within the parsed range.
        let bytes = self.text.as_bytes().get(..self.end).unwrap_or_default();
        match closing(bytes, open, Escapes::Backslash) {
            Some(close) => {
                self.pos = close + 1;
                Ok(open + 1..close)
            }
            None => {
                self.pos = self.end;
                Err(self.err("unclosed '{'", open..open + 1))
            }
        }
    }

    pub(super) fn skip_star(&mut self) {
        if self.peek_char() == Some('*') {
            self.pos += 1;
        }
    }

    pub(super) fn command(&mut self) -> Result<(), ParseError> {
        let start = self.pos;
        self.pos += 1;
        let Some(c) = self.peek_char() else {
            return Err(self.err("lone backslash", start..self.pos));
        };
        if !c.is_ascii_alphabetic() {
            self.pos += c.len_utf8();
            let tok = match c {
                ',' | ';' | ':' | '!' | '>' | ' ' | '\t' | '\n' | '\r' | '$' => return Ok(()),
                '{' => Tok::Open(Delim::Brace),
                '}' => Tok::Close(Delim::Brace),
                '%' => Tok::Percent,
                '\\' => Tok::RowSep,
                _ => {
                    return Err(self.err(
                        format!("unknown or unsupported command \\{c}"),
                        start..self.pos,
                    ));
                }
            };
            self.push(tok, start);
            return Ok(());
        }
        let name_start = self.pos;
        while self.peek_char().is_some_and(|d| d.is_ascii_alphabetic()) {
            self.pos += 1;
        }
        let text = self.text;
        let name = text.get(name_start..self.pos).unwrap_or("");
        let span = start..self.pos;
        if is_ignored(name) {
            return Ok(());
        }
        if let Some(kind) = wrapper_kind(name) {
            let content = self.group_content(&span)?;
            if self
                .text
                .get(content.clone())
                .is_some_and(|s| s.trim().is_empty())
            {
                return Ok(());
            }
            self.push(Tok::Wrapper(kind, content), start);
            return Ok(());
        }
        let tok = match name {
            "hspace" | "vspace" | "phantom" | "hphantom" | "vphantom" => {
                self.skip_star();
                self.group_content(&span)?;
                return Ok(());
            }
            "left" | "bigl" | "Bigl" | "biggl" | "Biggl" => {
                return self.delimiter(start, Side::Left);
            }
            "right" | "bigr" | "Bigr" | "biggr" | "Biggr" => {
                return self.delimiter(start, Side::Right);
            }
            "big" | "Big" | "bigg" | "Bigg" | "bigm" | "Bigm" | "biggm" | "Biggm" => {
                return self.delimiter(start, Side::Plain);
            }
            "operatorname" => {
                self.skip_star();
                Tok::OperatorName(self.group_content(&span)?)
            }
            "begin" | "end" => {
                let is_begin = name == "begin";
                let content = self.group_content(&span)?;
                let env = self.text.get(content).unwrap_or("").trim();
                if is_begin {
                    let array = env == "array";
                    self.push(Tok::Begin(env), start);
                    if array {
                        self.skip_array_spec();
                    }
                    return Ok(());
                }
                Tok::End(env)
            }
            "cdot" | "times" | "ast" | "cdotp" => Tok::Times,
            "div" => Tok::Divide,
            "pm" | "mp" => Tok::PlusMinus,
            "cup" => Tok::Cup,
            "cap" => Tok::Cap,
            "le" | "leq" | "leqslant" | "leqq" => Tok::Rel(RelOp::Le),
            "ge" | "geq" | "geqslant" | "geqq" => Tok::Rel(RelOp::Ge),
            "lt" => Tok::Rel(RelOp::Lt),
            "gt" => Tok::Rel(RelOp::Gt),
            "ne" | "neq" => Tok::Rel(RelOp::Ne),
            "approx" => Tok::Rel(RelOp::Eq),
            "degree" => Tok::Degree,
            "prime" => Tok::Prime,
            "lbrace" => Tok::Open(Delim::Brace),
            "rbrace" => Tok::Close(Delim::Brace),
            "lvert" => Tok::Open(Delim::Bar),
            "rvert" => Tok::Close(Delim::Bar),
            "vert" => Tok::Bar,
            "lfloor" => Tok::Open(Delim::Floor),
            "rfloor" => Tok::Close(Delim::Floor),
            "lceil" => Tok::Open(Delim::Ceil),
            "rceil" => Tok::Close(Delim::Ceil),
            _ => Tok::Cmd(name),
        };
        self.push(tok, start);
        Ok(())
    }

    /// Skips the column specification of `\begin{array}` (`{cc}`, `{c|c}`,
    /// an optional `[t]`), when there is one.
    pub(super) fn skip_array_spec(&mut self) {
        self.skip_whitespace();
        if self.peek_char() == Some('[') {
            if let Some(close) = self.rest().find(']') {
                self.pos += close + 1;
            }
            self.skip_whitespace();
        }
        if self.peek_char() == Some('{') {
            if let Some(close) = self.rest().find('}') {
                let spec = self.rest().get(1..close).unwrap_or("");
                if spec.chars().all(|c| "lcrp|:@ ".contains(c)) {
                    self.pos += close + 1;
                }
            }
        }
    }

    /// The delimiter after `\left`, `\right`, `\bigl`, `\big`….
    pub(super) fn delimiter(&mut self, start: usize, side: Side) -> Result<(), ParseError> {
        self.skip_whitespace();
        let Some(c) = self.peek_char() else {
            return Err(self.err("missing delimiter", start..self.pos));
        };
        // The delimiter's kind and whether it opens by itself (None: either).
        let (delim, opens): (Delim, Option<bool>) = if c == '\\' {
            self.pos += 1;
            let name_start = self.pos;
            match self.peek_char() {
                Some('{') => {
                    self.pos += 1;
                    (Delim::Brace, Some(true))
                }
                Some('}') => {
                    self.pos += 1;
                    (Delim::Brace, Some(false))
                }
                Some(d) if d.is_ascii_alphabetic() => {
                    while self.peek_char().is_some_and(|d| d.is_ascii_alphabetic()) {
                        self.pos += 1;
                    }
                    match self.text.get(name_start..self.pos).unwrap_or("") {
                        "lbrace" => (Delim::Brace, Some(true)),
                        "rbrace" => (Delim::Brace, Some(false)),
                        "lvert" => (Delim::Bar, Some(true)),
                        "rvert" => (Delim::Bar, Some(false)),
                        "vert" => (Delim::Bar, None),
                        "lfloor" => (Delim::Floor, Some(true)),
                        "rfloor" => (Delim::Floor, Some(false)),
                        "lceil" => (Delim::Ceil, Some(true)),
                        "rceil" => (Delim::Ceil, Some(false)),
                        _ => return Err(self.err("unsupported delimiter", start..self.pos)),
                    }
                }
                _ => {
                    self.pos = self
                        .end
                        .min(self.pos + self.peek_char().map_or(0, char::len_utf8));
                    return Err(self.err("unsupported delimiter", start..self.pos));
                }
            }
        } else {
            self.pos += c.len_utf8();
            match c {
                '(' => (Delim::Paren, Some(true)),
                ')' => (Delim::Paren, Some(false)),
                '[' => (Delim::Bracket, Some(true)),
                ']' => (Delim::Bracket, Some(false)),
                '|' => (Delim::Bar, None),
                '.' => (Delim::Dot, None),
                _ => return Err(self.err("unsupported delimiter", start..self.pos)),
            }
        };
        let tok = match (side, opens) {
            (Side::Left, Some(false)) if delim == Delim::Bracket => Tok::Open(Delim::Reversed),
            (Side::Right, Some(true)) if delim == Delim::Bracket => Tok::Close(Delim::Reversed),
            (Side::Left, _) => Tok::Open(delim),
            (Side::Right, _) => Tok::Close(delim),
            (Side::Plain, Some(true)) => Tok::Open(delim),
            (Side::Plain, Some(false)) => Tok::Close(delim),
            (Side::Plain, None) if delim == Delim::Bar => Tok::Bar,
            (Side::Plain, None) => return Ok(()),
        };
        self.push(tok, start);
        Ok(())
    }
}
