# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Micro-benchmark of nn.MultiheadAttention on the GPU using perf_counter around the call."""

# Source: https://shuai.guru/timing-pytorch-cuda (blog: time.time() around MultiheadAttention on cuda reports 1.9 ms; with CUDA events and synchronize it is ~110 ms)

import time

import torch
import torch.nn as nn


def bench_attention(embed_dim=1024, heads=8, seq=1024, batch=32, repeats=20):
    attn = nn.MultiheadAttention(embed_dim, heads).to("cuda:0")
    x = torch.rand(seq, batch, embed_dim, device="cuda:0")
    with torch.no_grad():
        attn(x, x, x)  # warm-up
        torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(repeats):
            out, _ = attn(x, x, x)
        elapsed = time.perf_counter() - start  # expect: AB301
    print(f"Elapsed: {elapsed / repeats * 1000:.1f} ms per call")
    return elapsed / repeats
