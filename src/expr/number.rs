//! Exact rational arithmetic within bounds.
//!
//! Numbers of the engine are [`Rational`]s of arbitrary size, but every
//! operation that could make one huge checks the size of its result *before*
//! computing it: a power whose result would have more than
//! [`Limits::max_digits`](super::Limits::max_digits) digits is not computed
//! (the canonicalizer then keeps it as an unevaluated power).

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::ast::Rational;

/// log10(2), to turn bit lengths into decimal digits.
const LOG10_2: f64 = std::f64::consts::LOG10_2;

/// An upper estimate of the decimal digits of the larger of numerator and
/// denominator.
///
/// ```
/// use scorespec::expr::number::digits;
/// use num_rational::BigRational;
/// assert!(digits(&BigRational::from_integer(1_000_000.into())) >= 7);
/// ```
pub fn digits(r: &Rational) -> u64 {
    let bits = r.numer().bits().max(r.denom().bits());
    (bits as f64 * LOG10_2).ceil() as u64 + 1
}

/// `base^exp` exactly, or `None` when `|exp|` exceeds `max_exponent` or the
/// result would exceed `max_digits` digits, or when `base` is 0 and `exp < 0`.
///
/// ```
/// use scorespec::expr::number::pow_int;
/// use num_rational::BigRational;
/// let two = BigRational::from_integer(2.into());
/// assert_eq!(pow_int(&two, -3, 100, 100), Some(BigRational::new(1.into(), 8.into())));
/// assert_eq!(pow_int(&two, 1_000_000, 100, 100), None);
/// ```
pub fn pow_int(base: &Rational, exp: i64, max_exponent: u64, max_digits: u64) -> Option<Rational> {
    if exp.unsigned_abs() > max_exponent {
        return None;
    }
    if base.is_zero() {
        return match exp.cmp(&0) {
            std::cmp::Ordering::Less => None,
            std::cmp::Ordering::Equal => Some(Rational::one()),
            std::cmp::Ordering::Greater => Some(Rational::zero()),
        };
    }
    let bits = base.numer().bits().max(base.denom().bits()) as f64;
    if bits > 1.0 && (bits - 1.0) * LOG10_2 * exp.unsigned_abs() as f64 > max_digits as f64 {
        return None;
    }
    let e = u32::try_from(exp.unsigned_abs()).ok()?;
    let n = num_traits::Pow::pow(base.numer(), e);
    // Powers of a reduced fraction are reduced: no gcd needed.
    let r = if base.is_integer() {
        Rational::from_integer(n)
    } else {
        Rational::new_raw(n, num_traits::Pow::pow(base.denom(), e))
    };
    Some(if exp < 0 { r.recip() } else { r })
}

/// The primes below 2,000, for trial division when extracting perfect powers.
fn small_primes() -> &'static [u32] {
    static PRIMES: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    PRIMES.get_or_init(|| {
        (2u32..2000)
            .filter(|&n| (2..n).take_while(|d| d * d <= n).all(|d| n % d != 0))
            .collect()
    })
}

/// Splits a positive integer `n` into `outside^q · inside`, taking out every
/// q-th power of a prime below 2,000 and a remaining cofactor that is itself
/// a perfect q-th power; `inside` has no such factor left.
///
/// ```
/// use scorespec::expr::number::extract_power;
/// use num_bigint::BigInt;
/// assert_eq!(extract_power(&BigInt::from(8), 2), (BigInt::from(2), BigInt::from(2)));
/// assert_eq!(extract_power(&BigInt::from(108), 3), (BigInt::from(3), BigInt::from(4)));
/// ```
pub fn extract_power(n: &BigInt, q: u32) -> (BigInt, BigInt) {
    let rest = n.abs();
    if rest.is_zero() || q < 2 {
        return (rest, BigInt::one());
    }
    if let Some(small) = rest.to_u64() {
        let (outside, inside) = extract_power_u64(small, q);
        return (BigInt::from(outside), BigInt::from(inside));
    }
    extract_power_big(rest, q)
}

