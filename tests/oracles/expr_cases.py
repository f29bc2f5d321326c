"""Deterministic inputs for the expression engine's differential recordings.

``infix_pairs(n)``    pairs (a, b) of SymPy-parseable infix strings, the way
                      LLMs write answers: about half equivalent rewrites, half
                      near misses, ~10% pure numbers, ~5% with ``oo``.
``latex_strings(n)``  LaTeX answer strings (symbols x, y, r, t; constants
                      pi, e) of depth <= 4, evaluable at real points in
                      (0.2, 2.2).

Everything comes from ``random.Random`` with a fixed seed (no clock, no
hash-order dependence), so two runs give the same cases. The ``*_labeled``
variants also give a short label of how each case was made (the recordings
use it in the case id, to help sort disagreements).
"""
import math
import random
from fractions import Fraction

INFIX_SEED = 20261201
LATEX_SEED = 20261202

# The infix pairs use x, y, t, a, b; the LaTeX strings x, y, r, t.
INFIX_VARS = ["x", "x", "x", "x", "x", "t", "y", "a", "b"]
LATEX_VARS = ["x", "x", "x", "x", "y", "r", "t"]

# Points used to keep generated expressions real and finite (the oracles
# evaluate at the same or nearby points).
INFIX_POINTS = [
    {"x": 0.7, "y": 1.3, "t": 0.9, "a": 1.1, "b": 0.6},
    {"x": 1.9, "y": 0.4, "t": 0.3, "a": 1.7, "b": 2.1},
    {"x": 1.2, "y": 2.1, "t": 1.6, "a": 0.5, "b": 1.4},
]
LATEX_POINTS = [
    {"x": 0.7, "y": 1.3, "r": 0.9, "t": 1.1},
    {"x": 1.9, "y": 0.4, "r": 1.7, "t": 0.3},
    {"x": 1.2, "y": 2.1, "r": 0.5, "t": 1.6},
]


# ====================================================================== AST
#
# ("int", n)  ("dec", "0.25")  ("sym", "x")  ("const", "pi"|"e")
# ("add", [(sign, node), ...])  ("mul", [node, ...])  ("div", num, den)
# ("pow", base, exponent)  ("neg", node)  ("fn", name, arg)  ("logb", base, arg)
# fn names: sin cos tan exp ln log10 sqrt cbrt abs atan

PREC = {"add": 1, "neg": 2, "mul": 3, "div": 3, "pow": 5}


def prec(n):
    if n[0] == "int" and n[1] < 0:
        return 2
    return PREC.get(n[0], 9)


def I(n):
    return ("int", n)


def S(name):
    return ("sym", name)


def add(*terms):
    return ("add", [t if isinstance(t, tuple) and t and t[0] in "+-" and len(t) == 2 and isinstance(t[1], tuple)
                    else ("+", t) for t in terms])


def mul(*fs):
    return ("mul", list(fs))


def div(a, b):
    return ("div", a, b)


def pw(a, b):
    return ("pow", a, b if isinstance(b, tuple) else I(b))


def fn(name, arg):
    return ("fn", name, arg)


def evaluate(n, env):
    """Float value of a node (raises on domain errors / overflow)."""
    k = n[0]
    if k == "int":
        return float(n[1])
    if k == "dec":
        return float(n[1])
    if k == "sym":
        return env[n[1]]
    if k == "const":
        return math.pi if n[1] == "pi" else math.e
    if k == "add":
        s = 0.0
        for sign, t in n[1]:
            v = evaluate(t, env)
            s = s + v if sign == "+" else s - v
        return s
    if k == "mul":
        p = 1.0
        for f in n[1]:
            p *= evaluate(f, env)
        return p
    if k == "div":
        d = evaluate(n[2], env)
        if abs(d) < 1e-6:
            raise ZeroDivisionError
        return evaluate(n[1], env) / d
    if k == "pow":
        b, e = evaluate(n[1], env), evaluate(n[2], env)
        if b < 0 and e != int(e):
            raise ValueError("complex power")
        if b == 0 and e < 0:
            raise ZeroDivisionError
        return b ** e
    if k == "neg":
        return -evaluate(n[1], env)
    if k == "fn":
        v = evaluate(n[2], env)
        name = n[1]
        if name in ("ln", "log10") and v <= 0:
            raise ValueError("log")
        if name == "sqrt" and v < 0:
            raise ValueError("sqrt")
        if name == "cbrt" and v < 0:
            raise ValueError("cbrt")
        if name == "tan" and abs(math.cos(v)) < 0.05:
            raise ValueError("tan pole")
        return {
            "sin": math.sin, "cos": math.cos, "tan": math.tan, "exp": math.exp, "ln": math.log,
            "log10": math.log10, "sqrt": math.sqrt, "cbrt": lambda u: u ** (1 / 3), "abs": abs,
            "atan": math.atan,
        }[name](v)
    if k == "logb":
        b, v = evaluate(n[1], env), evaluate(n[2], env)
        if b <= 0 or b == 1 or v <= 0:
            raise ValueError("log")
        return math.log(v) / math.log(b)
    raise ValueError(k)


def well_defined(n, points, bound=1e6):
    try:
        for p in points:
            v = evaluate(n, p)
            if not (math.isfinite(v) and abs(v) < bound):
                return False
        return True
    except (ValueError, ZeroDivisionError, OverflowError, KeyError):
        return False


# ------------------------------------------------------------ infix printer

