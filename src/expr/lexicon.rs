//! The words the expression engine's parsers and printers share: number
//! literals, identifiers, the names the infix and RPN readers reserve, and
//! the one table of Greek letters.
//!
//! The LaTeX, infix and RPN parsers read with these; the printers
//! ([`print`](crate::expr::print), [`print_latex`](crate::expr::print_latex),
//! [`print_rpn`](crate::expr::print_rpn)) ask them what will read back, so no
//! printer imports a parser.
//!
//! # Greek letters
//!
//! [`GREEK`] is the one table: each letter's name, the Unicode letters read
//! as it (`θ` and `ϑ` are `theta`), whether LaTeX's `\name` is that symbol
//! (`\varphi` is the symbol `varphi`; `\pi` is not a letter but π), and
//! whether the plain word is a Greek letter's name for the infix reader's
//! rule on function application (`phi(x)`, `alpha(x + 1)`).
//!
//! ```
//! use scorespec::expr::lexicon::{greek_name, is_greek_command, is_greek_word};
//! assert_eq!(greek_name('θ'), Some("theta"));
//! assert!(is_greek_command("varphi") && !is_greek_command("pi"));
//! assert!(is_greek_word("pi") && !is_greek_word("varphi"));
//! ```
//!
//! # Differences with the document
//!
//! None of its own: these are the lexical rules of the parsers, whose
//! differences with SymPy's `parse_expr` and with TeX are listed in
//! [`infix`](crate::expr::parse::infix), [`rpn`](crate::expr::parse::rpn) and
//! [`latex`](crate::expr::parse::latex).

use num_bigint::BigInt;
use num_traits::Zero;

use crate::expr::ast::{Constant, Expr, Func, Rational, RelOp};
use crate::expr::error::ExprError;
use crate::expr::limits::Limits;

// ---------------------------------------------------------------------------
// Greek letters.

/// One Greek letter (or letter-like symbol) of [`GREEK`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Greek {
    /// Its name: the symbol it is read as.
    pub name: &'static str,
    /// The Unicode letters the infix and RPN readers read as `name`.
    pub letters: &'static [char],
    /// Whether the LaTeX command `\name` is the symbol `name`.
    pub command: bool,
    /// Whether the plain word `name` is a Greek letter's name (the infix
    /// reader's rule 3 on function application).
    pub word: bool,
}

const fn g(name: &'static str, letters: &'static [char], command: bool, word: bool) -> Greek {
    Greek {
        name,
        letters,
        command,
        word,
    }
}

/// The Greek letters, lower case, upper case, LaTeX's variants, then `ell`
/// and `hbar`.
pub const GREEK: &[Greek] = &[
    g("alpha", &['α'], true, true),
    g("beta", &['β'], true, true),
    g("gamma", &['γ'], true, true),
    g("delta", &['δ'], true, true),
    g("epsilon", &['ε', 'ϵ'], true, true),
    g("zeta", &['ζ'], true, true),
    g("eta", &['η'], true, true),
    g("theta", &['θ', 'ϑ'], true, true),
    g("iota", &['ι'], true, true),
    g("kappa", &['κ'], true, true),
    g("lambda", &['λ'], true, true),
    g("mu", &['μ', 'µ'], true, true),
    g("nu", &['ν'], true, true),
    g("xi", &['ξ'], true, true),
    g("omicron", &['ο'], true, true),
    // `\pi` and `π` are the constant π.
    g("pi", &[], false, true),
    g("rho", &['ρ'], true, true),
    g("sigma", &['σ', 'ς'], true, true),
    g("tau", &['τ'], true, true),
    g("upsilon", &['υ'], true, true),
    g("phi", &['φ', 'ϕ'], true, true),
    g("chi", &['χ'], true, true),
    g("psi", &['ψ'], true, true),
    g("omega", &['ω'], true, true),
    g("Alpha", &[], false, true),
    g("Beta", &[], false, true),
    g("Gamma", &['Γ'], true, true),
    g("Delta", &['Δ'], true, true),
    g("Epsilon", &[], false, true),
    g("Zeta", &[], false, true),
    g("Eta", &[], false, true),
    g("Theta", &['Θ'], true, true),
    g("Iota", &[], false, true),
    g("Kappa", &[], false, true),
    g("Lambda", &['Λ'], true, true),
    g("Mu", &[], false, true),
    g("Nu", &[], false, true),
    g("Xi", &['Ξ'], true, true),
    g("Omicron", &[], false, true),
    g("Pi", &['Π'], true, true),
    g("Rho", &[], false, true),
    g("Sigma", &['Σ'], true, true),
    g("Tau", &[], false, true),
    g("Upsilon", &['Υ'], true, true),
    g("Phi", &['Φ'], true, true),
    g("Chi", &[], false, true),
    g("Psi", &['Ψ'], true, true),
    g("Omega", &['Ω'], true, true),
    g("varepsilon", &[], true, false),
    g("vartheta", &[], true, false),
    g("varkappa", &[], true, false),
    g("varpi", &[], true, false),
    g("varrho", &[], true, false),
    g("varsigma", &[], true, false),
    g("varphi", &[], true, false),
    g("varGamma", &[], true, false),
    g("varDelta", &[], true, false),
    g("varTheta", &[], true, false),
    g("varLambda", &[], true, false),
    g("varXi", &[], true, false),
    g("varPi", &[], true, false),
    g("varSigma", &[], true, false),
    g("varUpsilon", &[], true, false),
    g("varPhi", &[], true, false),
    g("varPsi", &[], true, false),
    g("varOmega", &[], true, false),
    g("ell", &[], true, false),
    g("hbar", &[], true, false),
];

