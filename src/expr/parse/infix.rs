//! Infix expressions as LLMs and SymPy write them: `x**2 + sin(x)`,
//! `exp(-x)*cos(x)`, `2x + 3`, `Eq(u(x), x**2)`, `Interval.open(0, 1)`.
//!
//! [`parse_infix`] reads the text into a raw [`Expr`] (not canonicalized:
//! `a - b` is `a + (-1)·b`, `a/b` is `a·b^(-1)`, `sqrt(x)` is `x^(1/2)`).
//!
//! # Grammar
//!
//! From the loosest to the tightest binding:
//!
//! | level | operators | associativity |
//! |---|---|---|
//! | list | `a, b` (a tuple) | n-ary |
//! | relation | `=` `==` `!=` `<` `<=` `>` `>=` `≤` `≥` `≠` | chains `a < b <= c` |
//! | sum | `+` `-` `±` | left |
//! | product | `*` `/` `·` `×` `÷`, implicit multiplication | left |
//! | prefix | unary `-` `+` `±` | |
//! | power | `**` `^`, superscripts `x²` | right; the exponent may start with a unary sign |
//! | root | prefix `√` | |
//! | postfix | `!` (factorial), `%` (percent), `°` (degrees) | |
//!
//! So `-x**2` is `-(x²)`, `2**-1` is `1/2`, `2**3**2` is `2⁹`, `a/b*c` is
//! `(a/b)·c` and `1/2x` is `x/2` (implicit multiplication binds like `*`, as
//! in SymPy's `implicit_multiplication`). `3!=6` is `Ne(3, 6)` (the longest
//! operator wins, as in Python).
//!
//! # Names
//!
//! * Constants: `pi` `π`; `E` and `e` (Euler's number: **`e` differs from
//!   SymPy's `parse_expr`, where it is a plain symbol**); `I` (imaginary unit;
//!   lower-case `i` is a symbol); `oo`, `inf`, `infinity`, `Infinity`, `∞`;
//!   `nan`, `NaN`, `zoo` ([`Constant::Undefined`]); `EmptySet`, `S.EmptySet`.
//! * Functions: every name of [`Func::from_name`] (`sin`, `arcsin`, `ln`,
//!   `abs`, `Abs`, `ceil`, `binomial`, `Max`…) with its arity (`log(x)` is
//!   natural, `log(x, b)` has base `b`, `ln` takes one argument, `Max`/`Min`
//!   one or more); `sqrt`, `cbrt`, `root(x, n)` (`x^(1/n)`), `exp`;
//!   `log_2(x)`, `log_b(x)`, `log_{10}(x)` (base in the name).
//! * SymPy constructors: `Eq` `Ne` `Lt` `Le` `Gt` `Ge`, `Integral(f, x)`,
//!   `Integral(f, (x, a, b))` (more variables nest: `Integral(f, x, y)` is
//!   `Integral(Integral(f, x), y)`), `Interval(a, b)` (closed) and its
//!   four-argument form `Interval(a, b, True, False)`, `Interval.open`,
//!   `Interval.Lopen` (left open), `Interval.Ropen`, `Union`, `Intersection`
//!   (kept as written, even with zero or one argument: the canonicalizer
//!   simplifies), `FiniteSet`, `Matrix([[1, 2], [3, 4]])` (also
//!   `Matrix([1, 2])`, a column, and `Matrix(2, 2, [1, 2, 3, 4])`), `Tuple`,
//!   `Function("K")(x)` (an unknown function of any name, see
//!   [`reads_as_function`]); and the printer's forms for
//!   nodes SymPy lacks: `PlusMinus(a, b)` (`PlusMinus(b)` is `0 ± b`),
//!   `Percent(x)`, `Degrees(x)`, `Text("words")`.
//! * Brackets: `(a)` groups, `(a, b)`, `(a,)`, `()` and `[a, b]` are tuples
//!   (`[a]` too), `{a, b}` is a set, `|x|` is `Abs(x)`. Braces right after
//!   `^` group the exponent as in LaTeX (`x^{2}` is `x**2`, `e^{-x}`,
//!   `2^{1+1}`); they hold exactly one expression (`x^{1,2}` is an error).
//! * Identifiers: a letter, then ASCII letters, digits and `_`, then primes:
//!   `xy`, `alpha`, `c1`, `c_1`, `x_10`, `y'`; `x_{10}` is read as `x_10`.
//!   A Greek letter is its name (`θ` is the symbol `theta`, `θ_1` is
//!   `theta_1`); a non-ASCII letter ends an identifier (`rθ` is `r·θ`).
//! * Strings: `"…"` or `'…'` with Rust's escapes (`\"`, `\'`, `\\`, `\n`,
//!   `\t`, `\r`, `\0`, `\u{…}`; another backslash is kept), read as
//!   [`Expr::Text`]; a `'` right after a name is a prime, not a quote.
//!
//! # Function application or multiplication
//!
//! A name followed by `(`:
//!
//! 1. a function or constructor above: applied (`sin(x)`, `Abs(x)`);
//! 2. a constant: multiplied (`pi(x+1)`, `e(x)` is `e·x`);
//! 3. otherwise applied as [`Func::Named`] when the parentheses hold two or
//!    more arguments (`K(x, t)`), or when the name is conventionally a
//!    function: its base (the name without a `_…` subscript and trailing
//!    digits or primes) is one of `f g h u v w y F G H U V W Y`, `phi`,
//!    `psi`, `Phi`, `Psi`, `gamma`, `Gamma`, `beta`, `zeta`, or is a word of
//!    two or more letters that is not another Greek letter (`f(x)`, `u(t)`,
//!    `y'(x)`, `f_1(x)`, `erf(x)`);
//! 4. otherwise multiplied: `x(1-x)` is `x·(1-x)`, `c_1(x+1)` and
//!    `alpha(x+1)` are products, and `2^x(1+x)` is `2^x·(1+x)`.
//!
//! # Implicit multiplication
//!
//! Two operands side by side are multiplied when the second one starts with a
//! name, `(`, `√` or (outside `|…|`) `|`: `2x`, `2 x`, `2(x+1)`, `(x+1)(x-1)`,
//! `2pi`, `3sqrt(2)`, `x y`, `2|x|`. An operand that starts with a number is
//! never implicitly multiplied (`2 3`, `x 2` and `(x)2` are errors: they are
//! more likely a typo or a thousands separator than a product).
//!
//! A function of one argument may also be applied without parentheses,
//! as LaTeX does: `sin x`, `ln 2`, `sin 2x` (`sin(2·x)`), `sin x cos x`
//! (`sin(x)·cos(x)`: the argument is an implicit product that stops before
//! the next function name or any explicit operator, `sin x + 1` is
//! `sin(x) + 1`), and a positive integer power may sit on the name:
//! `sin^2(x)`, `sin**2 x` are `sin(x)²`.
//!
//! # Bounds
//!
//! The input length is checked first ([`Limits::check_input`]). Every
//! operand parsed inside another construct (a bracket, a function's
//! arguments, the operand of a prefix or binary operator) and every node
//! stacked in place on a left operand (`x!!`, `a ± b ± c`) is one level of
//! nesting, counted against [`Limits::max_depth`]: `((x))` is 3 levels,
//! `-(-x)` 4, and the default 200 allows 199 nested brackets. The
//! parser never goes deeper than [`HARD_MAX_DEPTH`] whatever the limits say
//! (about 1 MiB of stack in an unoptimized build), so 100,000 nested `(` are
//! refused after a few hundred steps without overflowing anything. Sums,
//! products and relation chains are built flat (`a + b + c` is one `Add`),
//! so long sums do not nest.
//!
//! A number literal may have at most [`Limits::max_digits`] digits, its
//! exponent at most [`Limits::max_exponent`] in magnitude (`1e999999999` is
//! refused, even `0e999999999`), and its exact value at most `max_digits`
//! digits in numerator and denominator (`1e50000` is refused before anything
//! is allocated). The tree is finally checked against [`Limits::max_nodes`].
//!
//! # Differences with the document
//!
//! Compared with SymPy's `parse_expr`, which the documents' code uses:
//!
//! * `e` is Euler's number (SymPy: a symbol `e`); `inf` and `infinity` are
//!   `∞`.
//! * Numbers are exact: `0.1` is `1/10`, `3.54e-07` is `354·10⁻⁹`.
//! * `%` is a percentage, never the modulo operator.
//! * Unknown names applied to parentheses follow the rules above instead of
//!   always being functions (`auto_symbol`) or always products
//!   (`implicit_multiplication`).
//! * `1,000` is the tuple `(1, 0)`, as in SymPy: thousands separators are the
//!   extraction layer's business.
//! * Unicode operators are accepted: `−` `–` `·` `⋅` `×` `∗` `÷` `±` `√` `π`
//!   `∞` `≤` `≥` `≠` `°`, superscript exponents `x²`, `x⁻¹`.

use std::ops::Range;

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};

use crate::expr::ast::{Expr, Func, Integral, Interval, Rational, RelOp};
use crate::expr::error::{ExprError, ParseError};
pub use crate::expr::lexicon::reads_as_function;
use crate::expr::lexicon::{
    DigitBudget, Known, constant, conventionally_function, is_ident_start, known, number_value,
    scan_identifier, scan_number,
};
use crate::expr::limits::Limits;

/// The deepest the parser ever recurses, whatever [`Limits::max_depth`] says.
///
/// Deeper input is refused with
/// [`ExprError::BudgetExceeded`] (`which = "nesting depth"`), so that a
/// caller raising `max_depth` cannot make the parser overflow its stack.
pub const HARD_MAX_DEPTH: usize = 256;

/// Parses an infix expression (SymPy / LLM style) into a raw expression.
///
/// See the [module documentation](self) for the grammar, the names and the
/// bounds. Errors are [`ExprError::Parse`] with the span of the offending
/// text, or [`ExprError::BudgetExceeded`].
///
/// ```
/// use scorespec::expr::parse::infix::parse_infix;
/// use scorespec::expr::{Expr, Func, Limits};
///
/// let e = parse_infix("x**2 + sin(x)", &Limits::default()).unwrap();
/// let x = Expr::sym("x");
/// assert_eq!(
///     e,
///     Expr::Add(vec![
///         Expr::pow(x.clone(), Expr::int(2)),
///         Expr::func(Func::Sin, x),
///     ])
/// );
/// // Implicit multiplication and exact decimals.
/// assert_eq!(
///     parse_infix("0.5x", &Limits::default()).unwrap(),
///     Expr::Mul(vec![Expr::ratio(1, 2), Expr::sym("x")])
/// );
/// // Errors carry a span.
/// let err = parse_infix("x +", &Limits::default()).unwrap_err();
/// assert!(err.to_string().starts_with("expected an expression after '+'"));
/// ```
pub fn parse_infix(text: &str, limits: &Limits) -> Result<Expr, ExprError> {
    limits.check_input(text)?;
    let toks = lex(text, limits)?;
    if toks.is_empty() {
        return Err(ParseError::new("empty input", 0..0, text).into());
    }
    let mut p = Parser {
        text,
        toks,
        pos: 0,
        depth: 0,
        abs_depth: 0,
        limits,
    };
    let e = p.parse_top()?;
    limits.check_nodes(e.node_count())?;
    Ok(e)
}