class Infix:
    """Prints a node as an infix string; style choices come from ``rng``."""

    def __init__(self, rng, implicit=0.08, spaced=0.85):
        self.rng = rng
        self.implicit = implicit
        self.sp = rng.random() < spaced  # one spacing style per expression

    def op(self, o):
        return f" {o} " if self.sp else o

    def wrap(self, n, min_prec):
        s = self.p(n)
        return f"({s})" if prec(n) < min_prec else s

    def p(self, n):
        k = n[0]
        r = self.rng
        if k == "int":
            return str(n[1])
        if k == "dec":
            return n[1]
        if k == "sym":
            return n[1]
        if k == "const":
            if n[1] == "pi":
                return "pi"
            return "E" if r.random() < 0.8 else "exp(1)"
        if k == "add":
            out = ""
            for i, (sign, t) in enumerate(n[1]):
                if i and (t[0] == "neg" or (t[0] == "int" and t[1] < 0)):
                    sign = "-" if sign == "+" else "+"
                    t = t[1] if t[0] == "neg" else I(-t[1])
                s = self.wrap(t, 2 if sign == "-" else 1)
                if prec(t) == 2 and i > 0:  # a negative term: parenthesise
                    s = f"({s})"
                if i == 0:
                    out = ("-" + self.wrap(t, 3) if sign == "-" else s)
                else:
                    out += self.op(sign) + s
            return out
        if k == "mul":
            parts = []
            for i, f in enumerate(n[1]):
                s = self.wrap(f, 3) if i == 0 else self.wrap(f, 4)
                if i and f[0] == "int" and f[1] < 0:
                    s = f"({s})"
                parts.append(s)
            out = parts[0]
            for i in range(1, len(parts)):
                prev, cur = n[1][i - 1], n[1][i]
                if (prev[0] == "int" and i == 1 and cur[0] in ("sym", "fn", "pow") and r.random() < self.implicit
                        and not parts[i][0].isdigit() and prev[1] >= 0):
                    out += parts[i]
                else:
                    out += ("*" if r.random() < 0.9 or not self.sp else " * ") + parts[i]
            return out
        if k == "div":
            a = self.wrap(n[1], 3)
            b = self.wrap(n[2], 4)
            return f"{a}/{b}"
        if k == "pow":
            base = n[1]
            if base == ("const", "e"):
                e = self.p(n[2])
                if r.random() < 0.8:
                    return f"exp({e})"
                return f"E**({e})" if prec(n[2]) < 9 else f"E**{e}"
            b = self.wrap(base, 9)
            if base[0] == "int" and base[1] < 0:
                b = f"({b})"
            e = self.p(n[2])
            if prec(n[2]) < 9 or (n[2][0] == "int" and n[2][1] < 0):
                e = f"({e})"
            return f"{b}**{e}"
        if k == "neg":
            return "-" + self.wrap(n[1], 3)
        if k == "fn":
            name = n[1]
            a = self.p(n[2])
            if name == "ln":
                return f"log({a})"
            if name == "log10":
                return f"log({a}, 10)"
            if name == "cbrt":
                inner = self.wrap(n[2], 9)
                return f"{inner}**(1/3)"
            if name == "sqrt" and r.random() < 0.1:
                return f"{self.wrap(n[2], 9)}**(1/2)"
            if name == "abs":
                return f"Abs({a})" if r.random() < 0.5 else f"abs({a})"
            return f"{name}({a})"
        if k == "logb":
            return f"log({self.p(n[2])}, {self.p(n[1])})"
        raise ValueError(k)


def infix(n, rng, **kw):
    return Infix(rng, **kw).p(n)


# ------------------------------------------------------------ LaTeX printer

class Latex:
    """Prints a node as LaTeX in one of the many ways people write it."""

    def __init__(self, rng):
        self.rng = rng
        r = rng.random
        self.left_right = r() < 0.3          # \left( \right)
        self.frac = rng.choice(["\\frac"] * 6 + ["\\dfrac", "\\tfrac"])
        self.times = rng.choice([""] * 6 + ["\\cdot"] * 3 + ["\\times", "\\,"])
        self.spaced = r() < 0.5
        self.brace_exp = r() < 0.5           # x^{2} rather than x^2
        self.bare_fn = r() < 0.5             # \sin x rather than \sin(x)
        self.thin = r() < 0.15               # \, between factors

    def paren(self, s):
        if self.left_right:
            return f"\\left({s}\\right)"
        return f"({s})"

    def wrap(self, n, min_prec):
        s = self.p(n)
        return self.paren(s) if prec(n) < min_prec else s

    def sup(self, s, simple):
        if simple and len(s) == 1 and not self.brace_exp:
            return "^" + s
        return "^{" + s + "}"

    def op(self, o):
        return f" {o} " if self.spaced else o

    def p(self, n):
        k = n[0]
        r = self.rng
        if k == "int":
            return str(n[1])
        if k == "dec":
            return n[1]
        if k == "sym":
            return n[1]
        if k == "const":
            if n[1] == "pi":
                return "\\pi"
            return "e" if r.random() < 0.97 else "\\mathrm{e}"
        if k == "add":
            out = ""
            for i, (sign, t) in enumerate(n[1]):
                s = self.wrap(t, 2)
                if i and prec(t) == 2:
                    s = self.paren(s)
                if i == 0:
                    out = "-" + self.wrap(t, 3) if sign == "-" else s
                else:
                    out += self.op(sign) + s
            return out
        if k == "mul":
            return self.mul(n[1])
        if k == "div":
            num, den = n[1], n[2]
            if r.random() < 0.06 and prec(num) >= 9 and prec(den) >= 9:
                return f"{self.p(num)}/{self.p(den)}"
            f = self.frac
            if f == "\\frac" and num[0] == "int" and den[0] == "int" and 0 <= num[1] < 10 and 0 < den[1] < 10 \
                    and r.random() < 0.15:
                return f"\\frac{num[1]}{den[1]}"
            return f"{f}{{{self.p(num)}}}{{{self.p(den)}}}"
        if k == "pow":
            base, e = n[1], n[2]
            es = self.p(e)
            simple = e[0] in ("int", "sym") and len(es) == 1
            if base == ("const", "e"):
                if r.random() < 0.15:
                    return f"\\exp{self.paren(es)}"
                return "e" + self.sup(es, simple)
            if base[0] == "fn" and base[1] in ("sin", "cos", "tan") and e[0] == "int" and e[1] > 0:
                # \sin^2 x
                arg = self.fn_arg(base[2], force_paren=False)
                return f"\\{base[1]}" + self.sup(es, True) + arg
            if base[0] == "fn" and base[1] in ("sqrt", "abs") or base[0] in ("sym", "const") or \
                    (base[0] == "int" and base[1] >= 0):
                b = self.p(base)
            else:
                b = self.paren(self.p(base))
            return b + self.sup(es, simple)
        if k == "neg":
            return "-" + self.wrap(n[1], 3)
        if k == "fn":
            name, a = n[1], n[2]
            if name == "sqrt":
                return f"\\sqrt{{{self.p(a)}}}"
            if name == "cbrt":
                return f"\\sqrt[3]{{{self.p(a)}}}"
            if name == "abs":
                s = self.p(a)
                return f"\\left|{s}\\right|" if self.left_right else f"|{s}|"
            if name == "exp":
                if r.random() < 0.7:
                    es = self.p(a)
                    return "e" + self.sup(es, a[0] in ("int", "sym") and len(es) == 1)
                return "\\exp" + self.paren(self.p(a))
            cmd = {"ln": "\\ln", "log10": "\\log", "atan": "\\arctan"}.get(name, "\\" + name)
            return cmd + self.fn_arg(a)
        if k == "logb":
            b = self.p(n[1])
            sub = f"_{b}" if len(b) == 1 and r.random() < 0.5 else f"_{{{b}}}"
            return "\\log" + sub + self.fn_arg(n[2])
        raise ValueError(k)

    def fn_arg(self, a, force_paren=None):
        """The argument of \\sin, \\ln, ...: bare when it is simple enough."""
        s = self.p(a)
        simple = a[0] in ("sym", "int") or (a[0] == "mul" and len(a[1]) == 2 and a[1][0][0] == "int"
                                             and a[1][1][0] == "sym" and a[1][0][1] > 0)
        if a[0] == "div" and not s.startswith("\\frac{\\") and self.rng.random() < 0.3:
            return s if s.startswith("\\") else " " + s  # \sin\frac{\pi}{6}
        if simple and self.bare_fn and force_paren is not True:
            return " " + s if not s.startswith("\\") else s
        if self.rng.random() < 0.1:
            return "{" + s + "}"
        return self.paren(s)

    def mul(self, factors):
        r = self.rng
        parts = []
        for i, f in enumerate(factors):
            s = self.p(f)
            if prec(f) < 3 or (i > 0 and prec(f) < 4) or (f[0] == "int" and f[1] < 0):
                s = self.paren(s)
            elif f[0] == "fn" and f[1] not in ("sqrt", "cbrt", "abs", "exp") and i < len(factors) - 1 \
                    and not s.endswith(")") and not s.endswith("}"):
                # a bare-argument function followed by more factors: \sin x\cdot y
                s = s + " \\cdot"
            parts.append(s)
        out = parts[0]
        for i in range(1, len(parts)):
            prev_s, cur = out, parts[i]
            sep = self.times
            need = prev_s.endswith("\\cdot")
            if need:
                out += " " + cur
                continue
            if sep == "" or sep == "\\,":
                # juxtaposition is unsafe when digits would run together or a
                # letter would extend a command name
                if cur[0].isdigit() or cur[0] == "." or (prev_s[-1].isalpha() and prev_s.rstrip().endswith(
                        tuple("\\" + c for c in ("pi", "sin", "cos", "tan", "ln", "log", "exp")))) or \
                        cur.startswith("-"):
                    sep = "\\cdot"
            if sep == "":
                out += (" " if (self.thin or prev_s[-1].isalpha() and cur[0].isalpha() and r.random() < 0.3)
                        else "") + cur
            elif sep == "\\,":
                out += "\\," + cur
            else:
                out += f" {sep} " + cur
        return out


