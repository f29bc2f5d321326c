//! The LaTeX reader's commands: fractions, binomials, roots, `\boxed`,
//! functions with their scripts and arguments, brackets, groups, wrappers,
//! matrices, integrals, sums and products.
//!
//! # Differences with the document
//!
//! Those of the [LaTeX reader](super).

use super::*;

impl Parser<'_> {
    #[inline(never)]
    pub(super) fn parse_command(&mut self, name: &str, span: Range<usize>) -> PResult<Node> {
        match name {
            "frac" | "dfrac" | "tfrac" | "cfrac" | "binom" | "dbinom" | "tbinom" => {
                self.parse_two_args(name, span)
            }
            "sqrt" => self.parse_sqrt(span),
            "int" => self.parse_integral(span),
            "sum" | "prod" => self.parse_big_operator(name == "sum", span),
            "boxed" | "fbox" => self.parse_boxed(span),
            _ => match command_function(name) {
                Some(kind) => self.parse_function(kind, span),
                None => self.command_leaf(name, span),
            },
        }
    }

    /// A command without arguments: a constant, a Greek letter, `\emptyset`.
    #[inline(never)]
    pub(super) fn command_leaf(&self, name: &str, span: Range<usize>) -> PResult<Node> {
        Ok(leaf(match name {
            "pi" => Expr::Constant(Constant::Pi),
            "infty" => Expr::Constant(Constant::Infinity),
            "imath" => Expr::Constant(Constant::I),
            "emptyset" | "varnothing" => Expr::Set(Vec::new()),
            _ if is_greek(name) => Expr::Symbol(name.to_string()),
            _ => return Err(self.err(format!("unknown or unsupported command \\{name}"), span)),
        }))
    }

    /// `\frac{a}{b}` or `\binom{n}{k}` after the command.
    #[inline(never)]
    pub(super) fn parse_two_args(&mut self, name: &str, span: Range<usize>) -> PResult<Node> {
        if name == "cfrac" && self.peek() == Some(&Tok::Open(Delim::Bracket)) {
            while let Some(t) = self.peek() {
                let closes = *t == Tok::Close(Delim::Bracket);
                self.pos += 1;
                if closes {
                    break;
                }
            }
        }
        let a = self.parse_macro_arg(&span)?;
        let b = self.parse_macro_arg(&span)?;
        self.build_two_args(name, a, b)
    }

    #[inline(never)]
    pub(super) fn build_two_args(&self, name: &str, a: Node, b: Node) -> PResult<Node> {
        if name.ends_with("binom") {
            return self.func(Func::Binomial, vec![a, b]);
        }
        self.div(a, b)
    }

    /// `\boxed{…}` after the command.
    #[inline(never)]
    pub(super) fn parse_boxed(&mut self, span: Range<usize>) -> PResult<Node> {
        if self.peek() != Some(&Tok::LBrace) {
            let message = format!("expected '{{' after {}", self.src(&span));
            return Err(self.err(message, span));
        }
        self.parse_atom()
    }

    #[inline(never)]
    pub(super) fn parse_sqrt(&mut self, span: Range<usize>) -> PResult<Node> {
        let index = if self.peek() == Some(&Tok::Open(Delim::Bracket)) {
            Some(self.parse_root_index()?)
        } else {
            None
        };
        let x = self.parse_macro_arg(&span)?;
        self.build_root(x, index)
    }

    /// The `[n]` of `\sqrt[n]{x}`.
    pub(super) fn parse_root_index(&mut self) -> PResult<Node> {
        let open = self.span();
        self.pos += 1;
        let saved = self.enter_brackets(false);
        let items = self.parse_list(Level::Item);
        self.leave_brackets(saved);
        let mut items = items?;
        self.expect_closing(&open, |t| *t == Tok::Close(Delim::Bracket))?;
        items.pop().ok_or_else(|| self.expected_expression())
    }

    #[inline(never)]
    pub(super) fn build_root(&self, x: Node, index: Option<Node>) -> PResult<Node> {
        match index {
            None => self.pow(x, leaf(Expr::ratio(1, 2))),
            Some(Node {
                e: Expr::Number(n), ..
            }) if !n.is_zero() => self.pow(x, leaf(Expr::Number(n.recip()))),
            Some(n) => {
                let r = self.recip(n)?;
                self.pow(x, r)
            }
        }
    }

    /// Takes the closing token if `closes` accepts it.
    pub(super) fn expect_closing(
        &mut self,
        open: &Range<usize>,
        closes: impl Fn(&Tok) -> bool,
    ) -> PResult<()> {
        match self.peek() {
            Some(t) if closes(t) => {
                self.pos += 1;
                Ok(())
            }
            None => Err(self.err(format!("unclosed '{}'", self.src(open)), open.clone())),
            Some(_) => Err(self.unexpected()),
        }
    }

    /// A function after its name: powers, a base, then the argument in
    /// parentheses, in braces, or the factors that follow.
    #[inline(never)]
    pub(super) fn parse_function(&mut self, kind: FnKind, span: Range<usize>) -> PResult<Node> {
        let (power, base) = self.parse_function_scripts(matches!(kind, FnKind::Log(_)))?;
        let args = self.parse_function_args(&span)?;
        self.build_function(kind, span, args, power, base)
    }

    /// The power (`\sin^2`) and base (`\log_2`) after a function's name.
    #[inline(never)]
    pub(super) fn parse_function_scripts(
        &mut self,
        log: bool,
    ) -> PResult<(Option<Node>, Option<Node>)> {
        let mut power: Option<Node> = None;
        let mut base: Option<Node> = None;
        loop {
            match self.peek() {
                Some(Tok::Caret) if power.is_none() => {
                    self.pos += 1;
                    power = Some(self.parse_superscript()?);
                }
                Some(Tok::Underscore) if base.is_none() && log => {
                    self.pos += 1;
                    base = Some(self.parse_script()?);
                }
                _ => return Ok((power, base)),
            }
        }
    }

    /// A function's arguments: in parentheses, in braces, or the factors
    /// that follow.
    #[inline(never)]
    pub(super) fn parse_function_args(&mut self, span: &Range<usize>) -> PResult<Vec<Node>> {
        match self.peek() {
            Some(Tok::Open(Delim::Paren)) => self.parse_call_args(),
            Some(Tok::LBrace) => Ok(vec![self.parse_atom()?]),
            Some(Tok::Minus | Tok::Plus) => Ok(vec![self.parse_signed(true)?]),
            _ if self.starts_factor(false) => Ok(vec![self.parse_signed(true)?]),
            _ => Err(self.err(
                format!("missing argument of {}", self.src(span)),
                span.clone(),
            )),
        }
    }

    /// A function applied to its arguments, with a power or a base.
    #[inline(never)]
    pub(super) fn build_function(
        &self,
        kind: FnKind,
        span: Range<usize>,
        mut args: Vec<Node>,
        mut power: Option<Node>,
        base: Option<Node>,
    ) -> PResult<Node> {
        let arity_error = |p: &Self| {
            let message = format!("wrong number of arguments of {}", p.src(&span));
            p.err(message, span.clone())
        };
        let inverse_of = match (&kind, &power) {
            (FnKind::Plain(f), Some(Node { e, .. })) if *e == Expr::int(-1) => inverse(f),
            _ => None,
        };
        if inverse_of.is_some() {
            power = None;
        }
        let one_arg = |p: &Self, args: &mut Vec<Node>| -> PResult<Node> {
            match (args.pop(), args.is_empty()) {
                (Some(x), true) => Ok(x),
                _ => Err(arity_error(p)),
            }
        };
        let out = match kind {
            FnKind::Exp => {
                let x = one_arg(self, &mut args)?;
                self.pow(leaf(Expr::Constant(Constant::E)), x)?
            }
            FnKind::Sqrt => {
                let x = one_arg(self, &mut args)?;
                self.pow(x, leaf(Expr::ratio(1, 2)))?
            }
            FnKind::Log(default) => {
                match (args.len(), base, default) {
                    (1, Some(b), _) => args.push(b),
                    (1, None, Some(b)) => args.push(leaf(Expr::int(b))),
                    (1, None, None) | (2, None, None) => {}
                    _ => return Err(arity_error(self)),
                }
                self.func(Func::Log, args)?
            }
            FnKind::Plain(f) => {
                let f = inverse_of.unwrap_or(f);
                let ok = match f {
                    Func::Binomial => args.len() == 2,
                    _ if is_unary(&f) => args.len() == 1,
                    _ => !args.is_empty(),
                };
                if !ok {
                    return Err(arity_error(self));
                }
                self.func(f, args)?
            }
        };
        match power {
            Some(p) => self.pow(out, p),
            None => Ok(out),
        }
    }

    /// The arguments of a function call from `(` to `)`.
    #[inline(never)]
    pub(super) fn parse_call_args(&mut self) -> PResult<Vec<Node>> {
        let open = self.span();
        self.pos += 1;
        if matches!(self.peek(), Some(Tok::Close(_))) {
            return Err(self.err("missing argument", open.start..self.span().end));
        }
        let saved = self.enter_brackets(false);
        let items = self.parse_list(Level::List);
        self.leave_brackets(saved);
        let items = items?;
        self.expect_closing(&open, |t| *t == Tok::Close(Delim::Paren))?;
        Ok(items)
    }

    /// The content of brackets after the opening one, and what they mean.
    #[inline(never)]
    pub(super) fn parse_delimited(
        &mut self,
        open: Delim,
        open_span: Range<usize>,
    ) -> PResult<Node> {
        let saved = self.enter_brackets(open == Delim::Bar);
        let items = if matches!(self.peek(), Some(Tok::Close(_))) {
            Ok(Vec::new())
        } else {
            self.parse_list(Level::List)
        };
        self.leave_brackets(saved);
        let items = items?;
        let close = match self.peek() {
            Some(Tok::Close(d)) => *d,
            Some(Tok::Bar) if open == Delim::Bar => Delim::Bar,
            None => {
                return Err(self.err(format!("unclosed '{}'", self.src(&open_span)), open_span));
            }
            Some(_) => return Err(self.unexpected()),
        };
        let close_span = self.span();
        self.pos += 1;
        self.classify_brackets(open, close, items, open_span, close_span)
    }

    /// What the items between two brackets mean: a group, a tuple, an
    /// interval, a set, an absolute value, a floor or a ceiling.
    #[inline(never)]
    pub(super) fn classify_brackets(
        &self,
        open: Delim,
        close: Delim,
        mut items: Vec<Node>,
        open_span: Range<usize>,
        close_span: Range<usize>,
    ) -> PResult<Node> {
        use Delim::{Bar, Brace, Bracket, Ceil, Dot, Floor, Paren, Reversed};
        let interval = |p: &Self, mut items: Vec<Node>, lo_closed: bool, hi_closed: bool| {
            let (Some(hi), Some(lo)) = (items.pop(), items.pop()) else {
                return Err(p.expected_expression());
            };
            let d = lo.d.max(hi.d);
            p.mk(
                Expr::Interval(Box::new(Interval {
                    lo: lo.e,
                    hi: hi.e,
                    lo_closed,
                    hi_closed,
                })),
                d,
            )
        };
        let n = items.len();
        match (open, close) {
            (Brace, Brace) => self.mk_list(Expr::Set, items),
            _ if n == 0 => Err(self.err("empty brackets", open_span.start..close_span.end)),
            (Paren, Paren) | (Bracket, Bracket) | (Dot, _) | (_, Dot) if n == 1 => {
                items.pop().ok_or_else(|| self.expected_expression())
            }
            (Paren, Paren) | (Dot, _) | (_, Dot) => self.mk_list(Expr::Tuple, items),
            (Bracket, Bracket) if n == 2 => interval(self, items, true, true),
            (Bracket, Bracket) => self.mk_list(Expr::Tuple, items),
            (Paren | Reversed, Bracket) if n == 2 => interval(self, items, false, true),
            (Bracket, Paren | Reversed) if n == 2 => interval(self, items, true, false),
            (Reversed, Paren | Reversed) | (Paren, Reversed) if n == 2 => {
                interval(self, items, false, false)
            }
            (Bar, Bar) if n == 1 => self.func(Func::Abs, items),
            (Floor, Floor) if n == 1 => self.func(Func::Floor, items),
            (Ceil, Ceil) if n == 1 => self.func(Func::Ceiling, items),
            _ => Err(self.err(
                format!(
                    "'{}' does not close '{}' here",
                    self.src(&close_span),
                    self.src(&open_span)
                ),
                close_span,
            )),
        }
    }

    /// A TeX group `{…}` after its `{`.
    #[inline(never)]
    pub(super) fn parse_group(&mut self, open: Range<usize>) -> PResult<Node> {
        if self.peek() == Some(&Tok::RBrace) {
            return Err(self.err("empty group", open.start..self.span().end));
        }
        let saved = self.enter_brackets(false);
        let items = self.parse_items(Level::List);
        self.leave_brackets(saved);
        let items = items?;
        self.expect_closing(&open, |t| *t == Tok::RBrace)?;
        self.one_or_tuple(items)
    }

    /// `\text{…}`, `\mathrm{…}`, `\mathit{…}`…
    #[inline(never)]
    pub(super) fn parse_wrapper(&mut self, kind: Wrap, content: Range<usize>) -> PResult<Node> {
        let trimmed = self.src(&content).trim().to_string();
        let text = || Ok(leaf(Expr::Text(trimmed.clone())));
        match kind {
            Wrap::Text if trimmed.chars().any(char::is_alphabetic) => text(),
            Wrap::Text => match self.sub_parse(content) {
                Err(ExprError::Parse(_)) => text(),
                other => other,
            },
            Wrap::Italic if self.italic_name(&content).is_some() => {
                Ok(leaf(Expr::Symbol(trimmed.clone())))
            }
            Wrap::Math | Wrap::Italic if has_word(&trimmed) => text(),
            Wrap::Math | Wrap::Italic => self.sub_parse(content),
        }
    }

    /// Parses a range of the input as a whole expression, one level deeper.
    #[inline(never)]
    pub(super) fn sub_parse(&mut self, range: Range<usize>) -> PResult<Node> {
        let toks = lex(self.text, range.clone())?;
        if toks.is_empty() {
            return Err(self.err("empty group", range));
        }
        let mut sub = Parser::new(self.text, toks, range.end, self.limits, self.depth);
        sub.parse_all()
    }

    /// A matrix environment after `\begin{…}`.
    #[inline(never)]
    pub(super) fn parse_matrix(&mut self, env: &str, span: Range<usize>) -> PResult<Node> {
        if !MATRIX_ENVS.contains(&env) {
            return Err(self.err(format!("unsupported environment {env}"), span));
        }
        let saved = self.enter_brackets(false);
        let rows = self.parse_rows(env, &span);
        self.leave_brackets(saved);
        let rows = rows?;
        let width = rows.first().map_or(0, Vec::len);
        if width == 0 {
            return Err(self.err("empty matrix", span));
        }
        if rows.iter().any(|r| r.len() != width) {
            return Err(self.err("matrix rows of different lengths", span));
        }
        let d = rows.iter().flatten().map(|n| n.d).max().unwrap_or(0);
        let rows = rows
            .into_iter()
            .map(|r| r.into_iter().map(|n| n.e).collect())
            .collect();
        self.mk(Expr::Matrix(rows), d)
    }

    /// The rows of a matrix up to `\end{env}`.
    pub(super) fn parse_rows(&mut self, env: &str, span: &Range<usize>) -> PResult<Vec<Vec<Node>>> {
        let mut rows: Vec<Vec<Node>> = Vec::new();
        loop {
            match self.peek() {
                Some(Tok::End(name)) => {
                    if *name != env {
                        let message = format!("\\end{{{name}}} does not close \\begin{{{env}}}");
                        return Err(self.err(message, self.span()));
                    }
                    self.pos += 1;
                    return Ok(rows);
                }
                None => return Err(self.err(format!("unclosed \\begin{{{env}}}"), span.clone())),
                _ => {}
            }
            let mut row = Vec::new();
            loop {
                let mut cell = self.parse_list(Level::Item)?;
                row.append(&mut cell);
                if self.peek() != Some(&Tok::Amp) {
                    break;
                }
                self.pos += 1;
            }
            rows.push(row);
            match self.peek() {
                Some(Tok::RowSep) => self.pos += 1,
                Some(Tok::End(_)) => {}
                None => return Err(self.err(format!("unclosed \\begin{{{env}}}"), span.clone())),
                Some(_) => return Err(self.unexpected()),
            }
        }
    }

    /// Whether a differential `dx`, `d\theta`, `\mathrm{d}x` starts here.
    pub(super) fn differential_ahead(&self) -> bool {
        let Some(tok) = self.toks.get(self.pos) else {
            return false;
        };
        let var_next = || match self.peek_at(self.pos + 1) {
            Some(Tok::Word) => true,
            Some(Tok::Cmd(name)) => is_greek(name),
            Some(Tok::Wrapper(Wrap::Italic, content)) => self.italic_name(content).is_some(),
            _ => false,
        };
        match &tok.tok {
            Tok::Word => {
                let word = self.src(&tok.span);
                word.starts_with('d') && (word.len() > 1 || var_next())
            }
            Tok::Wrapper(Wrap::Math | Wrap::Text, content) => {
                self.src(content).trim() == "d" && var_next()
            }
            _ => false,
        }
    }

    /// The symbol name that `\mathit{…}` holds, when it holds only letters.
    pub(super) fn italic_name(&self, content: &Range<usize>) -> Option<String> {
        let name = self.src(content).trim();
        (!name.is_empty() && name.bytes().all(|b| b.is_ascii_alphabetic()))
            .then(|| name.to_string())
    }

    /// Takes a differential and returns the variable's name.
    pub(super) fn take_differential(&mut self) -> PResult<Option<String>> {
        if !self.differential_ahead() {
            return Ok(None);
        }
        if self.peek() == Some(&Tok::Word) {
            self.take_char();
        } else {
            self.pos += 1;
        }
        let mut var = match self.peek() {
            Some(Tok::Word) => match self.take_char() {
                Some((c, _)) => c.to_string(),
                None => return Ok(None),
            },
            Some(Tok::Cmd(name)) => {
                let name = name.to_string();
                self.pos += 1;
                name
            }
            Some(Tok::Wrapper(Wrap::Italic, content)) => {
                let Some(name) = self.italic_name(content) else {
                    return Ok(None);
                };
                self.pos += 1;
                name
            }
            _ => return Ok(None),
        };
        if self.peek() == Some(&Tok::Underscore) {
            self.pos += 1;
            var.push('_');
            var.push_str(&self.parse_subscript_name()?);
        }
        Ok(Some(var))
    }

    /// The `_{…}` and `^{…}` scripts after `\int`, `\sum` or `\prod`, in
    /// either order, each at most once.
    fn parse_limits(&mut self) -> PResult<(Option<Node>, Option<Node>)> {
        let (mut lo, mut hi) = (None, None);
        loop {
            match self.peek() {
                Some(Tok::Underscore) if lo.is_none() => {
                    self.pos += 1;
                    lo = Some(self.parse_script()?);
                }
                Some(Tok::Caret) if hi.is_none() => {
                    self.pos += 1;
                    hi = Some(self.parse_superscript()?);
                }
                _ => break,
            }
        }
        Ok((lo, hi))
    }

    /// An integral after `\int`: bounds, the integrand, the differential.
    #[inline(never)]
    pub(super) fn parse_integral(&mut self, span: Range<usize>) -> PResult<Node> {
        let (lo, hi) = self.parse_limits()?;
        let bounds = match (lo, hi) {
            (Some(a), Some(b)) => Some((a, b)),
            (None, None) => None,
            _ => return Err(self.err("an integral needs both bounds or none", span)),
        };
        let saved = self.in_integral;
        self.in_integral = true;
        let body = if self.differential_ahead() {
            Ok(vec![leaf(Expr::int(1))])
        } else {
            self.parse_list(Level::Sum)
        };
        self.in_integral = saved;
        let body = body?.pop().ok_or_else(|| self.expected_expression())?;
        let Some(var) = self.take_differential()? else {
            return Err(self.err("missing differential (dx) of the integral", span));
        };
        let mut d = body.d;
        let bounds = bounds.map(|(a, b)| {
            d = d.max(a.d).max(b.d);
            (a.e, b.e)
        });
        self.mk(
            Expr::Integral(Box::new(Integral {
                integrand: body.e,
                var,
                bounds,
            })),
            d,
        )
    }
}

