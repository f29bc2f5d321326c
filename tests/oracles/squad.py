"""Oracle: a SQuAD-style QA evaluator, as the official SQuAD v2.0 script
computes exact match and token F1, over the normalization of document 002
(``normalize_answer`` with the optional NLTK Porter stemmer).

Answers ``qa.normalize``, ``qa.exact_match`` and ``qa.f1`` over the scorespec
JSONL protocol (only the options the document has: the four SQuAD switches and
``stem``; ``reference`` a string or a list, scored as the best match).
"""
import collections
import re
import string

from nltk.stem.porter import PorterStemmer

NAME = "squad-v2-official+nltk"
_STEMMER = PorterStemmer()
_PUNCT = str.maketrans("", "", string.punctuation)


def version():
    import nltk
    return "squad-v2.0 evaluate script; nltk " + nltk.__version__


def normalize_answer(text, lowercase=True, remove_articles=True, remove_punctuation=True,
                     remove_extra_whitespace=True, stemmer=None):
    # Document 002, "Implementation Details".
    if lowercase:
        text = text.lower()
    if remove_punctuation:
        text = text.translate(_PUNCT)
    if remove_articles:
        text = re.sub(r"\b(a|an|the)\b", " ", text)
    if remove_extra_whitespace:
        text = " ".join(text.split())
    if stemmer:
        text = " ".join(stemmer.stem(t) for t in text.split())
    return text.strip()


def _norm(s, stem):
    return normalize_answer(s, stemmer=_STEMMER if stem else None)


def compute_exact(gold, pred, stem):
    return int(_norm(gold, stem) == _norm(pred, stem))


def compute_f1(gold, pred, stem):
    gold_toks = _norm(gold, stem).split() if gold else []
    pred_toks = _norm(pred, stem).split() if pred else []
    common = collections.Counter(gold_toks) & collections.Counter(pred_toks)
    num_same = sum(common.values())
    if len(gold_toks) == 0 or len(pred_toks) == 0:
        return int(gold_toks == pred_toks)
    if num_same == 0:
        return 0
    precision = 1.0 * num_same / len(pred_toks)
    recall = 1.0 * num_same / len(gold_toks)
    return (2 * precision * recall) / (precision + recall)


def _refs(args):
    r = args["reference"]
    return [r] if isinstance(r, str) else r


def answer(fn, args):
    stem = args.get("stem", False)
    if fn == "qa.normalize":
        return normalize_answer(
            args["text"],
            lowercase=args.get("lowercase", True),
            remove_articles=args.get("remove_articles", True),
            remove_punctuation=args.get("remove_punctuation", True),
            remove_extra_whitespace=args.get("remove_extra_whitespace", True),
            stemmer=_STEMMER if stem else None,
        )
    if fn == "qa.exact_match":
        return max(compute_exact(g, args["prediction"], stem) for g in _refs(args))
    if fn == "qa.f1":
        return max(compute_f1(g, args["prediction"], stem) for g in _refs(args))
    raise KeyError(fn)


if __name__ == "__main__":
    import protocol
    protocol.serve(answer)
