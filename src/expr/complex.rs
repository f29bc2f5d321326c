//! Complex numbers in `f64`, for numeric evaluation of expressions.
//!
//! [`Complex`] is a pair of `f64` with the arithmetic, the elementary
//! functions and their inverses on principal branches. It exists so that
//! numeric evaluation can follow an expression through values such as
//! `sqrt(-1)`, `log(-2)` or `asin(2)` the way SymPy does, instead of stopping
//! at the first `NaN` of real arithmetic.
//!
//! Conventions:
//!
//! * Signed zeros are ignored: an imaginary part `-0.0` is treated as `+0.0`,
//!   so a value on a branch cut is always taken from the side the usual
//!   (counter-clockwise) convention gives: `ln(-2) = ln 2 + iπ`,
//!   `sqrt(-4) = 2i`, `asin(2) = π/2 - 1.3169579i` (as SymPy and mpmath).
//! * A function of a real argument inside its real domain returns exactly
//!   what the `f64` method of the standard library returns, with imaginary
//!   part `0`.
//! * Nothing panics. A pole or an overflow gives a non-finite component,
//!   which [`Complex::is_finite`] reports; the evaluator turns it into an
//!   error.
//!
//! # Differences with the document
//!
//! Compared with other implementations:
//!
//! * On the branch cuts themselves, values follow counter-clockwise
//!   continuity, as mpmath and SymPy do (`atanh(2) = 0.549 - iπ/2`,
//!   `atanh(-2) = -0.549 + iπ/2`, `atan(2i) = π/2 + 0.549i`). Python's
//!   `cmath` and C99 use signed zeros instead and differ on some cuts
//!   (`cmath.asin(2) = π/2 + 1.317i`).
//! * Intermediate overflow is not avoided everywhere: `asin`, `acos`, `asinh`
//!   of arguments of modulus above about `1e154` square their argument and
//!   give a non-finite value.

use std::f64::consts::{FRAC_PI_2, LN_2, PI};
use std::fmt;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// A complex number `re + im·i` with `f64` parts.
///
/// Equality is the component-wise `f64` equality (`NaN` is not equal to
/// itself).
///
/// ```
/// use scorespec::expr::complex::Complex;
/// let z = Complex::new(1.0, 2.0) * Complex::I;
/// assert_eq!(z, Complex::new(-2.0, 1.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Complex {
    /// The real part.
    pub re: f64,
    /// The imaginary part.
    pub im: f64,
}

/// `2^-600`, to scale huge values down before taking a square root.
const SCALE_DOWN: f64 = f64::from_bits((1023 - 600) << 52);
/// `2^300`, the square root of the inverse of [`SCALE_DOWN`].
const SCALE_UP_SQRT: f64 = f64::from_bits((1023 + 300) << 52);

impl Complex {
    /// Zero.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert!(Complex::ZERO.is_zero());
    /// ```
    pub const ZERO: Complex = Complex { re: 0.0, im: 0.0 };

    /// One.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert_eq!(Complex::ONE * Complex::I, Complex::I);
    /// ```
    pub const ONE: Complex = Complex { re: 1.0, im: 0.0 };

    /// The imaginary unit `i`.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert_eq!(Complex::I * Complex::I, Complex::real(-1.0));
    /// ```
    pub const I: Complex = Complex { re: 0.0, im: 1.0 };

    /// The complex number `re + im·i`.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert_eq!(Complex::new(1.0, -2.0).im, -2.0);
    /// ```
    pub const fn new(re: f64, im: f64) -> Complex {
        Complex { re, im }
    }

    /// The real number `re` (imaginary part `0`).
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert_eq!(Complex::real(3.0), Complex::new(3.0, 0.0));
    /// ```
    pub const fn real(re: f64) -> Complex {
        Complex { re, im: 0.0 }
    }

    /// Whether both parts are finite (neither infinite nor `NaN`).
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert!(Complex::new(1.0, 2.0).is_finite());
    /// assert!(!(Complex::ONE / Complex::ZERO).is_finite());
    /// ```
    pub fn is_finite(self) -> bool {
        self.re.is_finite() && self.im.is_finite()
    }

    /// Whether both parts are zero (`-0.0` counts as zero).
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert!(Complex::new(-0.0, 0.0).is_zero());
    /// assert!(!Complex::I.is_zero());
    /// ```
    pub fn is_zero(self) -> bool {
        self.re == 0.0 && self.im == 0.0
    }

    /// Whether the imaginary part is exactly zero.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert!(Complex::real(-2.0).is_real());
    /// assert!(!Complex::I.is_real());
    /// ```
    pub fn is_real(self) -> bool {
        self.im == 0.0
    }

    /// The complex conjugate `re - im·i`.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert_eq!(Complex::new(1.0, 2.0).conj(), Complex::new(1.0, -2.0));
    /// ```
    pub fn conj(self) -> Complex {
        Complex::new(self.re, -self.im)
    }

    /// The modulus `|z| = sqrt(re² + im²)`, computed without intermediate
    /// overflow; in `[0, ∞)`.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert_eq!(Complex::new(3.0, -4.0).abs(), 5.0);
    /// ```
    pub fn abs(self) -> f64 {
        self.re.hypot(self.im)
    }

    /// The argument (phase) of `z`, in `(-π, π]`; `arg(0) = 0` and a negative
    /// real number has argument `π`.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// use std::f64::consts::{FRAC_PI_2, PI};
    /// assert_eq!(Complex::real(-2.0).arg(), PI);
    /// assert_eq!(Complex::new(0.0, -1.0).arg(), -FRAC_PI_2);
    /// ```
    pub fn arg(self) -> f64 {
        if self.im == 0.0 {
            if self.re < 0.0 { PI } else { 0.0 }
        } else {
            self.im.atan2(self.re)
        }
    }

