"""Oracle: nltk's sentence_bleu with SmoothingFunction().method1.

Answers ``fredholm.bleu {prediction, reference}`` over the scorespec JSONL
protocol: both strings are split into math tokens by the rule of
spec/fredholm.md FM-1 (written here independently, as a regular expression),
then scored with ``sentence_bleu([reference_tokens], prediction_tokens,
smoothing_function=SmoothingFunction().method1)`` and the default weights
(0.25, 0.25, 0.25, 0.25), as document 003 Part 8 does.
"""
import re

from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu

NAME = "nltk"

# FM-1: `**`, or one operator character, or a backslash and what follows it up
# to the next whitespace / operator / backslash, or a run of other characters.
# In a str pattern `\s` is str.isspace(), as in str.split().
_OPS = r"+\-*/^()\[\]{}=,"
_TOKEN = re.compile(r"\*\*|[" + _OPS + r"]|\\[^\s" + _OPS + r"\\]*|[^\s" + _OPS + r"\\]+")
_SMOOTH = SmoothingFunction().method1


def version():
    import nltk
    return nltk.__version__


def tokens(text):
    return _TOKEN.findall(text)


def answer(fn, args):
    if fn == "fredholm.bleu":
        ref = tokens(args["reference"])
        hyp = tokens(args["prediction"])
        return float(sentence_bleu([ref], hyp, smoothing_function=_SMOOTH))
    raise KeyError(fn)


if __name__ == "__main__":
    import protocol
    protocol.serve(answer)