// ---------------------------------------------------------------------------
// Lexer.

#[derive(Debug, Clone, PartialEq)]
enum Tok {
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
struct Token {
    tok: Tok,
    span: Range<usize>,
}

fn superscript_digit(c: char) -> Option<u8> {
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
fn unicode_escape(s: &str) -> Option<(char, usize)> {
    let inner = s.strip_prefix('{')?;
    let n = inner.bytes().take_while(u8::is_ascii_hexdigit).count();
    if n == 0 || n > 6 || inner.as_bytes().get(n) != Some(&b'}') {
        return None;
    }
    let code = u32::from_str_radix(inner.get(..n)?, 16).ok()?;
    Some((char::from_u32(code)?, n + 2))
}

fn lex(text: &str, limits: &Limits) -> Result<Vec<Token>, ExprError> {
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

// ---------------------------------------------------------------------------
// Names.

// ---------------------------------------------------------------------------
// Parser.

const BP_REL: u8 = 1;
const BP_ADD: u8 = 3;
const BP_MUL: u8 = 5;
const BP_UNARY: u8 = 7;
const BP_POW: u8 = 9;
const BP_ROOT: u8 = 10;
const BP_POSTFIX: u8 = 11;

/// The n-ary node the left operand of an operator loop is, when that loop
/// built it and may extend it in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Open {
    None,
    Add,
    Mul,
    Rel,
}

/// The state of one operator loop: the left operand so far, which n-ary
/// node it is, and how many levels the loop stacked on it.
struct Chain {
    lhs: Expr,
    open: Open,
    local: usize,
}

/// An operator in operator position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum InfixOp {
    Rel(RelOp),
    Add,
    Sub,
    PlusMinus,
    Mul,
    Div,
    Implicit,
    Pow,
    Sup,
    Factorial,
    Percent,
    Degrees,
}

/// What the token in operand position starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PrefixKind {
    Leaf,
    Name,
    Group(Bracket),
    Abs,
    Neg,
    Plus,
    PlusMinus,
    Root,
    Invalid,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bracket {
    Paren,
    Square,
    Brace,
}

impl Bracket {
    fn closer(self) -> Tok {
        match self {
            Bracket::Paren => Tok::RParen,
            Bracket::Square => Tok::RBracket,
            Bracket::Brace => Tok::RBrace,
        }
    }

    fn closer_text(self) -> &'static str {
        match self {
            Bracket::Paren => ")",
            Bracket::Square => "]",
            Bracket::Brace => "}",
        }
    }
}

/// Items of a bracketed sequence with their spans, and whether a trailing
/// comma ended it.
type Seq = (Vec<(Expr, Range<usize>)>, bool);

// The functions on the recursion path (parse_expr, parse_prefix and what
// they call before recursing) are kept small, with cold work (building nodes,
// errors) in separate functions: unoptimized builds give every temporary its
// own stack slot, and the depth bound must fit a 2 MiB thread in any build.
struct Parser<'a> {
    text: &'a str,
    toks: Vec<Token>,
    pos: usize,
    /// Current nesting depth (recursion levels plus nodes stacked in place).
    depth: usize,
    /// Open `|…|` in the current bracket level.
    abs_depth: usize,
    limits: &'a Limits,
}

