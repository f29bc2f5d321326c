#!/usr/bin/env python3
"""Record the oracles' answers for the differential harness.

Generates the inputs deterministically (fixed seeds, no clock), asks each
oracle adapter, and writes one JSONL file per recording into the output
directory (default: conformance/differential/). The first line of a file is a
header naming the oracle and its version; every other line is
``{"id", "fn", "args", "oracle"}`` where ``oracle`` is the oracle's answer:
``{"ok": true, "result": ...}`` or ``{"ok": false, "error": ...}``.

    python tests/oracles/record.py [--out DIR] [--vocabulary PATH]

scripts/refresh-differential runs it in a venv with tests/oracles/requirements.txt;
with --check it records into a temporary directory and compares.
"""
import argparse
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import expr_cases  # noqa: E402
import latex2sympy_oracle  # noqa: E402
import nltk_bleu  # noqa: E402
import nltk_porter  # noqa: E402
import rapidfuzz_lev  # noqa: E402
import squad  # noqa: E402
import sympy_oracle  # noqa: E402


def ask(module, cases):
    for case in cases:
        try:
            out = {"ok": True, "result": module.answer(case["fn"], case["args"])}
        except Exception as e:  # recorded, not raised
            out = {"ok": False, "error": {"kind": type(e).__name__, "message": str(e)}}
        yield dict(case, oracle=out)


def write(path, header, rows):
    n = 0
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(header, ensure_ascii=False) + "\n")
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
            n += 1
    return n


# ---------------------------------------------------------------- Porter

PORTER_EDGE = [
    "", "a", "I", "is", "AS", "Ox", "by", "sky", "Skies", "SKIES", "Dying", "LYING",
    "Running", "CATS", "Generalization", "ties", "died", "cried", "say", "syzygy",
    "yyy", "ies", "ied", "eed", "feed", "agreed", "café", "cafés", "naïve", "Straße",
    "généralement", "ΣΟΦΟΣ", "москва", "東京", "İstanbul", "İs", "ǅemal", "x2", "3rd",
    "1990s", "o'clock", "well-being", "e-mail", "rock'n'roll", "abc_def", "a.b.c",
    "ponies", "caresses", "hopping", "filing", "happy", "relational", "geology",
    "archaeology", "fully", "beautifully", "radically", "formalli", "electricity",
]


def porter_cases(vocabulary):
    with open(vocabulary, encoding="utf-8") as f:
        words = [w for w in f.read().split("\n") if w]
    words += PORTER_EDGE
    for i, w in enumerate(words):
        yield {"id": f"porter-{i}", "fn": "text.porter_stem", "args": {"word": w}}


# ---------------------------------------------------------------- QA pairs

WORDS = [
    "paris", "Paris", "france", "France", "capital", "is", "of", "and", "in", "city", "cities",
    "running", "run", "runs", "ran", "united", "states", "Washington", "washington", "d.c.",
    "new", "york", "york's", "states'", "John", "Smith", "Smith's", "river", "rivers",
    "generalization", "happy", "happily", "connection", "connected", "1990", "1990s",
]
ARTICLES = ["a", "an", "the", "A", "An", "The", "THE", "an's", "the-", "theme", "anthem", "ant"]
NUMBERS = ["3.14", "3,14", "1,000", "1,000,000", "-5", "+7", "42%", "$12.50", "1/2", "0.5",
           "2nd", "10-12", "1e6", "½", "²", "٣"]
UNICODE = ["café", "naïve", "Straße", "STRASSE", "Ελλάδα", "ΣΟΦΟΣ", "Σ", "Москва", "東京",
           "İstanbul", "Ǆemal", "ﬁne", "Ångström", "e\u0301", "año", "😀", "Ⓐ", "a\u0301",
           "the\u00b2", "x\u0345"]
PUNCT = [".", ",", "!", "?", ";", ":", "'", '"', "(", ")", "[", "]", "-", "--", "...", "/",
         "_", "@", "#", "&", "*", "`", "~", "|", "\\", "{", "}", "<", ">", "=", "+", "^", "%"]