impl Parser<'_> {
    /// `\sum_{k=a}^{b} body` and `\prod_{k=a}^{b} body`: the unknown functions
    /// `Sum(body, k, a, b)` and `Product(body, k, a, b)` (not evaluated; two
    /// sums are the same when their canonical forms are). The body is the
    /// product that follows (`\sum_{k=1}^{n} k^2 + 1` is `Sum(k², k, 1, n) + 1`).
    #[inline(never)]
    pub(super) fn parse_big_operator(&mut self, sum: bool, span: Range<usize>) -> PResult<Node> {
        let (lo, hi) = self.parse_limits()?;
        let what = if sum { "a sum" } else { "a product" };
        let (Some(lo), Some(hi)) = (lo, hi) else {
            return Err(self.err(
                format!("{what} needs its index range, as in _{{k=1}}^{{n}}"),
                span,
            ));
        };
        let mut rebound = None;
        let (var, start) = match lo.e {
            Expr::Relation(sides, ops) if ops == [RelOp::Eq] && sides.len() == 2 => {
                match (&sides[0], &sides[1]) {
                    (Expr::Symbol(v), a) => (v.clone(), a.clone()),
                    // `i` and `e` read as constants elsewhere are index letters here.
                    (Expr::Constant(c @ (Constant::I | Constant::E)), a) => {
                        rebound = Some(*c);
                        (
                            if *c == Constant::I { "i" } else { "e" }.to_string(),
                            a.clone(),
                        )
                    }
                    _ => {
                        return Err(self.err(format!("the index of {what} must be a letter"), span));
                    }
                }
            }
            _ => {
                return Err(self.err(
                    format!("the lower bound of {what} must be written k=a"),
                    span,
                ));
            }
        };
        let mut body = self.parse_product(false)?;
        if let Some(c) = rebound {
            body.e = rebind(&body.e, c, &var);
        }
        let d = body.d.max(lo.d).max(hi.d);
        let name = if sum { "Sum" } else { "Product" };
        self.mk(
            Expr::Func(
                Func::Named(name.to_string()),
                vec![body.e, Expr::Symbol(var), start, hi.e],
            ),
            d,
        )
    }
}