def latex(n, rng):
    return Latex(rng).p(n)


# ====================================================== random expressions

class Trees:
    """Random expression trees that stay real on the sampling points."""

    def __init__(self, rng, variables, points):
        self.rng = rng
        self.vars = variables
        self.points = points

    def var(self):
        return S(self.rng.choice(self.vars))

    def small_int(self, lo=1, hi=9):
        return I(self.rng.randint(lo, hi))

    def coef(self):
        r = self.rng.random()
        if r < 0.7:
            return I(self.rng.randint(2, 9))
        if r < 0.85:
            return div(I(self.rng.randint(1, 7)), I(self.rng.choice([2, 3, 4, 5, 6])))
        return ("dec", self.rng.choice(["0.5", "1.5", "2.5", "0.25", "0.1", "3.2", "0.75"]))

    def pos(self, depth):
        """An expression positive on (0.2, 2.2)."""
        r = self.rng.random()
        if depth <= 0 or r < 0.25:
            return self.var() if self.rng.random() < 0.8 else self.small_int()
        choice = self.rng.choice(["shift", "shift", "scale", "square", "exp", "sqrt", "prod", "quot", "pow"])
        if choice == "shift":
            return add(self.pos(depth - 1), self.small_int())
        if choice == "scale":
            return mul(self.small_int(2, 6), self.pos(depth - 1))
        if choice == "square":
            return add(pw(self.any(depth - 1), 2), self.small_int())
        if choice == "exp":
            return fn("exp", self.any(depth - 1))
        if choice == "sqrt":
            return fn("sqrt", self.pos(depth - 1))
        if choice == "prod":
            return mul(self.pos(depth - 1), self.pos(depth - 1))
        if choice == "quot":
            return div(self.pos(depth - 1), self.pos(depth - 1))
        return pw(self.pos(depth - 1), self.rng.choice([2, 2, 3]))

    def any(self, depth):
        r = self.rng
        if depth <= 0 or r.random() < 0.15:
            v = r.random()
            if v < 0.7:
                return self.var()
            if v < 0.9:
                return self.small_int()
            return ("const", r.choice(["pi", "e"]))
        c = r.choice(["add", "add", "sub", "mul", "mul", "div", "pow", "sin", "cos", "exp", "ln", "sqrt",
                      "poly", "neg", "cbrt", "tan", "abs", "atan", "log10"])
        d = depth - 1
        if c == "add":
            return add(self.any(d), self.any(d))
        if c == "sub":
            return add(self.any(d), ("-", self.any(d)))
        if c == "mul":
            return mul(self.coef() if r.random() < 0.5 else self.any(d), self.any(d))
        if c == "div":
            return div(self.any(d), self.pos(d))
        if c == "pow":
            return pw(self.any(d) if r.random() < 0.5 else self.var(), r.choice([2, 2, 3, 3, 4, -1, -2]))
        if c in ("sin", "cos", "exp", "atan"):
            return fn(c, self.any(d))
        if c == "tan":
            return fn("tan", div(self.var(), I(r.choice([2, 3, 4]))))
        if c in ("ln", "sqrt", "cbrt", "log10"):
            return fn(c, self.pos(d))
        if c == "abs":
            return fn("abs", add(self.var(), ("-", self.small_int(1, 2))))
        if c == "neg":
            return ("neg", self.any(d))
        # a polynomial in one variable
        v = self.var()
        terms = []
        for p in range(r.randint(1, 3), -1, -1):
            if r.random() < 0.7:
                c0 = r.randint(1, 7)
                mono = v if p == 1 else (I(c0) if p == 0 else pw(v, p))
                term = mono if (p == 0 or c0 == 1) else mul(I(c0), mono)
                terms.append((r.choice("+-") if terms else "+", term))
        return ("add", terms) if terms else v

    def defined(self, depth, tries=50, positive=False):
        for _ in range(tries):
            n = self.pos(depth) if positive else self.any(depth)
            if well_defined(n, self.points):
                return n
        return self.var()


# ============================================================ polynomials

def poly_mul(p, q):
    out = {}
    for i, a in p.items():
        for j, b in q.items():
            out[i + j] = out.get(i + j, 0) + a * b
    return {k: v for k, v in out.items() if v != 0}


