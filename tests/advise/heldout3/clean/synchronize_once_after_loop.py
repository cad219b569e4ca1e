# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Times a batch of GPU matrix products by synchronizing once before starting and once after the loop."""

# Source: https://www.speechmatics.com/company/articles-and-news/timing-operations-in-pytorch (call
# torch.cuda.synchronize() before taking a timing measurement so the kernels have finished).

import time

import torch

A = torch.randn(4096, 4096, device="cuda")
B = torch.randn(4096, 4096, device="cuda")

torch.cuda.synchronize()
start = time.perf_counter()
for _ in range(50):
    C = A @ B
torch.cuda.synchronize()
end = time.perf_counter()
print(f"{(end - start) / 50 * 1e3:.2f} ms per matmul")
