# ruff: noqa  (held-out set of issue 15: deliberately slow code, scored as it was written)
"""A GAN training loop that records both losses as Python floats after every iteration."""

# Source: https://discuss.pytorch.org/t/optimizing-training-recording-batch-statistics/22649
# ("loss_history.append(loss.item()) ... requires the value to be passed from GPU to CPU. This
# takes time, which otherwise could have been used to run inference and backprop").

import torch
from torch import nn


def train_gan(netG, netD, dataloader, optD, optG, nz: int = 100, epochs: int = 5, device="cuda"):
    criterion = nn.BCELoss()
    G_losses, D_losses = [], []
    for epoch in range(epochs):
        for real, _ in dataloader:
            real = real.to(device)
            b = real.size(0)
            noise = torch.randn(b, nz, 1, 1, device=device)
            fake = netG(noise)
            netD.zero_grad()
            errD = criterion(netD(real).view(-1), torch.ones(b, device=device))
            errD = errD + criterion(netD(fake.detach()).view(-1), torch.zeros(b, device=device))
            errD.backward()
            optD.step()
            netG.zero_grad()
            errG = criterion(netD(fake).view(-1), torch.ones(b, device=device))
            errG.backward()
            optG.step()
            G_losses.append(errG.item())  # expect: AB201
            D_losses.append(errD.item())  # expect: AB201
    return G_losses, D_losses