/// `e` with the constant `c` (`i` or `e`) read as the symbol `name`: the
/// index of a sum is a letter, not the imaginary unit.
pub(super) fn rebind(e: &Expr, c: Constant, name: &str) -> Expr {
    let r = |x: &Expr| rebind(x, c, name);
    let all = |v: &[Expr]| v.iter().map(r).collect::<Vec<_>>();
    match e {
        Expr::Constant(k) if *k == c => Expr::Symbol(name.to_string()),
        Expr::Add(v) => Expr::Add(all(v)),
        Expr::Mul(v) => Expr::Mul(all(v)),
        Expr::Pow(a, b) => Expr::pow(r(a), r(b)),
        Expr::Func(f, v) => Expr::Func(f.clone(), all(v)),
        Expr::Relation(v, ops) => Expr::Relation(all(v), ops.clone()),
        Expr::PlusMinus(a, b) => Expr::PlusMinus(Box::new(r(a)), Box::new(r(b))),
        Expr::Tuple(v) => Expr::Tuple(all(v)),
        Expr::Set(v) => Expr::Set(all(v)),
        Expr::Percent(a) => Expr::Percent(Box::new(r(a))),
        Expr::Degrees(a) => Expr::Degrees(Box::new(r(a))),
        other => other.clone(),
    }
}