/// [`extract_power`] by big-integer trial division over the whole table.
fn extract_power_big(mut rest: BigInt, q: u32) -> (BigInt, BigInt) {
    let mut outside = BigInt::one();
    let mut inside = BigInt::one();
    for &p in small_primes() {
        let bp = BigInt::from(p);
        let mut count = 0u32;
        loop {
            let (quot, rem) = rest.div_rem(&bp);
            if !rem.is_zero() {
                break;
            }
            rest = quot;
            count += 1;
        }
        if count > 0 {
            outside *= num_traits::Pow::pow(&bp, count / q);
            inside *= num_traits::Pow::pow(&bp, count % q);
        }
        if rest.is_one() {
            break;
        }
    }
    if !rest.is_one() {
        let root = rest.nth_root(q);
        if num_traits::Pow::pow(&root, q) == rest {
            outside *= root;
        } else {
            inside *= rest;
        }
    }
    (outside, inside)
}

/// [`extract_power`] for a machine integer `n ≥ 1` and `q ≥ 2`, the same
/// split: trial division stops once `p² > rest` (the rest is then 1 or a
/// prime, which stays inside as a q-th power it is not).
fn extract_power_u64(n: u64, q: u32) -> (u64, u64) {
    let (mut outside, mut inside, mut rest) = (1u64, 1u64, n);
    for &p in small_primes() {
        let p = u64::from(p);
        if p * p > rest {
            // rest is 1 or a prime: not a q-th power.
            return (outside, inside * rest);
        }
        let mut count = 0u32;
        while rest % p == 0 {
            rest /= p;
            count += 1;
        }
        if count > 0 {
            outside *= p.pow(count / q);
            inside *= p.pow(count % q);
        }
    }
    // Every prime factor left is above the table: a perfect q-th power or not.
    let big = BigInt::from(rest);
    let root = big.nth_root(q);
    if num_traits::Pow::pow(&root, q) == big {
        (outside * root.to_u64().unwrap_or(1), inside)
    } else {
        (outside, inside * rest)
    }
}

/// `a += b`, without the gcd reduction when both are integers (a reduction
/// against the denominator 1 costs time quadratic in the digits).
///
/// ```
/// use scorespec::expr::number::add_to;
/// use num_rational::BigRational;
/// let mut a = BigRational::from_integer(2.into());
/// add_to(&mut a, &BigRational::new(1.into(), 2.into()));
/// assert_eq!(a, BigRational::new(5.into(), 2.into()));
/// ```
pub fn add_to(a: &mut Rational, b: &Rational) {
    if let (Some((an, ad)), Some((bn, bd))) = (small(a), small(b)) {
        let n = i128::from(an) * i128::from(bd) + i128::from(bn) * i128::from(ad);
        if let Some(r) = reduced(n, i128::from(ad) * i128::from(bd)) {
            *a = r;
            return;
        }
    }
    if a.is_integer() && b.is_integer() {
        *a = Rational::from_integer(a.numer() + b.numer());
    } else {
        *a += b;
    }
}

/// `a *= b`, without the gcd reduction when both are integers.
///
/// ```
/// use scorespec::expr::number::mul_by;
/// use num_rational::BigRational;
/// let mut a = BigRational::from_integer(6.into());
/// mul_by(&mut a, &BigRational::new(1.into(), 4.into()));
/// assert_eq!(a, BigRational::new(3.into(), 2.into()));
/// ```
pub fn mul_by(a: &mut Rational, b: &Rational) {
    if let (Some((an, ad)), Some((bn, bd))) = (small(a), small(b)) {
        let n = i128::from(an) * i128::from(bn);
        if let Some(r) = reduced(n, i128::from(ad) * i128::from(bd)) {
            *a = r;
            return;
        }
    }
    if a.is_integer() && b.is_integer() {
        *a = Rational::from_integer(a.numer() * b.numer());
    } else {
        *a *= b;
    }
}

/// Numerator and denominator as machine integers, when both fit.
fn small(r: &Rational) -> Option<(i64, i64)> {
    Some((r.numer().to_i64()?, r.denom().to_i64()?))
}

/// `n/d` (`d` > 0) in lowest terms, as `Ratio`'s own arithmetic leaves it
/// (0 is 0/1), when both parts fit in `i64`: the machine-integer path of
/// [`add_to`] and [`mul_by`], which avoids big-integer gcds and allocations.
pub(crate) fn reduced(n: i128, d: i128) -> Option<Rational> {
    if d <= 0 {
        return None;
    }
    let g = gcd_u128(n.unsigned_abs(), d.unsigned_abs());
    let (n, d) = if g > 1 {
        (n / g as i128, d / g as i128)
    } else if n == 0 {
        (0, 1)
    } else {
        (n, d)
    };
    let (n, d) = (i64::try_from(n).ok()?, i64::try_from(d).ok()?);
    Some(Rational::new_raw(BigInt::from(n), BigInt::from(d)))
}