    /// The reciprocal `1/z`; non-finite for `z = 0`.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert_eq!(Complex::I.recip(), Complex::new(0.0, -1.0));
    /// ```
    pub fn recip(self) -> Complex {
        Complex::ONE / self
    }

    /// The exponential `e^z = e^re (cos im + i sin im)`.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// use std::f64::consts::PI;
    /// let z = Complex::new(0.0, PI).exp();
    /// assert!((z.re + 1.0).abs() < 1e-15 && z.im.abs() < 1e-15);
    /// assert_eq!(Complex::real(1.0).exp(), Complex::real(1f64.exp()));
    /// ```
    pub fn exp(self) -> Complex {
        if self.im == 0.0 {
            return Complex::real(self.re.exp());
        }
        let m = self.re.exp();
        let (s, c) = self.im.sin_cos();
        Complex::new(m * c, m * s)
    }

    /// The natural logarithm on its principal branch, `ln|z| + i·arg z`, with
    /// imaginary part in `(-π, π]`; `ln 0` has real part `-∞`.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// use std::f64::consts::{LN_2, PI};
    /// assert_eq!(Complex::real(-2.0).ln(), Complex::new(LN_2, PI));
    /// ```
    pub fn ln(self) -> Complex {
        let (x, y) = (self.re.abs(), self.im.abs());
        let (big, small) = if x >= y { (x, y) } else { (y, x) };
        let h = x.hypot(y);
        let re = if h.is_infinite() && big.is_finite() {
            (x * 0.5).hypot(y * 0.5).ln() + LN_2
        } else if (0.7..=1.5).contains(&h) {
            // ln|z| = ½ ln(1 + (big² - 1 + small²)), accurate near |z| = 1.
            0.5 * ((big - 1.0) * (big + 1.0) + small * small).ln_1p()
        } else {
            h.ln()
        };
        Complex::new(re, self.arg())
    }

    /// `ln(1 + z)` on the principal branch, accurate when `z` is small.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// let z = Complex::new(1e-20, 0.0).ln_1p();
    /// assert_eq!(z.re, 1e-20);
    /// ```
    pub fn ln_1p(self) -> Complex {
        if self.abs() < 0.5 {
            // |1 + z|² - 1 = 2 re + re² + im².
            let t = 2.0 * self.re + self.re * self.re + self.im * self.im;
            Complex::new(0.5 * t.ln_1p(), Complex::new(1.0 + self.re, self.im).arg())
        } else {
            (Complex::ONE + self).ln()
        }
    }

    /// The principal square root, with real part `≥ 0` (and imaginary part
    /// `≥ 0` on the negative real axis).
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert_eq!(Complex::real(-1.0).sqrt(), Complex::I);
    /// assert_eq!(Complex::new(3.0, 4.0).sqrt(), Complex::new(2.0, 1.0));
    /// ```
    pub fn sqrt(self) -> Complex {
        if self.im == 0.0 {
            return if self.re >= 0.0 {
                Complex::real(self.re.sqrt())
            } else {
                Complex::new(0.0, (-self.re).sqrt())
            };
        }
        // Huge finite parts are scaled down by 2^600 (and the root up by
        // 2^300) so that |x| + |z| cannot overflow.
        let m = self.re.abs().max(self.im.abs());
        let (x, y, k) = if m > 1e300 && m.is_finite() {
            (self.re * SCALE_DOWN, self.im * SCALE_DOWN, SCALE_UP_SQRT)
        } else {
            (self.re, self.im, 1.0)
        };
        let t = ((x.abs() + x.hypot(y)) * 0.5).sqrt();
        if x >= 0.0 {
            Complex::new(t * k, y / (2.0 * t) * k)
        } else {
            Complex::new(y.abs() / (2.0 * t) * k, t.copysign(y) * k)
        }
    }

    /// `z` to the integer power `n`, by repeated squaring (a real base uses
    /// `f64::powf`, exact for small integers): `(-2)^3 = -8` exactly,
    /// `z^0 = 1`, `0^n` is non-finite for `n < 0`.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert_eq!(Complex::real(-2.0).powi(3), Complex::real(-8.0));
    /// assert_eq!(Complex::new(1.0, 1.0).powi(2), Complex::new(0.0, 2.0));
    /// assert_eq!(Complex::real(2.0).powi(-2), Complex::real(0.25));
    /// ```
    pub fn powi(self, n: i64) -> Complex {
        let e = n.unsigned_abs();
        if self.im == 0.0 && e <= 1 << 53 {
            return Complex::real(self.re.powf(n as f64));
        }
        let (mut acc, mut base, mut e) = (Complex::ONE, self, e);
        while e > 0 {
            if e & 1 == 1 {
                acc = acc * base;
            }
            e >>= 1;
            if e > 0 {
                base = base * base;
            }
        }
        if n < 0 { acc.recip() } else { acc }
    }

