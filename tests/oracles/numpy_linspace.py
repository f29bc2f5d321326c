"""Records NumPy's `linspace(a, b, n)` for tests/linspace.rs.

scorespec samples Fredholm solutions at `linspace` points and says the points
are NumPy's (spec/fredholm.md); this recording pins that claim bit for bit.

    scripts/refresh-differential            (with the other recordings)
    target/oracle-venv/bin/python tests/oracles/numpy_linspace.py [--out DIR]

writes DIR/linspace-numpy.json (default conformance/differential/): the
numpy version and, per case, `a`, `b`, `n` and the points (floats printed by
Python's `repr`, which round-trips exactly). numpy is pinned in
tests/oracles/requirements.txt (2.4.6, the last release for Python 3.11).
"""

import argparse
import json
import os

import numpy

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# (a, b, n): the domains and counts the Fredholm scorers use (default domain
# [-1, 1] with 100 points, the structure check's points, the corpus's
# domains), awkward ends where `a + i*step` and `a + (b-a)*i/(n-1)` round
# differently, a decreasing range, a zero-width range, and the small counts.
CASES = [
    (-1.0, 1.0, 100),
    (-1.0, 1.0, 3),
    (-1.0, 1.0, 5),
    (-1.0, 1.0, 50),
    (0.0, 1.0, 100),
    (0.0, 1.0, 5),
    (0.0, 1.0, 3),
    (0.0, 1.0, 1000),
    (0.1, 0.7, 100),
    (-3.7, 12.1, 57),
    (0.001, 7.5, 100),
    (0.0, 3.141592653589793, 100),
    (-2.5, 2.5, 101),
    (1.0, -1.0, 100),
    (5.0, 5.0, 4),
    (2.0, 3.0, 1),
    (2.0, 3.0, 2),
    (0.0, 1.0, 0),
    (-1e6, 1e-6, 33),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(ROOT, "conformance", "differential"))
    a = ap.parse_args()
    cases = [
        {"a": lo, "b": hi, "n": n, "points": [float(x) for x in numpy.linspace(lo, hi, n)]}
        for lo, hi, n in CASES
    ]
    doc = {
        "oracle": "numpy.linspace",
        "version": numpy.__version__,
        "inputs": "tests/oracles/numpy_linspace.py CASES",
        "cases": cases,
    }
    path = os.path.join(a.out, "linspace-numpy.json")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print(f"linspace-numpy.json: {len(cases)} cases (numpy {numpy.__version__})")


if __name__ == "__main__":
    main()
