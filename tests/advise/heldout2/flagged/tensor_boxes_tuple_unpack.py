# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""Detection targets gathered box by box, unpacking each box's corners in the loop header."""

# Source: https://github.com/asappresearch/flambe/issues/188 (a sampler building
# "[torch.tensor(example) for example in column]", one tensor per example); here one per box.

import numpy as np
import torch


def build_targets(annotations: list) -> torch.Tensor:
    rows = []
    for ann in annotations:
        boxes = np.asarray(ann["boxes"], dtype=np.float32)
        for (x0, y0, x1, y1), cls in zip(boxes, ann["labels"]):
            rows.append(torch.tensor([ann["image_id"], cls, x0, y0, x1, y1]))  # expect: AB108
    return torch.stack(rows)