/// Whether the LaTeX command `\name` is read as the symbol `name` (`\alpha`,
/// `\varphi`, `\ell`; not `\pi`, the constant).
pub fn is_greek_command(name: &str) -> bool {
    GREEK.iter().any(|l| l.command && l.name == name)
}

/// Whether the plain word `name` is a Greek letter's name (`alpha`, `pi`,
/// `Omega`; not LaTeX's variants such as `varphi`).
pub fn is_greek_word(name: &str) -> bool {
    GREEK.iter().any(|l| l.word && l.name == name)
}

/// The name of a Greek letter (`θ` → `theta`), if `c` is one (`π` is not:
/// it is the constant).
pub fn greek_name(c: char) -> Option<&'static str> {
    if c.is_ascii() {
        return None;
    }
    GREEK
        .iter()
        .find(|l| l.letters.contains(&c))
        .map(|l| l.name)
}

// ---------------------------------------------------------------------------
// Numbers.

/// A decimal number literal found at the start of a text: `12`, `0.5`, `.5`,
/// `1.`, `3.54e-07`, `1.5E+3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NumLit<'a> {
    /// Length of the literal in bytes.
    pub len: usize,
    int: &'a str,
    frac: &'a str,
    exp_negative: bool,
    exp: &'a str,
}

fn digits_prefix(s: &str) -> usize {
    s.bytes().take_while(u8::is_ascii_digit).count()
}

/// The number literal at the start of `s`, if any. An exponent marker `e`/`E`
/// belongs to the literal only when digits (after an optional sign) follow it,
/// so `2e` is `2` followed by `e`, and `2e-x` is `2`, `e`, `-`, `x`.
pub(crate) fn scan_number(s: &str) -> Option<NumLit<'_>> {
    let n_int = digits_prefix(s);
    let int = s.get(..n_int)?;
    let mut i = n_int;
    let mut frac = "";
    if s.as_bytes().get(i) == Some(&b'.') {
        let rest = s.get(i + 1..)?;
        let n_frac = digits_prefix(rest);
        if n_int == 0 && n_frac == 0 {
            return None;
        }
        frac = rest.get(..n_frac)?;
        i += 1 + n_frac;
    }
    if n_int == 0 && frac.is_empty() {
        return None;
    }
    let mut exp_negative = false;
    let mut exp = "";
    if matches!(s.as_bytes().get(i), Some(b'e' | b'E')) {
        let mut j = i + 1;
        let mut neg = false;
        match s.as_bytes().get(j) {
            Some(b'+') => j += 1,
            Some(b'-') => {
                neg = true;
                j += 1;
            }
            _ => {}
        }
        let rest = s.get(j..)?;
        let n_exp = digits_prefix(rest);
        if n_exp > 0 {
            exp = rest.get(..n_exp)?;
            exp_negative = neg;
            i = j + n_exp;
        }
    }
    Some(NumLit {
        len: i,
        int,
        frac,
        exp_negative,
        exp,
    })
}

