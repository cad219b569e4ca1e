# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Warps video frames with optical flow, moving a CPU meshgrid to the GPU for every frame."""

# Source: https://github.com/pytorch/pytorch/issues/17854 (".cuda() cost much more time": a meshgrid
# made with torch.arange on the CPU is sent to the GPU with .cuda() inside each flow addition).

import torch
import torch.nn.functional as F


def warp_sequence(frames, flows):
    _, _, h, w = frames.shape
    fy, fx = torch.meshgrid(torch.arange(0, h), torch.arange(0, w), indexing="ij")
    warped = []
    for t in range(frames.shape[0]):
        flow = flows[t]
        new_fx = torch.add(fx.float().cuda(), flow[0])  # expect: AB202
        new_fy = torch.add(fy.float().cuda(), flow[1])  # expect: AB202
        grid = torch.stack((2 * new_fx / (w - 1) - 1, 2 * new_fy / (h - 1) - 1), dim=-1)
        warped.append(F.grid_sample(frames[t:t + 1], grid[None], align_corners=True))
    return torch.cat(warped)


frames = torch.rand(32, 3, 256, 448, device="cuda")
flows = torch.randn(32, 2, 256, 448, device="cuda")
out = warp_sequence(frames, flows)