def fmt_coef_mono(c, mono, first, rng, implicit=False):
    """'+ 3*x**2'-style term; c a Fraction (non-zero)."""
    sign = "-" if c < 0 else "+"
    a = abs(c)
    if mono == "":
        body = str(a.numerator) if a.denominator == 1 else f"{a.numerator}/{a.denominator}"
    elif a == 1:
        body = mono
    elif a.denominator == 1:
        body = f"{a.numerator}{mono}" if implicit else f"{a.numerator}*{mono}"
    else:
        body = rng.choice([f"{a.numerator}*{mono}/{a.denominator}", f"({a.numerator}/{a.denominator})*{mono}"])
    if first:
        return ("-" if sign == "-" else "") + body
    return f" {sign} {body}"


def fmt_poly(p, v, rng, ascending=False, implicit=False):
    keys = sorted(p, reverse=not ascending)
    out = ""
    for i, k in enumerate(keys):
        mono = "" if k == 0 else (v if k == 1 else f"{v}**{k}")
        out += fmt_coef_mono(Fraction(p[k]), mono, i == 0, rng, implicit)
    return out or "0"


def fmt_linear(v, r):
    """'x + 3' / 'x - 2' / '2*x - 1' for the factor (v - root)."""
    if r == 0:
        return v
    return f"{v} - {r}" if r > 0 else f"{v} + {-r}"


# ========================================================== infix pairs

def _u(g, simple=False):
    """A small inner expression for identities: x, 2*x, x + y, t/2, ..."""
    r = g.rng
    v = r.choice(INFIX_VARS)
    opts = [v, v, v, f"2*{v}", f"{v}/2", f"3*{v}"]
    if not simple:
        w = r.choice([s for s in ["x", "y", "t", "a", "b"] if s != v])
        opts += [f"{v} + {w}", f"{v}*{w}", f"{v} + 1", f"{v}**2"]
    return r.choice(opts)


def _p(s):
    """Parenthesise a compound infix string."""
    return s if all(c.isalnum() or c == "_" for c in s) else f"({s})"


def _psum(s):
    """Parenthesise ``s`` when it has a top-level + or - (for -s, pi - s)."""
    depth = 0
    for i, c in enumerate(s):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c in "+-" and depth == 0 and i > 0 and s[i - 1] not in "*/(":
            return f"({s})"
    return s