    /// `z^w` on the principal branch, `exp(w · ln z)`, with exact special
    /// cases: an integer real exponent uses [`powi`](Complex::powi) (`f64::powf`
    /// for a real base), `w = ½`
    /// uses [`sqrt`](Complex::sqrt), a positive real base with a real
    /// exponent gives a real result; `0^0 = 1`, `0^w = 0` when `re w > 0`,
    /// `0^w` is non-finite otherwise.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// let r = Complex::real(-8.0).powc(Complex::real(1.0 / 3.0));
    /// assert!((r.re - 1.0).abs() < 1e-15 && (r.im - 3f64.sqrt()).abs() < 1e-15);
    /// assert_eq!(Complex::ZERO.powc(Complex::ZERO), Complex::ONE);
    /// assert_eq!(Complex::real(4.0).powc(Complex::real(0.5)), Complex::real(2.0));
    /// ```
    pub fn powc(self, w: Complex) -> Complex {
        if w.im == 0.0 {
            let e = w.re;
            if e == 0.0 {
                return Complex::ONE;
            }
            if e.fract() == 0.0 {
                if self.im == 0.0 {
                    // Exact sign for a negative base at any integer exponent.
                    return Complex::real(self.re.powf(e));
                }
                if e.abs() <= 9_007_199_254_740_992.0 {
                    return self.powi(e as i64);
                }
            }
            if self.is_zero() {
                return if e > 0.0 {
                    Complex::ZERO
                } else {
                    Complex::new(f64::INFINITY, 0.0)
                };
            }
            if e == 0.5 {
                return self.sqrt();
            }
            if e == -0.5 {
                return self.sqrt().recip();
            }
            if self.im == 0.0 && self.re > 0.0 {
                return Complex::real(self.re.powf(e));
            }
        }
        if self.is_zero() {
            return if w.re > 0.0 {
                Complex::ZERO
            } else {
                Complex::new(f64::NAN, f64::NAN)
            };
        }
        (w * self.ln()).exp()
    }

    /// The sine, `sin x cosh y + i cos x sinh y` for `z = x + iy`.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert_eq!(Complex::real(0.5).sin(), Complex::real(0.5f64.sin()));
    /// assert_eq!(Complex::new(0.0, 1.0).sin(), Complex::new(0.0, 1f64.sinh()));
    /// ```
    pub fn sin(self) -> Complex {
        if self.im == 0.0 {
            return Complex::real(self.re.sin());
        }
        let (s, c) = self.re.sin_cos();
        Complex::new(s * self.im.cosh(), c * self.im.sinh())
    }

    /// The cosine, `cos x cosh y - i sin x sinh y` for `z = x + iy`.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert_eq!(Complex::real(0.5).cos(), Complex::real(0.5f64.cos()));
    /// assert_eq!(Complex::new(0.0, 1.0).cos(), Complex::real(1f64.cosh()));
    /// ```
    pub fn cos(self) -> Complex {
        if self.im == 0.0 {
            return Complex::real(self.re.cos());
        }
        let (s, c) = self.re.sin_cos();
        Complex::new(c * self.im.cosh(), -(s * self.im.sinh()))
    }

    /// The tangent `sin z / cos z`, computed as
    /// `(sin x cos x + i sinh y cosh y) / (cos² x + sinh² y)`; tends to `±i`
    /// as `im z → ±∞`. Near a pole of a real argument the value is huge, not
    /// infinite (`tan(π/2) ≈ 1.6e16`).
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert_eq!(Complex::real(0.5).tan(), Complex::real(0.5f64.tan()));
    /// assert_eq!(Complex::new(1.0, 40.0).tan().im, 1.0);
    /// ```
    pub fn tan(self) -> Complex {
        let (x, y) = (self.re, self.im);
        if y == 0.0 {
            return Complex::real(x.tan());
        }
        if y.abs() > 20.0 {
            // cos² x + sinh² y = e^{2|y|}/4 (1 + O(e^{-40})).
            let (s, c) = x.sin_cos();
            let e = (-2.0 * y.abs()).exp();
            return Complex::new(4.0 * s * c * e, 1f64.copysign(y));
        }
        let (s, c) = x.sin_cos();
        let (sh, ch) = (y.sinh(), y.cosh());
        let d = c * c + sh * sh;
        Complex::new(s * c / d, sh * ch / d)
    }

    /// The hyperbolic sine, `sinh x cos y + i cosh x sin y`.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert_eq!(Complex::real(0.5).sinh(), Complex::real(0.5f64.sinh()));
    /// ```
    pub fn sinh(self) -> Complex {
        if self.im == 0.0 {
            return Complex::real(self.re.sinh());
        }
        let (s, c) = self.im.sin_cos();
        Complex::new(self.re.sinh() * c, self.re.cosh() * s)
    }

    /// The hyperbolic cosine, `cosh x cos y + i sinh x sin y`.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// use std::f64::consts::PI;
    /// assert_eq!(Complex::real(0.5).cosh(), Complex::real(0.5f64.cosh()));
    /// assert!((Complex::new(0.0, PI).cosh().re + 1.0).abs() < 1e-15);
    /// ```
    pub fn cosh(self) -> Complex {
        if self.im == 0.0 {
            return Complex::real(self.re.cosh());
        }
        let (s, c) = self.im.sin_cos();
        Complex::new(self.re.cosh() * c, self.re.sinh() * s)
    }

    /// The hyperbolic tangent, `-i tan(iz)`; tends to `±1` as `re z → ±∞`.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert_eq!(Complex::real(0.5).tanh(), Complex::real(0.5f64.tanh()));
    /// ```
    pub fn tanh(self) -> Complex {
        if self.im == 0.0 {
            return Complex::real(self.re.tanh());
        }
        let t = Complex::new(-self.im, self.re).tan();
        Complex::new(t.im, -t.re)
    }

