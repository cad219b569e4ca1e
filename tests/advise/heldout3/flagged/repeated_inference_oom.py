# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Runs a trained detector over a folder of 300x300 images one at a time and saves the outputs."""

# Source: https://openillumi.com/en/en-pytorch-cuda-oom-fix-no-grad (repeated inference with batch size 1
# runs out of GPU memory; torch.cuda.empty_cache() does not help, torch.no_grad() does).

import glob

import numpy as np
import torch
from PIL import Image


def run_folder(model, folder, device="cuda"):
    model.eval()
    results = {}
    for path in sorted(glob.glob(f"{folder}/*.jpg")):
        img = np.asarray(Image.open(path).convert("RGB").resize((300, 300)), dtype=np.float32) / 255.0
        x = torch.from_numpy(img).permute(2, 0, 1).unsqueeze(0).to(device)
        out = model(x)  # expect: AB402
        results[path] = out
        torch.cuda.empty_cache()
    return results