UPUNCT = ["“", "”", "‘", "’", "«", "»", "—", "–", "…", "¿", "¡", "·", "、", "。", "•", "†"]
SPACES = [" ", " ", " ", "  ", "\t", "\n", "\u00a0", "\u3000", "\u2009", "\x1c", "\x1f", "\u200b", "\r\n"]


def token(rng):
    kind = rng.random()
    if kind < 0.45:
        w = rng.choice(WORDS)
    elif kind < 0.62:
        w = rng.choice(ARTICLES)
    elif kind < 0.74:
        w = rng.choice(NUMBERS)
    elif kind < 0.90:
        w = rng.choice(UNICODE)
    else:
        w = rng.choice(PUNCT + UPUNCT)
    r = rng.random()
    if r < 0.15:
        w = w.upper()
    elif r < 0.25:
        w = w.capitalize()
    if rng.random() < 0.2:
        w = rng.choice(PUNCT + UPUNCT) + w
    if rng.random() < 0.25:
        w = w + rng.choice(PUNCT + UPUNCT)
    return w


def text(rng):
    r = rng.random()
    if r < 0.04:
        return ""
    if r < 0.07:
        return rng.choice(SPACES) * rng.randint(1, 3)
    if r < 0.10:
        return rng.choice(["the", "a", "An", "THE!", "...", "“”", "the a an", "—"])
    n = rng.randint(1, 9)
    out = rng.choice(["", "", "", " ", "\n"])
    for i in range(n):
        if i:
            out += rng.choice(SPACES)
        out += token(rng)
    return out + rng.choice(["", "", "", ".", " ", "\n", "!"])


def related(rng, base):
    """A reference that shares some tokens with the prediction."""
    toks = base.split()
    if not toks or rng.random() < 0.3:
        return text(rng)
    keep = [t for t in toks if rng.random() < 0.6]
    if rng.random() < 0.5:
        keep.insert(rng.randint(0, len(keep)), token(rng))
    rng.shuffle(keep)
    return " ".join(keep)


def qa_cases(n_pairs=2500, seed=20261122):
    rng = random.Random(seed)
    for i in range(n_pairs):
        pred = text(rng)
        ref = related(rng, pred) if rng.random() < 0.8 else text(rng)
        reference = ref if rng.random() < 0.9 else [ref, text(rng), related(rng, pred)]
        for fn in ("qa.exact_match", "qa.f1"):
            for stem in (False, True):
                args = {"prediction": pred, "reference": reference}
                if stem:
                    args["stem"] = True
                yield {"id": f"pair-{i}-{fn[3:]}{'-stem' if stem else ''}", "fn": fn, "args": args}
        args = {"text": pred}
        for opt in ("lowercase", "remove_articles", "remove_punctuation", "remove_extra_whitespace", "stem"):
            if rng.random() < 0.25:
                args[opt] = opt == "stem"  # flip the default
        yield {"id": f"pair-{i}-normalize", "fn": "qa.normalize", "args": args}


# ---------------------------------------------------------------- Levenshtein

ALPHABETS = [
    "ab",
    "abcdefghij",
    "The quick brown fox.",
    "éèêëàâäôöûüçÉÈ",
    "αβγδεζηθΣσς",
    "日本語中文한국어",
    "😀😁😂🤣🎉👍🏽",
    "a\u0301e\u0300\u200d\u00a0 ",
]


def random_string(rng):
    alphabet = "".join(rng.sample(ALPHABETS, rng.randint(1, 3)))
    n = rng.choice([0, 1, 2, 3, 5, 8, 13, 30, 63, 64, 65, 100])
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, n)))


def mutate(rng, s):
    chars = list(s)
    for _ in range(rng.randint(0, 4)):
        op = rng.random()
        if op < 0.33 and chars:
            del chars[rng.randrange(len(chars))]
        elif op < 0.66:
            chars.insert(rng.randint(0, len(chars)), rng.choice("xyzé😀"))
        elif chars:
            chars[rng.randrange(len(chars))] = rng.choice("abcΣ日")
    return "".join(chars)