/// The digits all the literals of one input may spell together (ten times
/// `max_digits`): 4 KiB of `1e9999 + 1e9999 + …` would otherwise build
/// hundreds of 10,000-digit numbers.
pub(crate) struct DigitBudget {
    spent: u64,
    limit: u64,
}

impl DigitBudget {
    pub(crate) fn new(limits: &Limits) -> DigitBudget {
        DigitBudget {
            spent: 0,
            limit: limits.max_digits.saturating_mul(10),
        }
    }

    /// Draws the digits `lit` spells (mantissa digits plus the exponent).
    pub(crate) fn spend(&mut self, lit: &NumLit<'_>) -> Result<(), ExprError> {
        let exp: u64 = lit.exp.trim_start_matches('0').parse().unwrap_or(u64::MAX);
        let exp = if lit.exp.trim_start_matches('0').is_empty() {
            0
        } else {
            exp
        };
        let digits = (lit.int.len() + lit.frac.len()) as u64;
        // One literal counts at most `max_digits`: a single literal over
        // that bound is reported as such by `number_value`.
        let one = digits.saturating_add(exp).min(self.limit / 10);
        self.spent = self.spent.saturating_add(one);
        if self.spent > self.limit {
            return Err(ExprError::BudgetExceeded {
                which: "total digits of the numbers of one input",
                limit: self.limit,
            });
        }
        Ok(())
    }
}

/// The exact value of a literal, within the digit and exponent bounds.
///
/// With a `budget`, the digits the literal spells are drawn from it once the
/// literal's own bounds are checked, before any big number is built.
pub(crate) fn number_value(
    lit: &NumLit<'_>,
    limits: &Limits,
    budget: Option<&mut DigitBudget>,
) -> Result<Rational, ExprError> {
    let total = lit.int.len() + lit.frac.len();
    limits.check_digits(total as u64)?;
    let exp_digits = lit.exp.trim_start_matches('0');
    let too_big = ExprError::BudgetExceeded {
        which: "exponent of a number",
        limit: limits.max_exponent,
    };
    let exp_abs: u64 = if exp_digits.len() > 18 {
        return Err(too_big);
    } else if exp_digits.is_empty() {
        0
    } else {
        exp_digits.parse().map_err(|_| too_big.clone())?
    };
    if exp_abs > limits.max_exponent {
        return Err(too_big);
    }
    if let Some(budget) = budget {
        budget.spend(lit)?;
    }
    let mut mantissa = String::with_capacity(total);
    mantissa.push_str(lit.int);
    mantissa.push_str(lit.frac);
    let significant = mantissa.trim_start_matches('0');
    if significant.is_empty() {
        return Ok(Rational::zero());
    }
    let m = BigInt::parse_bytes(significant.as_bytes(), 10).unwrap_or_default();
    // value = m · 10^scale
    let exp_signed = i128::from(exp_abs) * if lit.exp_negative { -1 } else { 1 };
    let scale = exp_signed - lit.frac.len() as i128;
    let pow10 = |k: u64| -> Result<BigInt, ExprError> {
        let k = u32::try_from(k).map_err(|_| ExprError::BudgetExceeded {
            which: "digits of a number",
            limit: limits.max_digits,
        })?;
        Ok(num_traits::pow(BigInt::from(10u8), k as usize))
    };
    if scale >= 0 {
        let k = u64::try_from(scale).unwrap_or(u64::MAX);
        limits.check_digits((significant.len() as u64).saturating_add(k))?;
        Ok(Rational::from_integer(m * pow10(k)?))
    } else {
        let k = u64::try_from(-scale).unwrap_or(u64::MAX);
        limits.check_digits(k.saturating_add(1))?;
        Ok(Rational::new(m, pow10(k)?))
    }
}

// ---------------------------------------------------------------------------
// Identifiers.

/// Whether `c` starts an identifier: an ASCII letter or a non-ASCII letter
/// other than `π` (a constant).
pub(crate) fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || (!c.is_ascii() && c.is_alphabetic() && c != 'π')
}

