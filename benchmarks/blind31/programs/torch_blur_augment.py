# ruff: noqa
"""Training a small convolutional classifier on synthetic 'blob vs ring' images with a
torchvision-style pipeline: a map-style Dataset renders each image on the fly and applies a
list of transforms (random flip, motion blur in a random direction, noise), a collate function
stacks samples into batches, and a few epochs of Adam train the network."""
import functools
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
SIZE = 24


def motion_blur_bank(size, sigma_long, sigma_short, n_angles):
    coords = [i - size // 2 for i in range(size)]
    bank = []
    for a in range(n_angles):
        th = math.pi * a / n_angles
        c, s = math.cos(th), math.sin(th)
        bank.append([[math.exp(-((c * x + s * y) ** 2) / (2 * sigma_long ** 2)
                               - ((-s * x + c * y) ** 2) / (2 * sigma_short ** 2))
                      for x in coords] for y in coords])
    k = torch.tensor(bank)
    return k / k.sum(dim=(1, 2), keepdim=True)


def random_motion_blur(img, gen, size=5, n_angles=4):
    if torch.rand(1, generator=gen).item() < 0.8:
        bank = motion_blur_bank(size, 2.5, 0.7, n_angles)
        k = bank[torch.randint(n_angles, (1,), generator=gen)]
        img = F.conv2d(img[None], k[None], padding=size // 2)[0]
    return img


def hflip(img, gen):
    return img.flip(-1) if torch.rand(1, generator=gen).item() < 0.5 else img


def add_noise(img, gen, scale=0.1):
    return img + scale * torch.randn(img.shape, generator=gen)


class ShapesDataset(torch.utils.data.Dataset):
    def __init__(self, n, transforms, seed=1):
        self.n = n
        self.transforms = transforms
        self.gen = torch.Generator().manual_seed(seed)
        ax = torch.linspace(-1, 1, SIZE)
        self.r = (ax[None, :] ** 2 + ax[:, None] ** 2).sqrt()

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        label = i % 2
        radius = 0.3 + 0.4 * (i % 7) / 7
        img = (self.r < radius).float() if label == 0 else ((self.r - radius).abs() < 0.08).float()
        img = img[None]
        for t in self.transforms:
            img = t(img, self.gen)
        return img, torch.tensor(label)


def collate(samples):
    xs, ys = zip(*samples)
    return torch.stack(xs), torch.stack(ys)


net = nn.Sequential(
    nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
    nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
    nn.Linear(16, 2),
)
transforms = [hflip, functools.partial(random_motion_blur, size=9, n_angles=8), add_noise]
loader = torch.utils.data.DataLoader(ShapesDataset(2048, transforms), batch_size=64, shuffle=False, collate_fn=collate)
opt = torch.optim.Adam(net.parameters(), lr=3e-3)
losses = []
for epoch in range(2):
    for x, y in loader:
        loss = F.cross_entropy(net(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.detach())
losses = torch.stack(losses)
print("loss first/last:", round(float(losses[0]), 4), round(float(losses[-1]), 4))
print("result:", "%.10e" % float(losses.sum()))
