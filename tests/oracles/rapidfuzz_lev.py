"""Oracle: rapidfuzz's Levenshtein distance, and the document-001 unscrambling
score computed with it.

Answers ``text.levenshtein {a, b}`` (two strings, compared by code point, or
two integer lists) and ``puzzles.unscrambling {ground_truth, output}`` written
straight from document 001 § 3 (extract <PLOT_SUMMARY>, split on '.', match
each ground-truth sentence to the first nearest answer sentence, score
max(0, 1 - d(E, O)/n)) on top of rapidfuzz's distance.
"""
import re

from rapidfuzz.distance import Levenshtein

NAME = "rapidfuzz"


def version():
    import rapidfuzz
    return rapidfuzz.__version__


def _sentences(text):
    return [s.strip() for s in text.split(".") if s.strip()]


def unscrambling(ground_truth, output):
    if "</think>" in output:
        output = output.rsplit("</think>", 1)[1]
    m = re.findall(r"<PLOT_SUMMARY>(.*?)</PLOT_SUMMARY>", output, re.S)
    answer = _sentences(m[-1] if m else output)
    truth = _sentences(ground_truth)
    n = len(truth)
    if n == 0:
        return 0.0
    order = []
    if answer:
        for g in truth:
            d = [Levenshtein.distance(g, a) for a in answer]
            order.append(d.index(min(d)))
    dist = Levenshtein.distance(list(range(n)), order)
    return max(0, n - dist) / n


def answer(fn, args):
    if fn == "text.levenshtein":
        return Levenshtein.distance(args["a"], args["b"])
    if fn == "puzzles.unscrambling":
        return unscrambling(args["ground_truth"], args["output"])
    raise KeyError(fn)


if __name__ == "__main__":
    import protocol
    protocol.serve(answer)
