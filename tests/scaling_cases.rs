//! The inputs of the scaling check (`benches/scaling/cases.rs`) without the
//! timing: every registered function has a case (a new function cannot be
//! forgotten), every case names a registered function, and every case gives
//! its expected outcome at its smallest sizes (the check itself, in release
//! mode, verifies the outcome at every size it measures and compares `n` with
//! `8n`: `cargo bench --bench scaling`).

#[path = "../benches/scaling/cases.rs"]
#[allow(dead_code)]
mod cases;

use cases::{Expect, Growth};
use scorespec::registry;

#[test]
fn every_registered_function_has_a_scaling_case() {
    let all = cases::cases();
    let missing: Vec<&str> = registry::all()
        .iter()
        .map(|f| f.id)
        .filter(|id| !all.iter().any(|c| c.func == *id))
        .collect();
    assert!(
        missing.is_empty(),
        "registry functions without a case in benches/scaling/cases.rs: {missing:?}"
    );
}

#[test]
fn every_case_names_a_registered_function() {
    for c in cases::cases() {
        assert!(
            registry::lookup(c.func).is_some(),
            "{}: not in the registry",
            c.func
        );
        assert!(
            c.max >= 8,
            "{} [{}]: max {} leaves no room for 8n",
            c.func,
            c.shape,
            c.max
        );
        if let Growth::Quadratic(why) = c.growth {
            assert!(
                !why.is_empty(),
                "{} [{}]: a quadratic case says why",
                c.func,
                c.shape
            );
        }
    }
}

#[test]
fn every_case_has_its_expected_outcome() {
    let mut wrong = Vec::new();
    // A case that accepts any outcome has nothing to check here (and may be slow).
    for c in cases::cases()
        .into_iter()
        .filter(|c| c.expect != Expect::Any)
    {
        for k in [1, 2] {
            let args = (c.make)(k);
            let got = registry::call(c.func, &args);
            match (c.expect, &got) {
                (Expect::Ok, Ok(_)) => {}
                (Expect::Err(kind), Err(e)) if e.kind() == kind => {}
                _ => wrong.push(format!(
                    "{} [{}] at k = {k}: expected {:?}, got {:?}",
                    c.func,
                    c.shape,
                    c.expect,
                    got.map(|_| "a result")
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
