//! The infix reader's parser: binding powers, operator chains built flat,
//! prefix and postfix operators, brackets and names. Known names applied to
//! arguments are built in [`calls`](super::calls).
//!
//! # Differences with the document
//!
//! Those of the [infix reader](super).

use super::*;

pub(super) const BP_REL: u8 = 1;
pub(super) const BP_ADD: u8 = 3;
pub(super) const BP_MUL: u8 = 5;
pub(super) const BP_UNARY: u8 = 7;
pub(super) const BP_POW: u8 = 9;
pub(super) const BP_ROOT: u8 = 10;
pub(super) const BP_POSTFIX: u8 = 11;

/// The n-ary node the left operand of an operator loop is, when that loop
/// built it and may extend it in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Open {
    None,
    Add,
    Mul,
    Rel,
}

/// The state of one operator loop: the left operand so far, which n-ary
/// node it is, and how many levels the loop stacked on it.
pub(super) struct Chain {
    pub(super) lhs: Expr,
    pub(super) open: Open,
    pub(super) local: usize,
}

/// An operator in operator position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum InfixOp {
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
pub(super) enum PrefixKind {
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
pub(super) enum Bracket {
    Paren,
    Square,
    Brace,
}

impl Bracket {
    pub(super) fn closer(self) -> Tok {
        match self {
            Bracket::Paren => Tok::RParen,
            Bracket::Square => Tok::RBracket,
            Bracket::Brace => Tok::RBrace,
        }
    }

    pub(super) fn closer_text(self) -> &'static str {
        match self {
            Bracket::Paren => ")",
            Bracket::Square => "]",
            Bracket::Brace => "}",
        }
    }
}

/// Items of a bracketed sequence with their spans, and whether a trailing
/// comma ended it.
pub(super) type Seq = (Vec<(Expr, Range<usize>)>, bool);

// The functions on the recursion path (parse_expr, parse_prefix and what
// they call before recursing) are kept small, with cold work (building nodes,
// errors) in separate functions: unoptimized builds give every temporary its
// own stack slot, and the depth bound must fit a 2 MiB thread in any build.
pub(super) struct Parser<'a> {
    pub(super) text: &'a str,
    pub(super) toks: Vec<Token>,
    pub(super) pos: usize,
    /// Current nesting depth (recursion levels plus nodes stacked in place).
    pub(super) depth: usize,
    /// Open `|…|` in the current bracket level.
    pub(super) abs_depth: usize,
    pub(super) limits: &'a Limits,
}

pub(super) type PResult<T> = Result<T, ExprError>;