    /// The inverse sine on its principal branch, `-i ln(iz + sqrt(1 - z²))`:
    /// real part in `[-π/2, π/2]`, branch cuts `(-∞, -1)` and `(1, ∞)`
    /// (`asin(2) = π/2 - 1.3169579i`, `asin(-2) = -π/2 + 1.3169579i`, as
    /// SymPy).
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// use std::f64::consts::FRAC_PI_2;
    /// assert_eq!(Complex::real(0.5).asin(), Complex::real(0.5f64.asin()));
    /// let z = Complex::real(2.0).asin();
    /// assert!((z.re - FRAC_PI_2).abs() < 1e-15 && (z.im + 1.3169578969248166).abs() < 1e-15);
    /// ```
    pub fn asin(self) -> Complex {
        if self.im == 0.0 && self.re.abs() <= 1.0 {
            return Complex::real(self.re.asin());
        }
        let z = self;
        let z2 = z * z;
        let w = (Complex::ONE - z2).sqrt();
        let iz = Complex::new(-z.im, z.re);
        if z.abs() < 0.5 {
            // iz + w = 1 + (iz - z²/(1 + w)), with no cancellation.
            let l = (iz - z2 / (Complex::ONE + w)).ln_1p();
            return Complex::new(l.im, -l.re);
        }
        // (iz + w)(w - iz) = 1: take the larger factor, which has no cancellation.
        let (a, b) = (iz + w, w - iz);
        if a.abs() >= b.abs() {
            let l = a.ln();
            Complex::new(l.im, -l.re)
        } else {
            let l = b.ln();
            Complex::new(-l.im, l.re)
        }
    }

    /// The inverse cosine on its principal branch, `π/2 - asin z`: real part in
    /// `[0, π]`, branch cuts `(-∞, -1)` and `(1, ∞)` (`acos(2) = 1.3169579i`).
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert_eq!(Complex::real(0.5).acos(), Complex::real(0.5f64.acos()));
    /// let z = Complex::real(2.0).acos();
    /// assert!(z.re.abs() < 1e-15 && (z.im - 1.3169578969248166).abs() < 1e-15);
    /// ```
    pub fn acos(self) -> Complex {
        if self.im == 0.0 && self.re.abs() <= 1.0 {
            return Complex::real(self.re.acos());
        }
        Complex::real(FRAC_PI_2) - self.asin()
    }

    /// The inverse tangent on its principal branch, `-i atanh(iz)`: real part
    /// in `[-π/2, π/2]`, poles at `±i`, branch cuts on the imaginary axis
    /// beyond `±i`.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// use std::f64::consts::FRAC_PI_4;
    /// assert_eq!(Complex::real(1.0).atan(), Complex::real(FRAC_PI_4));
    /// assert!(!Complex::I.atan().is_finite());
    /// ```
    pub fn atan(self) -> Complex {
        if self.im == 0.0 {
            return Complex::real(self.re.atan());
        }
        let t = Complex::new(-self.im, self.re).atanh();
        Complex::new(t.im, -t.re)
    }

    /// The inverse hyperbolic sine on its principal branch,
    /// `ln(z + sqrt(z² + 1)) = -i asin(iz)`: imaginary part in `[-π/2, π/2]`.
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert_eq!(Complex::real(0.5).asinh(), Complex::real(0.5f64.asinh()));
    /// ```
    pub fn asinh(self) -> Complex {
        if self.im == 0.0 {
            return Complex::real(self.re.asinh());
        }
        let t = Complex::new(-self.im, self.re).asin();
        Complex::new(t.im, -t.re)
    }

    /// The inverse hyperbolic cosine on its principal branch,
    /// `ln(z + sqrt(z + 1) sqrt(z - 1))`: real part `≥ 0`, imaginary part in
    /// `(-π, π]`, branch cut `(-∞, 1)` (`acosh(0) = iπ/2`, `acosh(-2) =
    /// 1.3169579 + iπ`).
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// use std::f64::consts::FRAC_PI_2;
    /// assert_eq!(Complex::real(2.0).acosh(), Complex::real(2f64.acosh()));
    /// assert_eq!(Complex::ZERO.acosh(), Complex::new(0.0, FRAC_PI_2));
    /// ```
    pub fn acosh(self) -> Complex {
        if self.im == 0.0 && self.re >= 1.0 {
            return Complex::real(self.re.acosh());
        }
        let s = (self + Complex::ONE).sqrt() * (self - Complex::ONE).sqrt();
        ((self - Complex::ONE) + s).ln_1p()
    }

    /// The inverse hyperbolic tangent on its principal branch,
    /// `½ ln((1 + z)/(1 - z))`: imaginary part in `[-π/2, π/2]`, poles at `±1`,
    /// branch cuts `(-∞, -1)` and `(1, ∞)`, odd on them as in mpmath and
    /// SymPy (`atanh(2) = 0.5493061 - iπ/2`, `atanh(-2) = -0.5493061 + iπ/2`).
    ///
    /// ```
    /// use scorespec::expr::complex::Complex;
    /// assert_eq!(Complex::real(0.5).atanh(), Complex::real(0.5f64.atanh()));
    /// assert!(!Complex::ONE.atanh().is_finite());
    /// ```
    pub fn atanh(self) -> Complex {
        if self.im == 0.0 && self.re.abs() < 1.0 {
            return Complex::real(self.re.atanh());
        }
        if self.abs() <= 1.0 {
            return atanh_in_disc(self);
        }
        // atanh z = atanh(1/z) ± iπ/2 outside the unit disc: + in the upper
        // half plane and on the cut (-∞, -1), - in the lower one and on (1, ∞).
        let r = atanh_in_disc(self.recip());
        let upper = self.im > 0.0 || (self.im == 0.0 && self.re < 0.0);
        let side = if upper { FRAC_PI_2 } else { -FRAC_PI_2 };
        Complex::new(r.re, r.im + side)
    }
}

/// `atanh z = ½ ln(1 + 2z/(1 - z))`, accurate for `|z| ≤ 1`.
fn atanh_in_disc(z: Complex) -> Complex {
    let l = ((z * 2.0) / (Complex::ONE - z)).ln_1p();
    Complex::new(0.5 * l.re, 0.5 * l.im)
}

impl From<f64> for Complex {
    fn from(re: f64) -> Complex {
        Complex::real(re)
    }
}