fn gcd_u128(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The value as `f64` (±infinity beyond its range, 0 below it).
pub fn to_f64(r: &Rational) -> f64 {
    r.to_f64().unwrap_or_else(|| {
        if r.numer().sign() == Sign::Minus {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        }
    })
}

/// The value as `i64`, if it is an integer in range.
pub fn to_i64(r: &Rational) -> Option<i64> {
    if r.is_integer() {
        r.numer().to_i64()
    } else {
        None
    }
}

/// Whether the number is negative.
pub fn is_negative(r: &Rational) -> bool {
    r.is_negative()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(n: i64) -> Rational {
        Rational::from_integer(BigInt::from(n))
    }

    #[test]
    fn powers_are_exact_or_refused() {
        assert_eq!(pow_int(&int(10), 3, 100, 100), Some(int(1000)));
        assert_eq!(pow_int(&int(0), -1, 100, 100), None);
        assert_eq!(pow_int(&int(0), 0, 100, 100), Some(int(1)));
        assert_eq!(pow_int(&int(-2), 3, 100, 100), Some(int(-8)));
        // 10^200 has 201 digits: over a 100-digit bound.
        assert_eq!(pow_int(&int(10), 200, 1000, 100), None);
        assert_eq!(pow_int(&int(1), 100_000, 100_000, 10), Some(int(1)));
    }

    #[test]
    fn machine_arithmetic_agrees_with_ratio() {
        // add_to/mul_by on machine-sized values against Ratio's own + and *
        // (normalized results: same numerator and denominator).
        let vals: Vec<Rational> = [
            (0, 1),
            (1, 1),
            (-1, 1),
            (1, 2),
            (-3, 4),
            (6, 4),
            (7, 1),
            (i64::MAX, 1),
            (i64::MIN + 1, 1),
            (1, i64::MAX),
            (i64::MAX - 1, i64::MAX),
            (-5, 12),
            (35, 22),
        ]
        .iter()
        .map(|&(n, d)| Rational::new(BigInt::from(n), BigInt::from(d)))
        .collect();
        for a in &vals {
            for b in &vals {
                let mut sum = a.clone();
                add_to(&mut sum, b);
                let want = a + b;
                assert_eq!((sum.numer(), sum.denom()), (want.numer(), want.denom()));
                let mut product = a.clone();
                mul_by(&mut product, b);
                let want = a * b;
                assert_eq!(
                    (product.numer(), product.denom()),
                    (want.numer(), want.denom())
                );
            }
        }
    }

    #[test]
    fn machine_integers_split_as_big_ones() {
        // The fast path against the big-integer loop over the whole table.
        let mut cases: Vec<u64> = (1..=5000).collect();
        cases.extend([
            1999 * 1999,
            2003 * 2003 * 7,
            4001 * 4001 * 5,
            4001 * 4003,
            4001u64.pow(3) * 12,
            1 << 62,
            999_999_999_989,
            2_000_003 * 2_000_003,
            u64::MAX,
            3u64.pow(40),
        ]);
        for n in cases {
            for q in [2u32, 3, 4, 5, 7] {
                let (o, i) = extract_power_u64(n, q);
                let want = extract_power_big(BigInt::from(n), q);
                assert_eq!((BigInt::from(o), BigInt::from(i)), want, "{n} {q}");
            }
        }
    }

    #[test]
    fn perfect_powers_are_extracted() {
        assert_eq!(
            extract_power(&BigInt::from(12), 2),
            (BigInt::from(2), BigInt::from(3))
        );
        assert_eq!(
            extract_power(&BigInt::from(1), 2),
            (BigInt::from(1), BigInt::from(1))
        );
        // 4001 is prime and above the trial bound; 4001^2 is found by the root test.
        let p = BigInt::from(4001);
        assert_eq!(extract_power(&(&p * &p * 5), 2), (p, BigInt::from(5)));
    }
}
