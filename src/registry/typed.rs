//! Typed arguments: each function's arguments are one struct, declared once
//! with [`spec_args!`]; the declaration gives the struct, the reading of a
//! call's JSON into it, and the parameter table that the registry checks a
//! call against and that `scorespec list` prints. The table cannot drift from
//! the struct: both come from the same lines.
//!
//! A field's JSON type comes from its Rust type ([`FromArg::TYPE`]): `&str`
//! is a string, `bool` a boolean, `f64` a number, [`Tolerance`] a finite
//! number ≥ 0, `Vec<&str>` a string or a list of strings, [`StrOrInts`] a
//! string or a list of integers, [`Object`] an object, [`AnyValue`] and
//! [`ArrayValue`] any value / an array read by the function. Unknown,
//! missing and wrongly typed arguments are refused before a field is read
//! (with the messages of [`CallError`]), so reading cannot fail on them.

use serde_json::{Map, Value};

use super::{Args, Param, ParamType};
use crate::error::CallError;
use crate::expr::api::Format;

/// A Rust type an argument is read into, with the JSON type it accepts.
pub(crate) trait FromArg<'a>: Sized {
    /// The JSON type of the parameter.
    const TYPE: ParamType;
    /// Reads the argument `name` (or its default); `hint` is its usual index
    /// in the parameter table (its place in the declaring struct).
    fn read(a: &Args<'a>, name: &'static str, hint: usize) -> Result<Self, CallError>;
}

impl<'a> FromArg<'a> for &'a str {
    const TYPE: ParamType = ParamType::Str;
    #[inline(always)]
    fn read(a: &Args<'a>, name: &'static str, hint: usize) -> Result<Self, CallError> {
        a.str(name, hint)
    }
}

impl<'a> FromArg<'a> for bool {
    const TYPE: ParamType = ParamType::Bool;
    #[inline(always)]
    fn read(a: &Args<'a>, name: &'static str, hint: usize) -> Result<Self, CallError> {
        a.bool(name, hint)
    }
}

impl<'a> FromArg<'a> for f64 {
    const TYPE: ParamType = ParamType::Number;
    #[inline(always)]
    fn read(a: &Args<'a>, name: &'static str, hint: usize) -> Result<Self, CallError> {
        a.number(name, hint)
    }
}

/// A tolerance: a finite number ≥ 0 (else `invalid_value`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Tolerance(pub f64);

impl<'a> FromArg<'a> for Tolerance {
    const TYPE: ParamType = ParamType::Number;
    #[inline(always)]
    fn read(a: &Args<'a>, name: &'static str, hint: usize) -> Result<Self, CallError> {
        a.tolerance(name, hint).map(Tolerance)
    }
}

/// A tolerance (as [`Tolerance`]) and whether the call gave it: a given
/// `abs_tol` of `math.equal` applies to every pair, the default one near zero
/// only (spec/math.md ME-12).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct GivenTolerance {
    /// The tolerance (the default when not given).
    pub value: f64,
    /// Whether the call named the argument.
    pub given: bool,
}

impl<'a> FromArg<'a> for GivenTolerance {
    const TYPE: ParamType = ParamType::Number;
    #[inline(always)]
    fn read(a: &Args<'a>, name: &'static str, hint: usize) -> Result<Self, CallError> {
        Ok(GivenTolerance {
            value: a.tolerance(name, hint)?,
            given: a.value(name, hint)?.is_some(),
        })
    }
}

impl<'a> FromArg<'a> for Vec<&'a str> {
    const TYPE: ParamType = ParamType::StrOrStrList;
    #[inline(always)]
    fn read(a: &Args<'a>, name: &'static str, hint: usize) -> Result<Self, CallError> {
        a.str_list(name, hint)
    }
}

/// A string or a list of strings, as [`Vec<&str>`] reads it, without a
/// list built for a string alone (`math.grade`'s gold, read on every call).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum StrList<'a> {
    /// A string: a list of one.
    One(&'a str),
    /// A list of strings.
    Many(Vec<&'a str>),
}

impl<'a> StrList<'a> {
    /// The strings.
    pub(crate) fn as_slice(&self) -> &[&'a str] {
        match self {
            StrList::One(s) => std::slice::from_ref(s),
            StrList::Many(v) => v,
        }
    }
}

impl<'a> FromArg<'a> for StrList<'a> {
    const TYPE: ParamType = ParamType::StrOrStrList;
    #[inline(always)]
    fn read(a: &Args<'a>, name: &'static str, hint: usize) -> Result<Self, CallError> {
        match a.value(name, hint)? {
            Some(Value::String(s)) => Ok(StrList::One(s)),
            _ => a.str_list(name, hint).map(StrList::Many),
        }
    }
}

