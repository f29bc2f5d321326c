//! Structured round trip: an arbitrary expression tree, canonicalized,
//! printed as infix and as LaTeX, parses back to an equivalent expression.

use arbitrary::{Arbitrary, Unstructured};
use scorespec::expr::equiv::{EquivOptions, Outcome, equivalent};
use scorespec::expr::parse::{infix::parse_infix, latex::parse_latex};
use scorespec::expr::{
    Constant, Expr, Func, Limits, canon::canonical, print::to_infix, print_latex::to_latex,
};

/// A small random scalar expression.
fn expr(u: &mut Unstructured<'_>, depth: u32) -> arbitrary::Result<Expr> {
    let leaf = depth == 0 || u.ratio(1, 3)?;
    if leaf {
        return Ok(match u.int_in_range(0..=5)? {
            0 => Expr::int(i64::from(i8::arbitrary(u)?)),
            1 => Expr::ratio(
                i64::from(i8::arbitrary(u)?),
                i64::from(u.int_in_range(1..=12u8)?),
            ),
            2 => Expr::Constant(if bool::arbitrary(u)? {
                Constant::Pi
            } else {
                Constant::E
            }),
            _ => Expr::sym(u.choose(&["x", "y", "z"])?),
        });
    }
    let d = depth - 1;
    Ok(match u.int_in_range(0..=6)? {
        0 => Expr::Add(vec![expr(u, d)?, expr(u, d)?]),
        1 => Expr::Mul(vec![expr(u, d)?, expr(u, d)?]),
        2 => Expr::sub(expr(u, d)?, expr(u, d)?),
        3 => Expr::div(expr(u, d)?, expr(u, d)?),
        4 => Expr::pow(
            expr(u, d)?,
            Expr::ratio(
                i64::from(u.int_in_range(-3..=4i8)?),
                i64::from(u.int_in_range(1..=3u8)?),
            ),
        ),
        5 => Expr::sqrt(expr(u, d)?),
        _ => {
            let f = u
                .choose(&[
                    Func::Sin,
                    Func::Cos,
                    Func::Tan,
                    Func::Log,
                    Func::Abs,
                    Func::Atan,
                    Func::Sinh,
                ])?
                .clone();
            Expr::func(f, expr(u, d)?)
        }
    })
}

/// The target's checks on one input (the bytes libFuzzer gives).
pub fn check(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(e) = expr(&mut u, 4) else {
        return;
    };
    let limits = Limits::default();
    let Ok(c) = canonical(&e, &limits) else {
        return;
    };
    let opts = EquivOptions::default();
    for (format, printed) in [("infix", to_infix(&c)), ("latex", to_latex(&c))] {
        let back = if format == "infix" {
            parse_infix(&printed, &limits)
        } else {
            parse_latex(&printed, &limits)
        };
        let back = match back {
            Ok(b) => b,
            Err(err) => panic!("{format} {printed:?} of {c:?} does not parse: {err}"),
        };
        let Ok(back) = canonical(&back, &limits) else {
            continue;
        };
        if let Ok(v) = equivalent(&c, &back, &opts, &limits) {
            assert_ne!(
                v.outcome,
                Outcome::NotEqual,
                "{format} {printed:?} reads back as {} ({:?})",
                to_infix(&back),
                v.reason
            );
        }
    }
}

/// Decodes `data` as the fuzz target does and runs [`check`].
pub fn run(data: &[u8]) {
    check(data);
}