type PResult<T> = Result<T, ExprError>;

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.tok)
    }

    fn peek_at(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.pos + k).map(|t| &t.tok)
    }

    fn span(&self) -> Range<usize> {
        self.toks
            .get(self.pos)
            .map_or(self.text.len()..self.text.len(), |t| t.span.clone())
    }

    fn prev_end(&self) -> usize {
        self.pos
            .checked_sub(1)
            .and_then(|p| self.toks.get(p))
            .map_or(0, |t| t.span.end)
    }

    fn slice(&self, span: &Range<usize>) -> &'a str {
        self.text.get(span.clone()).unwrap_or("?")
    }

    fn err(&self, message: impl Into<String>, span: Range<usize>) -> ExprError {
        ParseError::new(message, span, self.text).into()
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > self.limits.max_depth || self.depth > HARD_MAX_DEPTH {
            return Err(self.depth_error());
        }
        Ok(())
    }

    #[cold]
    fn depth_error(&self) -> ExprError {
        match self.limits.check_depth(self.depth) {
            Err(e) => e,
            Ok(()) => ExprError::BudgetExceeded {
                which: "nesting depth",
                limit: HARD_MAX_DEPTH as u64,
            },
        }
    }

    fn leave(&mut self, levels: usize) {
        self.depth = self.depth.saturating_sub(levels);
    }

    fn parse_top(&mut self) -> PResult<Expr> {
        let mut items = Vec::new();
        let mut trailing = false;
        loop {
            items.push(self.parse_expr(0)?);
            if self.peek() == Some(&Tok::Comma) {
                self.pos += 1;
                if self.peek().is_none() {
                    trailing = true;
                    break;
                }
            } else {
                break;
            }
        }
        if let Some(tok) = self.peek() {
            let span = self.span();
            let s = self.slice(&span);
            let message = match tok {
                Tok::RParen | Tok::RBracket | Tok::RBrace | Tok::Bar => format!("unmatched '{s}'"),
                t if starts_operand(t) => format!("missing operator before '{s}'"),
                _ => format!("unexpected '{s}'"),
            };
            return Err(self.err(message, span));
        }
        Ok(if items.len() == 1 && !trailing {
            items.pop().unwrap_or(Expr::Tuple(vec![]))
        } else {
            Expr::Tuple(items)
        })
    }

    // --- Operators.

    /// An expression whose operators all bind at least as tightly as `min_bp`.
    fn parse_expr(&mut self, min_bp: u8) -> PResult<Expr> {
        self.enter()?;
        let lhs = self.parse_prefix()?;
        let mut chain = Chain {
            lhs,
            open: Open::None,
            local: 0,
        };
        while let Some(op) = self.infix_op(min_bp) {
            self.apply(op, &mut chain)?;
        }
        self.leave(1 + chain.local);
        Ok(chain.lhs)
    }

    /// The operator at the current position, if it binds at least as tightly
    /// as `min_bp`.
    fn infix_op(&self, min_bp: u8) -> Option<InfixOp> {
        let (op, bp) = match self.peek()? {
            Tok::Rel(r) => (InfixOp::Rel(*r), BP_REL),
            Tok::Plus => (InfixOp::Add, BP_ADD),
            Tok::Minus => (InfixOp::Sub, BP_ADD),
            Tok::PlusMinus => (InfixOp::PlusMinus, BP_ADD),
            Tok::Star => (InfixOp::Mul, BP_MUL),
            Tok::Slash => (InfixOp::Div, BP_MUL),
            t if starts_implicit_factor(t, self.abs_depth) => (InfixOp::Implicit, BP_MUL),
            Tok::Caret => (InfixOp::Pow, BP_POW),
            Tok::Sup(_) => (InfixOp::Sup, BP_POW),
            Tok::Bang => (InfixOp::Factorial, BP_POSTFIX),
            Tok::Percent => (InfixOp::Percent, BP_POSTFIX),
            Tok::Degree => (InfixOp::Degrees, BP_POSTFIX),
            _ => return None,
        };
        (bp >= min_bp).then_some(op)
    }

    fn apply(&mut self, op: InfixOp, chain: &mut Chain) -> PResult<()> {
        match op {
            InfixOp::Rel(r) => self.apply_rel(r, chain),
            InfixOp::Add | InfixOp::Sub | InfixOp::PlusMinus => self.apply_add(op, chain),
            InfixOp::Mul | InfixOp::Div | InfixOp::Implicit => self.apply_mul(op, chain),
            InfixOp::Pow => self.apply_pow(chain),
            InfixOp::Sup | InfixOp::Factorial | InfixOp::Percent | InfixOp::Degrees => {
                self.apply_postfix(op, chain)
            }
        }
    }

    fn apply_rel(&mut self, op: RelOp, chain: &mut Chain) -> PResult<()> {
        self.pos += 1;
        let rhs = self.parse_expr(BP_REL + 1)?;
        self.combine_rel(op, rhs, chain)
    }

    fn combine_rel(&mut self, op: RelOp, rhs: Expr, chain: &mut Chain) -> PResult<()> {
        if chain.open == Open::Rel {
            if let Expr::Relation(sides, ops) = &mut chain.lhs {
                sides.push(rhs);
                ops.push(op);
            }
            return Ok(());
        }
        self.stack_level(chain)?;
        let lhs = std::mem::replace(&mut chain.lhs, Expr::Tuple(vec![]));
        chain.lhs = Expr::Relation(vec![lhs, rhs], vec![op]);
        chain.open = Open::Rel;
        Ok(())
    }

    fn apply_add(&mut self, op: InfixOp, chain: &mut Chain) -> PResult<()> {
        self.pos += 1;
        let rhs = self.parse_expr(BP_ADD + 1)?;
        self.combine_add(op, rhs, chain)
    }

    fn combine_add(&mut self, op: InfixOp, rhs: Expr, chain: &mut Chain) -> PResult<()> {
        let lhs = std::mem::replace(&mut chain.lhs, Expr::Tuple(vec![]));
        let term = match op {
            InfixOp::PlusMinus => {
                self.stack_level(chain)?;
                chain.lhs = Expr::PlusMinus(Box::new(lhs), Box::new(rhs));
                chain.open = Open::None;
                return Ok(());
            }
            InfixOp::Sub => Expr::neg(rhs),
            _ => rhs,
        };
        match (chain.open, lhs) {
            (Open::Add, Expr::Add(mut terms)) => {
                terms.push(term);
                chain.lhs = Expr::Add(terms);
            }
            (_, lhs) => {
                self.stack_level(chain)?;
                chain.lhs = Expr::Add(vec![lhs, term]);
                chain.open = Open::Add;
            }
        }
        Ok(())
    }

    fn apply_mul(&mut self, op: InfixOp, chain: &mut Chain) -> PResult<()> {
        if op != InfixOp::Implicit {
            self.pos += 1;
        }
        let rhs = self.parse_expr(BP_MUL + 1)?;
        self.combine_mul(op, rhs, chain)
    }

    fn combine_mul(&mut self, op: InfixOp, rhs: Expr, chain: &mut Chain) -> PResult<()> {
        let factor = if op == InfixOp::Div {
            Expr::pow(rhs, Expr::int(-1))
        } else {
            rhs
        };
        let lhs = std::mem::replace(&mut chain.lhs, Expr::Tuple(vec![]));
        match (chain.open, lhs) {
            (Open::Mul, Expr::Mul(mut factors)) => {
                factors.push(factor);
                chain.lhs = Expr::Mul(factors);
            }
            (_, lhs) => {
                self.stack_level(chain)?;
                chain.lhs = Expr::Mul(vec![lhs, factor]);
                chain.open = Open::Mul;
            }
        }
        Ok(())
    }

    fn apply_pow(&mut self, chain: &mut Chain) -> PResult<()> {
        self.pos += 1;
        // Braces right after `^` group the exponent, as in LaTeX (`x^{2}`,
        // `e^{-x}`): one expression, not a set.
        if self.peek() == Some(&Tok::LBrace) {
            let open = self.span();
            let (mut items, trailing) = self.parse_seq(Bracket::Brace)?;
            if items.len() != 1 || trailing {
                let span = open.start..self.prev_end();
                return Err(self.err("braces after '^' hold one exponent", span));
            }
            let rhs = items.pop().map_or(Expr::Tuple(vec![]), |(e, _)| e);
            return self.wrap(chain, |lhs| Expr::pow(lhs, rhs));
        }
        // The exponent may start with a sign (`2**-1`) and is right-associative.
        let rhs = self.parse_expr(BP_UNARY)?;
        self.wrap(chain, |lhs| Expr::pow(lhs, rhs))
    }

    fn apply_postfix(&mut self, op: InfixOp, chain: &mut Chain) -> PResult<()> {
        let sup = match self.peek() {
            Some(Tok::Sup(n)) => Some(n.clone()),
            _ => None,
        };
        self.pos += 1;
        self.wrap(chain, |lhs| match (op, sup) {
            (InfixOp::Factorial, _) => Expr::func(Func::Factorial, lhs),
            (InfixOp::Percent, _) => Expr::Percent(Box::new(lhs)),
            (InfixOp::Degrees, _) => Expr::Degrees(Box::new(lhs)),
            (_, Some(n)) => Expr::pow(lhs, Expr::Number(n)),
            (_, None) => lhs,
        })
    }

    /// Replaces the left operand by a node built on it.
    fn wrap(&mut self, chain: &mut Chain, build: impl FnOnce(Expr) -> Expr) -> PResult<()> {
        self.stack_level(chain)?;
        let lhs = std::mem::replace(&mut chain.lhs, Expr::Tuple(vec![]));
        chain.lhs = build(lhs);
        chain.open = Open::None;
        Ok(())
    }

    /// One more node stacked on the left operand without recursion: counts
    /// as a level of nesting.
    fn stack_level(&mut self, chain: &mut Chain) -> PResult<()> {
        chain.local += 1;
        self.enter()
    }

    // --- Operands.

    fn parse_prefix(&mut self) -> PResult<Expr> {
        let kind = self.peek().map_or(PrefixKind::Invalid, prefix_kind);
        match kind {
            PrefixKind::Leaf => Ok(self.take_leaf()),
            PrefixKind::Name => self.parse_name(),
            PrefixKind::Group(b) => self.parse_group(b),
            PrefixKind::Abs => self.parse_abs(),
            PrefixKind::Neg | PrefixKind::Plus | PrefixKind::PlusMinus | PrefixKind::Root => {
                self.parse_unary(kind)
            }
            PrefixKind::Invalid => Err(self.missing_operand()),
        }
    }

    fn take_leaf(&mut self) -> Expr {
        let e = match self.peek() {
            Some(Tok::Num(r)) => Expr::Number(r.clone()),
            Some(Tok::Str(s)) => Expr::Text(s.clone()),
            _ => Expr::Tuple(vec![]),
        };
        self.pos += 1;
        e
    }

    fn parse_unary(&mut self, kind: PrefixKind) -> PResult<Expr> {
        self.pos += 1;
        let bp = if kind == PrefixKind::Root {
            BP_ROOT
        } else {
            BP_UNARY
        };
        let operand = self.parse_expr(bp)?;
        Ok(match kind {
            PrefixKind::Neg => Expr::neg(operand),
            PrefixKind::PlusMinus => Expr::PlusMinus(Box::new(Expr::int(0)), Box::new(operand)),
            PrefixKind::Root => Expr::sqrt(operand),
            _ => operand,
        })
    }

    fn parse_group(&mut self, b: Bracket) -> PResult<Expr> {
        let (items, trailing) = self.parse_seq(b)?;
        Ok(group_value(b, items, trailing))
    }

    fn parse_abs(&mut self) -> PResult<Expr> {
        let open = self.span();
        self.pos += 1;
        self.abs_depth += 1;
        let inner = self.parse_expr(0)?;
        if self.peek() != Some(&Tok::Bar) {
            return Err(self.unclosed(&open, "|"));
        }
        self.pos += 1;
        self.abs_depth -= 1;
        Ok(Expr::func(Func::Abs, inner))
    }

    /// The error for a missing operand at the current position.
    #[cold]
    fn missing_operand(&self) -> ExprError {
        let prev = self
            .pos
            .checked_sub(1)
            .and_then(|p| self.toks.get(p))
            .map(|t| t.span.clone());
        match (self.toks.get(self.pos), prev) {
            (None, Some(prev)) => {
                let s = self.slice(&prev);
                self.err(format!("expected an expression after '{s}'"), prev)
            }
            (None, None) => self.err("empty input", 0..0),
            (Some(t), _) => {
                let s = self.slice(&t.span);
                let message = match t.tok {
                    Tok::RParen | Tok::RBracket | Tok::RBrace | Tok::Comma | Tok::Bar => {
                        format!("expected an expression before '{s}'")
                    }
                    _ => format!("unexpected '{s}'"),
                };
                self.err(message, t.span.clone())
            }
        }
    }

    /// The error for an opening bracket without its closing one, at the
    /// current token (a wrong closer or the end of the input).
    #[cold]
    fn unclosed(&self, open: &Range<usize>, closer: &str) -> ExprError {
        let opener = self.slice(open);
        match self.toks.get(self.pos) {
            None => self.err(format!("unclosed '{opener}'"), open.clone()),
            Some(t) => {
                let s = self.slice(&t.span);
                let message = if starts_operand(&t.tok) {
                    format!("missing operator before '{s}'")
                } else {
                    format!(
                        "expected '{closer}' to close the '{opener}' at byte {}, found '{s}'",
                        open.start
                    )
                };
                self.err(message, t.span.clone())
            }
        }
    }

    /// A bracketed, comma-separated sequence; the current token is the
    /// opening bracket.
    fn parse_seq(&mut self, b: Bracket) -> PResult<Seq> {
        let open = self.span();
        self.pos += 1;
        let saved_abs = std::mem::replace(&mut self.abs_depth, 0);
        let mut items = Vec::new();
        let mut trailing = false;
        if self.peek() == Some(&b.closer()) {
            self.pos += 1;
        } else {
            loop {
                let start = self.span().start;
                let e = self.parse_expr(0)?;
                items.push((e, start..self.prev_end()));
                match self.seq_next(b) {
                    SeqNext::Item => {}
                    SeqNext::End => break,
                    SeqNext::Trailing => {
                        trailing = true;
                        break;
                    }
                    SeqNext::Error => return Err(self.unclosed(&open, b.closer_text())),
                }
            }
        }
        self.abs_depth = saved_abs;
        Ok((items, trailing))
    }

    /// After an item of a sequence: consumes `,` or the closer.
    fn seq_next(&mut self, b: Bracket) -> SeqNext {
        match self.peek() {
            Some(Tok::Comma) => {
                self.pos += 1;
                if self.peek() == Some(&b.closer()) {
                    self.pos += 1;
                    SeqNext::Trailing
                } else {
                    SeqNext::Item
                }
            }
            Some(t) if *t == b.closer() => {
                self.pos += 1;
                SeqNext::End
            }
            _ => SeqNext::Error,
        }
    }

    /// Whether the parenthesized group at the current position holds a comma
    /// at its own level.
    fn group_has_comma(&self) -> bool {
        let mut level = 0usize;
        for t in self.toks.get(self.pos..).unwrap_or(&[]) {
            match t.tok {
                Tok::LParen | Tok::LBracket | Tok::LBrace => level += 1,
                Tok::RParen | Tok::RBracket | Tok::RBrace => {
                    level = level.saturating_sub(1);
                    if level == 0 {
                        return false;
                    }
                }
                Tok::Comma if level == 1 => return true,
                _ => {}
            }
        }
        false
    }

    // --- Names.

    fn parse_name(&mut self) -> PResult<Expr> {
        let (name, span) = match self.toks.get(self.pos) {
            Some(Token {
                tok: Tok::Ident(name),
                span,
            }) => (name.clone(), span.clone()),
            _ => return Err(self.missing_operand()),
        };
        self.pos += 1;
        match self.classify_name(&name) {
            NameKind::Value(e) => Ok(e),
            NameKind::Known(k) => self.parse_known(k, &name, span),
            NameKind::Call => self.parse_named_call(name),
            NameKind::Symbol => Ok(Expr::Symbol(name)),
            NameKind::Unknown => Err(self.err(format!("unknown name '{name}'"), span)),
        }
    }

    fn classify_name(&self, name: &str) -> NameKind {
        if let Some(c) = constant(name) {
            return NameKind::Value(c);
        }
        if let Some(k) = known(name) {
            return NameKind::Known(k);
        }
        // `S.Reals`: a dotted name we do not know (a dot inside a braced
        // subscript, `N_{.}`, is part of a symbol's name).
        if name
            .split('{')
            .next()
            .is_some_and(|head| head.contains('.'))
        {
            return NameKind::Unknown;
        }
        if self.peek() == Some(&Tok::LParen)
            && (conventionally_function(name) || self.group_has_comma())
        {
            return NameKind::Call;
        }
        NameKind::Symbol
    }

    fn parse_named_call(&mut self, name: String) -> PResult<Expr> {
        let (args, _) = self.parse_seq(Bracket::Paren)?;
        Ok(Expr::Func(
            Func::Named(name),
            args.into_iter().map(|(e, _)| e).collect(),
        ))
    }

    fn parse_known(&mut self, k: Known, name: &str, span: Range<usize>) -> PResult<Expr> {
        if k == Known::Function {
            return self.parse_function_constructor(span);
        }
        let unary = k.is_unary();
        let power = if unary { self.power_on_name() } else { None };
        let result = if self.peek() == Some(&Tok::LParen) {
            self.parse_known_call(k, name, span)?
        } else if unary && self.peek().is_some_and(starts_implicit_argument) {
            self.parse_known_implicit(k, name, span)?
        } else {
            return Err(self.needs_argument(unary, name, span));
        };
        Ok(match power {
            Some(n) => Expr::pow(result, Expr::Number(n)),
            None => result,
        })
    }

    /// `Function("K")(args)`: an unknown function of any name.
    fn parse_function_constructor(&mut self, span: Range<usize>) -> PResult<Expr> {
        if self.peek() != Some(&Tok::LParen) {
            return Err(self.needs_argument(false, "Function", span));
        }
        let (args, _) = self.parse_seq(Bracket::Paren)?;
        let name = match args.as_slice() {
            [(Expr::Text(n), _)] if !n.is_empty() => n.clone(),
            _ => {
                let span = span.start..self.prev_end();
                return Err(self.err("'Function' takes a name in quotes", span));
            }
        };
        if self.peek() != Some(&Tok::LParen) {
            let span = span.start..self.prev_end();
            return Err(self.err(format!("'Function({name:?})' needs arguments"), span));
        }
        let (args, _) = self.parse_seq(Bracket::Paren)?;
        Ok(Expr::Func(
            Func::Named(name),
            args.into_iter().map(|(e, _)| e).collect(),
        ))
    }

    /// A positive integer power written on a function name, `sin^2(x)`:
    /// consumed when an argument follows it.
    fn power_on_name(&mut self) -> Option<Rational> {
        if self.peek() != Some(&Tok::Caret) {
            return None;
        }
        let Some(Tok::Num(n)) = self.peek_at(1) else {
            return None;
        };
        let arg_follows = self
            .peek_at(2)
            .is_some_and(|t| *t == Tok::LParen || starts_implicit_argument(t));
        if !(n.is_integer() && n.is_positive() && arg_follows) {
            return None;
        }
        let n = n.clone();
        self.pos += 2;
        Some(n)
    }

    fn parse_known_call(&mut self, k: Known, name: &str, span: Range<usize>) -> PResult<Expr> {
        let args = self.parse_seq(Bracket::Paren)?.0;
        let call = span.start..self.prev_end();
        self.build(k, name, call, args)
    }

    fn parse_known_implicit(&mut self, k: Known, name: &str, span: Range<usize>) -> PResult<Expr> {
        let start = self.span().start;
        let arg = self.parse_implicit_argument()?;
        let end = self.prev_end();
        self.build(k, name, span.start..end, vec![(arg, start..end)])
    }

    #[cold]
    fn needs_argument(&self, unary: bool, name: &str, span: Range<usize>) -> ExprError {
        let message = if unary {
            format!("'{name}' needs an argument")
        } else {
            format!("'{name}' needs arguments in parentheses")
        };
        self.err(message, span)
    }

    /// The argument of a function applied without parentheses (`sin 2x`):
    /// a power-level operand, then operands multiplied implicitly up to the
    /// next function name or explicit operator.
    fn parse_implicit_argument(&mut self) -> PResult<Expr> {
        self.enter()?;
        let first = self.parse_expr(BP_MUL + 1)?;
        let mut factors = vec![first];
        while self.continues_implicit_argument() {
            let factor = self.parse_expr(BP_MUL + 1)?;
            factors.push(factor);
        }
        self.leave(1);
        Ok(if factors.len() == 1 {
            factors.pop().unwrap_or(Expr::Tuple(vec![]))
        } else {
            Expr::Mul(factors)
        })
    }

    fn continues_implicit_argument(&self) -> bool {
        match self.peek() {
            Some(Tok::Ident(n)) => known(n).is_none(),
            Some(Tok::LParen | Tok::Root) => true,
            _ => false,
        }
    }

    fn arity_error(
        &self,
        name: &str,
        expected: &str,
        found: usize,
        span: Range<usize>,
    ) -> ExprError {
        let s = if found == 1 { "" } else { "s" };
        self.err(
            format!("'{name}' takes {expected}, found {found} argument{s}"),
            span,
        )
    }

    fn build(
        &self,
        k: Known,
        name: &str,
        span: Range<usize>,
        args: Vec<(Expr, Range<usize>)>,
    ) -> PResult<Expr> {
        let n = args.len();
        let exactly = |want: usize, what: &str| -> PResult<()> {
            if n == want {
                Ok(())
            } else {
                Err(self.arity_error(name, what, n, span.clone()))
            }
        };
        let mut it = args.into_iter();
        let mut next = || it.next().map(|(e, _)| e).unwrap_or(Expr::Tuple(vec![]));
        match k {
            Known::Func(f) => {
                match f {
                    Func::Log if name != "ln" && n == 2 => {}
                    Func::Log if name != "ln" => exactly(1, "1 or 2 arguments")?,
                    Func::Binomial => exactly(2, "2 arguments")?,
                    Func::Max | Func::Min => {
                        if n == 0 {
                            return Err(self.arity_error(name, "at least 1 argument", n, span));
                        }
                    }
                    _ => exactly(1, "1 argument")?,
                }
                let mut v = Vec::with_capacity(n);
                for _ in 0..n {
                    v.push(next());
                }
                Ok(Expr::Func(f, v))
            }
            Known::Sqrt => {
                exactly(1, "1 argument")?;
                Ok(Expr::sqrt(next()))
            }
            Known::Cbrt => {
                exactly(1, "1 argument")?;
                Ok(Expr::pow(next(), Expr::ratio(1, 3)))
            }
            Known::Exp => {
                exactly(1, "1 argument")?;
                Ok(Expr::exp(next()))
            }
            Known::Root => {
                exactly(2, "2 arguments")?;
                let x = next();
                let index = next();
                let inverse = match index {
                    Expr::Number(r) if !r.is_zero() => Expr::Number(r.recip()),
                    other => Expr::pow(other, Expr::int(-1)),
                };
                Ok(Expr::pow(x, inverse))
            }
            Known::LogBase(base) => {
                exactly(1, "1 argument")?;
                let b = if base.bytes().all(|c| c.is_ascii_digit()) {
                    let lit = scan_number(&base).ok_or_else(|| {
                        self.err(format!("malformed base in '{name}'"), span.clone())
                    })?;
                    Expr::Number(number_value(&lit, self.limits, None)?)
                } else {
                    constant(&base).unwrap_or(Expr::Symbol(base))
                };
                Ok(Expr::Func(Func::Log, vec![next(), b]))
            }
            Known::Rel(op) => {
                exactly(2, "2 arguments")?;
                let a = next();
                let b = next();
                Ok(Expr::Relation(vec![a, b], vec![op]))
            }
            Known::Integral => {
                if n < 2 {
                    return Err(self.arity_error(
                        name,
                        "an integrand and at least 1 variable",
                        n,
                        span,
                    ));
                }
                let mut args = it.collect::<Vec<_>>().into_iter();
                let mut integrand = args.next().map(|(e, _)| e).unwrap_or(Expr::Tuple(vec![]));
                for (spec, spec_span) in args {
                    let (var, bounds) = self.integration_variable(spec, spec_span)?;
                    integrand = Expr::Integral(Box::new(Integral {
                        integrand,
                        var,
                        bounds,
                    }));
                }
                Ok(integrand)
            }
            Known::Interval(lo_open, hi_open) => {
                let (lo_open, hi_open) = if n == 4 && name == "Interval" {
                    let args: Vec<_> = it.collect();
                    let flag = |i: usize| -> PResult<bool> {
                        match args.get(i) {
                            Some((Expr::Symbol(s), _)) if s == "True" => Ok(true),
                            Some((Expr::Symbol(s), _)) if s == "False" => Ok(false),
                            Some((_, sp)) => Err(self.err("expected True or False", sp.clone())),
                            None => {
                                Err(self.arity_error(name, "2 or 4 arguments", n, span.clone()))
                            }
                        }
                    };
                    let flags = (flag(2)?, flag(3)?);
                    let mut args = args.into_iter();
                    let lo = args.next().map(|(e, _)| e).unwrap_or(Expr::Tuple(vec![]));
                    let hi = args.next().map(|(e, _)| e).unwrap_or(Expr::Tuple(vec![]));
                    return Ok(Expr::Interval(Box::new(Interval {
                        lo,
                        hi,
                        lo_closed: !flags.0,
                        hi_closed: !flags.1,
                    })));
                } else {
                    let what = if name == "Interval" {
                        "2 or 4 arguments"
                    } else {
                        "2 arguments"
                    };
                    exactly(2, what)?;
                    (lo_open, hi_open)
                };
                let lo = next();
                let hi = next();
                Ok(Expr::Interval(Box::new(Interval {
                    lo,
                    hi,
                    lo_closed: !lo_open,
                    hi_closed: !hi_open,
                })))
            }
            Known::Union => Ok(Expr::Union(it.map(|(e, _)| e).collect())),
            Known::Intersection => Ok(Expr::Intersection(it.map(|(e, _)| e).collect())),
            Known::FiniteSet => Ok(Expr::Set(it.map(|(e, _)| e).collect())),
            Known::Tuple => Ok(Expr::Tuple(it.map(|(e, _)| e).collect())),
            Known::Matrix => self.matrix(name, span, it.collect()),
            Known::PlusMinus => match n {
                1 => Ok(Expr::PlusMinus(Box::new(Expr::int(0)), Box::new(next()))),
                2 => {
                    let a = next();
                    let b = next();
                    Ok(Expr::PlusMinus(Box::new(a), Box::new(b)))
                }
                _ => Err(self.arity_error(name, "1 or 2 arguments", n, span)),
            },
            Known::Percent => {
                exactly(1, "1 argument")?;
                Ok(Expr::Percent(Box::new(next())))
            }
            Known::Degrees => {
                exactly(1, "1 argument")?;
                Ok(Expr::Degrees(Box::new(next())))
            }
            // Handled by `parse_function_constructor`.
            Known::Function => Err(self.needs_argument(false, name, span)),
            Known::Text => {
                exactly(1, "1 argument")?;
                match it.next() {
                    Some((Expr::Text(s), _)) => Ok(Expr::Text(s)),
                    Some((_, sp)) => Err(self.err("'Text' takes a string in quotes", sp)),
                    None => Err(self.arity_error(name, "1 argument", n, span)),
                }
            }
        }
    }

    fn integration_variable(
        &self,
        spec: Expr,
        span: Range<usize>,
    ) -> PResult<(String, Option<(Expr, Expr)>)> {
        match spec {
            Expr::Symbol(s) => Ok((s, None)),
            Expr::Tuple(items) => {
                let mut it = items.into_iter();
                match (it.next(), it.next(), it.next(), it.next()) {
                    (Some(Expr::Symbol(s)), None, None, None) => Ok((s, None)),
                    (Some(Expr::Symbol(s)), Some(a), Some(b), None) => Ok((s, Some((a, b)))),
                    _ => Err(self.err("expected a variable or (variable, lower, upper)", span)),
                }
            }
            _ => Err(self.err("expected a variable or (variable, lower, upper)", span)),
        }
    }

    fn matrix(
        &self,
        name: &str,
        span: Range<usize>,
        args: Vec<(Expr, Range<usize>)>,
    ) -> PResult<Expr> {
        let n = args.len();
        let mut it = args.into_iter();
        match (it.next(), it.next(), it.next(), it.next()) {
            (Some((list, list_span)), None, None, None) => {
                let Expr::Tuple(items) = list else {
                    return Err(self.err("expected a list of rows", list_span));
                };
                let rows_given = items.iter().filter(|r| matches!(r, Expr::Tuple(_))).count();
                if rows_given == 0 {
                    return Ok(Expr::Matrix(items.into_iter().map(|x| vec![x]).collect()));
                }
                if rows_given != items.len() {
                    return Err(self.err("a matrix mixes rows and entries", list_span));
                }
                let rows: Vec<Vec<Expr>> = items
                    .into_iter()
                    .map(|r| match r {
                        Expr::Tuple(v) => v,
                        other => vec![other],
                    })
                    .collect();
                let width = rows.first().map_or(0, Vec::len);
                if rows.iter().any(|r| r.len() != width) {
                    return Err(self.err("matrix rows of different lengths", list_span));
                }
                Ok(Expr::Matrix(rows))
            }
            (Some((r, r_span)), Some((c, c_span)), Some((list, list_span)), None) => {
                let dim = |e: &Expr, sp: Range<usize>| -> PResult<usize> {
                    e.as_number()
                        .filter(|v| v.is_integer())
                        .and_then(|v| v.to_integer().to_usize())
                        .ok_or_else(|| self.err("expected a non-negative integer", sp))
                };
                let rows = dim(&r, r_span)?;
                let cols = dim(&c, c_span)?;
                let Expr::Tuple(items) = list else {
                    return Err(self.err("expected a list of entries", list_span));
                };
                if rows.checked_mul(cols) != Some(items.len()) {
                    return Err(self.err(
                        format!("expected {rows}×{cols} entries, found {}", items.len()),
                        list_span,
                    ));
                }
                if cols == 0 {
                    return Ok(Expr::Matrix(vec![vec![]; rows]));
                }
                let mut out = Vec::with_capacity(rows);
                let mut items = items.into_iter();
                for _ in 0..rows {
                    out.push(items.by_ref().take(cols).collect());
                }
                Ok(Expr::Matrix(out))
            }
            _ => Err(self.arity_error(name, "1 or 3 arguments", n, span)),
        }
    }
}

