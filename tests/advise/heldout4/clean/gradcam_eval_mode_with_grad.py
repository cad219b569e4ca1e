# ruff: noqa  (held-out set 4 of issue 15: written from public sources, scored as it was written)
"""Grad-CAM heatmaps for a batch of images: the model is in eval mode but gradients are needed for the attribution."""

# Source: https://github.com/fastai/fastai/issues/2149 (adding torch.no_grad() to predict: checked that it is not used where gradients are needed, such as Grad-CAM)

import torch
import torch.nn.functional as F


def grad_cam(model, target_layer, images, class_idx=None):
    model.eval()
    acts, grads = {}, {}
    h1 = target_layer.register_forward_hook(lambda m, i, o: acts.__setitem__("a", o))
    h2 = target_layer.register_full_backward_hook(lambda m, gi, go: grads.__setitem__("g", go[0]))
    logits = model(images)
    if class_idx is None:
        class_idx = logits.argmax(dim=1)
    model.zero_grad()
    logits.gather(1, class_idx.view(-1, 1)).sum().backward()
    h1.remove()
    h2.remove()
    weights = grads["g"].mean(dim=(2, 3), keepdim=True)
    cam = F.relu((weights * acts["a"]).sum(dim=1, keepdim=True))
    cam = F.interpolate(cam, size=images.shape[-2:], mode="bilinear", align_corners=False)
    return (cam / cam.amax(dim=(2, 3), keepdim=True).clamp(min=1e-8)).detach()
