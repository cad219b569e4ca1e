# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Extracts detections and re-ID embeddings for every gallery image of a person-search benchmark."""

# Source: https://github.com/serend1p1ty/SeqNet/pull/14 (PR "fixed the CUDA out of memory": wrap model inference in torch.no_grad() to disable the computation graph)

import torch


def extract_gallery(model, gallery_loader, device="cuda"):
    model.eval()
    gallery_dets, gallery_feats = [], []
    for images, targets in gallery_loader:
        images = [img.to(device) for img in images]
        outputs = model(images)  # expect: AB402
        for output in outputs:
            box_w_scores = torch.cat([output["boxes"], output["scores"].unsqueeze(1)], dim=1)
            gallery_dets.append(box_w_scores.cpu().numpy())
            gallery_feats.append(output["embeddings"].cpu().numpy())
    return gallery_dets, gallery_feats