/// What a name in operand position is.
enum NameKind {
    Value(Expr),
    Known(Known),
    Call,
    Symbol,
    Unknown,
}

/// What follows an item of a bracketed sequence.
enum SeqNext {
    Item,
    End,
    Trailing,
    Error,
}

fn prefix_kind(t: &Tok) -> PrefixKind {
    match t {
        Tok::Num(_) | Tok::Str(_) => PrefixKind::Leaf,
        Tok::Ident(_) => PrefixKind::Name,
        Tok::LParen => PrefixKind::Group(Bracket::Paren),
        Tok::LBracket => PrefixKind::Group(Bracket::Square),
        Tok::LBrace => PrefixKind::Group(Bracket::Brace),
        Tok::Bar => PrefixKind::Abs,
        Tok::Minus => PrefixKind::Neg,
        Tok::Plus => PrefixKind::Plus,
        Tok::PlusMinus => PrefixKind::PlusMinus,
        Tok::Root => PrefixKind::Root,
        _ => PrefixKind::Invalid,
    }
}

/// The value of a bracketed sequence: `(a)` is `a`; other parentheses and
/// square brackets are tuples, braces are sets.
fn group_value(b: Bracket, items: Vec<(Expr, Range<usize>)>, trailing: bool) -> Expr {
    let mut items: Vec<Expr> = items.into_iter().map(|(e, _)| e).collect();
    match b {
        Bracket::Paren if items.len() == 1 && !trailing => {
            items.pop().unwrap_or(Expr::Tuple(vec![]))
        }
        Bracket::Brace => Expr::Set(items),
        _ => Expr::Tuple(items),
    }
}

