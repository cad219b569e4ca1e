"""The forms blind42 and blind44 (benchmarks/) wrote, cut down to what the profiler priced
wrong: a model the object holds called on each row of a batch in a comprehension (lint's AB106,
priced as the whole loop saved), and a method that calls the model on a row of token ids made a
batch of one (told an element loop). Never a wall-clock assertion."""

from __future__ import annotations

from pathlib import Path

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")
pytest.importorskip("torch")

ASR = """\
import torch
import torch.nn as nn


class AcousticModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(24, 64), nn.ReLU(), nn.Linear(64, 20))

    def forward(self, x):
        return self.net(x)


class Evaluator:
    def __init__(self, model, batches):
        self.model = model
        self.batches = batches

    @torch.no_grad()
    def run(self):
        total = 0.0
        for x in self.batches:
            logits = torch.stack([self.model(utt) for utt in x])
            total += float(logits.argmax(-1).sum())
        return total


torch.manual_seed(0)
batches = [torch.randn(500, 16, 24) for _ in range(16)]
print("result:", Evaluator(AcousticModel(), batches).run())
"""


def test_a_model_the_object_holds_called_per_row_in_a_comprehension(tmp_path: Path) -> None:
    # blind44's torch_asr_eval: ``torch.stack([self.model(utt) for utt in x])``; the batched
    # call's time, timed after the run, is taken off what the rewrite saves
    found = _found(profile(Target(script=_write(tmp_path, "asr.py", ASR))))
    f = found.get(23)
    assert f is not None and f.code == "AB106", found
    assert "self.model(utt) is a batch of one row of utt" in f.evidence
    assert "timed after the run on random inputs of that shape" in f.evidence


TAGGER = """\
import torch
import torch.nn as nn


class Tagger(nn.Module):
    def __init__(self, vocab=500, dim=32, tags=5):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.out = nn.Linear(dim, tags)

    def forward(self, ids):
        return self.out(torch.tanh(self.emb(ids)))


class Trainer:
    def __init__(self, model):
        self.model = model

    @torch.no_grad()
    def predict_one(self, window):
        return self.model(window.unsqueeze(0)).argmax(-1).squeeze(0)

    def evaluate(self, tokens):
        preds = torch.stack([self.predict_one(w) for w in tokens])
        return float((preds > 0).float().mean())


torch.manual_seed(1)
trainer = Trainer(Tagger())
tokens = torch.randint(0, 500, (6000, 24))
print("result:", sum(trainer.evaluate(tokens) for _ in range(2)))
"""


def test_a_method_calling_the_model_on_token_ids_made_a_batch_of_one(tmp_path: Path) -> None:
    # blind42's torch_ner_tagger: ``[self.predict_one(w) for w in tokens]`` with
    # ``self.model(window.unsqueeze(0))``; the model is timed on random ids below its
    # embedding's size (random floats cannot index it)
    found = _found(profile(Target(script=_write(tmp_path, "tagger.py", TAGGER))))
    f = found.get(24)
    assert f is not None and f.code == "AB106", found
    assert "(the model self.model, through self.predict_one)" in f.evidence