/// The identifier at the start of `s`: its length in bytes and its name.
///
/// A letter (a Greek letter becomes its name), then ASCII letters, digits and
/// `_` (`_{10}` is read as `_10`), then primes `'`.
pub(crate) fn scan_identifier(s: &str) -> Option<(usize, String)> {
    let first = s.chars().next().filter(|&c| is_ident_start(c))?;
    let mut name = String::new();
    match greek_name(first) {
        Some(g) => name.push_str(g),
        None => name.push(first),
    }
    let b = s.as_bytes();
    let mut i = first.len_utf8();
    while let Some(&c) = b.get(i) {
        if c.is_ascii_alphanumeric() {
            name.push(char::from(c));
            i += 1;
        } else if c == b'_' {
            name.push('_');
            i += 1;
            if b.get(i) == Some(&b'{') {
                let inner = s.get(i + 1..).unwrap_or("");
                let n = inner.bytes().take_while(u8::is_ascii_alphanumeric).count();
                if n > 0 && inner.as_bytes().get(n) == Some(&b'}') {
                    name.push_str(inner.get(..n).unwrap_or(""));
                    i += n + 2;
                } else if let Some(close) = inner.find('}') {
                    // `x_{i+1}`: a subscript that is not one word keeps its
                    // braces in the name (visible ASCII only: no nested
                    // braces, no spaces, which would split an RPN token).
                    let body = &inner[..close];
                    if close > 0 && body.bytes().all(|c| c.is_ascii_graphic() && c != b'{') {
                        name.push('{');
                        name.push_str(body);
                        name.push('}');
                        i += close + 2;
                    }
                }
            }
        } else {
            break;
        }
    }
    while b.get(i) == Some(&b'\'') {
        name.push('\'');
        i += 1;
    }
    Some((i, name))
}

// ---------------------------------------------------------------------------
// Reserved names.

/// What a known name does when applied.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Known {
    Func(Func),
    Sqrt,
    Cbrt,
    Root,
    Exp,
    LogBase(String),
    Rel(RelOp),
    Integral,
    /// `Interval` family: whether the lower / upper end is open.
    Interval(bool, bool),
    Union,
    Intersection,
    FiniteSet,
    Matrix,
    Tuple,
    PlusMinus,
    Percent,
    Degrees,
    Text,
    /// SymPy's `Function("K")(x, t)`.
    Function,
}

impl Known {
    /// Functions of one argument: they may be applied without parentheses
    /// (`sin x`) and carry a power on the name (`sin^2(x)`).
    pub(crate) fn is_unary(&self) -> bool {
        match self {
            Known::Func(f) => !matches!(f, Func::Binomial | Func::Max | Func::Min),
            Known::Sqrt | Known::Cbrt | Known::Exp | Known::LogBase(_) => true,
            _ => false,
        }
    }
}

/// Whether the infix reader reserves `name` for a call (`Le(a, b)`,
/// `Interval(0, 1)`, `log_2(x)`): written alone it is not a symbol, so the
/// RPN reader does not take it for one either (its infix form would not
/// read back).
pub(crate) fn is_reserved_name(name: &str) -> bool {
    known(name).is_some()
}

pub(crate) fn known(name: &str) -> Option<Known> {
    known_fixed(name).or_else(|| {
        let base = name.strip_prefix("log_").filter(|b| log_base_ok(b))?;
        Some(Known::LogBase(base.to_string()))
    })
}

/// The known names other than `log_b`.
fn known_fixed(name: &str) -> Option<Known> {
    Some(match name {
        "sqrt" => Known::Sqrt,
        "cbrt" => Known::Cbrt,
        "root" => Known::Root,
        "exp" => Known::Exp,
        "Eq" => Known::Rel(RelOp::Eq),
        "Ne" => Known::Rel(RelOp::Ne),
        "Lt" => Known::Rel(RelOp::Lt),
        "Le" => Known::Rel(RelOp::Le),
        "Gt" => Known::Rel(RelOp::Gt),
        "Ge" => Known::Rel(RelOp::Ge),
        "Integral" => Known::Integral,
        "Interval" => Known::Interval(false, false),
        "Interval.open" => Known::Interval(true, true),
        "Interval.Lopen" => Known::Interval(true, false),
        "Interval.Ropen" => Known::Interval(false, true),
        "Union" => Known::Union,
        "Intersection" => Known::Intersection,
        "FiniteSet" => Known::FiniteSet,
        "Matrix" | "ImmutableMatrix" => Known::Matrix,
        "Tuple" => Known::Tuple,
        "PlusMinus" => Known::PlusMinus,
        "Percent" => Known::Percent,
        "Degrees" => Known::Degrees,
        "Text" => Known::Text,
        "Function" => Known::Function,
        _ => {
            return Func::from_name(name).map(Known::Func);
        }
    })
}

