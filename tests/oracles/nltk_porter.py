"""Oracle: nltk's PorterStemmer in its default mode (NLTK_EXTENSIONS).

Answers ``text.porter_stem {word}`` over the scorespec JSONL protocol.
"""
from nltk.stem.porter import PorterStemmer

_STEMMER = PorterStemmer()  # mode defaults to NLTK_EXTENSIONS

NAME = "nltk"


def version():
    import nltk
    return nltk.__version__


def answer(fn, args):
    if fn == "text.porter_stem":
        return _STEMMER.stem(args["word"])
    raise KeyError(fn)


if __name__ == "__main__":
    import protocol
    protocol.serve(answer)