def levenshtein_cases(seed=1001):
    rng = random.Random(seed)
    for i in range(5000):
        a = random_string(rng)
        b = mutate(rng, a) if rng.random() < 0.6 else random_string(rng)
        yield {"id": f"lev-str-{i}", "fn": "text.levenshtein", "args": {"a": a, "b": b}}
    for i in range(1000):
        a = [rng.randint(-3, 9) for _ in range(rng.randint(0, 40))]
        b = list(a)
        rng.shuffle(b) if rng.random() < 0.5 else b.extend(rng.randint(0, 5) for _ in range(3))
        if rng.random() < 0.3:
            b = b[: rng.randint(0, len(b))]
        yield {"id": f"lev-int-{i}", "fn": "text.levenshtein", "args": {"a": a, "b": b}}
    sentences = ["The hero wakes up", "He fights the dragon", "He wins the gold", "A storm comes",
                 "The village burns", "She finds a map", "They sail north", "The king dies",
                 "Nobody knows why", "It ends", "The hero wakes up again", "He fights a dragon"]
    for i in range(1000):
        truth = rng.sample(sentences, rng.randint(0, 8))
        answer = [mutate(rng, s) if rng.random() < 0.4 else s for s in truth]
        rng.shuffle(answer) if rng.random() < 0.5 else None
        if rng.random() < 0.2 and answer:
            answer.insert(rng.randint(0, len(answer)), rng.choice(sentences))
        if rng.random() < 0.2 and answer:
            del answer[rng.randrange(len(answer))]
        out = ". ".join(answer) + "."
        if rng.random() < 0.8:
            out = "<PLOT_SUMMARY>" + out + "</PLOT_SUMMARY>"
        yield {"id": f"unscramble-{i}", "fn": "puzzles.unscrambling",
               "args": {"ground_truth": ". ".join(truth) + ".", "output": out}}


# ---------------------------------------------------------------- BLEU (fredholm.bleu)

BLEU_ATOMS = ["x", "t", "y", "1", "2", "3", "10", "0.5", "-1", "pi", "e", "C", "c_1", "a", "b",
              "sin", "cos", "exp", "log", "sqrt", "sinh", "Abs", r"\sin", r"\cos", r"\exp",
              r"\frac", r"\pi", r"\cdot", r"\sqrt", r"\left", r"\right", "neg", "x_1",
              "797089.48628811292", "1e-3", "é", "λ", "∫", "dt", "u(x)"]
BLEU_OPS = ["+", "-", "*", "/", "^", "**", "(", ")", "[", "]", "{", "}", "=", ","]
BLEU_SEPS = ["", "", " ", " ", " ", "  ", "\t", "\n", "\u00a0", "\u2003", "\x1c"]


def bleu_token(rng):
    return rng.choice(BLEU_ATOMS) if rng.random() < 0.6 else rng.choice(BLEU_OPS)


def bleu_string(rng, toks):
    out = ""
    for i, tok in enumerate(toks):
        if i:
            sep = rng.choice(BLEU_SEPS)
            # two word-like tokens need a separator to stay two tokens
            out += sep if sep or tok in BLEU_OPS or toks[i - 1] in BLEU_OPS else " "
        out += tok
    return rng.choice(["", "", " ", "\n"]) + out + rng.choice(["", "", " ", "."])


def bleu_mutate(rng, toks):
    toks = list(toks)
    for _ in range(rng.choice([0, 1, 1, 2, 3, 5, 8])):
        op = rng.random()
        if op < 0.25 and toks:
            del toks[rng.randrange(len(toks))]
        elif op < 0.5:
            toks.insert(rng.randint(0, len(toks)), bleu_token(rng))
        elif op < 0.75 and toks:
            toks[rng.randrange(len(toks))] = bleu_token(rng)
        elif len(toks) > 1:
            i, j = rng.randrange(len(toks)), rng.randrange(len(toks))
            toks[i], toks[j] = toks[j], toks[i]
    if rng.random() < 0.1:
        toks = toks + toks[: rng.randint(0, len(toks))]  # repeats: clipping
    return toks