/// Whether the base in a name `log_b` is a base: digits, a constant (`e`) or
/// a name that reads as a symbol.
fn log_base_ok(base: &str) -> bool {
    if !base.is_empty() && base.bytes().all(|c| c.is_ascii_digit()) {
        return true;
    }
    matches!(scan_identifier(base), Some((len, ref n)) if len == base.len() && n == base)
        && known_fixed(base).is_none()
        && !base.starts_with("log_")
}

/// The value of a name the infix reader takes for a constant (`pi`, `oo`,
/// `EmptySet`…).
pub(crate) fn constant(name: &str) -> Option<Expr> {
    match name {
        "EmptySet" | "S.EmptySet" => Some(Expr::Set(vec![])),
        _ => constant_name(name).map(Expr::Constant),
    }
}

/// The constants the infix and RPN readers know by name: `pi`, `E` and `e`,
/// `I`, `oo` `inf` `infinity` `Infinity`, `nan` `NaN` `zoo`.
pub(crate) fn constant_name(name: &str) -> Option<Constant> {
    Some(match name {
        "pi" => Constant::Pi,
        "E" | "e" => Constant::E,
        "I" => Constant::I,
        "oo" | "inf" | "infinity" | "Infinity" => Constant::Infinity,
        "nan" | "NaN" | "zoo" => Constant::Undefined,
        _ => return None,
    })
}

/// The words the RPN reader takes for operators rather than symbols.
pub(crate) const RPN_WORDS: &[&str] = &["neg", "sqrt", "exp"];

/// Whether `name` written as an RPN token reads back as the symbol `name`:
/// an identifier spelled as its own name (not `θ`, read as `theta`) that is
/// not a constant, an RPN operator word or a name the infix reader reserves.
pub(crate) fn is_rpn_symbol(name: &str) -> bool {
    matches!(scan_identifier(name), Some((len, ref n)) if len == name.len() && n == name)
        && constant_name(name).is_none()
        && !RPN_WORDS.contains(&name)
        && !is_reserved_name(name)
}

/// Whether an unknown name followed by one parenthesized argument is a
/// function application (rule 3 of the module documentation).
pub(crate) fn conventionally_function(name: &str) -> bool {
    let base = name.split('_').next().unwrap_or(name);
    let base = base.trim_end_matches('\'');
    let base = base.trim_end_matches(|c: char| c.is_ascii_digit());
    if base.chars().count() == 1 {
        return matches!(
            base,
            "f" | "g" | "h" | "u" | "v" | "w" | "y" | "F" | "G" | "H" | "U" | "V" | "W" | "Y"
        );
    }
    if matches!(
        base,
        "phi" | "psi" | "Phi" | "Psi" | "gamma" | "Gamma" | "beta" | "zeta"
    ) {
        return true;
    }
    !is_greek_word(base) && base.chars().all(|c| c.is_alphabetic())
}

