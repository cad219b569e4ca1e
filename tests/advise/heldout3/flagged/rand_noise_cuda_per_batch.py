# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Synthesizer voice that draws its noise on the CPU and copies it to the GPU for every batch it renders."""

# Source: https://github.com/torchsynth/torchsynth/issues/76 ("Most people create tensors on GPUs like
# t = tensor.rand(2,2).cuda(); this first creates a CPU tensor and then transfers it ... really slow").

import torch

batch_size = 128
sample_rate = 44100
n_samples = 4 * sample_rate


def render_batches(n_batches, amp):
    outputs = []
    for i in range(n_batches):
        noise = torch.rand(batch_size, n_samples).cuda() * 2 - 1  # expect: AB202
        outputs.append(noise * amp[i])
    return outputs


amp = torch.linspace(0.1, 1.0, 64, device="cuda")
audio = render_batches(64, amp)