impl fmt::Display for Complex {
    /// `a`, `a+bi` or `a-bi`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.im == 0.0 {
            write!(f, "{}", self.re)
        } else if self.im < 0.0 {
            write!(f, "{}-{}i", self.re, -self.im)
        } else {
            write!(f, "{}+{}i", self.re, self.im)
        }
    }
}

impl Add for Complex {
    type Output = Complex;
    fn add(self, o: Complex) -> Complex {
        Complex::new(self.re + o.re, self.im + o.im)
    }
}

impl Sub for Complex {
    type Output = Complex;
    fn sub(self, o: Complex) -> Complex {
        Complex::new(self.re - o.re, self.im - o.im)
    }
}

impl Mul for Complex {
    type Output = Complex;
    fn mul(self, o: Complex) -> Complex {
        if self.im == 0.0 && o.im == 0.0 {
            return Complex::real(self.re * o.re);
        }
        Complex::new(
            self.re * o.re - self.im * o.im,
            self.re * o.im + self.im * o.re,
        )
    }
}

impl Mul<f64> for Complex {
    type Output = Complex;
    fn mul(self, k: f64) -> Complex {
        Complex::new(self.re * k, self.im * k)
    }
}

impl Div for Complex {
    type Output = Complex;
    /// Smith's algorithm: no intermediate overflow for large divisors. A zero
    /// divisor gives non-finite parts.
    fn div(self, d: Complex) -> Complex {
        if d.im == 0.0 {
            return Complex::new(self.re / d.re, self.im / d.re);
        }
        if d.re == 0.0 {
            return Complex::new(self.im / d.im, -self.re / d.im);
        }
        if d.re.abs() >= d.im.abs() {
            let r = d.im / d.re;
            let den = d.re + d.im * r;
            Complex::new((self.re + self.im * r) / den, (self.im - self.re * r) / den)
        } else {
            let r = d.re / d.im;
            let den = d.re * r + d.im;
            Complex::new((self.re * r + self.im) / den, (self.im * r - self.re) / den)
        }
    }
}

impl Div<f64> for Complex {
    type Output = Complex;
    fn div(self, k: f64) -> Complex {
        Complex::new(self.re / k, self.im / k)
    }
}

