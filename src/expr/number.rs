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
    let mut outside = BigInt::one();
    let mut inside = BigInt::one();
    let mut rest = n.abs();
    if rest.is_zero() || q < 2 {
        return (rest, BigInt::one());
    }
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
    if a.is_integer() && b.is_integer() {
        *a = Rational::from_integer(a.numer() * b.numer());
    } else {
        *a *= b;
    }
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