/// Whether `name(x)` (a name applied to one argument) reads back as the
/// unknown function [`Func::Named`] `name` applied to `x`, rather than as a
/// product, a constant or a known function.
///
/// A printer writes `Func::Named(name)` as `name(…)` when this holds and as
/// SymPy's `Function("name")(…)`, which always reads back, otherwise.
///
/// ```
/// use scorespec::expr::lexicon::reads_as_function;
/// assert!(reads_as_function("f"));
/// assert!(reads_as_function("u"));
/// assert!(reads_as_function("phi"));
/// assert!(!reads_as_function("x")); // `x(1 - x)` is a product
/// assert!(!reads_as_function("E")); // a constant
/// assert!(!reads_as_function("sin")); // a known function
/// assert!(!reads_as_function("f g")); // not one name
/// ```
pub fn reads_as_function(name: &str) -> bool {
    matches!(scan_identifier(name), Some((len, ref n)) if len == name.len() && n == name)
        && constant(name).is_none()
        && known(name).is_none()
        && conventionally_function(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The LaTeX reader's command list and the infix reader's word list as
    /// they were before the one table (commit fb548e7): the table reproduces
    /// both exactly.
    #[test]
    fn the_one_table_keeps_both_readers_lists() {
        let commands = [
            "alpha",
            "beta",
            "gamma",
            "delta",
            "epsilon",
            "varepsilon",
            "zeta",
            "eta",
            "theta",
            "vartheta",
            "iota",
            "kappa",
            "varkappa",
            "lambda",
            "mu",
            "nu",
            "xi",
            "omicron",
            "varpi",
            "rho",
            "varrho",
            "sigma",
            "varsigma",
            "tau",
            "upsilon",
            "phi",
            "varphi",
            "chi",
            "psi",
            "omega",
            "Gamma",
            "Delta",
            "Theta",
            "Lambda",
            "Xi",
            "Pi",
            "Sigma",
            "Upsilon",
            "Phi",
            "Psi",
            "Omega",
            "varGamma",
            "varDelta",
            "varTheta",
            "varLambda",
            "varXi",
            "varPi",
            "varSigma",
            "varUpsilon",
            "varPhi",
            "varPsi",
            "varOmega",
            "ell",
            "hbar",
        ];
        let words = [
            "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
            "lambda", "mu", "nu", "xi", "omicron", "pi", "rho", "sigma", "tau", "upsilon", "phi",
            "chi", "psi", "omega", "Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta",
            "Theta", "Iota", "Kappa", "Lambda", "Mu", "Nu", "Xi", "Omicron", "Pi", "Rho", "Sigma",
            "Tau", "Upsilon", "Phi", "Chi", "Psi", "Omega",
        ];
        let mut from_table: Vec<&str> =
            GREEK.iter().filter(|l| l.command).map(|l| l.name).collect();
        let mut expected = commands.to_vec();
        from_table.sort_unstable();
        expected.sort_unstable();
        assert_eq!(from_table, expected);
        let mut from_table: Vec<&str> = GREEK.iter().filter(|l| l.word).map(|l| l.name).collect();
        let mut expected = words.to_vec();
        from_table.sort_unstable();
        expected.sort_unstable();
        assert_eq!(from_table, expected);
        let mut names: Vec<&str> = GREEK.iter().map(|l| l.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), GREEK.len(), "a name twice");
    }

    /// The Unicode letters, as the infix reader's `greek_name` mapped them.
    #[test]
    fn unicode_letters() {
        let pairs = [
            ('α', "alpha"),
            ('β', "beta"),
            ('γ', "gamma"),
            ('δ', "delta"),
            ('ε', "epsilon"),
            ('ϵ', "epsilon"),
            ('ζ', "zeta"),
            ('η', "eta"),
            ('θ', "theta"),
            ('ϑ', "theta"),
            ('ι', "iota"),
            ('κ', "kappa"),
            ('λ', "lambda"),
            ('μ', "mu"),
            ('µ', "mu"),
            ('ν', "nu"),
            ('ξ', "xi"),
            ('ο', "omicron"),
            ('ρ', "rho"),
            ('σ', "sigma"),
            ('ς', "sigma"),
            ('τ', "tau"),
            ('υ', "upsilon"),
            ('φ', "phi"),
            ('ϕ', "phi"),
            ('χ', "chi"),
            ('ψ', "psi"),
            ('ω', "omega"),
            ('Γ', "Gamma"),
            ('Δ', "Delta"),
            ('Θ', "Theta"),
            ('Λ', "Lambda"),
            ('Ξ', "Xi"),
            ('Π', "Pi"),
            ('Σ', "Sigma"),
            ('Υ', "Upsilon"),
            ('Φ', "Phi"),
            ('Ψ', "Psi"),
            ('Ω', "Omega"),
        ];
        for (c, name) in pairs {
            assert_eq!(greek_name(c), Some(name), "{c}");
        }
        let letters: usize = GREEK.iter().map(|l| l.letters.len()).sum();
        assert_eq!(letters, pairs.len());
        for c in ['π', '∞', 'a', 'A', 'é', 'Α'] {
            assert_eq!(greek_name(c), None, "{c}");
        }
    }
}