class InfixGen:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.trees = Trees(self.rng, ["x", "x", "x", "y", "t", "a", "b"], INFIX_POINTS)

    def var(self):
        return self.rng.choice(INFIX_VARS)

    # ---- equivalent rewrites: each returns (label, a, b)

    def poly_expand(self):
        r = self.rng
        v = self.var()
        k = r.choice([1, 1, 1, 2, 3, -1, -2])
        roots = [r.choice([-4, -3, -2, -1, 1, 2, 3, 4, 5]) for _ in range(r.choice([2, 2, 2, 3]))]
        p = {0: Fraction(k)}
        for root in roots:
            p = poly_mul(p, {1: Fraction(1), 0: Fraction(-root)})
        factors = "*".join(f"({fmt_linear(v, root)})" for root in roots)
        fac = factors if k == 1 else (f"-{factors}" if k == -1 else f"{k}*{factors}")
        return "poly_expand", fac, fmt_poly(p, v, r, ascending=r.random() < 0.15, implicit=r.random() < 0.1)

    def binomial(self):
        r = self.rng
        v = self.var()
        n = r.choice([2, 2, 2, 3, 3, 4])
        c = r.choice([1, 1, 2, 3, -1, -2, -3])
        m = r.choice([1, 1, 1, 2, 3])
        lin = {1: Fraction(m), 0: Fraction(c)}
        p = {0: Fraction(1)}
        for _ in range(n):
            p = poly_mul(p, lin)
        base = f"{v} + {c}" if c > 0 else f"{v} - {-c}"
        if m != 1:
            base = f"{m}*{base}"
        return "binomial", f"({base})**{n}", fmt_poly(p, v, r)

    def binomial2(self):
        r = self.rng
        v, w = r.sample(["x", "y", "a", "b", "t"], 2)
        n = r.choice([2, 2, 3])
        s = r.choice(["+", "-"])
        sg = 1 if s == "+" else -1
        terms = []
        for i in range(n + 1):
            c = math.comb(n, i) * (sg ** i)
            mono = "*".join(([f"{v}**{n - i}" if n - i > 1 else v] if n - i else []) +
                            ([f"{w}**{i}" if i > 1 else w] if i else []))
            terms.append((c, mono))
        r.shuffle(terms) if r.random() < 0.3 else None
        out = ""
        for j, (c, mono) in enumerate(terms):
            out += fmt_coef_mono(Fraction(c), mono, j == 0, r)
        return "binomial2", f"({v} {s} {w})**{n}", out

    def pythagorean(self):
        r = self.rng
        u = _u(self)
        k = r.choice([1, 1, 1, 2, 3, 5])
        kind = r.randrange(4)
        if kind == 0:
            kk = "" if k == 1 else f"{k}*"
            return "pythagorean", f"{kk}sin({u})**2 + {kk}cos({u})**2", str(k)
        if kind == 1:
            return "pythagorean", f"1 - sin({u})**2", f"cos({u})**2"
        if kind == 2:
            return "pythagorean", f"cos({u})**2 + sin({u})**2 + {k}", str(k + 1)
        return "pythagorean", f"(sin({u}) + cos({u}))**2", f"1 + 2*sin({u})*cos({u})"

    def exp_rules(self):
        r = self.rng
        u, w = _u(self, True), _u(self, True)
        while w == u:
            w = _u(self, True)
        kind = r.randrange(7)
        if kind == 0:
            return "exp_product", f"exp({u})*exp({w})", f"exp({u} + {w})"
        if kind == 1:
            return "exp_quotient", f"exp({u})/exp({w})", f"exp({u} - {_psum(w)})"
        if kind == 2:
            return "exp_power", f"exp({u})**2", f"exp(2*{_p(u)})"
        if kind == 3:
            return "exp_E", f"E**{_p(u)}", f"exp({u})"
        if kind == 4:
            return "exp_neg", f"exp(-{_psum(u)})", f"1/exp({u})"
        if kind == 5:
            v = self.var()
            return "exp_log", f"exp(log({v}))", v
        v = self.var()
        k = r.choice([2, 3])
        return "exp_log", f"exp({k}*log({v}))", f"{v}**{k}"

    def log_rules(self):
        # Valid for positive symbols; SymPy without assumptions disagrees.
        r = self.rng
        v, w = r.sample(["x", "y", "t", "a", "b"], 2)
        kind = r.randrange(7)
        if kind == 0:
            return "log_product", f"log({v}*{w})", f"log({v}) + log({w})"
        if kind == 1:
            k = r.choice([2, 3, 4])
            return "log_power", f"log({v}**{k})", f"{k}*log({v})"
        if kind == 2:
            return "log_quotient", f"log({v}/{w})", f"log({v}) - log({w})"
        if kind == 3:
            return "log_exp", f"log(exp({v}))", v
        if kind == 4:
            return "log_sqrt", f"log(sqrt({v}))", f"log({v})/2"
        if kind == 5:
            k = r.choice([2, 3, 5, 10])
            return "log_E", f"log(E**{k})", str(k)
        c = r.choice([2, 3, 5])
        return "log_const", f"log({c}*{v})", f"log({v}) + log({c})"

    def fractions(self):
        r = self.rng
        v = self.var()
        p, q = r.sample([1, 2, 3, 4, 5], 2)
        kind = r.randrange(7)
        if kind == 0:
            return "frac_sum", f"1/({v} + {p}) + 1/({v} + {q})", f"(2*{v} + {p + q})/(({v} + {p})*({v} + {q}))"
        if kind == 1:
            return "frac_cancel", f"({v}**2 - {p * p})/({v} + {p})", f"{v} - {p}"
        if kind == 2:
            return "frac_cancel", f"({v}**2 + {2 * p}*{v} + {p * p})/({v} + {p})", f"{v} + {p}"
        if kind == 3:
            return "frac_split", f"{v}/({v} + {p})", f"1 - {p}/({v} + {p})"
        if kind == 4:
            return "frac_nested", f"({v}/{p})/({q}/{p + q})", f"{p + q}*{v}/{p * q}"
        if kind == 5:
            return "frac_recip", f"1/(1/{v})", v
        return "frac_split", f"({v} + {p})/{v}", f"1 + {p}/{v}"

    def trig(self):
        r = self.rng
        u = _u(self, True)
        w = _u(self, True)
        while w == u:
            w = _u(self, True)
        kind = r.randrange(10)
        if kind == 0:
            return "trig_double", f"sin(2*{_p(u)})", f"2*sin({u})*cos({u})"
        if kind == 1:
            return "trig_double", f"cos(2*{_p(u)})", r.choice(
                [f"cos({u})**2 - sin({u})**2", f"1 - 2*sin({u})**2", f"2*cos({u})**2 - 1"])
        if kind == 2:
            return "trig_sum", f"sin({u} + {w})", f"sin({u})*cos({w}) + cos({u})*sin({w})"
        if kind == 3:
            return "trig_sum", f"cos({u} - {_psum(w)})", f"cos({u})*cos({w}) + sin({u})*sin({w})"
        if kind == 4:
            v = self.var()
            return "trig_tan", f"tan({v}/2)", f"sin({v}/2)/cos({v}/2)"
        if kind == 5:
            return "trig_shift", f"sin(pi - {_psum(u)})", f"sin({u})"
        if kind == 6:
            return "trig_shift", f"cos(pi/2 - {_psum(u)})", f"sin({u})"
        if kind == 7:
            return "trig_parity", f"sin(-{_psum(u)})", f"-sin({u})"
        if kind == 8:
            return "trig_parity", f"cos(-{_psum(u)})", f"cos({u})"
        return "trig_half", f"sin({u})**2", f"(1 - cos(2*{_p(u)}))/2"

    def commuted(self):
        r = self.rng
        terms = [self.trees.defined(r.choice([0, 1, 1, 2])) for _ in range(r.randint(2, 4))]
        signs = ["+"] + [r.choice("+-") for _ in terms[1:]]
        a = ("add", list(zip(signs, terms)))
        pairs = list(zip(signs, terms))
        r.shuffle(pairs)
        if pairs[0][0] == "-" and r.random() < 0.5:
            pairs = pairs[1:] + pairs[:1]
        b_terms = []
        for s, t in pairs:
            if t[0] == "mul" and r.random() < 0.7:
                fs = list(t[1])
                r.shuffle(fs)
                t = ("mul", fs)
            b_terms.append((s, t))
        return "commuted", infix(a, r), infix(("add", b_terms), r)

    def radicals(self):
        r = self.rng
        v = self.var()
        kind = r.randrange(7)
        if kind == 0:
            return "sqrt_square", f"sqrt({v})*sqrt({v})", v
        if kind == 1:
            return "sqrt_pow", f"{v}**(1/2)", f"sqrt({v})"
        if kind == 2:
            k = r.choice([4, 9, 16, 25])
            return "sqrt_factor", f"sqrt({k}*{v})", f"{int(math.isqrt(k))}*sqrt({v})"
        if kind == 3:
            return "sqrt_abs", f"sqrt({v}**2)", v  # |v| in general: SymPy says no
        if kind == 4:
            return "sqrt_float_pow", f"{v}**0.5", f"sqrt({v})"
        if kind == 5:
            return "sqrt_quotient", f"sqrt({v})/{v}", f"1/sqrt({v})"
        return "sqrt_pow", f"{v}**(3/2)", f"{v}*sqrt({v})"

    def decimals(self):
        r = self.rng
        v = self.var()
        kind = r.randrange(6)
        if kind == 0:
            return "decimal", f"0.5*{v}", f"{v}/2"
        if kind == 1:
            return "decimal", f"0.25*{v}**2", f"{v}**2/4"
        if kind == 2:
            return "decimal", f"1.5*{v} + 0.5", f"(3*{v} + 1)/2"
        if kind == 3:
            return "decimal", f"0.1*{v} + 0.2*{v}", f"0.3*{v}"
        if kind == 4:
            return "decimal", f"{v}/4 + {v}/4", f"0.5*{v}"
        return "decimal", f"2.5*{v}**2 - 0.75", f"(10*{v}**2 - 3)/4"

    def distribute(self):
        r = self.rng
        v, w = r.sample(["x", "y", "t", "a", "b"], 2)
        k = r.choice([2, 3, 4, 5, -2, -3])
        kind = r.randrange(4)
        if kind == 0:
            return "distribute", f"{k}*({v} + {w})", f"{k}*{v} + {k}*{w}" if k > 0 else f"{k}*{v} - {-k}*{w}"
        if kind == 1:
            return "distribute", f"{v}*({v} + 1)", f"{v}**2 + {v}"
        if kind == 2:
            p, q = r.randint(1, 4), r.randint(1, 4)
            return "distribute", f"({v} + {p})*({w} + {q})", f"{v}*{w} + {q}*{v} + {p}*{w} + {p * q}"
        return "distribute", f"{v}*({w} - {v})", f"{v}*{w} - {v}**2"

    def powers(self):
        r = self.rng
        v, w = r.sample(["x", "y", "t", "a", "b"], 2)
        m, n = r.randint(2, 4), r.randint(1, 3)
        kind = r.randrange(7)
        if kind == 0:
            return "pow_product", f"{v}**{m}*{v}**{n}" if n > 1 else f"{v}**{m}*{v}", f"{v}**{m + n}"
        if kind == 1:
            return "pow_power", f"({v}**{m})**{n}", f"{v}**{m * n}"
        if kind == 2:
            return "pow_negative", f"{v}**(-{n})", f"1/{v}**{n}" if n > 1 else f"1/{v}"
        if kind == 3:
            return "pow_quotient", f"{v}**{m + n}/{v}**{n}", f"{v}**{m}"
        if kind == 4:
            return "pow_product", f"({v}*{w})**{m}", f"{v}**{m}*{w}**{m}"
        if kind == 5:
            return "pow_coef", f"({m}*{v})**{n + 1}", f"{m ** (n + 1)}*{v}**{n + 1}"
        return "pow_root", f"sqrt({v}**{2 * m})", f"{v}**{m}"

    def composite(self):
        r = self.rng
        gens = [self.poly_expand, self.binomial, self.pythagorean, self.exp_rules, self.trig,
                self.fractions, self.powers, self.distribute]
        l1, a1, b1 = r.choice(gens)()
        l2, a2, b2 = r.choice(gens)()
        op = r.choice(["+", "+", "*", "-"])
        a = f"({a1}) {op} ({a2})" if op != "+" or r.random() < 0.5 else f"{a1} + {a2}"
        b = f"{_p(b1)} {op} {_p(b2)}" if op != "+" else f"{b1} + {b2}"
        if op == "-":
            a = f"{_p(a1)} - ({a2})"
            b = f"{_p(b1)} - ({b2})"
        return f"composite.{l1}.{l2}", a, b

    def equivalent(self):
        r = self.rng
        gens = [(self.poly_expand, 12), (self.binomial, 8), (self.binomial2, 4), (self.pythagorean, 8),
                (self.exp_rules, 8), (self.log_rules, 7), (self.fractions, 9), (self.trig, 10),
                (self.commuted, 10), (self.radicals, 6), (self.decimals, 5), (self.distribute, 5),
                (self.powers, 6), (self.composite, 8)]
        g = r.choices([g for g, _ in gens], weights=[w for _, w in gens])[0]
        label, a, b = g()
        if r.random() < 0.5:
            a, b = b, a
        return label, a, b

    # ---- near misses

    def near_miss(self):
        label, a, b = self.equivalent()
        r = self.rng
        if r.random() < 0.5:
            kind, b2 = mutate(b, r)
            return f"miss.{kind}.{label}", a, b2
        kind, a2 = mutate(a, r)
        return f"miss.{kind}.{label}", a2, b

    # ---- pure numbers

    def numbers(self, equal):
        r = self.rng
        p, q = r.randint(1, 9), r.choice([3, 6, 7, 9, 11, 12])
        if math.gcd(p, q) != 1:
            p = 1
        n = r.choice([2, 3, 5, 6, 7, 10, 11])
        k = r.randint(2, 5)
        d = r.randint(10, 13)  # digits: enough to agree within 1e-9
        kinds_eq = [
            ("frac_decimal", f"{p}/{q}", f"{p / q:.{d}f}"),
            ("frac_exact", f"{p}/{k * 2}" if r.random() < 0.5 else f"{p}/{r.choice([4, 5, 8])}", None),
            ("sqrt_decimal", f"sqrt({n})", f"{math.sqrt(n):.{d}g}"),
            ("sqrt_factor", f"sqrt({k * k * n})", f"{k}*sqrt({n})"),
            ("pi_decimal", f"pi/{k}", f"{math.pi / k:.{d}g}"),
            ("e_decimal", "E", f"{math.e:.{d}g}"),
            ("e_exp", "exp(1)", "E"),
            ("frac_sum", f"1/{k} + 1/{k + 1}", f"{2 * k + 1}/{k * (k + 1)}"),
            ("power", f"2**{k + 5}", str(2 ** (k + 5))),
            ("log_ratio", f"log({2 ** k})/log(2)", str(k)),
            ("trig_value", "sin(pi/6)", r.choice(["1/2", "0.5"])),
            ("trig_value", "cos(pi/3)", "1/2"),
            ("trig_value", "cos(pi/6)", "sqrt(3)/2"),
            ("rationalize", "sqrt(2)/2", "1/sqrt(2)"),
            ("golden", "(1 + sqrt(5))/2", "1.61803398875"),
            ("decimal_sum", "0.1 + 0.2", "0.3"),
            ("sci", f"1e-{k}", f"10**(-{k})"),
            ("frac_reduce", f"{2 * p}/{2 * q}", f"{p}/{q}"),
        ]
        label, a, b = r.choice(kinds_eq)
        if label == "frac_exact":
            num, den = map(int, a.split("/"))
            b = repr(num / den)
        if not equal:
            miss = [
                ("truncated", a, _truncate(b, r) if _is_decimal(b) else f"{p / q:.3f}"),
                ("off_by_one", f"{p}/{q}", f"{p + 1}/{q}"),
                ("pi_approx", "pi", r.choice(["22/7", "3.14", "3.1416"])),
                ("sqrt_neighbour", f"sqrt({n})", f"sqrt({n + 1})"),
                ("sqrt_approx", f"sqrt({n})", f"{math.sqrt(n):.4f}"),
                ("power", f"2**{k + 5}", str(2 ** (k + 5) + r.choice([1, -1]))),
                ("trig_value", "sin(pi/6)", "sqrt(3)/2"),
                ("sign", a, f"-{_p(b)}"),
                ("e_approx", "E", "2.718"),
                ("frac_decimal", f"1/{q}", f"{1 / q:.2f}"),
            ]
            label, a, b = r.choice(miss)
            if a == b or (label == "truncated" and b in ("0.5", "0.3")):
                label, a, b = miss[1]
            label = "miss." + label
        if r.random() < 0.5:
            a, b = b, a
        return f"number.{label}", a, b

    def infinity(self):
        r = self.rng
        k = r.randint(2, 9)
        v = self.var()
        pool = [
            ("oo", "oo"), ("-oo", "oo"), (f"{k}*oo", "oo"), (f"oo + {k}", "oo"), (f"{v} + oo", "oo"),
            ("1/oo", "0"), ("exp(-oo)", "0"), ("oo - oo", "0"), ("oo/oo", "1"), ("-oo", "-oo"),
            ("atan(oo)", "pi/2"), ("log(oo)", "oo"), ("oo**2", "oo"), ("1/0", "oo"), ("exp(oo)", "oo"),
            ("oo", "10**100"), ("sqrt(oo)", "oo"), ("-oo", "-1*oo"), (f"oo*{v}", "oo"), ("0*oo", "0"),
            (f"-{k}*oo", "-oo"), ("oo", "-oo"), (f"{k}/oo", "0"), ("oo", "oo + 1"), ("-oo + oo", "nan"),
        ]
        a, b = r.choice(pool)
        if r.random() < 0.5:
            a, b = b, a
        return "infinity", a, b


