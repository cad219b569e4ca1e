# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Compares making random tensors on the CPU and moving them to the GPU against making them on the GPU."""

# Source: https://discuss.pytorch.org/t/is-there-anyway-to-load-data-into-gpu-directly/147718
# (forum question: torch.randn(shape).to('cuda') in a loop is far slower than torch.randn(shape, device='cuda')).

import time

import torch

shape = [300, 300, 300]

a = time.time()
for _ in range(100):
    randomTensorA = torch.randn(shape).to(torch.device('cuda'))  # expect: AB202
b = time.time()
print('Elapsed Time: %f' % (b - a))  # expect: AB301

a = time.time()
for _ in range(100):
    randomTensorB = torch.randn(shape, device='cuda')
b = time.time()
print('Elapsed Time: %f' % (b - a))  # expect: AB301