/// A string, or a list of integers.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum StrOrInts<'a> {
    /// A string.
    Str(&'a str),
    /// A list of integers.
    Ints(Vec<i64>),
}

impl<'a> FromArg<'a> for StrOrInts<'a> {
    const TYPE: ParamType = ParamType::StrOrIntList;
    #[inline(always)]
    fn read(a: &Args<'a>, name: &'static str, hint: usize) -> Result<Self, CallError> {
        Ok(match a.str_or_ints(name, hint)? {
            Ok(s) => StrOrInts::Str(s),
            Err(v) => StrOrInts::Ints(v),
        })
    }
}

/// A JSON object (an absent optional one is empty).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Object(pub Map<String, Value>);

impl<'a> FromArg<'a> for Object {
    const TYPE: ParamType = ParamType::Object;
    #[inline(always)]
    fn read(a: &Args<'a>, name: &'static str, hint: usize) -> Result<Self, CallError> {
        a.object(name, hint).map(Object)
    }
}

/// Declares a JSON value read as is (`None` when absent), its items
/// checked by the function, accepting the JSON type `$ty`.
macro_rules! raw_value {
    ($(#[$meta:meta])* $name:ident, $ty:ident) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq)]
        pub(crate) struct $name<'a>(pub Option<&'a Value>);

        impl<'a> FromArg<'a> for $name<'a> {
            const TYPE: ParamType = ParamType::$ty;
            #[inline(always)]
    fn read(a: &Args<'a>, name: &'static str, hint: usize) -> Result<Self, CallError> {
                a.value(name, hint).map($name)
            }
        }
    };
}

raw_value!(
    /// Any JSON value, checked by the function (`None` when absent).
    AnyValue,
    Any
);
raw_value!(
    /// A JSON array, its items checked by the function (`None` when absent).
    ArrayValue,
    Array
);
raw_value!(
    /// A JSON object read by the function (`None` when absent).
    ObjectValue,
    Object
);

/// An optional string (`None` when absent).
impl<'a> FromArg<'a> for Option<&'a str> {
    const TYPE: ParamType = ParamType::Str;
    #[inline(always)]
    fn read(a: &Args<'a>, name: &'static str, hint: usize) -> Result<Self, CallError> {
        Ok(a.value(name, hint)?.and_then(Value::as_str))
    }
}

/// A tolerance: `t` when it is a finite number ≥ 0, else `invalid_value`
/// naming the argument.
pub(crate) fn checked_tolerance(name: &'static str, t: f64) -> Result<f64, CallError> {
    if t.is_finite() && t >= 0.0 {
        Ok(t)
    } else {
        Err(CallError::InvalidValue {
            name,
            reason: format!("a tolerance must be a finite number >= 0, got {t}"),
        })
    }
}

impl<'a> FromArg<'a> for Format {
    const TYPE: ParamType = ParamType::Str;
    #[inline(always)]
    fn read(a: &Args<'a>, name: &'static str, hint: usize) -> Result<Self, CallError> {
        format_named(name, a.str(name, hint)?)
    }
}

/// The format named `text` (argument `name`), or `invalid_value`.
pub(crate) fn format_named(name: &'static str, text: &str) -> Result<Format, CallError> {
    Format::from_name(text).ok_or_else(|| CallError::InvalidValue {
        name,
        reason: format!("unknown format {text:?}; known: latex, infix, rpn"),
    })
}

/// The usual index of each parameter a struct reads, counted from its
/// first one's: its place in the table of the function that declares it
/// (a hint: [`Args`] checks the name there, and searches otherwise).
pub(crate) struct Hints(pub usize);

impl Hints {
    /// The next parameter's index.
    pub(crate) fn next(&mut self) -> usize {
        self.0 += 1;
        self.0 - 1
    }
}

/// `head` followed by `tail` (`M` must be `head.len() + tail.len()`,
/// checked at compile time): the parameter table of a struct with a
/// flattened tail, or of a function taking two argument structs.
pub(crate) const fn concat_params<const M: usize>(head: &[Param], tail: &[Param]) -> [Param; M] {
    assert!(M == head.len() + tail.len() && M > 0);
    let first = if head.is_empty() { tail[0] } else { head[0] };
    let mut out = [first; M];
    let mut i = 0;
    while i < M {
        out[i] = if i < head.len() {
            head[i]
        } else {
            tail[i - head.len()]
        };
        i += 1;
    }
    out
}