impl<'a> Parser<'a> {
    pub(super) fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.tok)
    }

    pub(super) fn peek_at(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.pos + k).map(|t| &t.tok)
    }

    pub(super) fn span(&self) -> Range<usize> {
        self.toks
            .get(self.pos)
            .map_or(self.text.len()..self.text.len(), |t| t.span.clone())
    }

    pub(super) fn prev_end(&self) -> usize {
        self.pos
            .checked_sub(1)
            .and_then(|p| self.toks.get(p))
            .map_or(0, |t| t.span.end)
    }

    pub(super) fn slice(&self, span: &Range<usize>) -> &'a str {
        self.text.get(span.clone()).unwrap_or("?")
    }

    pub(super) fn err(&self, message: impl Into<String>, span: Range<usize>) -> ExprError {
        ParseError::new(message, span, self.text).into()
    }

    pub(super) fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > self.limits.max_depth || self.depth > HARD_MAX_DEPTH {
            return Err(self.depth_error());
        }
        Ok(())
    }

    #[cold]
    pub(super) fn depth_error(&self) -> ExprError {
        match self.limits.check_depth(self.depth) {
            Err(e) => e,
            Ok(()) => ExprError::BudgetExceeded {
                which: "nesting depth",
                limit: HARD_MAX_DEPTH as u64,
            },
        }
    }

    pub(super) fn leave(&mut self, levels: usize) {
        self.depth = self.depth.saturating_sub(levels);
    }

    pub(super) fn parse_top(&mut self) -> PResult<Expr> {
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
    pub(super) fn parse_expr(&mut self, min_bp: u8) -> PResult<Expr> {
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
    pub(super) fn infix_op(&self, min_bp: u8) -> Option<InfixOp> {
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

    pub(super) fn apply(&mut self, op: InfixOp, chain: &mut Chain) -> PResult<()> {
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

    pub(super) fn apply_rel(&mut self, op: RelOp, chain: &mut Chain) -> PResult<()> {
        self.pos += 1;
        let rhs = self.parse_expr(BP_REL + 1)?;
        self.combine_rel(op, rhs, chain)
    }

    pub(super) fn combine_rel(&mut self, op: RelOp, rhs: Expr, chain: &mut Chain) -> PResult<()> {
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

    pub(super) fn apply_add(&mut self, op: InfixOp, chain: &mut Chain) -> PResult<()> {
        self.pos += 1;
        let rhs = self.parse_expr(BP_ADD + 1)?;
        self.combine_add(op, rhs, chain)
    }

    pub(super) fn combine_add(&mut self, op: InfixOp, rhs: Expr, chain: &mut Chain) -> PResult<()> {
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

    pub(super) fn apply_mul(&mut self, op: InfixOp, chain: &mut Chain) -> PResult<()> {
        if op != InfixOp::Implicit {
            self.pos += 1;
        }
        let rhs = self.parse_expr(BP_MUL + 1)?;
        self.combine_mul(op, rhs, chain)
    }

    pub(super) fn combine_mul(&mut self, op: InfixOp, rhs: Expr, chain: &mut Chain) -> PResult<()> {
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

    pub(super) fn apply_pow(&mut self, chain: &mut Chain) -> PResult<()> {
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

    pub(super) fn apply_postfix(&mut self, op: InfixOp, chain: &mut Chain) -> PResult<()> {
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
    pub(super) fn wrap(
        &mut self,
        chain: &mut Chain,
        build: impl FnOnce(Expr) -> Expr,
    ) -> PResult<()> {
        self.stack_level(chain)?;
        let lhs = std::mem::replace(&mut chain.lhs, Expr::Tuple(vec![]));
        chain.lhs = build(lhs);
        chain.open = Open::None;
        Ok(())
    }

    /// One more node stacked on the left operand without recursion: counts
    /// as a level of nesting.
    pub(super) fn stack_level(&mut self, chain: &mut Chain) -> PResult<()> {
        chain.local += 1;
        self.enter()
    }

    // --- Operands.

    pub(super) fn parse_prefix(&mut self) -> PResult<Expr> {
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

    pub(super) fn take_leaf(&mut self) -> Expr {
        let e = match self.peek() {
            Some(Tok::Num(r)) => Expr::Number(r.clone()),
            Some(Tok::Str(s)) => Expr::Text(s.clone()),
            _ => Expr::Tuple(vec![]),
        };
        self.pos += 1;
        e
    }

    pub(super) fn parse_unary(&mut self, kind: PrefixKind) -> PResult<Expr> {
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

    pub(super) fn parse_group(&mut self, b: Bracket) -> PResult<Expr> {
        let (items, trailing) = self.parse_seq(b)?;
        Ok(group_value(b, items, trailing))
    }

    pub(super) fn parse_abs(&mut self) -> PResult<Expr> {
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
    pub(super) fn missing_operand(&self) -> ExprError {
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
    pub(super) fn unclosed(&self, open: &Range<usize>, closer: &str) -> ExprError {
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
    pub(super) fn parse_seq(&mut self, b: Bracket) -> PResult<Seq> {
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
    pub(super) fn seq_next(&mut self, b: Bracket) -> SeqNext {
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
    pub(super) fn group_has_comma(&self) -> bool {
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

    pub(super) fn parse_name(&mut self) -> PResult<Expr> {
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

    pub(super) fn classify_name(&self, name: &str) -> NameKind {
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

    pub(super) fn parse_named_call(&mut self, name: String) -> PResult<Expr> {
        let (args, _) = self.parse_seq(Bracket::Paren)?;
        Ok(Expr::Func(
            Func::Named(name),
            args.into_iter().map(|(e, _)| e).collect(),
        ))
    }
}

/// What a name in operand position is.
pub(super) enum NameKind {
    Value(Expr),
    Known(Known),
    Call,
    Symbol,
    Unknown,
}

/// What follows an item of a bracketed sequence.
pub(super) enum SeqNext {
    Item,
    End,
    Trailing,
    Error,
}

pub(super) fn prefix_kind(t: &Tok) -> PrefixKind {
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
pub(super) fn group_value(b: Bracket, items: Vec<(Expr, Range<usize>)>, trailing: bool) -> Expr {
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
pub(super) fn starts_operand(t: &Tok) -> bool {
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
pub(super) fn starts_implicit_factor(t: &Tok, abs_depth: usize) -> bool {
    match t {
        Tok::Ident(_) | Tok::LParen | Tok::Root => true,
        Tok::Bar => abs_depth == 0,
        _ => false,
    }
}

/// Whether a token after a function name begins an argument without
/// parentheses (`sin x`, `ln 2`).
pub(super) fn starts_implicit_argument(t: &Tok) -> bool {
    matches!(t, Tok::Num(_) | Tok::Ident(_) | Tok::Root)
}
