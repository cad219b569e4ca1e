# ruff: noqa
"""Surface flux transport on the Sun: the radial magnetic field on a latitude-longitude grid
is advected by differential rotation and a poleward meridional flow, diffused by supergranular
turbulence, and fed by emerging bipolar active regions; the polar fields and total unsigned flux
are tracked through the cycle."""
import numpy as np
import torch

torch.manual_seed(0)


class FluxTransport:
    def __init__(self, n_lat, n_lon, dt=0.05, eta=0.02):
        lat = np.linspace(-np.pi / 2 * 0.98, np.pi / 2 * 0.98, n_lat)
        self.rotation = torch.from_numpy(0.2 - 0.15 * np.sin(lat) ** 2)[:, None]
        self.flow = torch.from_numpy(0.05 * np.sin(2 * lat))[:, None].float()
        self.dt = dt
        self.eta = eta
        self.B = torch.zeros(n_lat, n_lon)

    def laplacian(self, B):
        return (torch.roll(B, 1, 1) + torch.roll(B, -1, 1) + torch.roll(B, 1, 0)
                + torch.roll(B, -1, 0) - 4 * B)

    def step(self, source):
        B = self.B
        dlon = (torch.roll(B, -1, 1) - torch.roll(B, 1, 1)) * 0.5
        dlat = (torch.roll(B, -1, 0) - torch.roll(B, 1, 0)) * 0.5
        B = B - self.dt * (self.rotation * dlon + self.flow * dlat)
        B = B + self.dt * self.eta * self.laplacian(B) + source
        B[0] = B[1]
        B[-1] = B[-2]
        self.B = B


def emergence(gen, shape, day):
    src = torch.zeros(shape)
    if day % 3 == 0:
        i = int(torch.randint(shape[0] // 4, 3 * shape[0] // 4, (1,), generator=gen))
        j = int(torch.randint(4, shape[1] - 4, (1,), generator=gen))
        s = float(torch.rand(1, generator=gen)) + 0.5
        src[i - 1:i + 2, j - 3:j] = s
        src[i - 1:i + 2, j:j + 3] = -s
    return src


model = FluxTransport(360, 720)
gen = torch.Generator().manual_seed(1)
history = []
for day in range(360):
    model.step(emergence(gen, model.B.shape, day))
    if day % 60 == 0:
        history.append(model.B.double().abs().sum().item())
north = model.B[-20:].mean().item()
south = model.B[:20].mean().item()
print(f"polar fields N {north:+.5f} S {south:+.5f}, unsigned flux {history}")
print(f"result: {model.B.abs().sum().item() + north - south + sum(history):.10e}")
