# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Resamples a long recording chunk by chunk and appends each chunk to the output waveform."""

# Source: https://github.com/pytorch/audio/pull/1850 (PR "Avoid concatenation in loop": move torch.cat outside of the loop)

import torch
import torchaudio


def resample_long_file(path, new_sr=16_000, chunk_seconds=10):
    info = torchaudio.info(path)
    resampler = torchaudio.transforms.Resample(info.sample_rate, new_sr)
    chunk = info.sample_rate * chunk_seconds
    out = torch.zeros(info.num_channels, 0)
    for offset in range(0, info.num_frames, chunk):
        wav, _ = torchaudio.load(path, frame_offset=offset, num_frames=chunk)
        out = torch.cat([out, resampler(wav)], dim=1)  # expect: AB107
    return out