def bleu_cases(n_pairs=3000, seed=20261203):
    rng = random.Random(seed)
    for i in range(n_pairs):
        n = rng.choice([0, 1, 2, 3, 4, 5, 6, 8, 10, 14, 20, 30, 45])
        ref = [bleu_token(rng) for _ in range(n)]
        r = rng.random()
        if r < 0.08:
            hyp = list(ref)
        elif r < 0.15:
            hyp = [bleu_token(rng) for _ in range(rng.randint(0, 12))]
        elif r < 0.22:
            hyp = ref[: rng.randint(0, len(ref))]
        else:
            hyp = bleu_mutate(rng, ref)
        yield {"id": f"bleu-{i}", "fn": "fredholm.bleu",
               "args": {"prediction": bleu_string(rng, hyp), "reference": bleu_string(rng, ref)}}


def record_bleu(out):
    n = write(os.path.join(out, "bleu-nltk.jsonl"),
              {"oracle": nltk_bleu.NAME, "version": nltk_bleu.version(),
               "inputs": "3,000 generated pairs of math strings (seed 20261203): infix, LaTeX and RPN tokens, "
                         "0-45 tokens, mutated copies, repeats, Unicode spaces; "
                         "sentence_bleu with SmoothingFunction().method1 on FM-1 tokens"},
              ask(nltk_bleu, bleu_cases()))
    print(f"bleu-nltk.jsonl: {n} cases")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(ROOT, "conformance", "differential"))
    ap.add_argument("--vocabulary", default=os.path.join(ROOT, "..", "shared", "data", "porter-vocabulary.txt"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    n = write(os.path.join(a.out, "porter-nltk.jsonl"),
              {"oracle": nltk_porter.NAME, "version": nltk_porter.version(),
               "inputs": "Porter's 23,531-word test vocabulary (shared/data/porter-vocabulary.txt) + edge cases"},
              ask(nltk_porter, porter_cases(a.vocabulary)))
    print(f"porter-nltk.jsonl: {n} cases")
    n = write(os.path.join(a.out, "qa-squad.jsonl"),
              {"oracle": squad.NAME, "version": squad.version(),
               "inputs": "2,500 generated prediction/reference pairs (seed 20261122): punctuation, articles, unicode, numbers, empty strings"},
              ask(squad, qa_cases()))
    print(f"qa-squad.jsonl: {n} cases")
    n = write(os.path.join(a.out, "levenshtein-rapidfuzz.jsonl"),
              {"oracle": rapidfuzz_lev.NAME, "version": rapidfuzz_lev.version(),
               "inputs": "5,000 random string pairs (seed 1001; Latin, accents, Greek, CJK, emoji, combining marks; "
                         "lengths 0-100), 1,000 integer-sequence pairs, 1,000 unscrambling cases"},
              ask(rapidfuzz_lev, levenshtein_cases()))
    print(f"levenshtein-rapidfuzz.jsonl: {n} cases")
    record_bleu(a.out)
    write(os.path.join(a.out, "expr-sympy.jsonl"),
          {"oracle": sympy_oracle.NAME, "version": sympy_oracle.version(),
           "inputs": "2,400 generated infix pairs (tests/oracles/expr_cases.py, seed 20261201): equivalent "
                     "rewrites and near misses, 10% pure numbers, 5% with oo; verdict simplify(a - b) == 0 "
                     "(5 s limit), numeric agreement at 3 points"},
          sympy_oracle.record(expr_cases.expr_cases()))
    write(os.path.join(a.out, "latex-latex2sympy.jsonl"),
          {"oracle": latex2sympy_oracle.NAME, "version": latex2sympy_oracle.version(),
           "inputs": "1,200 generated LaTeX answer strings (tests/oracles/expr_cases.py, seed 20261202), "
                     "parsed as math-verify does by default, values at 3 points"},
          latex2sympy_oracle.record(expr_cases.latex_cases()))


if __name__ == "__main__":
    main()
