//! BLEU over math-tokenized strings, equal to NLTK's `sentence_bleu`
//! (document 003, Part 8). Rules in spec/fredholm.md.
