# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Classifies a list of camera frames with a ResNet-50, one unsqueezed image per forward pass."""

# Source: https://theneuralbase.com/torchvision/learn/advanced/batched-inference/ (single-image inference
# leaves the GPU unused; stack the transformed images and run one forward pass).

import numpy as np
import torch
from torchvision.models import ResNet50_Weights, resnet50
from torchvision.transforms import v2 as T

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = resnet50(weights=ResNet50_Weights.IMAGENET1K_V2).eval().to(device)
transforms = T.Compose([
    T.Resize((224, 224)), T.ToImage(), T.ToDtype(torch.float32, scale=True),
    T.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]),
])
image_arrays = [np.random.randint(0, 255, (480, 640, 3), dtype=np.uint8) for _ in range(64)]

predictions = []
with torch.no_grad():
    for arr in image_arrays:  # expect: AB106
        img = transforms(arr).unsqueeze(0).to(device)
        logits = model(img)
        predictions.append(logits.argmax(dim=1))
