"""Neural emulator of ocean mixed-layer physics inside a toy ocean model.

A small MLP (trained offline, here randomly initialised with a fixed seed) predicts the vertical
mixing tendency of each water column from its temperature/salinity profile and the surface
forcing. The coarse ocean state is advanced for a number of steps with the emulated mixing plus
horizontal diffusion; the program reports the mean sea-surface temperature and heat content.
"""
import torch
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_LEVELS = 16


class ColumnEmulator(nn.Module):
    def __init__(self, n_levels=N_LEVELS, hidden=64):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(2 * n_levels + 3, hidden), nn.Tanh(),
            nn.Linear(hidden, hidden), nn.Tanh(),
            nn.Linear(hidden, n_levels),
        )

    def forward(self, x):
        return 0.01 * self.net(x)


class Ocean:
    def __init__(self, ny, nx, gen):
        z = torch.linspace(0, 1, N_LEVELS)
        self.temp = (20.0 - 15.0 * z + torch.randn(ny, nx, N_LEVELS, generator=gen)).to(device)
        self.salt = (35.0 + 0.5 * torch.randn(ny, nx, N_LEVELS, generator=gen)).to(device)
        self.shape = (ny, nx)

    def columns(self, forcing):
        ny, nx = self.shape
        feats = torch.cat([(self.temp - 10.0) / 5.0, self.salt - 35.0, forcing], dim=-1)
        return feats.reshape(ny * nx, -1)

    def diffuse(self, k=0.1):
        t = self.temp
        lap = (torch.roll(t, 1, 0) + torch.roll(t, -1, 0) + torch.roll(t, 1, 1)
               + torch.roll(t, -1, 1) - 4 * t)
        self.temp = t + k * lap


class Stepper:
    def __init__(self, ocean, emulator, on_step=None):
        self.ocean = ocean
        self.emulator = emulator
        self.on_step = on_step or (lambda step, ocean: None)

    @torch.no_grad()
    def mixing(self, forcing):
        cols = self.ocean.columns(forcing)
        tend = torch.stack([self.emulator(c) for c in cols])
        return tend.reshape(*self.ocean.shape, N_LEVELS)

    def run(self, forcings):
        for step, forcing in enumerate(forcings):
            self.ocean.temp = self.ocean.temp + self.mixing(forcing)
            self.ocean.diffuse()
            self.on_step(step, self.ocean)


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(1)
    ny, nx = 48, 64
    ocean = Ocean(ny, nx, gen)
    emulator = ColumnEmulator().to(device).eval()
    forcings = [torch.randn(ny, nx, 3, generator=gen).to(device) for _ in range(14)]
    sst_log = []

    def record(step, oc):
        sst_log.append(oc.temp[..., 0].mean().cpu())

    Stepper(ocean, emulator, on_step=record).run(forcings)
    heat = ocean.temp.sum().item()
    print(f"final SST {sst_log[-1]:.4f}, heat content {heat:.2f}")
    print("result:", round(heat / 1e3 + float(sum(sst_log)), 5))


if __name__ == "__main__":
    main()
