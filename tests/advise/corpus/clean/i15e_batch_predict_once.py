# ruff: noqa  (good code that looks like a slow pattern: the linter's test corpus)
"""A classifier called once on the stacked images, and a loop over a few test-time flips."""

import numpy as np
import torch

model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(3 * 32 * 32, 10)).eval()
images = np.stack([np.random.rand(3, 32, 32).astype(np.float32) for _ in range(500)])
with torch.no_grad():
    batch = torch.from_numpy(images)
    logits = sum(model(torch.flip(batch, dims=d)) for d in ([2], [3]))
