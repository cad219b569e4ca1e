# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Runs a lightweight YOLO detector over test images and collects post-processed boxes."""

# Source: https://github.com/dog-qiuqiu/Yolo-FastestV2/issues/42 (issue "test.py is missing torch.no_grad()": model.eval() then preds = model(img) with gradients tracked)

import numpy as np
import torch
import torch.nn.functional as F


def run_test(model, images, handle_preds, input_size=352, device="cuda"):
    model.eval()
    results = []
    for ori_img in images:  # HxWx3 uint8 arrays
        img = torch.from_numpy(ori_img).permute(2, 0, 1).unsqueeze(0).to(device).float() / 255.0
        img = F.interpolate(img, size=(input_size, input_size), mode="bilinear", align_corners=False)
        preds = model(img)  # expect: AB402
        results.append(handle_preds(preds, device, conf_thresh=0.3))
    return results
