//! The LaTeX reader's tables: the wrappers (`\text`, `\mathrm`…), the
//! commands that change nothing, the matrix environments and the function
//! names (with `\sin`, plain `sin`), with the small helpers that read names.
//!
//! # Differences with the document
//!
//! Those of the [LaTeX reader](super).

use super::*;

/// The wrapper a command name stands for: text (`\text{…}` and kin), mathematics in
/// another font (`\mathrm{…}` and kin) or `\mathit{…}`; one `match`, not a
/// scan of lists.
pub(super) fn wrapper_kind(name: &str) -> Option<Wrap> {
    Some(match name {
        "text" | "textbf" | "textit" | "textrm" | "textnormal" | "textsf" | "texttt" | "textup"
        | "textmd" | "emph" | "mbox" | "hbox" => Wrap::Text,
        "mathrm" | "mathbf" | "mathsf" | "mathtt" | "mathcal" | "mathbb" | "mathfrak"
        | "mathscr" | "mathnormal" | "boldsymbol" | "bm" => Wrap::Math,
        "mathit" => Wrap::Italic,
        _ => return None,
    })
}

/// Whether a command without arguments changes nothing to the value
/// (`\quad`, `\displaystyle`, `\rm`…).
pub(super) fn is_ignored(name: &str) -> bool {
    matches!(
        name,
        "quad"
            | "qquad"
            | "enspace"
            | "enskip"
            | "thinspace"
            | "medspace"
            | "thickspace"
            | "negthinspace"
            | "negmedspace"
            | "negthickspace"
            | "displaystyle"
            | "textstyle"
            | "scriptstyle"
            | "scriptscriptstyle"
            | "limits"
            | "nolimits"
            | "hline"
            | "rm"
            | "bf"
            | "it"
            | "noindent"
            | "nonumber"
            | "notag"
    )
}

/// The matrix environments.
pub(super) const MATRIX_ENVS: &[&str] = &[
    "pmatrix",
    "bmatrix",
    "Bmatrix",
    "vmatrix",
    "Vmatrix",
    "matrix",
    "smallmatrix",
    "array",
];

/// How a function applies to its argument.
#[derive(Debug, Clone)]
pub(super) enum FnKind {
    Plain(Func),
    Exp,
    Sqrt,
    /// A logarithm with its default base (`\lg`: 10; `\log`, `\ln`: none).
    Log(Option<i64>),
}

/// The function a name (`sin`, `arcsin`, `ln`, `exp`…) stands for.
pub(super) fn function_named(name: &str) -> Option<FnKind> {
    Some(match name {
        "exp" => FnKind::Exp,
        "sqrt" => FnKind::Sqrt,
        "log" | "ln" => FnKind::Log(None),
        "lg" => FnKind::Log(Some(10)),
        "sgn" => FnKind::Plain(Func::Sign),
        "gcd" | "lcm" => FnKind::Plain(Func::Named(name.to_string())),
        _ => FnKind::Plain(Func::from_name(name)?),
    })
}

/// Function commands (`\sin`…): everything [`function_named`] knows but
/// `\sqrt` and `\binom`, which are macros with braced arguments.
pub(super) fn command_function(name: &str) -> Option<FnKind> {
    match name {
        "sqrt" | "binom" | "binomial" => None,
        _ => function_named(name),
    }
}

/// Function names recognized in plain words (`sin(x)`, `cosx`); the second
/// field says whether the name needs a parenthesis after it.
pub(super) const PLAIN_FUNCTIONS: &[(&str, bool)] = &[
    ("arcsinh", false),
    ("arccosh", false),
    ("arctanh", false),
    ("arcsin", false),
    ("arccos", false),
    ("arctan", false),
    ("arccot", false),
    ("arcsec", false),
    ("arccsc", false),
    ("arsinh", false),
    ("arcosh", false),
    ("artanh", false),
    ("asinh", false),
    ("acosh", false),
    ("atanh", false),
    ("asin", false),
    ("acos", false),
    ("atan", false),
    ("acot", false),
    ("asec", false),
    ("acsc", false),
    ("sinh", false),
    ("cosh", false),
    ("tanh", false),
    ("coth", false),
    ("sech", false),
    ("csch", false),
    ("sin", false),
    ("cos", false),
    ("tan", false),
    ("cot", false),
    ("sec", false),
    ("csc", false),
    ("log", false),
    ("ln", false),
    ("lg", false),
    ("exp", false),
    ("sqrt", false),
    ("abs", true),
    // (SymPy prints `Abs(x)`.)
    ("Abs", true),
    ("max", true),
    ("min", true),
    ("floor", true),
    ("ceil", true),
];

/// The longest function name that `word` starts with.
pub(super) fn plain_function_prefix(word: &str) -> Option<(&'static str, bool)> {
    // Every name has two letters or more: a single letter (most words) is
    // no function, without a scan of the table.
    if word.len() < 2 {
        return None;
    }
    PLAIN_FUNCTIONS
        .iter()
        .filter(|(name, _)| word.starts_with(name))
        .max_by_key(|(name, _)| name.len())
        .copied()
}

/// The inverse of a trigonometric or hyperbolic function (`\sin^{-1}`).
pub(super) fn inverse(f: &Func) -> Option<Func> {
    Some(match f {
        Func::Sin => Func::Asin,
        Func::Cos => Func::Acos,
        Func::Tan => Func::Atan,
        Func::Cot => Func::Acot,
        Func::Sec => Func::Asec,
        Func::Csc => Func::Acsc,
        Func::Sinh => Func::Asinh,
        Func::Cosh => Func::Acosh,
        Func::Tanh => Func::Atanh,
        _ => return None,
    })
}

/// Whether a function takes exactly one argument.
pub(super) fn is_unary(f: &Func) -> bool {
    !matches!(f, Func::Max | Func::Min | Func::Binomial | Func::Named(_))
}

/// Whether a wrapper's content holds a word of two or more ASCII letters
/// outside command names.
pub(super) fn has_word(content: &str) -> bool {
    let mut run = 0usize;
    let mut in_command = false;
    for c in content.chars() {
        if c == '\\' {
            in_command = true;
            run = 0;
        } else if c.is_ascii_alphabetic() {
            if !in_command {
                run += 1;
                if run >= 2 {
                    return true;
                }
            }
        } else {
            in_command = false;
            run = 0;
        }
    }
    false
}

/// A subscript's content as part of a symbol's name: whitespace, braces,
/// spacing and font commands removed, other commands without backslash.
pub(super) fn subscript_name(raw: &str) -> String {
    let mut out = String::new();
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' | '}' | '~' => {}
            c if c.is_whitespace() => {}
            '\\' => {
                let mut name = String::new();
                while let Some(&d) = chars.peek() {
                    if !d.is_ascii_alphabetic() {
                        break;
                    }
                    name.push(d);
                    chars.next();
                }
                if name.is_empty() {
                    if let Some(d) = chars.next() {
                        if !",;:! >".contains(d) {
                            out.push(d);
                        }
                    }
                } else if !(wrapper_kind(&name).is_some() || is_ignored(&name)) {
                    out.push_str(&name);
                }
            }
            c => out.push(c),
        }
    }
    out
}
