# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Soft rasterizer forward pass that allocates its face buffers on the CPU and moves them to the GPU each call."""

# Source: https://github.com/ShichenLiu/SoftRas/pull/50 ("Stop using .to(device) for speed up": copying
# from CPU to GPU with .to(device) takes time, better to allocate the tensors on the GPU directly).

import torch
import torch.nn as nn


class SoftRasterizer(nn.Module):
    def __init__(self, image_size=256):
        super().__init__()
        self.image_size = image_size

    def forward(self, face_vertices, textures):
        device = face_vertices.device
        bs, nf = face_vertices.shape[:2]
        faces_info = torch.zeros(bs, nf, 9 * 3).to(device)  # expect: AB202
        aggrs_info = torch.zeros(bs, 2, self.image_size, self.image_size).to(device)  # expect: AB202
        faces_info[..., :9] = face_vertices.reshape(bs, nf, 9)
        return faces_info, aggrs_info


renderer = SoftRasterizer().cuda()
for mesh_batch in range(200):
    verts = torch.rand(4, 1280, 3, 3, device="cuda")
    info, aggr = renderer(verts, None)
