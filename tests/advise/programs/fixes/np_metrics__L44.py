# ruff: noqa
"""Evaluation report for a synthetic 10-class classifier: confusion matrix, macro F1, log loss
and expected calibration error."""
import math

import numpy as np


def fake_logits(n, k, rng):
    y = rng.integers(0, k, size=n)
    logits = rng.normal(0.0, 1.0, size=(n, k))
    logits[np.arange(n), y] += 1.5
    return logits, y


def softmax(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def predictions(probs):
    return probs.argmax(axis=1)


def confusion(y_true, y_pred, k):
    cm = np.zeros((k, k), dtype=np.int64)
    for t, p in zip(y_true, y_pred):
        cm[t, p] += 1
    return cm


def macro_f1(cm):
    scores = []
    for c in range(len(cm)):
        tp = float(cm[c, c])
        prec = tp / max(int(cm[:, c].sum()), 1)
        rec = tp / max(int(cm[c].sum()), 1)
        scores.append(2 * prec * rec / max(prec + rec, 1e-12))
    return float(np.mean(scores))


def log_loss(probs, y):
    return -float(np.log(np.maximum(probs[np.arange(len(y)), y], 1e-15)).sum()) / len(y)


def calibration_error(probs, y, n_bins=15):
    conf = probs.max(axis=1)
    correct = (probs.argmax(axis=1) == y).astype(np.float64)
    edges = np.linspace(0.0, 1.0, n_bins + 1)
    idx = np.clip(np.searchsorted(edges, conf, side="left") - 1, 0, n_bins - 1)
    cnt = np.bincount(idx, minlength=n_bins).astype(np.float64)
    acc = np.bincount(idx, weights=correct, minlength=n_bins)
    cs = np.bincount(idx, weights=conf, minlength=n_bins)
    nz = cnt > 0
    return float((cnt[nz] / len(conf) * np.abs(acc[nz] / cnt[nz] - cs[nz] / cnt[nz])).sum())


def report(logits, y, k):
    probs = softmax(logits)
    cm = confusion(y, predictions(probs), k)
    return macro_f1(cm), log_loss(probs, y), calibration_error(probs, y), cm


rng = np.random.default_rng(0)
total = 0.0
for split in range(3):
    logits, y = fake_logits(250_000, 10, rng)
    f1, ll, ece, cm = report(logits, y, 10)
    print(f"split {split}: macro F1 {f1:.4f}  log loss {ll:.4f}  ECE {ece:.4f}")
    total += f1 + ll + ece + float(np.trace(cm))
print(f"result: {total:.10e}")
