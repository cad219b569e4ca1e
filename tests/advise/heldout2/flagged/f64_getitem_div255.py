# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A segmentation Dataset that scales uint8 images with / 255. (float64) in __getitem__."""

# Source: https://github.com/eriklindernoren/PyTorch-YOLOv3/issues/523 (a Dataset whose __getitem__
# divides the image by 255. and hits "Expected object of scalar type Double but got Float").

import numpy as np
import torch
from PIL import Image
from torch.utils.data import DataLoader, Dataset


class SegmentationDataset(Dataset):
    def __init__(self, image_paths, mask_paths):
        self.image_paths = image_paths
        self.mask_paths = mask_paths

    def __len__(self):
        return len(self.image_paths)

    def __getitem__(self, idx):
        img = np.asarray(Image.open(self.image_paths[idx]).convert("RGB"))
        img = img.transpose(2, 0, 1) / 255.0
        mask = np.asarray(Image.open(self.mask_paths[idx])) > 0
        image = torch.from_numpy(img)  # expect: AB401
        return image, torch.from_numpy(mask.astype(np.int64))


def train(model, dataset, optimizer, epochs: int = 10):
    loader = DataLoader(dataset, batch_size=8, shuffle=True, num_workers=4)
    model.cuda()
    for epoch in range(epochs):
        for images, masks in loader:
            images, masks = images.cuda().float(), masks.cuda()
            loss = torch.nn.functional.cross_entropy(model(images), masks)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