def _is_decimal(s):
    try:
        float(s)
        return "." in s
    except ValueError:
        return False


def _truncate(s, rng):
    whole, frac = s.split(".")
    return whole + "." + frac[: rng.randint(1, 4)]


# ----------------------------------------------------------- mutations

def tokenize(s):
    out = []
    i = 0
    while i < len(s):
        c = s[i]
        if c.isdigit() or (c == "." and i + 1 < len(s) and s[i + 1].isdigit()):
            j = i
            while j < len(s) and (s[j].isdigit() or s[j] == "."):
                j += 1
            out.append(s[i:j])
            i = j
        elif c.isalpha() or c == "_":
            j = i
            while j < len(s) and (s[j].isalnum() or s[j] == "_"):
                j += 1
            out.append(s[i:j])
            i = j
        elif s.startswith("**", i):
            out.append("**")
            i += 2
        else:
            out.append(c)
            i += 1
    return out


def _operand_end(tok):
    return tok[0].isalnum() or tok == ")" or tok[0] == "."


def mutate(s, rng):
    """A near miss of ``s``: one small edit of the kind LLMs make."""
    toks = tokenize(s)

    def prev_sig(i):
        j = i - 1
        while j >= 0 and toks[j] == " ":
            j -= 1
        return toks[j] if j >= 0 else None

    options = []
    binops = [i for i, t in enumerate(toks) if t in "+-" and prev_sig(i) and _operand_end(prev_sig(i))]
    if binops:
        options.append("sign")
    exps = [i for i, t in enumerate(toks) if t.isdigit() and prev_sig(i) == "**"]
    if exps:
        options += ["exponent", "exponent"]
    coefs = [i for i, t in enumerate(toks) if (t.isdigit() or _is_decimal(t)) and prev_sig(i) != "**"]
    if coefs:
        options.append("coefficient")
    trig = [i for i, t in enumerate(toks) if t in ("sin", "cos")]
    if trig:
        options += ["sin_cos", "sin_cos"]
    depth, top = 0, []
    for i, t in enumerate(toks):
        if t == "(":
            depth += 1
        elif t == ")":
            depth -= 1
        elif depth == 0 and i in binops:
            top.append(i)
    if top:
        options.append("missing_term")
    syms = [i for i, t in enumerate(toks) if t in ("x", "y", "t", "a", "b")]
    if syms:
        options.append("variable")
    if not options:
        return "sign", f"-{_p(s)}"
    kind = rng.choice(options)
    if kind == "sign":
        i = rng.choice(binops)
        toks[i] = "-" if toks[i] == "+" else "+"
    elif kind == "exponent":
        i = rng.choice(exps)
        n = int(toks[i])
        toks[i] = str(n + 1 if n <= 1 or rng.random() < 0.5 else n - 1)
    elif kind == "coefficient":
        i = rng.choice(coefs)
        t = toks[i]
        if t.isdigit():
            n = int(t)
            toks[i] = str(n + 1 if n <= 1 or rng.random() < 0.5 else n - 1)
        else:
            last = int(t[-1])
            toks[i] = t[:-1] + str((last + rng.randint(1, 8)) % 10) if t[-1] != "." else t + "1"
    elif kind == "sin_cos":
        i = rng.choice(trig)
        toks[i] = "cos" if toks[i] == "sin" else "sin"
    elif kind == "missing_term":
        # split into top-level terms and drop one
        cuts = [0] + top + [len(toks)]
        pieces = [toks[cuts[j]:cuts[j + 1]] for j in range(len(cuts) - 1)]
        drop = rng.randrange(len(pieces))
        kept = [p for j, p in enumerate(pieces) if j != drop]
        out = "".join("".join(p) for p in kept).strip()
        if out.startswith("+"):
            out = out[1:].strip()
        return kind, out
    else:
        i = rng.choice(syms)
        others = [v for v in ("x", "y", "t") if v != toks[i]]
        toks[i] = rng.choice(others)
    return kind, "".join(toks)