impl Neg for Complex {
    type Output = Complex;
    fn neg(self) -> Complex {
        Complex::new(-self.re, -self.im)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::{E, FRAC_PI_4};

    fn c(re: f64, im: f64) -> Complex {
        Complex::new(re, im)
    }

    /// Relative closeness on the modulus of the difference.
    fn close(a: Complex, b: Complex, tol: f64) -> bool {
        (a - b).abs() <= tol * b.abs().max(1.0)
    }

    #[track_caller]
    fn assert_close(a: Complex, b: Complex) {
        assert!(close(a, b, 1e-14), "{a:?} != {b:?}");
    }

    #[test]
    fn arithmetic() {
        assert_eq!(c(1.0, 2.0) + c(3.0, -1.0), c(4.0, 1.0));
        assert_eq!(c(1.0, 2.0) - c(3.0, -1.0), c(-2.0, 3.0));
        assert_eq!(c(1.0, 2.0) * c(3.0, -1.0), c(5.0, 5.0));
        assert_close(c(5.0, 5.0) / c(3.0, -1.0), c(1.0, 2.0));
        assert_close(c(5.0, 5.0) / c(1.0, 3.0), c(2.0, -1.0));
        assert_eq!(c(2.0, 4.0) / c(0.0, 2.0), c(2.0, -1.0));
        assert_eq!(c(2.0, 4.0) / c(2.0, 0.0), c(1.0, 2.0));
        assert_eq!(-c(1.0, -2.0), c(-1.0, 2.0));
        assert_eq!(c(1.0, 2.0) * 2.0, c(2.0, 4.0));
        assert_eq!(c(1.0, 2.0) / 2.0, c(0.5, 1.0));
        assert_eq!(Complex::from(2.5), Complex::real(2.5));
        assert!(!(Complex::ONE / Complex::ZERO).is_finite());
        assert!(!(Complex::ZERO / Complex::ZERO).is_finite());
        assert!(!(Complex::I / Complex::ZERO).is_finite());
    }

    #[test]
    fn division_does_not_overflow() {
        let big = c(1e300, 1e300);
        assert_close(big / big, Complex::ONE);
        let q = c(1.0, 1.0) / c(1e-300, 1e-300);
        assert!(close(q, c(1e300, 0.0), 1e-14), "{q:?}");
    }

    #[test]
    fn modulus_and_argument() {
        assert_eq!(c(3.0, 4.0).abs(), 5.0);
        assert_eq!(c(1e300, 1e300).abs(), 1e300 * 2f64.sqrt());
        assert_eq!(Complex::ZERO.arg(), 0.0);
        assert_eq!(c(-1.0, 0.0).arg(), PI);
        assert_eq!(c(-1.0, -0.0).arg(), PI);
        assert_eq!(c(0.0, 2.0).arg(), FRAC_PI_2);
        assert_eq!(c(1.0, -1.0).arg(), -FRAC_PI_4);
        assert_eq!(c(1.0, 2.0).conj(), c(1.0, -2.0));
        assert!(c(1.0, 0.0).is_real() && !c(1.0, 1e-300).is_real());
    }

    #[test]
    fn exp_and_ln() {
        assert_eq!(Complex::real(1.0).exp(), Complex::real(E));
        let z = c(0.0, PI).exp();
        assert!((z.re + 1.0).abs() < 1e-15 && z.im.abs() < 1e-15);
        assert_close(c(1.0, 1.0).exp(), c(1.4686939399158851, 2.2873552871788423));
        assert_eq!(Complex::real(-2.0).ln(), c(LN_2, PI));
        assert_eq!(c(-2.0, -0.0).ln(), c(LN_2, PI));
        assert_close(c(1.0, 1.0).ln(), c(0.34657359027997264, FRAC_PI_4));
        assert_close(c(0.0, -3.0).ln(), c(3f64.ln(), -FRAC_PI_2));
        assert_eq!(Complex::real(E).ln().re, 1.0);
        assert_eq!(Complex::ZERO.ln().re, f64::NEG_INFINITY);
        // Near |z| = 1 the real part keeps its relative precision.
        let l = c(1.0, 1e-10).ln();
        assert!((l.re - 5e-21).abs() < 1e-35, "{l:?}");
        // No overflow for huge moduli.
        let l = c(1e308, 1e308).ln();
        assert!((l.re - (308.0 * 10f64.ln() + 0.5 * LN_2)).abs() < 1e-12);
        for z in [c(0.3, -2.0), c(-5.0, 0.1), c(1e-5, 1e5), c(0.8, 0.6)] {
            assert_close(z.ln().exp(), z);
        }
    }

    #[test]
    fn ln_1p_small_and_large() {
        assert_eq!(Complex::real(1e-20).ln_1p().re, 1e-20);
        let l = c(1e-12, 1e-12).ln_1p();
        assert!(close(l, c(1e-12, 1e-12), 1e-11), "{l:?}");
        assert_close(c(1.0, 1.0).ln_1p(), c(2.0, 1.0).ln());
        assert_eq!(Complex::real(-2.0).ln_1p(), c(0.0, PI));
    }

    #[test]
    fn sqrt_principal() {
        assert_eq!(Complex::real(-1.0).sqrt(), Complex::I);
        assert_eq!(c(-4.0, -0.0).sqrt(), c(0.0, 2.0));
        assert_eq!(Complex::real(4.0).sqrt(), Complex::real(2.0));
        assert_eq!(c(3.0, 4.0).sqrt(), c(2.0, 1.0));
        assert_eq!(c(3.0, -4.0).sqrt(), c(2.0, -1.0));
        assert_eq!(c(-3.0, 4.0).sqrt(), c(1.0, 2.0));
        assert_eq!(c(-3.0, -4.0).sqrt(), c(1.0, -2.0));
        assert_close(c(1.0, 1.0).sqrt(), c(1.09868411346781, 0.45508986056222733));
        let big = c(1e308, -1e308).sqrt();
        assert!(big.is_finite());
        assert_close(big * big / 1e308, c(1.0, -1.0));
        let tiny = c(0.0, 1e-320).sqrt();
        assert!(tiny.is_finite() && tiny.re > 0.0);
        for z in [c(0.3, -2.0), c(-5.0, 0.1), c(-5.0, -0.1), c(1e-5, 1e5)] {
            let s = z.sqrt();
            assert!(s.re >= 0.0);
            assert_close(s * s, z);
        }
    }

    #[test]
    fn powers() {
        assert_eq!(Complex::real(-2.0).powi(3), Complex::real(-8.0));
        assert_eq!(
            Complex::real(-2.0).powc(Complex::real(3.0)),
            Complex::real(-8.0)
        );
        assert_eq!(Complex::real(-1.0).powc(Complex::real(1e20)), Complex::ONE);
        assert_eq!(
            Complex::real(-1.0).powc(Complex::real(-7.0)),
            Complex::real(-1.0)
        );
        assert_eq!(Complex::I.powc(Complex::real(6.0)), Complex::real(-1.0));
        assert_eq!(Complex::I.powi(2), Complex::real(-1.0));
        assert_eq!(Complex::I.powi(4).re, 1.0);
        assert_eq!(Complex::I.powi(-1), c(0.0, -1.0));
        assert_eq!(c(1.0, 1.0).powi(2), c(0.0, 2.0));
        assert_eq!(c(1.0, 1.0).powi(0), Complex::ONE);
        assert_eq!(c(1.0, 1.0).powi(-2), c(0.0, -0.5));
        assert_eq!(c(1.0, 1.0).powi(8), Complex::real(16.0));
        assert_eq!(Complex::real(-1.0).powi(i64::MAX), Complex::real(-1.0));
        assert_eq!(Complex::real(-1.0).powi(i64::MIN), Complex::real(1.0));
        assert!(c(0.5, 0.5).powi(i64::MAX).is_zero());
        let r = Complex::real(-8.0).powc(Complex::real(1.0 / 3.0));
        assert_close(r, c(1.0, 3f64.sqrt()));
        assert_eq!(Complex::ZERO.powc(Complex::ZERO), Complex::ONE);
        assert_eq!(Complex::ZERO.powi(0), Complex::ONE);
        assert_eq!(Complex::ZERO.powc(Complex::real(2.5)), Complex::ZERO);
        assert_eq!(Complex::ZERO.powc(c(1.0, 1.0)), Complex::ZERO);
        assert!(!Complex::ZERO.powc(Complex::real(-0.5)).is_finite());
        assert!(!Complex::ZERO.powc(Complex::real(-2.0)).is_finite());
        assert!(!Complex::ZERO.powc(c(0.0, 1.0)).is_finite());
        assert!(!Complex::ZERO.powc(c(-1.0, 1.0)).is_finite());
        assert_eq!(
            Complex::real(4.0).powc(Complex::real(0.5)),
            Complex::real(2.0)
        );
        assert_eq!(
            Complex::real(4.0).powc(Complex::real(-0.5)),
            Complex::real(0.5)
        );
        assert_eq!(Complex::real(-4.0).powc(Complex::real(0.5)), c(0.0, 2.0));
        assert_eq!(
            Complex::real(2.0).powc(Complex::real(0.3)),
            Complex::real(2f64.powf(0.3))
        );
        // i^i = e^{-π/2}
        assert_close(
            Complex::I.powc(Complex::I),
            Complex::real((-FRAC_PI_2).exp()),
        );
        // (1+i)^(2-i), mpmath
        assert_close(
            c(1.0, 1.0).powc(c(2.0, -1.0)),
            c(1.4900141243594482, 4.12574447016181),
        );
    }

    #[test]
    fn trigonometric_real_matches_std() {
        for x in [-3.0, -1.0, -0.25, 0.0, 0.5, 1.0, 2.0, 10.0] {
            let z = Complex::real(x);
            assert_eq!(z.sin(), Complex::real(f64::sin(x)));
            assert_eq!(z.cos(), Complex::real(f64::cos(x)));
            assert_eq!(z.tan(), Complex::real(f64::tan(x)));
            assert_eq!(z.sinh(), Complex::real(f64::sinh(x)));
            assert_eq!(z.cosh(), Complex::real(f64::cosh(x)));
            assert_eq!(z.tanh(), Complex::real(f64::tanh(x)));
            assert_eq!(z.atan(), Complex::real(f64::atan(x)));
            assert_eq!(z.asinh(), Complex::real(f64::asinh(x)));
        }
        for x in [-1.0, -0.5, 0.0, 0.3, 1.0] {
            let z = Complex::real(x);
            assert_eq!(z.asin(), Complex::real(f64::asin(x)));
            assert_eq!(z.acos(), Complex::real(f64::acos(x)));
        }
        for x in [-0.9, 0.0, 0.5] {
            assert_eq!(Complex::real(x).atanh(), Complex::real(f64::atanh(x)));
        }
        for x in [1.0, 2.0, 100.0] {
            assert_eq!(Complex::real(x).acosh(), Complex::real(f64::acosh(x)));
        }
        assert_eq!(Complex::real(1.0).atan(), Complex::real(FRAC_PI_4));
    }

    /// Reference values from mpmath 1.3 (`mpmath.sin(1+1j)` …) at 1+i.
    #[test]
    fn functions_at_one_plus_i() {
        let z = c(1.0, 1.0);
        assert_close(z.sin(), c(1.2984575814159773, 0.6349639147847361));
        assert_close(z.cos(), c(0.8337300251311491, -0.9888977057628651));
        assert_close(z.tan(), c(0.27175258531951174, 1.0839233273386946));
        assert_close(z.sinh(), c(0.6349639147847361, 1.2984575814159773));
        assert_close(z.cosh(), c(0.8337300251311491, 0.9888977057628651));
        assert_close(z.tanh(), c(1.0839233273386946, 0.27175258531951174));
        assert_close(z.asin(), c(0.6662394324925153, 1.0612750619050357));
        assert_close(z.acos(), c(0.9045568943023814, -1.0612750619050357));
        assert_close(z.atan(), c(1.0172219678978514, 0.4023594781085251));
        assert_close(z.asinh(), c(1.0612750619050357, 0.6662394324925153));
        assert_close(z.acosh(), c(1.0612750619050357, 0.9045568943023813));
        assert_close(z.atanh(), c(0.4023594781085251, 1.0172219678978514));
    }

    /// Reference values from mpmath 1.3 at -2 + 0.5i (second quadrant).
    #[test]
    fn functions_at_minus_two_plus_half_i() {
        let z = c(-2.0, 0.5);
        assert_close(z.sin(), c(-1.0253473885839877, -0.2168521629207897));
        assert_close(z.cos(), c(-0.4692579782290534, 0.473830620416407));
        assert_close(z.tan(), c(0.8508781211449377, 1.3212865837711918));
        assert_close(z.asin(), c(-1.2930420702371828, 1.3618009008578458));
        assert_close(z.acos(), c(2.863838397032079, -1.3618009008578458));
        assert_close(z.atan(), c(-1.1265564408348223, 0.09641562020299617));
        assert_close(z.sinh(), c(-3.182869448337149, 1.8036926955321817));
        assert_close(z.cosh(), c(3.3016373329140944, -1.7388095044743164));
        assert_close(z.tanh(), c(-0.979940849961738, 0.030215987322877575));
        assert_close(z.asinh(), c(-1.4657153519472905, 0.22101863562288385));
        assert_close(z.acosh(), c(1.3618009008578458, 2.863838397032079));
        assert_close(z.atanh(), c(-0.5003700000525311, 1.421546861001807));
    }

    #[test]
    fn branch_cuts() {
        // asin(2) = π/2 - 1.3169579i (SymPy), asin(-2) = -asin(2)
        let a = Complex::real(2.0).asin();
        assert_close(a, c(FRAC_PI_2, -1.3169578969248166));
        assert_close(
            Complex::real(-2.0).asin(),
            c(-FRAC_PI_2, 1.3169578969248166),
        );
        assert_close(Complex::real(2.0).acos(), c(0.0, 1.3169578969248166));
        assert_close(Complex::real(-2.0).acos(), c(PI, -1.3169578969248166));
        assert_close(Complex::real(-2.0).acosh(), c(1.3169578969248166, PI));
        assert_close(Complex::real(0.5).acosh(), c(0.0, PI / 3.0));
        assert_close(Complex::real(-1.0).acosh(), c(0.0, PI));
        assert_close(
            Complex::real(2.0).atanh(),
            c(0.5493061443340549, -FRAC_PI_2),
        );
        assert_close(
            Complex::real(-2.0).atanh(),
            c(-0.5493061443340549, FRAC_PI_2),
        );
        assert_close(c(0.0, 2.0).atan(), c(FRAC_PI_2, 0.5493061443340549));
        assert_close(c(0.0, -2.0).atan(), c(-FRAC_PI_2, -0.5493061443340549));
        assert_close(c(0.0, -2.0).asinh(), c(-1.3169578969248166, -FRAC_PI_2));
        assert_close(Complex::real(-0.5).acosh(), c(0.0, 2.0943951023931957));
        assert_close(c(0.0, 2.0).acosh(), c(1.4436354751788103, FRAC_PI_2));
        assert_close(c(0.0, -2.0).acosh(), c(1.4436354751788103, -FRAC_PI_2));
        assert_close(c(0.0, 2.0).asinh(), c(1.3169578969248166, FRAC_PI_2));
        assert_close(c(0.0, 0.5).atan(), c(0.0, 0.5493061443340549));
        assert_close(c(0.0, 1.0).atanh(), c(0.0, FRAC_PI_4));
    }

    #[test]
    fn poles_are_not_finite() {
        assert!(!Complex::I.atan().is_finite());
        assert!(!c(0.0, -1.0).atan().is_finite());
        assert!(!Complex::ONE.atanh().is_finite());
        assert!(!Complex::real(-1.0).atanh().is_finite());
        assert!(Complex::real(FRAC_PI_2).tan().re.abs() > 1e15);
    }

    #[test]
    fn small_arguments_keep_relative_precision() {
        let z = c(1e-10, 1e-10);
        assert!(close(z.asin(), z, 1e-12), "{:?}", z.asin());
        assert!(close(z.atan(), z, 1e-12), "{:?}", z.atan());
        assert!(close(z.atanh(), z, 1e-12), "{:?}", z.atanh());
        assert!(close(z.asinh(), z, 1e-12), "{:?}", z.asinh());
        // asin(i·y) = i·asinh(y), no cancellation for large y
        let a = c(0.0, 1e8).asin();
        assert!(close(a, c(0.0, 1e8f64.asinh()), 1e-14), "{a:?}");
        let a = c(0.0, -1e8).asin();
        assert!(close(a, c(0.0, -(1e8f64.asinh())), 1e-14), "{a:?}");
        let a = Complex::real(-1e8).acosh();
        assert!(close(a, c(1e8f64.acosh(), PI), 1e-14), "{a:?}");
        let t = c(1e8, 1.0).atanh();
        assert!(close(t, c(1e-8, FRAC_PI_2), 1e-14), "{t:?}");
    }

    #[test]
    fn large_imaginary_parts() {
        let t = c(1.0, 40.0).tan();
        assert_eq!(t.im, 1.0);
        assert!(t.re.abs() < 1e-30);
        assert_eq!(c(1.0, -400.0).tan().im, -1.0);
        assert_eq!(c(400.0, 1.0).tanh().re, 1.0);
        assert!(!c(1.0, 800.0).sin().is_finite());
    }

    #[test]
    fn identities_hold() {
        let pts = [
            c(0.3, 0.7),
            c(-1.2, 0.4),
            c(2.5, -1.5),
            c(-0.1, -3.0),
            c(0.0, 0.9),
            c(4.0, 0.01),
        ];
        for z in pts {
            let one = z.sin() * z.sin() + z.cos() * z.cos();
            assert!(close(one, Complex::ONE, 1e-12), "{z:?}");
            assert!(close(z.tan(), z.sin() / z.cos(), 1e-12), "{z:?}");
            assert!(close(z.tanh(), z.sinh() / z.cosh(), 1e-12), "{z:?}");
            let iz = Complex::I * z;
            assert!(close(z.sinh(), -(Complex::I * iz.sin()), 1e-12), "{z:?}");
            assert!(close(z.sin().asin().sin(), z.sin(), 1e-12), "{z:?}");
            assert!(close(z.cos().acos().cos(), z.cos(), 1e-12), "{z:?}");
            assert!(close(z.tan().atan().tan(), z.tan(), 1e-12), "{z:?}");
            assert!(close(z.sinh().asinh().sinh(), z.sinh(), 1e-12), "{z:?}");
            assert!(close(z.cosh().acosh().cosh(), z.cosh(), 1e-12), "{z:?}");
            assert!(close(z.tanh().atanh().tanh(), z.tanh(), 1e-12), "{z:?}");
            assert!(close(z.asin().sin(), z, 1e-12), "{z:?}");
            assert!(close(z.acos().cos(), z, 1e-12), "{z:?}");
            assert!(close(z.atan().tan(), z, 1e-12), "{z:?}");
            assert!(close(z.asinh().sinh(), z, 1e-12), "{z:?}");
            assert!(close(z.acosh().cosh(), z, 1e-12), "{z:?}");
            assert!(close(z.atanh().tanh(), z, 1e-12), "{z:?}");
            assert!(close(z.asin() + z.acos(), Complex::real(FRAC_PI_2), 1e-12));
            assert!(z.asin().re.abs() <= FRAC_PI_2);
            assert!(z.acosh().re >= 0.0);
        }
    }

    #[test]
    fn nan_propagates_without_panic() {
        let n = c(f64::NAN, 1.0);
        for v in [
            n.exp(),
            n.ln(),
            n.sqrt(),
            n.sin(),
            n.tan(),
            n.asin(),
            n.acosh(),
            n.atanh(),
            n.powi(3),
            n.powc(c(0.5, 0.5)),
        ] {
            assert!(!v.is_finite());
        }
        let inf = c(f64::INFINITY, f64::INFINITY);
        let _ = (
            inf.ln(),
            inf.sqrt(),
            inf.asin(),
            inf.atan(),
            inf.tan(),
            inf / inf,
        );
    }

    #[test]
    fn display() {
        assert_eq!(c(1.0, 2.0).to_string(), "1+2i");
        assert_eq!(c(1.0, -2.0).to_string(), "1-2i");
        assert_eq!(c(1.5, 0.0).to_string(), "1.5");
    }
}
