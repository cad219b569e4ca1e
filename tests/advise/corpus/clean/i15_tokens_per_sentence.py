# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""Sentences of different lengths: one tensor each, padded together."""

import torch
from torch.nn.utils.rnn import pad_sequence


def encode_batch(sentences, vocab):
    seqs = []
    for sent in sentences:
        ids = [vocab.get(w, 0) for w in sent.lower().split()]
        seqs.append(torch.tensor(ids, dtype=torch.long))
    return pad_sequence(seqs, batch_first=True)
