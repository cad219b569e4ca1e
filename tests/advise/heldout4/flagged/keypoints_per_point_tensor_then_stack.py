# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Builds an (N, 2) keypoint tensor for a pose dataset by making a tiny tensor for every point and stacking them."""

# Source: https://duoke360.com/post/34599 (article: converting a list of tensors into one tensor with torch.stack / torch.cat in PyTorch)

import json

import torch


def load_keypoints(annotation_file):
    with open(annotation_file) as f:
        anns = json.load(f)["annotations"]
    rows = []
    for ann in anns:
        kps = ann["keypoints"]  # flat [x1, y1, v1, x2, y2, v2, ...]
        for i in range(0, len(kps), 3):
            rows.append(torch.tensor([kps[i], kps[i + 1]], dtype=torch.float32))  # expect: AB108
    return torch.stack(rows)