/// Whether a token can begin an operand (used for "missing operator" messages).
fn starts_operand(t: &Tok) -> bool {
    matches!(
        t,
        Tok::Num(_)
            | Tok::Ident(_)
            | Tok::Str(_)
            | Tok::LParen
            | Tok::LBracket
            | Tok::LBrace
            | Tok::Root
    )
}

/// Whether a token in operator position begins an implicitly multiplied factor.
fn starts_implicit_factor(t: &Tok, abs_depth: usize) -> bool {
    match t {
        Tok::Ident(_) | Tok::LParen | Tok::Root => true,
        Tok::Bar => abs_depth == 0,
        _ => false,
    }
}

/// Whether a token after a function name begins an argument without
/// parentheses (`sin x`, `ln 2`).
fn starts_implicit_argument(t: &Tok) -> bool {
    matches!(t, Tok::Num(_) | Tok::Ident(_) | Tok::Root)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::ast::Constant;

    fn p(s: &str) -> Expr {
        match parse_infix(s, &Limits::default()) {
            Ok(e) => e,
            Err(err) => panic!("{s:?} did not parse: {err}"),
        }
    }

    fn perr(s: &str) -> ParseError {
        match parse_infix(s, &Limits::default()) {
            Err(ExprError::Parse(e)) => e,
            other => panic!("{s:?}: expected a parse error, got {other:?}"),
        }
    }

    fn budget(s: &str, limits: &Limits) -> &'static str {
        match parse_infix(s, limits) {
            Err(ExprError::BudgetExceeded { which, .. }) => which,
            other => panic!("expected BudgetExceeded, got {other:?}"),
        }
    }

    fn x() -> Expr {
        Expr::sym("x")
    }
    fn y() -> Expr {
        Expr::sym("y")
    }
    fn n(i: i64) -> Expr {
        Expr::int(i)
    }
    fn add(v: Vec<Expr>) -> Expr {
        Expr::Add(v)
    }
    fn mul(v: Vec<Expr>) -> Expr {
        Expr::Mul(v)
    }
    fn pow(a: Expr, b: Expr) -> Expr {
        Expr::pow(a, b)
    }
    fn f1(f: Func, a: Expr) -> Expr {
        Expr::func(f, a)
    }
    fn c(k: Constant) -> Expr {
        Expr::Constant(k)
    }
    fn named(name: &str, args: Vec<Expr>) -> Expr {
        Expr::Func(Func::Named(name.to_string()), args)
    }
    fn rel(sides: Vec<Expr>, ops: Vec<RelOp>) -> Expr {
        Expr::Relation(sides, ops)
    }
    fn big_limits() -> Limits {
        Limits {
            max_input_bytes: 4 << 20,
            ..Limits::default()
        }
    }

    // --- The documents' examples.

    #[test]
    fn document_examples() {
        assert_eq!(
            p("x**2 + sin(x)"),
            add(vec![pow(x(), n(2)), f1(Func::Sin, x())])
        );
        assert_eq!(
            p("exp(-x)*cos(x)"),
            mul(vec![Expr::exp(Expr::neg(x())), f1(Func::Cos, x())])
        );
        assert_eq!(p("x^2 + sin(x)"), p("x**2 + sin(x)"));
        assert_eq!(
            p("-x**2 + sin(x)"),
            add(vec![Expr::neg(pow(x(), n(2))), f1(Func::Sin, x())])
        );
    }

    // --- Numbers.

    #[test]
    fn exact_numbers() {
        assert_eq!(p("0.1"), Expr::ratio(1, 10));
        assert_eq!(p("3.54e-07"), Expr::ratio(354, 1_000_000_000));
        assert_eq!(p("1.5E+3"), n(1500));
        assert_eq!(p("1.5e3"), n(1500));
        assert_eq!(p(".5"), Expr::ratio(1, 2));
        assert_eq!(p("1."), n(1));
        assert_eq!(p("007"), n(7));
        assert_eq!(p("0e5"), n(0));
        assert_eq!(p("2.50"), Expr::ratio(5, 2));
        assert_eq!(p("-3"), n(-3));
        assert_eq!(
            p("123456789012345678901234567890"),
            Expr::Number(Rational::from_integer(
                "123456789012345678901234567890".parse().unwrap()
            ))
        );
    }

    #[test]
    fn exponent_marker_needs_digits() {
        let e = c(Constant::E);
        assert_eq!(p("2e"), mul(vec![n(2), e.clone()]));
        assert_eq!(p("2E"), mul(vec![n(2), e.clone()]));
        assert_eq!(
            p("2e-x"),
            add(vec![mul(vec![n(2), e.clone()]), Expr::neg(x())])
        );
        assert_eq!(p("2e3x"), mul(vec![n(2000), x()]));
        assert_eq!(p("2ex"), mul(vec![n(2), Expr::sym("ex")]));
    }

    // --- Constants and names.

    #[test]
    fn constants() {
        assert_eq!(p("pi"), c(Constant::Pi));
        assert_eq!(p("π"), c(Constant::Pi));
        assert_eq!(p("E"), c(Constant::E));
        assert_eq!(p("e"), c(Constant::E));
        assert_eq!(p("I"), c(Constant::I));
        assert_eq!(p("i"), Expr::sym("i"));
        assert_eq!(p("oo"), c(Constant::Infinity));
        assert_eq!(p("∞"), c(Constant::Infinity));
        assert_eq!(p("inf"), c(Constant::Infinity));
        assert_eq!(p("-oo"), Expr::neg(c(Constant::Infinity)));
        assert_eq!(p("nan"), c(Constant::Undefined));
        assert_eq!(p("zoo"), c(Constant::Undefined));
        assert_eq!(p("EmptySet"), Expr::Set(vec![]));
        assert_eq!(p("S.EmptySet"), Expr::Set(vec![]));
        assert_eq!(p("e^x"), Expr::exp(x()));
        assert_eq!(p("E**x"), p("exp(x)"));
        assert_eq!(p("2*I"), mul(vec![n(2), c(Constant::I)]));
    }

    #[test]
    fn identifiers() {
        for name in [
            "xy", "alpha", "theta", "c1", "c_1", "x_10", "C", "y'", "y''", "x_",
        ] {
            assert_eq!(p(name), Expr::sym(name), "{name}");
        }
        assert_eq!(p("x_{10}"), Expr::sym("x_10"));
        assert_eq!(p("θ"), Expr::sym("theta"));
        assert_eq!(p("θ_1"), Expr::sym("theta_1"));
        assert_eq!(p("λ"), Expr::sym("lambda"));
        assert_eq!(p("rθ"), mul(vec![Expr::sym("r"), Expr::sym("theta")]));
        assert_eq!(p("2πr"), mul(vec![n(2), c(Constant::Pi), Expr::sym("r")]));
        assert_eq!(perr("S.Reals").message, "unknown name 'S.Reals'");
    }

    // --- Functions.

    #[test]
    fn roots_and_exponentials() {
        assert_eq!(p("sqrt(x)"), Expr::sqrt(x()));
        assert_eq!(p("root(x, 3)"), pow(x(), Expr::ratio(1, 3)));
        assert_eq!(p("root(x, n)"), pow(x(), pow(Expr::sym("n"), n(-1))));
        assert_eq!(p("root(x, 0)"), pow(x(), pow(n(0), n(-1))));
        assert_eq!(p("cbrt(x)"), pow(x(), Expr::ratio(1, 3)));
        assert_eq!(p("exp(x)"), Expr::exp(x()));
        assert_eq!(p("√2"), Expr::sqrt(n(2)));
        assert_eq!(p("√(x+1)"), Expr::sqrt(add(vec![x(), n(1)])));
        assert_eq!(p("√x^2"), pow(Expr::sqrt(x()), n(2)));
        assert_eq!(p("2√x"), mul(vec![n(2), Expr::sqrt(x())]));
    }

    #[test]
    fn absolute_values() {
        let abs = f1(Func::Abs, x());
        assert_eq!(p("Abs(x)"), abs);
        assert_eq!(p("abs(x)"), abs);
        assert_eq!(p("|x|"), abs);
        assert_eq!(p("2|x|"), mul(vec![n(2), abs.clone()]));
        assert_eq!(p("|x| + |y|"), add(vec![abs.clone(), f1(Func::Abs, y())]));
        assert_eq!(
            p("|x - |y||"),
            f1(Func::Abs, add(vec![x(), Expr::neg(f1(Func::Abs, y()))]))
        );
        assert_eq!(p("|(2|x|)|"), f1(Func::Abs, mul(vec![n(2), abs.clone()])));
        assert_eq!(perr("|x").message, "unclosed '|'");
    }

    #[test]
    fn logarithms() {
        assert_eq!(p("log(x)"), f1(Func::Log, x()));
        assert_eq!(p("ln(x)"), f1(Func::Log, x()));
        assert_eq!(p("log(x, 2)"), Expr::Func(Func::Log, vec![x(), n(2)]));
        assert_eq!(p("log_2(8)"), Expr::Func(Func::Log, vec![n(8), n(2)]));
        assert_eq!(p("log_{10}(x)"), Expr::Func(Func::Log, vec![x(), n(10)]));
        assert_eq!(
            p("log_b(x)"),
            Expr::Func(Func::Log, vec![x(), Expr::sym("b")])
        );
        assert_eq!(
            p("log_e(x)"),
            Expr::Func(Func::Log, vec![x(), c(Constant::E)])
        );
        // Not a base: an unknown function.
        assert_eq!(p("log_2x(y)"), named("log_2x", vec![y()]));
        assert_eq!(p("log_sin(y)"), named("log_sin", vec![y()]));
        assert_eq!(p("log_log_2(y)"), named("log_log_2", vec![y()]));
        assert_eq!(
            perr("ln(x, 2)").message,
            "'ln' takes 1 argument, found 2 arguments"
        );
        assert_eq!(
            perr("log(x, 2, 3)").message,
            "'log' takes 1 or 2 arguments, found 3 arguments"
        );
    }

    #[test]
    fn named_functions_of_the_tree() {
        for (s, f) in [
            ("sin", Func::Sin),
            ("arcsin", Func::Asin),
            ("asin", Func::Asin),
            ("atanh", Func::Atanh),
            ("floor", Func::Floor),
            ("ceiling", Func::Ceiling),
            ("ceil", Func::Ceiling),
            ("sign", Func::Sign),
            ("factorial", Func::Factorial),
            ("Abs", Func::Abs),
            ("sec", Func::Sec),
        ] {
            assert_eq!(p(&format!("{s}(x)")), f1(f, x()), "{s}");
        }
        assert_eq!(
            p("binomial(n, k)"),
            Expr::Func(Func::Binomial, vec![Expr::sym("n"), Expr::sym("k")])
        );
        assert_eq!(
            p("Max(1, x, y)"),
            Expr::Func(Func::Max, vec![n(1), x(), y()])
        );
        assert_eq!(p("Min(x)"), Expr::Func(Func::Min, vec![x()]));
        assert_eq!(
            perr("binomial(n)").message,
            "'binomial' takes 2 arguments, found 1 argument"
        );
        assert_eq!(
            perr("sin(x, y)").message,
            "'sin' takes 1 argument, found 2 arguments"
        );
        assert_eq!(perr("sin()").span, 0..5);
        assert_eq!(
            perr("Max()").message,
            "'Max' takes at least 1 argument, found 0 arguments"
        );
    }

    #[test]
    fn factorial_postfix() {
        let fact = |e| f1(Func::Factorial, e);
        assert_eq!(p("n!"), fact(Expr::sym("n")));
        assert_eq!(p("3!"), fact(n(3)));
        assert_eq!(p("n!!"), fact(fact(Expr::sym("n"))));
        assert_eq!(p("-3!"), Expr::neg(fact(n(3))));
        assert_eq!(p("n!^2"), pow(fact(Expr::sym("n")), n(2)));
        assert_eq!(p("2^n!"), pow(n(2), fact(Expr::sym("n"))));
        assert_eq!(p("2n!"), mul(vec![n(2), fact(Expr::sym("n"))]));
        // The longest operator wins, as in Python.
        assert_eq!(p("3!=6"), rel(vec![n(3), n(6)], vec![RelOp::Ne]));
    }

    #[test]
    fn unknown_functions_and_products() {
        assert_eq!(p("f(x)"), named("f", vec![x()]));
        assert_eq!(p("u(t)"), named("u", vec![Expr::sym("t")]));
        assert_eq!(p("f (x)"), named("f", vec![x()]));
        assert_eq!(p("y'(x)"), named("y'", vec![x()]));
        assert_eq!(p("f_1(x)"), named("f_1", vec![x()]));
        assert_eq!(p("phi(x)"), named("phi", vec![x()]));
        assert_eq!(p("φ(x)"), named("phi", vec![x()]));
        assert_eq!(p("gamma(x)"), named("gamma", vec![x()]));
        assert_eq!(p("erf(x)"), named("erf", vec![x()]));
        assert_eq!(p("f()"), named("f", vec![]));
        assert_eq!(p("K(x, t)"), named("K", vec![x(), Expr::sym("t")]));
        assert_eq!(p("f(x, y)"), named("f", vec![x(), y()]));
        // Products.
        let one_minus_x = add(vec![n(1), Expr::neg(x())]);
        assert_eq!(p("x(1-x)"), mul(vec![x(), one_minus_x.clone()]));
        assert_eq!(
            p("c_1(x+1)"),
            mul(vec![Expr::sym("c_1"), add(vec![x(), n(1)])])
        );
        assert_eq!(
            p("alpha(x+1)"),
            mul(vec![Expr::sym("alpha"), add(vec![x(), n(1)])])
        );
        assert_eq!(
            p("c(x+1)^2"),
            mul(vec![Expr::sym("c"), pow(add(vec![x(), n(1)]), n(2))])
        );
        assert_eq!(p("2^x(1-x)"), mul(vec![pow(n(2), x()), one_minus_x]));
        assert_eq!(
            p("pi(x+1)"),
            mul(vec![c(Constant::Pi), add(vec![x(), n(1)])])
        );
        assert_eq!(p("f(x)^2"), pow(named("f", vec![x()]), n(2)));
        assert_eq!(p("Function(\"K\")(x)"), named("K", vec![x()]));
        assert_eq!(
            p("Function('x')(t, 1)"),
            named("x", vec![Expr::sym("t"), n(1)])
        );
        assert_eq!(p("Function(\"E\")()"), named("E", vec![]));
        assert_eq!(
            perr("Function(x)(t)").message,
            "'Function' takes a name in quotes"
        );
        assert_eq!(perr("Function(\"K\")").span, 0..13);
        assert_eq!(
            perr("Function").message,
            "'Function' needs arguments in parentheses"
        );
        assert_eq!(
            p("u(x) = x**2"),
            rel(vec![named("u", vec![x()]), pow(x(), n(2))], vec![RelOp::Eq])
        );
    }

    #[test]
    fn implicit_application() {
        assert_eq!(p("sin x"), f1(Func::Sin, x()));
        assert_eq!(p("ln 2"), f1(Func::Log, n(2)));
        assert_eq!(p("sin 2x"), f1(Func::Sin, mul(vec![n(2), x()])));
        assert_eq!(p("sin x^2"), f1(Func::Sin, pow(x(), n(2))));
        assert_eq!(
            p("sin x cos x"),
            mul(vec![f1(Func::Sin, x()), f1(Func::Cos, x())])
        );
        assert_eq!(p("sin x + 1"), add(vec![f1(Func::Sin, x()), n(1)]));
        assert_eq!(p("2 sin x"), mul(vec![n(2), f1(Func::Sin, x())]));
        assert_eq!(p("sqrt 2"), Expr::sqrt(n(2)));
        assert_eq!(p("sin^2(x)"), pow(f1(Func::Sin, x()), n(2)));
        assert_eq!(p("sin**2 x"), pow(f1(Func::Sin, x()), n(2)));
        assert_eq!(
            p("sin^2(x) + cos^2(x)"),
            add(vec![
                pow(f1(Func::Sin, x()), n(2)),
                pow(f1(Func::Cos, x()), n(2))
            ])
        );
        assert_eq!(perr("sin").message, "'sin' needs an argument");
        assert_eq!(perr("sin + 1").span, 0..3);
        assert_eq!(perr("sin^-1(x)").message, "'sin' needs an argument");
        assert_eq!(perr("Eq").message, "'Eq' needs arguments in parentheses");
    }

    // --- Implicit multiplication.

    #[test]
    fn implicit_multiplication() {
        assert_eq!(p("2x"), mul(vec![n(2), x()]));
        assert_eq!(p("2 x"), mul(vec![n(2), x()]));
        assert_eq!(p("2(x+1)"), mul(vec![n(2), add(vec![x(), n(1)])]));
        assert_eq!(
            p("(x+1)(x-1)"),
            mul(vec![add(vec![x(), n(1)]), add(vec![x(), Expr::neg(n(1))])])
        );
        assert_eq!(p("2pi"), mul(vec![n(2), c(Constant::Pi)]));
        assert_eq!(p("3sqrt(2)"), mul(vec![n(3), Expr::sqrt(n(2))]));
        assert_eq!(p("x y"), mul(vec![x(), y()]));
        assert_eq!(p("2x y"), mul(vec![n(2), x(), y()]));
        assert_eq!(p("2x^2"), mul(vec![n(2), pow(x(), n(2))]));
        assert_eq!(p("x^2y"), mul(vec![pow(x(), n(2)), y()]));
        assert_eq!(p("-2x"), mul(vec![n(-2), x()]));
        // Implicit multiplication binds like `*` (SymPy).
        assert_eq!(p("1/2x"), mul(vec![n(1), pow(n(2), n(-1)), x()]));
        assert_eq!(p("2x e^x"), mul(vec![n(2), x(), Expr::exp(x())]));
    }

    #[test]
    fn no_implicit_multiplication_by_a_number() {
        let e = perr("2 3");
        assert_eq!(
            (e.message.as_str(), e.span),
            ("missing operator before '3'", 2..3)
        );
        assert_eq!(perr("x 2").span, 2..3);
        assert_eq!(perr("(x)2").span, 3..4);
        assert_eq!(perr("(2 3)").message, "missing operator before '3'");
    }

    // --- Precedence and associativity.

    #[test]
    fn precedence() {
        assert_eq!(p("-x**2"), Expr::neg(pow(x(), n(2))));
        assert_eq!(p("(-x)**2"), pow(Expr::neg(x()), n(2)));
        assert_eq!(p("-2**2"), Expr::neg(pow(n(2), n(2))));
        assert_eq!(p("2**-1"), pow(n(2), n(-1)));
        assert_eq!(p("2^-x"), pow(n(2), Expr::neg(x())));
        assert_eq!(p("2**-x**2"), pow(n(2), Expr::neg(pow(x(), n(2)))));
        assert_eq!(p("2**3**2"), pow(n(2), pow(n(3), n(2))));
        assert_eq!(p("2^3^2"), p("2**3**2"));
        assert_eq!(p("2^3*4"), mul(vec![pow(n(2), n(3)), n(4)]));
        assert_eq!(p("2*-3*4"), mul(vec![n(2), n(-3), n(4)]));
        assert_eq!(
            p("a/b*c"),
            mul(vec![
                Expr::sym("a"),
                pow(Expr::sym("b"), n(-1)),
                Expr::sym("c")
            ])
        );
        assert_eq!(
            p("a/(b*c)"),
            mul(vec![
                Expr::sym("a"),
                pow(mul(vec![Expr::sym("b"), Expr::sym("c")]), n(-1))
            ])
        );
        assert_eq!(
            p("a-b-c"),
            add(vec![
                Expr::sym("a"),
                Expr::neg(Expr::sym("b")),
                Expr::neg(Expr::sym("c"))
            ])
        );
        assert_eq!(
            p("a-(b-c)"),
            add(vec![
                Expr::sym("a"),
                Expr::neg(add(vec![Expr::sym("b"), Expr::neg(Expr::sym("c"))]))
            ])
        );
        assert_eq!(
            p("a + b*c"),
            add(vec![
                Expr::sym("a"),
                mul(vec![Expr::sym("b"), Expr::sym("c")])
            ])
        );
        assert_eq!(
            p("(a + b)*c"),
            mul(vec![
                add(vec![Expr::sym("a"), Expr::sym("b")]),
                Expr::sym("c")
            ])
        );
        assert_eq!(p("2 - -3"), add(vec![n(2), n(3)]));
        assert_eq!(p("+x"), x());
        assert_eq!(p("--x"), Expr::neg(Expr::neg(x())));
        assert_eq!(p("x²"), pow(x(), n(2)));
        assert_eq!(p("x⁻¹"), pow(x(), n(-1)));
        assert_eq!(p("-x²"), Expr::neg(pow(x(), n(2))));
        assert_eq!(p("2·x − 1"), add(vec![mul(vec![n(2), x()]), n(-1)]));
        assert_eq!(p("6 ÷ 3 × 2"), mul(vec![n(6), pow(n(3), n(-1)), n(2)]));
    }

    #[test]
    fn relations() {
        assert_eq!(p("x = 1"), rel(vec![x(), n(1)], vec![RelOp::Eq]));
        assert_eq!(p("x == 1"), rel(vec![x(), n(1)], vec![RelOp::Eq]));
        assert_eq!(p("x != 1"), rel(vec![x(), n(1)], vec![RelOp::Ne]));
        assert_eq!(p("x ≠ 1"), rel(vec![x(), n(1)], vec![RelOp::Ne]));
        assert_eq!(
            p("0 < x <= 1"),
            rel(vec![n(0), x(), n(1)], vec![RelOp::Lt, RelOp::Le])
        );
        assert_eq!(
            p("a > b >= c ≥ d ≤ e2"),
            rel(
                vec![
                    Expr::sym("a"),
                    Expr::sym("b"),
                    Expr::sym("c"),
                    Expr::sym("d"),
                    Expr::sym("e2")
                ],
                vec![RelOp::Gt, RelOp::Ge, RelOp::Ge, RelOp::Le]
            )
        );
        assert_eq!(
            p("x + 1 = 2y"),
            rel(
                vec![add(vec![x(), n(1)]), mul(vec![n(2), y()])],
                vec![RelOp::Eq]
            )
        );
        for (name, op) in [
            ("Eq", RelOp::Eq),
            ("Ne", RelOp::Ne),
            ("Lt", RelOp::Lt),
            ("Le", RelOp::Le),
            ("Gt", RelOp::Gt),
            ("Ge", RelOp::Ge),
        ] {
            assert_eq!(p(&format!("{name}(x, 1)")), rel(vec![x(), n(1)], vec![op]));
        }
        assert_eq!(
            p("x = 1, y = 2"),
            Expr::Tuple(vec![
                rel(vec![x(), n(1)], vec![RelOp::Eq]),
                rel(vec![y(), n(2)], vec![RelOp::Eq])
            ])
        );
        assert_eq!(
            perr("Eq(x)").message,
            "'Eq' takes 2 arguments, found 1 argument"
        );
    }

    // --- Constructors and brackets.

    #[test]
    fn integrals() {
        let t = Expr::sym("t");
        assert_eq!(
            p("Integral(t**2, t)"),
            Expr::Integral(Box::new(Integral {
                integrand: pow(t.clone(), n(2)),
                var: "t".into(),
                bounds: None
            }))
        );
        assert_eq!(
            p("Integral(x*t, (t, 0, 1))"),
            Expr::Integral(Box::new(Integral {
                integrand: mul(vec![x(), t.clone()]),
                var: "t".into(),
                bounds: Some((n(0), n(1)))
            }))
        );
        let inner = Expr::Integral(Box::new(Integral {
            integrand: mul(vec![x(), y()]),
            var: "x".into(),
            bounds: None,
        }));
        assert_eq!(
            p("Integral(x*y, x, (y, 0, 1))"),
            Expr::Integral(Box::new(Integral {
                integrand: inner,
                var: "y".into(),
                bounds: Some((n(0), n(1)))
            }))
        );
        let e = perr("Integral(x, 2)");
        assert_eq!(e.message, "expected a variable or (variable, lower, upper)");
        assert_eq!(e.span, 12..13);
        assert_eq!(perr("Integral(x, (x, 1))").span, 12..18);
        assert!(perr("Integral(x)").message.starts_with("'Integral' takes"));
    }

    fn interval(lo: Expr, hi: Expr, lo_closed: bool, hi_closed: bool) -> Expr {
        Expr::Interval(Box::new(Interval {
            lo,
            hi,
            lo_closed,
            hi_closed,
        }))
    }

    #[test]
    fn intervals_and_sets() {
        assert_eq!(p("Interval(0, 1)"), interval(n(0), n(1), true, true));
        assert_eq!(p("Interval.open(0, 1)"), interval(n(0), n(1), false, false));
        assert_eq!(p("Interval.Lopen(0, 1)"), interval(n(0), n(1), false, true));
        assert_eq!(p("Interval.Ropen(0, 1)"), interval(n(0), n(1), true, false));
        assert_eq!(
            p("Interval(0, oo, False, True)"),
            interval(n(0), c(Constant::Infinity), true, false)
        );
        assert_eq!(perr("Interval(0, 1, 2, True)").span, 15..16);
        assert_eq!(
            perr("Interval.open(0, 1, True, True)").message,
            "'Interval.open' takes 2 arguments, found 4 arguments"
        );
        let (a, b) = (
            interval(n(0), n(1), true, true),
            interval(n(2), n(3), true, true),
        );
        assert_eq!(
            p("Union(Interval(0, 1), Interval(2, 3))"),
            Expr::Union(vec![a.clone(), b.clone()])
        );
        assert_eq!(
            p("Intersection(Interval(0, 1), Interval(2, 3))"),
            Expr::Intersection(vec![a.clone(), b])
        );
        // Kept as written: the canonicalizer simplifies.
        assert_eq!(p("Union(Interval(0, 1))"), Expr::Union(vec![a]));
        assert_eq!(p("Union()"), Expr::Union(vec![]));
        assert_eq!(p("Intersection()"), Expr::Intersection(vec![]));
        assert_eq!(p("FiniteSet(1, 2)"), Expr::Set(vec![n(1), n(2)]));
        assert_eq!(p("FiniteSet()"), Expr::Set(vec![]));
        assert_eq!(p("{1, 2}"), Expr::Set(vec![n(1), n(2)]));
        assert_eq!(p("{}"), Expr::Set(vec![]));
        assert_eq!(p("{x}"), Expr::Set(vec![x()]));
    }

    #[test]
    fn tuples() {
        let t = |v| Expr::Tuple(v);
        assert_eq!(p("(1, 2)"), t(vec![n(1), n(2)]));
        assert_eq!(p("[1, 2]"), t(vec![n(1), n(2)]));
        assert_eq!(p("1, 2"), t(vec![n(1), n(2)]));
        assert_eq!(p("1, 2,"), t(vec![n(1), n(2)]));
        assert_eq!(p("1,"), t(vec![n(1)]));
        assert_eq!(p("(1,)"), t(vec![n(1)]));
        assert_eq!(p("()"), t(vec![]));
        assert_eq!(p("[]"), t(vec![]));
        assert_eq!(p("[x]"), t(vec![x()]));
        assert_eq!(p("(x)"), x());
        assert_eq!(p("((x))"), x());
        assert_eq!(p("Tuple(1, 2)"), t(vec![n(1), n(2)]));
        assert_eq!(p("1,000"), t(vec![n(1), n(0)]));
        assert_eq!(perr("(,)").message, "expected an expression before ','");
    }

    #[test]
    fn matrices() {
        let m = Expr::Matrix(vec![vec![n(1), n(2)], vec![n(3), n(4)]]);
        assert_eq!(p("Matrix([[1, 2], [3, 4]])"), m);
        assert_eq!(p("Matrix(((1, 2), (3, 4)))"), m);
        assert_eq!(p("Matrix(2, 2, [1, 2, 3, 4])"), m);
        assert_eq!(p("ImmutableMatrix([[1, 2], [3, 4]])"), m);
        assert_eq!(
            p("Matrix([1, 2])"),
            Expr::Matrix(vec![vec![n(1)], vec![n(2)]])
        );
        assert_eq!(p("Matrix([])"), Expr::Matrix(vec![]));
        assert_eq!(
            perr("Matrix([[1, 2], [3]])").message,
            "matrix rows of different lengths"
        );
        assert_eq!(
            perr("Matrix([[1, 2], 3])").message,
            "a matrix mixes rows and entries"
        );
        assert_eq!(perr("Matrix(1)").span, 7..8);
        assert_eq!(
            perr("Matrix(2, 2, [1, 2, 3])").message,
            "expected 2×2 entries, found 3"
        );
        assert_eq!(perr("Matrix(-1, 2, [1, 2])").span, 7..9);
    }

    #[test]
    fn printer_forms() {
        let pm = |a, b| Expr::PlusMinus(Box::new(a), Box::new(b));
        assert_eq!(p("PlusMinus(1, x)"), pm(n(1), x()));
        assert_eq!(p("PlusMinus(x)"), pm(n(0), x()));
        assert_eq!(p("1 ± x"), pm(n(1), x()));
        assert_eq!(p("±x"), pm(n(0), x()));
        assert_eq!(p("1 ± 2x"), pm(n(1), mul(vec![n(2), x()])));
        assert_eq!(
            p("a + b ± c"),
            pm(add(vec![Expr::sym("a"), Expr::sym("b")]), Expr::sym("c"))
        );
        assert_eq!(p("Percent(50)"), Expr::Percent(Box::new(n(50))));
        assert_eq!(p("50%"), Expr::Percent(Box::new(n(50))));
        assert_eq!(p("12.5 %"), Expr::Percent(Box::new(Expr::ratio(25, 2))));
        assert_eq!(p("Degrees(30)"), Expr::Degrees(Box::new(n(30))));
        assert_eq!(p("30°"), Expr::Degrees(Box::new(n(30))));
        assert_eq!(p("Text(\"no solution\")"), Expr::Text("no solution".into()));
        assert_eq!(
            p("\"a \\\"b\\\" \\\\ c\""),
            Expr::Text("a \"b\" \\ c".into())
        );
        assert_eq!(p("Text('it\\'s')"), Expr::Text("it's".into()));
        // Rust's `{:?}` escapes, which the infix printer writes, read back.
        for t in [
            "a\"b",
            "back\\slash",
            "tab\tnl\ncr\r",
            "nul\0",
            "zw\u{200b}j",
            "é ü",
            "",
        ] {
            assert_eq!(p(&format!("Text({t:?})")), Expr::Text(t.into()), "{t:?}");
        }
        assert_eq!(p(r#""\u{zz}""#), Expr::Text("\\u{zz}".into()));
        assert_eq!(perr("Text(x)").message, "'Text' takes a string in quotes");
        assert_eq!(perr("\"abc").message, "unterminated string");
    }

    // --- Errors.

    #[test]
    fn error_spans() {
        let e = perr("(x+1");
        assert_eq!((e.message.as_str(), e.span.clone()), ("unclosed '('", 0..1));
        assert_eq!(e.to_string(), "unclosed '(' at byte 0\n  (x+1\n  ^");
        let e = perr("x+1)");
        assert_eq!((e.message.as_str(), e.span), ("unmatched ')'", 3..4));
        let e = perr("x +");
        assert_eq!(
            (e.message.as_str(), e.span),
            ("expected an expression after '+'", 2..3)
        );
        let e = perr("x **");
        assert_eq!(
            (e.message.as_str(), e.span),
            ("expected an expression after '**'", 2..4)
        );
        let e = perr("x $ y");
        assert_eq!(
            (e.message.as_str(), e.span),
            ("unknown character '$'", 2..3)
        );
        let e = perr("x ∫ y");
        assert_eq!(e.span, 2..5);
        let e = perr("");
        assert_eq!((e.message.as_str(), e.span), ("empty input", 0..0));
        assert_eq!(perr("   \n").message, "empty input");
        let e = perr("(x+1]");
        assert_eq!(
            (e.message.as_str(), e.span),
            ("expected ')' to close the '(' at byte 0, found ']'", 4..5)
        );
        assert_eq!(perr("f(x").message, "unclosed '('");
        assert_eq!(perr("[1, 2").span, 0..1);
        assert_eq!(perr("* x").message, "unexpected '*'");
        assert_eq!(perr("(x+)").message, "expected an expression before ')'");
        assert_eq!(perr("x = ").span, 2..3);
        assert_eq!(perr("x . y").message, "unknown character '.'");
        assert_eq!(perr("1..2").message, "missing operator before '.2'");
        assert_eq!(perr("_x").message, "unknown character '_'");
        assert_eq!(perr("x }").message, "unmatched '}'");
    }

    // --- Bounds.

    #[test]
    fn hundred_thousand_open_parentheses() {
        let text = "(".repeat(100_000);
        // The default input bound refuses it first.
        assert_eq!(budget(&text, &Limits::default()), "input length in bytes");
        // With a larger input bound, the depth bound does.
        assert_eq!(budget(&text, &big_limits()), "nesting depth");
        let text = format!("{}x{}", "(".repeat(100_000), ")".repeat(100_000));
        assert_eq!(budget(&text, &big_limits()), "nesting depth");
    }

    #[test]
    fn depth_is_capped_whatever_the_limits() {
        // Run on a small stack: even with `max_depth` unbounded the parser
        // stops at HARD_MAX_DEPTH.
        let limits = Limits {
            max_input_bytes: usize::MAX,
            max_depth: usize::MAX,
            max_nodes: usize::MAX,
            ..Limits::default()
        };
        let handle = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let mut outcomes = Vec::new();
                for text in [
                    format!("{}x{}", "(".repeat(100_000), ")".repeat(100_000)),
                    format!("{}x", "-".repeat(100_000)),
                    format!("{}x", "x*(".repeat(100_000)),
                    format!("{}x{}", "f(".repeat(100_000), ")".repeat(100_000)),
                    format!("{}x{}", "|".repeat(100_000), "|".repeat(100_000)),
                    format!("{}x", "2^".repeat(100_000)),
                    format!("x{}", "!".repeat(100_000)),
                    format!("x{}", " ± 1".repeat(100_000)),
                    format!("{}x", "sin ".repeat(100_000)),
                    format!("{}x{}", "[{".repeat(50_000), "}]".repeat(50_000)),
                ] {
                    outcomes.push(parse_infix(&text, &limits));
                }
                outcomes
            })
            .unwrap();
        for outcome in handle.join().unwrap() {
            assert_eq!(
                outcome,
                Err(ExprError::BudgetExceeded {
                    which: "nesting depth",
                    limit: HARD_MAX_DEPTH as u64
                })
            );
        }
    }

    #[test]
    fn default_depth_accepts_reasonable_nesting() {
        let text = format!("{}x{}", "(".repeat(150), ")".repeat(150));
        assert_eq!(p(&text), x());
        assert_eq!(
            budget(&format!("{}x", "-".repeat(300)), &Limits::default()),
            "nesting depth"
        );
        assert_eq!(
            budget(&format!("x{}", "!".repeat(300)), &Limits::default()),
            "nesting depth"
        );
    }

    #[test]
    fn long_sums_and_products_stay_flat() {
        let text = vec!["x"; 3000].join(" + ");
        match p(&text) {
            Expr::Add(terms) => assert_eq!(terms.len(), 3000),
            other => panic!("{other:?}"),
        }
        let text = vec!["x"; 3000].join("*");
        match p(&text) {
            Expr::Mul(f) => assert_eq!(f.len(), 3000),
            other => panic!("{other:?}"),
        }
        let text = vec!["x"; 3000].join(" - ");
        match p(&text) {
            Expr::Add(terms) => assert_eq!(terms.len(), 3000),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn huge_exponents_and_literals() {
        assert_eq!(
            budget("1e999999999", &Limits::default()),
            "exponent of a number"
        );
        assert_eq!(
            budget("1e-999999999", &Limits::default()),
            "exponent of a number"
        );
        assert_eq!(
            budget(&format!("1e{}", "9".repeat(5000)), &Limits::default()),
            "exponent of a number"
        );
        assert_eq!(
            budget("1e100001", &Limits::default()),
            "exponent of a number"
        );
        assert_eq!(budget("1e100000", &Limits::default()), "digits of a number");
        assert_eq!(budget("1e50000", &Limits::default()), "digits of a number");
        assert_eq!(budget("1e-50000", &Limits::default()), "digits of a number");
        assert_eq!(
            p("1e9999"),
            Expr::Number(Rational::from_integer(num_traits::pow(
                BigInt::from(10),
                9999
            )))
        );
        assert_eq!(p("0e99999"), n(0));
        assert_eq!(
            budget("0e999999", &Limits::default()),
            "exponent of a number"
        );
        let long = "7".repeat(20_000);
        assert_eq!(budget(&long, &big_limits()), "digits of a number");
        let long = format!("0.{}", "3".repeat(20_000));
        assert_eq!(budget(&long, &big_limits()), "digits of a number");
        assert_eq!(
            budget(&"²".repeat(20_000), &big_limits()),
            "digits of a number"
        );
    }

    #[test]
    fn one_megabyte_input() {
        let text = "x+".repeat(500_000) + "x";
        assert_eq!(budget(&text, &Limits::default()), "input length in bytes");
        let limits = Limits {
            max_input_bytes: 2 << 20,
            ..Limits::default()
        };
        assert_eq!(budget(&text, &limits), "expression nodes");
    }

    #[test]
    fn node_bound() {
        let limits = Limits {
            max_nodes: 10,
            ..Limits::default()
        };
        assert_eq!(budget("x+x+x+x+x+x+x+x+x+x+x", &limits), "expression nodes");
        assert!(parse_infix("x+x+x", &limits).is_ok());
    }

    #[test]
    fn never_panics_on_odd_input() {
        for text in [
            "(",
            ")",
            "[",
            "]",
            "{",
            "}",
            "|",
            "||",
            "|||",
            ",",
            ",,",
            "=",
            "==",
            "<",
            "!",
            "%",
            "°",
            "^",
            "**",
            "*",
            "/",
            "+",
            "-",
            "±",
            "√",
            "²",
            "⁻",
            "⁻x",
            "\"",
            "\\",
            ".",
            "e",
            "E.",
            "1e",
            "1e+",
            "1.e5",
            "Interval.",
            "Interval.open",
            "S.",
            "x_{",
            "x_{}",
            "x_{1",
            "sin^",
            "sin^2",
            "sin^2(",
            "f(",
            "f(,",
            "Matrix",
            "Matrix(",
            "Integral(,)",
            "log_",
            "log_(x)",
            "a,,b",
            "((,))",
            "x!!=3",
            "€",
            "x\u{0}",
            "🙂",
            "é",
            "ÿ(x)",
        ] {
            let _ = parse_infix(text, &Limits::default());
        }
        assert_eq!(p("1.e5"), n(100_000));
        assert_eq!(
            perr("Interval.open").message,
            "'Interval.open' needs arguments in parentheses"
        );
    }
}
