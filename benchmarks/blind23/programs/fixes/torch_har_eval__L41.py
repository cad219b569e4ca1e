"""Evaluation of a small MLP classifier for human-activity recognition from accelerometer
windows: predictions on a held-out set, accuracy, per-class recall and the expected
calibration error."""
import numpy as np
import torch
from torch import nn

N_CLASSES = 6


class WindowDataset:
    def __init__(self, n, n_features, rng):
        centers = rng.standard_normal((N_CLASSES, n_features)).astype(np.float32)
        self.y = rng.integers(0, N_CLASSES, size=n)
        x = centers[self.y] + 1.5 * rng.standard_normal((n, n_features)).astype(np.float32)
        self.x = torch.from_numpy(x)
        self.y = torch.from_numpy(self.y)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


class Classifier(nn.Module):
    def __init__(self, n_features, hidden=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(n_features, hidden), nn.ReLU(),
            nn.Linear(hidden, hidden), nn.ReLU(),
            nn.Linear(hidden, N_CLASSES),
        )

    def forward(self, x):
        return self.net(x)


def recall_per_class(pred, y):
    hits = torch.bincount(y[pred == y], minlength=N_CLASSES).float()
    return hits / torch.bincount(y, minlength=N_CLASSES).float()


def expected_calibration_error(probs, y, n_bins=10):
    conf, pred = probs.max(1)
    bins = torch.clamp((conf * n_bins).long(), max=n_bins - 1)
    hit = (pred == y).float()
    ece = torch.zeros(())
    for b in range(n_bins):
        m = bins == b
        if m.any():
            ece += m.float().mean() * (hit[m].mean() - conf[m].mean()).abs()
    return ece


class Evaluator:
    def __init__(self, model, metrics):
        self.model = model
        self.metrics = metrics

    @torch.no_grad()
    def predict(self, dataset):
        logits = list(map(lambda item: self.model(item[0].unsqueeze(0))[0], dataset))
        return torch.stack(logits)

    def evaluate(self, dataset):
        self.model.eval()
        logits = self.predict(dataset)
        return {name: fn(logits, dataset.y) for name, fn in self.metrics.items()}


torch.manual_seed(0)
rng = np.random.default_rng(1)
data = WindowDataset(20_000, 48, rng)
model = Classifier(48)
metrics = {
    "accuracy": lambda lg, y: (lg.argmax(1) == y).float().mean(),
    "recall": lambda lg, y: recall_per_class(lg.argmax(1), y),
    "ece": lambda lg, y: expected_calibration_error(torch.softmax(lg, 1), y),
}
report = Evaluator(model, metrics).evaluate(data)
print(f"accuracy {float(report['accuracy']):.4f}, ece {float(report['ece']):.4f}")
total = float(report["accuracy"]) + float(report["recall"].sum()) + float(report["ece"])
print(f"result: {total:.10e}")
