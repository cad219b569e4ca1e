# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Transforms a list of image files, stacks them into one batch and classifies them in a single forward pass."""

# Source: https://www.codegenes.net/blog/pytorch-predict-batch (batch prediction: transform each image,
# torch.stack them into a batch tensor, then run the model once under torch.no_grad()).

import torch
import torchvision.models as models
import torchvision.transforms as transforms
from PIL import Image

model = models.resnet18(pretrained=True)
model.eval()
transform = transforms.Compose([
    transforms.Resize(256),
    transforms.CenterCrop(224),
    transforms.ToTensor(),
    transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]),
])

image_paths = ["image1.jpg", "image2.jpg", "image3.jpg"]
images = []
for path in image_paths:
    img = Image.open(path)
    img = transform(img)
    images.append(img)

batch = torch.stack(images)
with torch.no_grad():
    outputs = model(batch)
_, predicted = torch.max(outputs.data, 1)
print(predicted)
