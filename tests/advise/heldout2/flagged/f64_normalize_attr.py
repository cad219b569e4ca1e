# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""An ImageNet-normalising transform whose mean/std (set in __init__) turn float32 into float64."""

# Source: https://yuhi-sa.github.io/en/posts/20210215_pytorch_dtype/1 ("When a NumPy array is
# directly converted to a PyTorch tensor, the original dtype is preserved": float64 stays float64).
# Here float32 pixels minus a float64 mean give float64.

import numpy as np
import torch
from torch import nn


class Normalize:
    def __init__(self):
        self.mean = np.array([0.485, 0.456, 0.406])
        self.std = np.array([0.229, 0.224, 0.225])

    def __call__(self, img) -> torch.Tensor:
        x = np.asarray(img, dtype=np.float32) / 255.0
        x = (x - self.mean) / self.std
        return torch.from_numpy(x.transpose(2, 0, 1))  # expect: AB401


class Classifier(nn.Module):
    def __init__(self, num_classes: int = 10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1)
        )
        self.head = nn.Linear(16, num_classes)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


def predict(model: Classifier, images) -> torch.Tensor:
    tf = Normalize()
    batch = torch.stack([tf(im) for im in images]).float()
    with torch.no_grad():
        return model(batch).argmax(dim=1)
