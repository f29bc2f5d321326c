//! The LaTeX reader's recursive-descent parser: lists, relations, sums,
//! products with implicit multiplication, powers, scripts, atoms and numbers.
//! The commands with arguments are read in [`commands`](super::commands).
//!
//! # Differences with the document
//!
//! Those of the [LaTeX reader](super).

use super::*;

pub(super) type PResult<T> = Result<T, ExprError>;

/// An expression and the depth of its tree.
#[derive(Debug)]
pub(super) struct Node {
    pub(super) e: Expr,
    pub(super) d: usize,
}

pub(super) fn leaf(e: Expr) -> Node {
    Node { e, d: 1 }
}

/// `p/q` when `e` is the parsed `\frac{p}{q}` of two non-negative integer
/// literals (`q` ≠ 0).
pub(super) fn integer_fraction(e: &Expr) -> Option<Expr> {
    let Expr::Mul(fs) = e else { return None };
    let [Expr::Number(p), Expr::Pow(q, m)] = fs.as_slice() else {
        return None;
    };
    let (Expr::Number(q), Expr::Number(m)) = (q.as_ref(), m.as_ref()) else {
        return None;
    };
    let ok = p.is_integer()
        && !p.is_negative()
        && q.is_integer()
        && q.is_positive()
        && *m == -num_rational::BigRational::one();
    ok.then(|| Expr::Number(p / q))
}

/// What [`Parser::parse_list`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Level {
    /// Items separated by commas.
    List,
    /// One item: a relation.
    Item,
    /// One sum (an integral's body).
    Sum,
}

/// Nodes gathered one by one, most often just one: the first is kept
/// without allocating a vector.
#[derive(Debug, Default)]
pub(super) struct Gather {
    one: Option<Node>,
    many: Vec<Node>,
}

impl Gather {
    pub(super) fn push(&mut self, n: Node) {
        if self.many.is_empty() {
            match self.one.take() {
                None => self.one = Some(n),
                Some(first) => {
                    self.many.reserve(4);
                    self.many.push(first);
                    self.many.push(n);
                }
            }
        } else {
            self.many.push(n);
        }
    }

    /// All the nodes, in order; the gatherer is left empty.
    pub(super) fn take_all(&mut self) -> Vec<Node> {
        match self.one.take() {
            Some(n) => vec![n],
            None => std::mem::take(&mut self.many),
        }
    }

    /// The first node gathered (called with exactly one); the gatherer is
    /// left empty.
    pub(super) fn take_one(&mut self, p: &Parser<'_>) -> PResult<Node> {
        self.one.take().ok_or_else(|| p.expected_expression())
    }
}

/// The factors of a product, most often just one: the first is kept
/// without allocating, the others go straight into the product's vector
/// with the greatest depth.
#[derive(Debug, Default)]
pub(super) struct Factors {
    one: Option<Node>,
    many: Vec<Expr>,
    d: usize,
}

impl Factors {
    pub(super) fn push(&mut self, n: Node) {
        if let Some(first) = self.one.take() {
            self.many.reserve(4);
            self.d = first.d;
            self.many.push(first.e);
        } else if self.many.is_empty() {
            self.one = Some(n);
            return;
        }
        self.d = self.d.max(n.d);
        self.many.push(n.e);
    }

    pub(super) fn len(&self) -> usize {
        usize::from(self.one.is_some()) + self.many.len()
    }

    /// The first factor when it is the only one.
    pub(super) fn pop_only(&mut self) -> Option<Node> {
        self.one.take()
    }

    /// One factor alone, or the product of several (as [`Parser::collapse`]).
    pub(super) fn finish(self, p: &Parser<'_>) -> PResult<Node> {
        match self.one {
            Some(n) => Ok(n),
            None => p.mk(Expr::Mul(self.many), self.d),
        }
    }
}

/// A binary operator between the operands of an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum BinOp {
    Rel(RelOp),
    Cup,
    Cap,
    Plus,
    Minus,
    PlusMinus,
}

/// How the next factor of a product joins it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Step {
    /// Side by side (or the first factor).
    Plain,
    /// After `\cdot`.
    Times,
    /// After `\cdot -`.
    Negated,
    /// After `/`, possibly with a minus sign.
    Divided { negated: bool },
    /// The product is complete.
    Done,
}

pub(super) struct Parser<'a> {
    pub(super) text: &'a str,
    pub(super) toks: Vec<Token<'a>>,
    pub(super) pos: usize,
    /// Where the parsed range ends (for errors at the end of the input).
    pub(super) end: usize,
    pub(super) limits: &'a Limits,
    /// The nesting of the atoms and signed products being parsed: a
    /// bracket counts one and the expression inside it one more.
    pub(super) depth: usize,
    /// Inside `|…|`: a `|` after a factor closes.
    pub(super) in_bars: bool,
    /// Inside an integral's body: `dx` ends it.
    pub(super) in_integral: bool,
}