def infix_pairs_labeled(n=2400, seed=INFIX_SEED):
    g = InfixGen(seed)
    r = g.rng
    n_num = round(n * 0.10)
    n_inf = round(n * 0.05)
    rest = n - n_num - n_inf
    plan = ["num_eq"] * (n_num // 2) + ["num_miss"] * (n_num - n_num // 2) + ["inf"] * n_inf + \
           ["equiv"] * (rest // 2) + ["miss"] * (rest - rest // 2)
    r.shuffle(plan)
    make = {"num_eq": lambda: g.numbers(True), "num_miss": lambda: g.numbers(False), "inf": g.infinity,
            "equiv": g.equivalent, "miss": g.near_miss}
    out, seen = [], set()
    for kind in plan:
        for _ in range(20):  # avoid repeats while the templates allow
            label, a, b = make[kind]()
            if (a, b) not in seen:
                break
        seen.add((a, b))
        out.append((label, a, b))
    return out


def infix_pairs(n=2400, seed=INFIX_SEED):
    return [(a, b) for _, a, b in infix_pairs_labeled(n, seed)]


# ========================================================= LaTeX strings

class LatexGen:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.trees = Trees(self.rng, LATEX_VARS, LATEX_POINTS)

    def frac(self):
        return self.rng.choice(["\\frac"] * 5 + ["\\dfrac", "\\tfrac"])

    def spacing(self, s):
        """Sprinkle spacing commands around binary operators."""
        r = self.rng
        if r.random() < 0.12:
            sp = r.choice(["\\,", "\\;", "\\ ", "\\!", "\\quad "])
            s = s.replace(" + ", f" {sp}+{sp} ", 1) if " + " in s else s.replace("+", f"{sp}+", 1)
        return s

    def template(self):
        r = self.rng
        F = self.frac()
        p, q = r.randint(1, 12), r.randint(2, 12)
        k, m = r.randint(2, 9), r.choice([2, 3, 5, 6, 7])
        v = r.choice(LATEX_VARS)
        lr = r.random() < 0.4
        L, R = ("\\left(", "\\right)") if lr else ("(", ")")
        mant = r.choice(["3.5", "1.2", "2.5", "6.02", "9"])
        times = r.choice(["\\times", "\\cdot", " \\times "])
        forms = [
            ("frac", f"{F}{{{p}}}{{{q}}}"),
            ("frac", f"-{F}{{{p}}}{{{q}}}"),
            ("frac", f"\\frac{p % 10}{q % 10 or 2}"),
            ("sqrt", f"\\sqrt{{{k * k * m}}}"),
            ("sqrt", f"{k}\\sqrt{{{m}}}"),
            ("sqrt", f"{F}{{\\sqrt{{{m}}}}}{{{k}}}"),
            ("sqrt", f"{F}{{{k}}}{{\\sqrt{{{m}}}}}"),
            ("pi", f"{F}{{\\pi}}{{{k}}}"),
            ("pi", f"{F}{{{p}\\pi}}{{{q}}}"),
            ("pi", f"{k}\\pi"),
            ("decimal", r.choice(["0.25", "0.5", "3.75", "-1.2", "12.5", "0.125", "2.0"])),
            ("sci", mant + times + f"10^{{{r.choice([-3, -2, 2, 3, 4])}}}"),
            ("int", str(r.choice([42, -7, 0, 1000, 12]))),
            ("mixed", f"{k}\\frac{{1}}{{{q}}}"),
            ("exp", f"e^{{{k}}}"),
            ("ln", f"\\ln {k}"),
            ("logb", f"\\log_{m} {m ** 2}" if m < 10 else f"\\log_{{{m}}} {m ** 2}"),
            ("logb", f"\\log_{{{k}}}{{{k ** 3}}}"),
            ("log", f"\\log{L}{v}{R}"),
            ("cbrt", f"\\sqrt[3]{{{k ** 3}}}"),
            ("cbrt", f"\\sqrt[3]{{{v}}}"),
            ("power", f"2^{{{k + 3}}}"),
            ("power", f"{L}{F}{{1}}{{{m}}}{R}^{{{k}}}"),
            ("frac_sum", f"{F}{{1}}{{{k}}}+{F}{{1}}{{{k + 1}}}"),
            ("trig_value", f"\\sin{F}{{\\pi}}{{6}}"),
            ("trig_value", f"\\cos{L}{F}{{\\pi}}{{3}}{R}"),
            ("trig_value", f"\\tan\\frac{{\\pi}}{{4}}"),
            ("geometry", "\\pi r^2"),
            ("geometry", "2\\pi r"),
            ("geometry", f"{F}{{4}}{{3}}\\pi r^{{3}}"),
            ("geometry", "\\sqrt{x^2+y^2}"),
            ("poly", f"{v}^2+2{v}+1"),
            ("poly", f"{L}{v}+1{R}^{{2}}"),
            ("poly", f"{k}{v}^{{2}}-{m}{v}+\\frac{{1}}{{2}}"),
            ("poly", f"t^2 - {k}t + {m}"),
            ("rational", f"{F}{{{v}^2-1}}{{{v}+1}}"),
            ("rational", f"{F}{{1}}{{1+{v}^2}}"),
            ("rational", f"{F}{{{v}}}{{{v}+{k}}}"),
            ("trig", f"\\sin^2 {v} + \\cos^2 {v}"),
            ("trig", f"2\\sin {v}\\cos {v}"),
            ("trig", f"{F}{{\\sin {v}}}{{{v}}}"),
            ("trig", f"\\sin{L}2{v}{R}"),
            ("expfn", f"e^{{-{v}}}\\cos {v}"),
            ("expfn", f"{v}e^{{{v}}}"),
            ("expfn", f"{F}{{e^{{{v}}}+e^{{-{v}}}}}{{2}}"),
            ("expfn", f"\\exp{L}-{v}^2{R}"),
            ("expfn", f"\\mathrm{{e}}^{{{v}}}"),
            ("ln", f"\\ln{L}{v}{R}"),
            ("ln", f"\\ln {v}"),
            ("ln", f"\\ln\\left|{v}\\right|"),
            ("root", f"{F}{{1}}{{\\sqrt{{{v}}}}}"),
            ("root", f"{v}^{{\\frac{{3}}{{2}}}}"),
            ("root", f"\\sqrt{{{F}{{x}}{{y}}}}"),
            ("product", f"{k}{v}\\cdot {v}"),
            ("product", f"x\\,y"),
            ("product", f"r{L}t+1{R}"),
            ("product", f"{k}{L}{v}+{m}{R}"),
            ("arctan", f"\\arctan {v}"),
        ]
        label, s = r.choice(forms)
        return "form." + label, self.spacing(s)

    def tree(self):
        r = self.rng
        depth = r.choices([1, 2, 3, 4], weights=[25, 35, 25, 15])[0]
        for _ in range(100):
            n = self.trees.any(depth)
            if n[0] in ("sym", "int", "const", "dec"):
                continue
            if well_defined(n, LATEX_POINTS):
                return f"tree.d{depth}", self.spacing(latex(n, r))
        return "tree.d0", "x"


def latex_strings_labeled(n=1200, seed=LATEX_SEED):
    g = LatexGen(seed)
    out, seen = [], set()
    for _ in range(n):
        make = g.template if g.rng.random() < 0.4 else g.tree
        for _ in range(20):  # avoid repeats while the templates allow
            label, text = make()
            if text not in seen:
                break
        seen.add(text)
        out.append((label, text))
    return out


def latex_strings(n=1200, seed=LATEX_SEED):
    return [s for _, s in latex_strings_labeled(n, seed)]


# ================================================================ cases

def expr_cases(n=2400):
    for i, (label, a, b) in enumerate(infix_pairs_labeled(n)):
        yield {"id": f"expr-{i}-{label}", "fn": "expr.equivalent", "args": {"a": a, "b": b, "format": "infix"}}


def latex_cases(n=1200):
    for i, (label, s) in enumerate(latex_strings_labeled(n)):
        yield {"id": f"latex-{i}-{label}", "fn": "expr.parse_latex", "args": {"text": s}}


if __name__ == "__main__":
    import sys
    which = sys.argv[1] if len(sys.argv) > 1 else "infix"
    if which == "infix":
        for label, a, b in infix_pairs_labeled():
            print(f"{label:40} {a!s:50} | {b}")
    else:
        for label, s in latex_strings_labeled():
            print(f"{label:20} {s}")
