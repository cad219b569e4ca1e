# ruff: noqa  (deliberately slow or unidiomatic code: the linter's test corpus)
"""A classifier called on one image at a time, each made a batch of one."""

import numpy as np
import torch

model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(3 * 32 * 32, 10)).eval()
images = [np.random.rand(3, 32, 32).astype(np.float32) for _ in range(500)]
preds = []
with torch.no_grad():
    for img in images:  # expect: AB106
        x = torch.from_numpy(img).unsqueeze(0)
        preds.append(model(x).argmax(1))
