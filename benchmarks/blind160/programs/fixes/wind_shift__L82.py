"""Wind-shift simulation for the race committee: a spatially correlated wind field over the
course area drifts and oscillates; boats on starboard and port tack gain or lose on the shifts.
The committee uses the ensemble to decide how far to set the windward mark."""
from dataclasses import dataclass

import torch


@dataclass
class FieldConfig:
    nx: int = 24
    ny: int = 28
    spacing_m: float = 150.0
    corr_len_m: float = 900.0
    shift_sd_deg: float = 6.0
    reversion: float = 0.02
    dt_s: float = 10.0
    steps: int = 480
    ensemble: int = 64
    boats: int = 30


class WindField:
    def __init__(self, cfg, gen):
        self.cfg = cfg
        self.gen = gen
        xs = torch.arange(cfg.nx) * cfg.spacing_m
        ys = torch.arange(cfg.ny) * cfg.spacing_m
        self.grid = torch.cartesian_prod(xs, ys)
        self.shift = torch.zeros(cfg.ensemble, self.grid.shape[0])

    def kernel(self, pts):
        d = torch.cdist(pts, pts)
        k = torch.exp(-0.5 * (d / self.cfg.corr_len_m) ** 2)
        return k + 1e-4 * torch.eye(pts.shape[0])

    def step(self):
        cfg = self.cfg
        chol = torch.linalg.cholesky(self.kernel(self.grid))
        z = torch.randn(cfg.ensemble, self.grid.shape[0], generator=self.gen)
        noise = z @ chol.T * (cfg.shift_sd_deg * (2 * cfg.reversion) ** 0.5)
        self.shift = (1 - cfg.reversion) * self.shift + noise
        return self.shift

    def at(self, xy):
        # nearest grid cell for every boat in every ensemble member
        ix = (xy[..., 0] / self.cfg.spacing_m).round().clamp(0, self.cfg.nx - 1).long()
        iy = (xy[..., 1] / self.cfg.spacing_m).round().clamp(0, self.cfg.ny - 1).long()
        idx = ix * self.cfg.ny + iy
        return torch.gather(self.shift, 1, idx)


class Fleet:
    def __init__(self, cfg, gen, speed_kn=6.0, tack_angle=42.0):
        self.speed = speed_kn * 0.5144
        self.tack_angle = torch.tensor(tack_angle)
        self.xy = torch.rand(cfg.ensemble, cfg.boats, 2, generator=gen) * torch.tensor([2000.0, 200.0])
        self.xy[..., 0] += 400.0
        self.starboard = torch.rand(cfg.ensemble, cfg.boats, generator=gen) > 0.5

    def sail(self, shift_deg, dt):
        sign = torch.where(self.starboard, 1.0, -1.0)
        heading = torch.deg2rad(sign * self.tack_angle + shift_deg)
        self.xy[..., 0] += self.speed * dt * torch.sin(heading)
        self.xy[..., 1] += self.speed * dt * torch.cos(heading)
        # tack onto the lifted board when the header passes 5 degrees
        headed = sign * shift_deg < -5.0
        self.starboard = torch.where(headed, ~self.starboard, self.starboard)
        return self.xy[..., 1]


def main():
    cfg = FieldConfig()
    gen = torch.Generator().manual_seed(3)
    wind = WindField(cfg, gen)
    fleet = Fleet(cfg, gen)
    spread_log = []
    for step in range(cfg.steps):
        wind.step()
        upwind = fleet.sail(wind.at(fleet.xy), cfg.dt_s)
        if step % 30 == 0:
            spread_log.append(upwind.std())
    gain = upwind.max(dim=1).values - upwind.min(dim=1).values
    result = float(gain.mean()) + float(torch.stack(spread_log).double().mean())
    print(f"result: {result:.6f}")


if __name__ == "__main__":
    main()