impl<'a> Parser<'a> {
    pub(super) fn new(
        text: &'a str,
        toks: Vec<Token<'a>>,
        end: usize,
        limits: &'a Limits,
        depth: usize,
    ) -> Self {
        Parser {
            text,
            toks,
            pos: 0,
            end,
            limits,
            depth,
            in_bars: false,
            in_integral: false,
        }
    }

    // ---- tokens

    pub(super) fn peek(&self) -> Option<&Tok<'a>> {
        self.toks.get(self.pos).map(|t| &t.tok)
    }

    pub(super) fn peek_at(&self, i: usize) -> Option<&Tok<'a>> {
        self.toks.get(i).map(|t| &t.tok)
    }

    /// The span of the current token (or the end of the input).
    pub(super) fn span(&self) -> Range<usize> {
        self.toks
            .get(self.pos)
            .map_or(self.end..self.end, |t| t.span.clone())
    }

    pub(super) fn src(&self, span: &Range<usize>) -> &str {
        self.text.get(span.clone()).unwrap_or("")
    }

    pub(super) fn err(&self, message: impl Into<String>, span: Range<usize>) -> ExprError {
        ParseError::new(message, span, self.text).into()
    }

    /// "expected an expression" at the current token.
    pub(super) fn expected_expression(&self) -> ExprError {
        match self.toks.get(self.pos) {
            None => self.err("expected an expression", self.end..self.end),
            Some(t) => self.err(
                format!("expected an expression, found '{}'", self.src(&t.span)),
                t.span.clone(),
            ),
        }
    }

    pub(super) fn unexpected(&self) -> ExprError {
        let span = self.span();
        self.err(format!("unexpected '{}'", self.src(&span)), span)
    }

    /// Takes `len` bytes from the start of the current number or word token.
    pub(super) fn take_prefix(&mut self, len: usize) -> Range<usize> {
        let Some(tok) = self.toks.get_mut(self.pos) else {
            return self.end..self.end;
        };
        let start = tok.span.start;
        let mut next = (start + len).min(tok.span.end);
        if tok.tok == Tok::Num
            && self
                .text
                .get(next..tok.span.end)
                .is_some_and(|r| r.starts_with("{,}"))
        {
            next += 3;
        }
        if next >= tok.span.end {
            self.pos += 1;
        } else {
            tok.span.start = next;
        }
        start..(start + len)
    }

    /// Takes the first character of the current number or word token.
    pub(super) fn take_char(&mut self) -> Option<(char, Range<usize>)> {
        let span = self.toks.get(self.pos)?.span.clone();
        let c = self.src(&span).chars().next()?;
        let span = self.take_prefix(c.len_utf8());
        Some((c, span))
    }

    // ---- building nodes with their depth

    pub(super) fn mk(&self, e: Expr, child_depth: usize) -> PResult<Node> {
        let d = child_depth.saturating_add(1);
        self.limits.check_depth(d)?;
        Ok(Node { e, d })
    }

    pub(super) fn mk_list(
        &self,
        build: impl FnOnce(Vec<Expr>) -> Expr,
        items: Vec<Node>,
    ) -> PResult<Node> {
        let d = items.iter().map(|n| n.d).max().unwrap_or(0);
        self.mk(build(items.into_iter().map(|n| n.e).collect()), d)
    }

    pub(super) fn wrap(&self, n: Node, build: impl FnOnce(Box<Expr>) -> Expr) -> PResult<Node> {
        self.mk(build(Box::new(n.e)), n.d)
    }

    pub(super) fn func(&self, f: Func, args: Vec<Node>) -> PResult<Node> {
        self.mk_list(|v| Expr::Func(f, v), args)
    }

    pub(super) fn neg(&self, n: Node) -> PResult<Node> {
        match n.e {
            Expr::Number(x) => Ok(Node {
                e: Expr::Number(-x),
                d: n.d,
            }),
            e => self.mk(Expr::neg(e), n.d),
        }
    }

    pub(super) fn pow(&self, base: Node, exp: Node) -> PResult<Node> {
        self.mk(Expr::pow(base.e, exp.e), base.d.max(exp.d))
    }

    pub(super) fn recip(&self, n: Node) -> PResult<Node> {
        self.pow(n, leaf(Expr::int(-1)))
    }

    pub(super) fn div(&self, a: Node, b: Node) -> PResult<Node> {
        let r = self.recip(b)?;
        self.mk(Expr::Mul(vec![a.e, r.e]), a.d.max(r.d))
    }

    pub(super) fn plus_minus(&self, a: Node, b: Node) -> PResult<Node> {
        self.mk(Expr::PlusMinus(Box::new(a.e), Box::new(b.e)), a.d.max(b.d))
    }

    /// Enters a fresh bracket context (`|` and `dx` do not end it) and
    /// returns the context to restore.
    pub(super) fn enter_brackets(&mut self, in_bars: bool) -> (bool, bool) {
        let saved = (self.in_bars, self.in_integral);
        self.in_bars = in_bars;
        self.in_integral = false;
        saved
    }

    pub(super) fn leave_brackets(&mut self, saved: (bool, bool)) {
        (self.in_bars, self.in_integral) = saved;
    }

    // ---- grammar
    //
    // The functions on the recursion path (parse_list, parse_signed,
    // parse_product, parse_power, parse_atom and the bracket parsers) keep
    // few locals; building nodes after a recursive call happens in separate
    // functions that are not inlined, so that each level of nesting costs
    // little stack.

    pub(super) fn parse_all(&mut self) -> PResult<Node> {
        let items = self.parse_items(Level::List)?;
        if self.pos < self.toks.len() {
            return Err(self.unexpected());
        }
        self.one_or_tuple(items)
    }

    /// A single item, or a tuple of several.
    #[inline(never)]
    pub(super) fn one_or_tuple(&self, mut items: Gather) -> PResult<Node> {
        match items.one.take() {
            Some(n) => Ok(n),
            None => self.mk_list(Expr::Tuple, items.take_all()),
        }
    }

    /// Operands (signed products) joined by binary operators, as items
    /// separated by commas (`Level::List`), one item (`Level::Item`) or one
    /// sum (`Level::Sum`).
    pub(super) fn parse_list(&mut self, level: Level) -> PResult<Vec<Node>> {
        Ok(self.parse_items(level)?.take_all())
    }

    /// [`Parser::parse_list`]'s items, most often one, kept without
    /// allocating a vector.
    pub(super) fn parse_items(&mut self, level: Level) -> PResult<Gather> {
        let mut items = Gather::default();
        let mut operands = Gather::default();
        let mut ops = Vec::new();
        loop {
            operands.push(self.parse_signed(false)?);
            if !self.list_step(level, &mut items, &mut operands, &mut ops)? {
                return Ok(items);
            }
        }
    }

    /// After an operand: takes a binary operator (true), or a comma and
    /// finishes the item (true), or finishes the last item (false).
    #[inline(never)]
    pub(super) fn list_step(
        &mut self,
        level: Level,
        items: &mut Gather,
        operands: &mut Gather,
        ops: &mut Vec<BinOp>,
    ) -> PResult<bool> {
        let op = match self.peek() {
            Some(Tok::Plus) => BinOp::Plus,
            Some(Tok::Minus) => BinOp::Minus,
            Some(Tok::PlusMinus) => BinOp::PlusMinus,
            Some(Tok::Rel(r)) if level != Level::Sum => BinOp::Rel(*r),
            Some(Tok::Cup) if level != Level::Sum => BinOp::Cup,
            Some(Tok::Cap) if level != Level::Sum => BinOp::Cap,
            Some(Tok::Comma) if level == Level::List => {
                self.pos += 1;
                items.push(self.finish_item(operands, ops)?);
                return Ok(true);
            }
            _ => {
                items.push(self.finish_item(operands, ops)?);
                return Ok(false);
            }
        };
        self.pos += 1;
        ops.push(op);
        Ok(true)
    }

    /// The item of the gathered operands and operators: a lone operand is
    /// the item itself.
    pub(super) fn finish_item(&self, operands: &mut Gather, ops: &mut Vec<BinOp>) -> PResult<Node> {
        if ops.is_empty() {
            return operands.take_one(self);
        }
        self.build_item(operands.take_all(), std::mem::take(ops))
    }

    /// Builds one item from operands and the operators between them:
    /// relations of unions of intersections of sums; sums are flat, `±`
    /// takes everything before it in its sum as left side.
    #[inline(never)]
    pub(super) fn build_item(&self, operands: Vec<Node>, ops: Vec<BinOp>) -> PResult<Node> {
        if ops
            .iter()
            .all(|op| matches!(op, BinOp::Plus | BinOp::Minus))
        {
            return self.build_sum(operands, &ops);
        }
        if ops
            .iter()
            .all(|op| matches!(op, BinOp::Plus | BinOp::Minus | BinOp::Rel(_)))
        {
            return self.build_relation(operands, ops);
        }
        self.build_general(operands, ops)
    }

    /// [`Parser::build_item`] for any operators: each level (sums,
    /// intersections, unions, relation sides) gathered in its own vector.
    pub(super) fn build_general(&self, operands: Vec<Node>, ops: Vec<BinOp>) -> PResult<Node> {
        let mut sides = Vec::new();
        let mut rel_ops = Vec::new();
        let mut unions = Vec::new();
        let mut inters = Vec::new();
        let mut terms = Vec::new();
        let mut operands = operands.into_iter();
        if let Some(first) = operands.next() {
            terms.push(first);
        }
        for (op, operand) in ops.into_iter().zip(operands) {
            match op {
                BinOp::Plus => terms.push(operand),
                BinOp::Minus => terms.push(self.neg(operand)?),
                BinOp::PlusMinus => {
                    let left = self.collapse(Expr::Add, std::mem::take(&mut terms))?;
                    terms.push(self.plus_minus(left, operand)?);
                }
                BinOp::Cap => {
                    inters.push(self.collapse(Expr::Add, std::mem::take(&mut terms))?);
                    terms.push(operand);
                }
                BinOp::Cup => {
                    inters.push(self.collapse(Expr::Add, std::mem::take(&mut terms))?);
                    unions.push(self.collapse(Expr::Intersection, std::mem::take(&mut inters))?);
                    terms.push(operand);
                }
                BinOp::Rel(r) => {
                    inters.push(self.collapse(Expr::Add, std::mem::take(&mut terms))?);
                    unions.push(self.collapse(Expr::Intersection, std::mem::take(&mut inters))?);
                    sides.push(self.collapse(Expr::Union, std::mem::take(&mut unions))?);
                    rel_ops.push(r);
                    terms.push(operand);
                }
            }
        }
        inters.push(self.collapse(Expr::Add, terms)?);
        unions.push(self.collapse(Expr::Intersection, inters)?);
        let last = self.collapse(Expr::Union, unions)?;
        if rel_ops.is_empty() {
            return Ok(last);
        }
        sides.push(last);
        self.mk_list(|v| Expr::Relation(v, rel_ops), sides)
    }

    /// A relation of sums (operands joined by `+`, `-` and relations only,
    /// at least one relation): what [`Parser::build_item`]'s general loop
    /// builds for them, where each union and intersection level holds one
    /// side alone, built without those levels' vectors (a unit test
    /// compares the two).
    pub(super) fn build_relation(&self, operands: Vec<Node>, ops: Vec<BinOp>) -> PResult<Node> {
        let n_rel = ops.iter().filter(|op| matches!(op, BinOp::Rel(_))).count();
        let mut sides = Vec::with_capacity(n_rel + 1);
        let mut rel_ops = Vec::with_capacity(n_rel);
        let mut terms = Vec::new();
        let mut operands = operands.into_iter();
        terms.extend(operands.next());
        for (op, operand) in ops.into_iter().zip(operands) {
            match op {
                BinOp::Minus => terms.push(self.neg(operand)?),
                BinOp::Rel(r) => {
                    sides.push(self.side(&mut terms)?);
                    rel_ops.push(r);
                    terms.push(operand);
                }
                _ => terms.push(operand),
            }
        }
        sides.push(self.side(&mut terms)?);
        self.mk_list(|v| Expr::Relation(v, rel_ops), sides)
    }

    /// The sum of `terms` (emptied; a term alone is itself, its vector kept
    /// for the next side), as [`Parser::collapse`] builds it.
    fn side(&self, terms: &mut Vec<Node>) -> PResult<Node> {
        if terms.len() == 1 {
            if let Some(n) = terms.pop() {
                return Ok(n);
            }
        }
        self.collapse(Expr::Add, std::mem::take(terms))
    }

    /// A sum of operands joined by `+` and `-` only (the common item),
    /// built in the operands' own vector.
    pub(super) fn build_sum(&self, operands: Vec<Node>, ops: &[BinOp]) -> PResult<Node> {
        let signs = std::iter::once(BinOp::Plus).chain(ops.iter().copied());
        let terms = operands
            .into_iter()
            .zip(signs)
            .map(|(operand, op)| match op {
                BinOp::Minus => self.neg(operand),
                _ => Ok(operand),
            })
            .collect::<PResult<Vec<Node>>>()?;
        self.collapse(Expr::Add, terms)
    }

    /// One node alone, or several under `build`.
    pub(super) fn collapse(
        &self,
        build: fn(Vec<Expr>) -> Expr,
        mut nodes: Vec<Node>,
    ) -> PResult<Node> {
        match nodes.len() {
            1 => nodes.pop().ok_or_else(|| self.expected_expression()),
            _ => self.mk_list(build, nodes),
        }
    }

    /// A product after optional signs `-`, `+`, `±`; `chain` parses the
    /// argument of a function written without parentheses.
    pub(super) fn parse_signed(&mut self, chain: bool) -> PResult<Node> {
        self.depth += 1;
        let result = match self.limits.check_depth(self.depth) {
            Ok(()) => self.parse_signed_inner(chain),
            Err(e) => Err(e),
        };
        self.depth -= 1;
        result
    }

    pub(super) fn parse_signed_inner(&mut self, chain: bool) -> PResult<Node> {
        let mut signs = Vec::new();
        loop {
            match self.peek() {
                Some(Tok::Plus) => self.pos += 1,
                Some(Tok::Minus) => {
                    signs.push(false);
                    self.pos += 1;
                }
                Some(Tok::PlusMinus) => {
                    signs.push(true);
                    self.pos += 1;
                }
                _ => break,
            }
        }
        let n = self.parse_product(chain)?;
        self.apply_signs(n, signs)
    }

    #[inline(never)]
    pub(super) fn apply_signs(&self, mut n: Node, signs: Vec<bool>) -> PResult<Node> {
        for plus_minus in signs.into_iter().rev() {
            n = if plus_minus {
                self.plus_minus(leaf(Expr::int(0)), n)?
            } else {
                self.neg(n)?
            };
        }
        Ok(n)
    }

    /// Factors joined by `\cdot`, `/`… or side by side. In a `chain` only
    /// factors side by side count, and a function ends it.
    pub(super) fn parse_product(&mut self, chain: bool) -> PResult<Node> {
        let mut factors = Factors::default();
        let mut step = Step::Plain;
        let mut first_is_bare_integer = false;
        loop {
            let starts_frac = matches!(
                self.peek(),
                Some(Tok::Cmd(n)) if matches!(*n, "frac" | "dfrac" | "tfrac")
            );
            let (mut factor, mut bare) = self.parse_power()?;
            // A mixed number: a bare non-negative integer directly followed by
            // a fraction of two integers (2\frac{1}{2} is 5/2, as answers mean it).
            if factors.len() == 1 && step == Step::Plain && first_is_bare_integer && starts_frac {
                if let Some(frac) = integer_fraction(&factor.e) {
                    if let Some(whole) = factors.pop_only() {
                        let d = whole.d.max(factor.d) + 1;
                        factor = Node {
                            e: Expr::Add(vec![whole.e, frac]),
                            d,
                        };
                        bare = false;
                    }
                }
            }
            if factors.len() == 0 {
                first_is_bare_integer = bare
                    && matches!(&factor.e, Expr::Number(r) if r.is_integer() && !r.is_negative());
            }
            step = self.product_step(chain, &mut factors, (factor, bare), step)?;
            if step == Step::Done {
                return factors.finish(self);
            }
        }
    }

    /// Stores a factor as `how` says, then takes what comes before the next
    /// one: an operator and signs, or nothing for a factor side by side.
    #[inline(never)]
    pub(super) fn product_step(
        &mut self,
        chain: bool,
        factors: &mut Factors,
        (factor, bare): (Node, bool),
        how: Step,
    ) -> PResult<Step> {
        let factor = match how {
            Step::Negated | Step::Divided { negated: true } => self.neg(factor)?,
            _ => factor,
        };
        let factor = match how {
            Step::Divided { .. } => self.recip(factor)?,
            _ => factor,
        };
        factors.push(factor);
        let last_bare = bare && how == Step::Plain;
        if self.in_integral && self.differential_ahead() {
            return Ok(Step::Done);
        }
        let divided = match self.peek() {
            Some(Tok::Times) if !chain => false,
            Some(Tok::Divide) if !chain => true,
            _ if self.starts_factor(chain) => {
                if last_bare && self.peek() == Some(&Tok::Num) {
                    let span = self.span();
                    return Err(self.err("missing operator between two numbers", span));
                }
                return Ok(Step::Plain);
            }
            _ => return Ok(Step::Done),
        };
        self.pos += 1;
        let mut negated = false;
        loop {
            match self.peek() {
                Some(Tok::Plus) => self.pos += 1,
                Some(Tok::Minus) => {
                    negated = !negated;
                    self.pos += 1;
                }
                _ => break,
            }
        }
        Ok(match (divided, negated) {
            (true, negated) => Step::Divided { negated },
            (false, true) => Step::Negated,
            (false, false) => Step::Times,
        })
    }

    /// Whether the current token can start a factor multiplied implicitly.
    pub(super) fn starts_factor(&self, chain: bool) -> bool {
        match self.peek() {
            Some(Tok::Num | Tok::LBrace | Tok::Open(_) | Tok::Begin(_) | Tok::Wrapper(..)) => true,
            Some(Tok::OperatorName(_)) => !chain,
            Some(Tok::Word) => !chain || self.plain_function_here().is_none(),
            Some(Tok::Cmd(name)) => {
                !chain
                    || (command_function(name).is_none()
                        && !matches!(*name, "int" | "sum" | "prod"))
            }
            Some(Tok::Bar) => !self.in_bars,
            _ => false,
        }
    }

    /// The function name at the start of the current word, when it applies
    /// (`sinx`, `sin x`, `sin(x)`, `sin^2 x`; `max` needs a parenthesis).
    pub(super) fn plain_function_here(&self) -> Option<(&'static str, FnKind)> {
        let span = self
            .toks
            .get(self.pos)
            .filter(|t| t.tok == Tok::Word)?
            .span
            .clone();
        let word = self.src(&span);
        let (name, paren_only) = plain_function_prefix(word)?;
        let kind = function_named(name)?;
        let more_letters = word.len() > name.len();
        let next = self.peek_at(self.pos + 1);
        let applies = if paren_only {
            !more_letters && matches!(next, Some(Tok::Open(Delim::Paren)))
        } else if more_letters {
            true
        } else {
            match next {
                Some(
                    Tok::Num
                    | Tok::Word
                    | Tok::Open(_)
                    | Tok::Cmd(_)
                    | Tok::LBrace
                    | Tok::Bar
                    | Tok::Caret
                    | Tok::Wrapper(..)
                    | Tok::OperatorName(_)
                    | Tok::Begin(_),
                ) => true,
                Some(Tok::Underscore) => matches!(kind, FnKind::Log(_)),
                _ => false,
            }
        };
        applies.then_some((name, kind))
    }

    /// An atom and its postfix operators: `^`, `_`, `!`, `\%`, `°`, `'`.
    /// The flag says whether it is a number literal alone.
    pub(super) fn parse_power(&mut self) -> PResult<(Node, bool)> {
        let starts_with_number = self.peek() == Some(&Tok::Num);
        let n = self.parse_atom()?;
        self.finish_power(n, starts_with_number)
    }

    #[inline(never)]
    pub(super) fn finish_power(
        &mut self,
        n: Node,
        starts_with_number: bool,
    ) -> PResult<(Node, bool)> {
        if !self.postfix_ahead() {
            let bare = starts_with_number && matches!(n.e, Expr::Number(_));
            return Ok((n, bare));
        }
        Ok((self.parse_postfix(n)?, false))
    }

    pub(super) fn postfix_ahead(&self) -> bool {
        matches!(
            self.peek(),
            Some(
                Tok::Caret | Tok::Underscore | Tok::Prime | Tok::Bang | Tok::Percent | Tok::Degree
            )
        )
    }

    #[inline(never)]
    pub(super) fn parse_postfix(&mut self, mut n: Node) -> PResult<Node> {
        loop {
            n = match self.peek() {
                Some(Tok::Caret) => {
                    self.pos += 1;
                    if self.take_circ() {
                        self.wrap(n, Expr::Degrees)?
                    } else {
                        self.parse_exponents(n)?
                    }
                }
                Some(Tok::Underscore | Tok::Prime) => self.name_suffix(n)?,
                Some(Tok::Bang) => {
                    self.pos += 1;
                    self.func(Func::Factorial, vec![n])?
                }
                Some(Tok::Percent) => {
                    self.pos += 1;
                    self.wrap(n, Expr::Percent)?
                }
                Some(Tok::Degree) => {
                    self.pos += 1;
                    self.wrap(n, Expr::Degrees)?
                }
                _ => return Ok(n),
            };
        }
    }

    /// `base ^ e1 ^ e2 …` after the first `^`, right-associative.
    pub(super) fn parse_exponents(&mut self, base: Node) -> PResult<Node> {
        let mut exps = vec![self.parse_superscript()?];
        while self.peek() == Some(&Tok::Caret) && !self.circ_at(self.pos + 1) {
            self.pos += 1;
            exps.push(self.parse_superscript()?);
        }
        self.fold_powers(base, exps)
    }

    #[inline(never)]
    pub(super) fn fold_powers(&self, base: Node, mut exps: Vec<Node>) -> PResult<Node> {
        let mut acc = exps.pop().ok_or_else(|| self.expected_expression())?;
        while let Some(x) = exps.pop() {
            acc = self.pow(x, acc)?;
        }
        self.pow(base, acc)
    }

    /// A subscript or a prime extending a symbol's name.
    #[inline(never)]
    pub(super) fn name_suffix(&mut self, n: Node) -> PResult<Node> {
        let span = self.span();
        let Expr::Symbol(name) = n.e else {
            let what = if self.peek() == Some(&Tok::Prime) {
                "prime"
            } else {
                "subscript"
            };
            return Err(self.err(format!("a {what} needs a symbol before it"), span));
        };
        let mut name = name;
        if self.peek() == Some(&Tok::Prime) {
            self.pos += 1;
            name.push('\'');
        } else {
            self.pos += 1;
            let sub = self.parse_subscript_name()?;
            // A name must read back as infix: visible ASCII only (`x_{≈}` is
            // refused rather than named something no reader takes).
            if !sub
                .bytes()
                .all(|c| c.is_ascii_graphic() && c != b'{' && c != b'}')
            {
                return Err(self.err("a subscript must be ASCII letters, digits or signs", span));
            }
            // `e'_{g}` is named `e_g'`: primes stay last, where the infix
            // reader takes them (the name reads back).
            let primes = name.len() - name.trim_end_matches('\'').len();
            let at = name.len() - primes;
            // A subscript that is not one alphanumeric word keeps its
            // braces (`x_{i+1}`): the infix reader reads that name back.
            let sub = if sub.bytes().all(|c| c.is_ascii_alphanumeric()) {
                format!("_{sub}")
            } else {
                format!("_{{{sub}}}")
            };
            name.insert_str(at, &sub);
        }
        Ok(leaf(Expr::Symbol(name)))
    }

    /// Whether `\circ` or `{\circ}` starts at token `i`.
    pub(super) fn circ_at(&self, i: usize) -> bool {
        let circ = |j: usize| matches!(self.peek_at(j), Some(Tok::Cmd(c)) if *c == "circ");
        circ(i)
            || (self.peek_at(i) == Some(&Tok::LBrace)
                && circ(i + 1)
                && self.peek_at(i + 2) == Some(&Tok::RBrace))
    }

    /// Takes `\circ` or `{\circ}` after a `^`.
    pub(super) fn take_circ(&mut self) -> bool {
        if !self.circ_at(self.pos) {
            return false;
        }
        self.pos += if self.peek() == Some(&Tok::LBrace) {
            3
        } else {
            1
        };
        true
    }

    /// The argument of `^` or `_`: a group, or one token (`x^2y` is `x²·y`),
    /// after optional signs.
    pub(super) fn parse_script(&mut self) -> PResult<Node> {
        let mut negative = false;
        loop {
            match self.peek() {
                Some(Tok::Plus) => self.pos += 1,
                Some(Tok::Minus) => {
                    negative = !negative;
                    self.pos += 1;
                }
                _ => break,
            }
        }
        let n = match self.peek() {
            Some(Tok::Num) => self.single_digit()?,
            Some(Tok::Word) => self.single_letter()?,
            Some(
                Tok::LBrace | Tok::Cmd(_) | Tok::Wrapper(..) | Tok::OperatorName(_) | Tok::Open(_),
            ) => self.parse_atom()?,
            _ => return Err(self.expected_expression()),
        };
        if negative { self.neg(n) } else { Ok(n) }
    }

    /// The script after `^`: an integer written without braces is the
    /// exponent whole (`x^23`, `2^10`), as SymPy's `parse_latex` and
    /// math-verify read it and as answers mean it (TeX sets its first digit
    /// only); otherwise [`Parser::parse_script`]. A subscript keeps TeX's
    /// one digit (`\log_28` is the logarithm of 8 to base 2).
    pub(super) fn parse_superscript(&mut self) -> PResult<Node> {
        let span = self.span();
        let integer =
            self.peek() == Some(&Tok::Num) && self.src(&span).bytes().all(|c| c.is_ascii_digit());
        if integer {
            self.pos += 1;
            return self.number(span);
        }
        self.parse_script()
    }

    /// One digit of the current number (`\frac12`, `\log_28`); a number
    /// starting with `.` is taken whole.
    pub(super) fn single_digit(&mut self) -> PResult<Node> {
        let span = self.span();
        if self.src(&span).starts_with('.') {
            self.pos += 1;
            return self.number(span);
        }
        match self.take_char() {
            Some((c, _)) => Ok(leaf(Expr::int(i64::from(c.to_digit(10).unwrap_or(0))))),
            None => Err(self.expected_expression()),
        }
    }

    /// One letter of the current word (`\frac1x`, `e^x`).
    pub(super) fn single_letter(&mut self) -> PResult<Node> {
        match self.take_char() {
            Some((c, _)) => Ok(leaf(letter(c, false))),
            None => Err(self.expected_expression()),
        }
    }

    /// A macro argument: a group, or one digit, letter or command.
    pub(super) fn parse_macro_arg(&mut self, cmd: &Range<usize>) -> PResult<Node> {
        match self.peek() {
            Some(Tok::Num) => self.single_digit(),
            Some(Tok::Word) => self.single_letter(),
            Some(Tok::LBrace | Tok::Cmd(_) | Tok::Wrapper(..) | Tok::OperatorName(_)) => {
                self.parse_atom()
            }
            _ => Err(self.err(
                format!("missing argument of {}", self.src(cmd)),
                cmd.clone(),
            )),
        }
    }

    /// The content of a subscript as part of a name (`x_{10}` → `10`).
    pub(super) fn parse_subscript_name(&mut self) -> PResult<String> {
        let span = self.span();
        match self.peek() {
            Some(Tok::LBrace) => {
                let mut depth = 0usize;
                let mut i = self.pos;
                while let Some(t) = self.toks.get(i) {
                    match t.tok {
                        Tok::LBrace => depth += 1,
                        Tok::RBrace => {
                            depth -= 1;
                            if depth == 0 {
                                let raw = self.text.get(span.end..t.span.start).unwrap_or("");
                                let name = subscript_name(raw);
                                if name.is_empty() {
                                    return Err(self.err("empty subscript", span.start..t.span.end));
                                }
                                self.pos = i + 1;
                                return Ok(name);
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
                Err(self.err("unclosed '{'", span))
            }
            Some(Tok::Num | Tok::Word) => match self.take_char() {
                Some((c, _)) => Ok(c.to_string()),
                None => Err(self.expected_expression()),
            },
            Some(Tok::Cmd(name)) => {
                let name = name.to_string();
                self.pos += 1;
                Ok(name)
            }
            _ => Err(self.err("expected a subscript", span)),
        }
    }

    /// An atom: a number, a letter, a command, a bracket, a group….
    pub(super) fn parse_atom(&mut self) -> PResult<Node> {
        self.depth += 1;
        let result = match self.limits.check_depth(self.depth) {
            Ok(()) => self.parse_atom_inner(),
            Err(e) => Err(e),
        };
        self.depth -= 1;
        result
    }

    #[inline(never)]
    pub(super) fn parse_atom_inner(&mut self) -> PResult<Node> {
        let Some(token) = self.toks.get(self.pos).cloned() else {
            return Err(self.expected_expression());
        };
        let span = token.span;
        match token.tok {
            Tok::Num => {
                self.pos += 1;
                self.number(span)
            }
            Tok::Word => self.parse_word(),
            Tok::Cmd(name) => {
                self.pos += 1;
                self.parse_command(name, span)
            }
            Tok::Open(d) => {
                self.pos += 1;
                self.parse_delimited(d, span)
            }
            Tok::Bar => {
                self.pos += 1;
                self.parse_delimited(Delim::Bar, span)
            }
            Tok::LBrace => {
                self.pos += 1;
                self.parse_group(span)
            }
            Tok::Wrapper(kind, content) => {
                self.pos += 1;
                self.parse_wrapper(kind, content)
            }
            Tok::OperatorName(content) => {
                self.pos += 1;
                let name = subscript_name(self.src(&content));
                if name.is_empty() {
                    return Err(self.err("empty operator name", span));
                }
                let kind =
                    function_named(&name).unwrap_or(FnKind::Plain(Func::Named(name.clone())));
                self.parse_function(kind, span)
            }
            Tok::Begin(env) => {
                self.pos += 1;
                self.parse_matrix(env, span)
            }
            _ => Err(self.expected_expression()),
        }
    }

    /// The value of a number token.
    #[inline(never)]
    pub(super) fn number(&self, span: Range<usize>) -> PResult<Node> {
        let text = self.src(&span);
        // The common case, a short integer, read without building a string
        // of its digits (19 digits always fit a u64).
        if (1..=19).contains(&text.len()) && text.bytes().all(|c| c.is_ascii_digit()) {
            self.limits.check_digits(text.len() as u64)?;
            if let Ok(v) = text.parse::<u64>() {
                return Ok(leaf(Expr::Number(Rational::from_integer(BigInt::from(v)))));
            }
        }
        // The exponent of scientific notation (the lexer took at most 4 digits).
        let (mantissa, exp) = match text.find(['e', 'E']) {
            Some(i) => (&text[..i], text[i + 1..].parse::<i64>().unwrap_or(0)),
            None => (text, 0),
        };
        if let Some((r, count)) = short_decimal(mantissa, exp) {
            self.limits.check_digits(u64::from(count))?;
            return Ok(leaf(Expr::Number(r)));
        }
        let mut digits = String::new();
        let mut frac_len = 0usize;
        let mut after_dot = false;
        for c in mantissa.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                if after_dot {
                    frac_len += 1;
                }
            } else if c == '.' {
                after_dot = true;
            }
        }
        self.limits.check_digits(
            u64::try_from(digits.len())
                .unwrap_or(u64::MAX)
                .saturating_add(exp.unsigned_abs()),
        )?;
        let Some(num) = BigInt::parse_bytes(digits.as_bytes(), 10) else {
            return Err(self.err("invalid number", span));
        };
        if exp != 0 {
            // frac_len ≤ digits and |exp| ≤ 9999: both bounded by check_digits.
            let shift = exp - i64::try_from(frac_len).unwrap_or(0);
            let ten = |k: i64| num_traits::pow(BigInt::from(10u32), k.unsigned_abs() as usize);
            let value = if shift >= 0 {
                Rational::from_integer(num * ten(shift))
            } else {
                Rational::new(num, ten(shift))
            };
            return Ok(leaf(Expr::Number(value)));
        }
        // An integer needs no reduction (a gcd against 1 costs time
        // quadratic in the digits).
        if frac_len == 0 {
            return Ok(leaf(Expr::Number(Rational::from_integer(num))));
        }
        let den = num_traits::pow(BigInt::from(10u32), frac_len);
        Ok(leaf(Expr::Number(Rational::new(num, den))))
    }

    /// A letter, or a function name typed without a backslash.
    #[inline(never)]
    pub(super) fn parse_word(&mut self) -> PResult<Node> {
        let span = self.span();
        if self.src(&span) == "pi" {
            self.pos += 1;
            return Ok(leaf(Expr::Constant(Constant::Pi)));
        }
        if let Some((name, kind)) = self.plain_function_here() {
            let name_span = self.take_prefix(name.len());
            return self.parse_function(kind, name_span);
        }
        let before = self.pos;
        let Some((c, _)) = self.take_char() else {
            return Err(self.expected_expression());
        };
        let last_of_word = self.pos != before;
        let named = last_of_word && matches!(self.peek(), Some(Tok::Underscore | Tok::Prime));
        Ok(leaf(letter(c, named)))
    }
}

/// A decimal without exponent of at most 18 digits (`0.25`, `3.14`,
/// `23{,}000.5`), as the reduced fraction `Rational::new` makes, computed
/// with machine integers, and its number of digits; `None` for anything else.
fn short_decimal(mantissa: &str, exp: i64) -> Option<(Rational, u32)> {
    if exp != 0 {
        return None;
    }
    let (mut value, mut count, mut frac_len, mut after_dot) = (0i64, 0u32, 0u32, false);
    for c in mantissa.bytes() {
        if c.is_ascii_digit() {
            count += 1;
            if count > 18 {
                return None;
            }
            value = value * 10 + i64::from(c - b'0');
            frac_len += u32::from(after_dot);
        } else if c == b'.' {
            after_dot = true;
        }
    }
    if count == 0 {
        return None;
    }
    crate::expr::number::reduced(i128::from(value), 10i128.pow(frac_len)).map(|r| (r, count))
}

/// A letter as an expression: `e` and `i` are constants unless `named`
/// (followed by a subscript or a prime).
pub(super) fn letter(c: char, named: bool) -> Expr {
    match c {
        'e' if !named => Expr::Constant(Constant::E),
        'i' if !named => Expr::Constant(Constant::I),
        _ => Expr::Symbol(c.to_string()),
    }
}