/// Declares a function's argument struct and its parameter table:
///
/// ```text
/// spec_args! {
///     /// The arguments of `qa.normalize`.
///     struct NormalizeArgs<'a> {
///         text: &'a str = Required, "the text to normalize";
///         lowercase: bool = Bool(true), "lower-case the text";
///     }
/// }
/// ```
///
/// gives `struct NormalizeArgs<'a> { text: &'a str, lowercase: bool }`,
/// `NormalizeArgs::PARAMS` (name, JSON type from the field's type, default,
/// doc; in declaration order) and `NormalizeArgs::read(&Args)`.
macro_rules! spec_args {
    // One row of a parameter table.
    (@param $lt:lifetime, $field:ident, $ty:ty, $default:ident $( ($value:expr) )?, $doc:expr) => {
        $crate::registry::Param {
            name: stringify!($field),
            ty: <$ty as $crate::registry::typed::FromArg<$lt>>::TYPE,
            default: $crate::registry::Default::$default $( ($value) )?,
            doc: $doc,
        }
    };
    // With a flattened tail: the parameters of `$fty` follow the fields'
    // (one struct's options shared by several functions, e.g. math.equal's).
    (
        $(#[$meta:meta])*
        struct $name:ident<$lt:lifetime> {
            $( $field:ident : $ty:ty = $default:ident $( ($value:expr) )?, $doc:expr; )+
            .. $flat:ident : $fty:ident
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone)]
        #[allow(dead_code)]
        pub(crate) struct $name<$lt> {
            $( pub(crate) $field: $ty, )+
            pub(crate) $flat: $fty<$lt>,
        }

        impl<$lt> $name<$lt> {
            /// The parameter table: the fields', then those of the flattened struct.
            pub(crate) const PARAMS: &'static [$crate::registry::Param] =
                &$crate::registry::typed::concat_params::<
                    { [$(stringify!($field)),+].len() + $fty::<'static>::PARAMS.len() },
                >(
                    &[
                        $( spec_args!(@param $lt, $field, $ty, $default $( ($value) )?, $doc), )+
                    ],
                    $fty::<'static>::PARAMS,
                );

            /// Reads a checked call's arguments (defaults filled in): the
            /// fields from index 0 of the table, the flattened struct's after.
            pub(crate) fn read(
                a: &$crate::registry::Args<$lt>,
            ) -> Result<Self, $crate::error::CallError> {
                let mut at = $crate::registry::typed::Hints(0);
                Ok($name {
                    $( $field: <$ty as $crate::registry::typed::FromArg<$lt>>::read(a, stringify!($field), at.next())?, )+
                    $flat: $fty::read_from(a, at.next())?,
                })
            }
        }
    };
    (
        $(#[$meta:meta])*
        struct $name:ident<$lt:lifetime> {
            $( $field:ident : $ty:ty = $default:ident $( ($value:expr) )?, $doc:expr; )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone)]
        #[allow(dead_code)]
        pub(crate) struct $name<$lt> {
            $( pub(crate) $field: $ty, )+
            _borrows: ::std::marker::PhantomData<&$lt ()>,
        }

        impl<$lt> $name<$lt> {
            /// The parameter table, in declaration order.
            pub(crate) const PARAMS: &'static [$crate::registry::Param] = &[
                $( spec_args!(@param $lt, $field, $ty, $default $( ($value) )?, $doc), )+
            ];

            /// Reads a checked call's arguments (defaults filled in).
            #[allow(dead_code)]
            pub(crate) fn read(
                a: &$crate::registry::Args<$lt>,
            ) -> Result<Self, $crate::error::CallError> {
                Self::read_from(a, 0)
            }

            /// [`Self::read`], the struct's parameters usually from index
            /// `base` of the table on (a flattened struct's place).
            #[allow(dead_code)]
            pub(crate) fn read_from(
                a: &$crate::registry::Args<$lt>,
                base: usize,
            ) -> Result<Self, $crate::error::CallError> {
                let mut at = $crate::registry::typed::Hints(base);
                Ok($name {
                    $( $field: <$ty as $crate::registry::typed::FromArg<$lt>>::read(a, stringify!($field), at.next())?, )+
                    _borrows: ::std::marker::PhantomData,
                })
            }
        }
    };
}
