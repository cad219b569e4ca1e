"""Kiln firing planner for the studio's electric kiln.

Runs a cone 6 glaze firing schedule through a simple PI controller, follows the heat soaking into
the kiln wall (soft firebrick, 1-D, implicit steps) and reports how much heat-work the ware got."""
from dataclasses import dataclass
from functools import partial

import numpy as np


@dataclass(frozen=True)
class Segment:
    rate: float  # degC per hour, negative for a controlled cool
    target: float  # degC
    hold: float  # minutes at target


CONE6_SLOW_COOL = (
    Segment(rate=80.0, target=220.0, hold=30.0),
    Segment(rate=200.0, target=1100.0, hold=0.0),
    Segment(rate=60.0, target=1222.0, hold=10.0),
    Segment(rate=-150.0, target=950.0, hold=45.0),
)


@dataclass
class KilnConfig:
    room_c: float = 22.0
    dt_s: float = 30.0
    wall_cells: int = 120
    wall_m: float = 0.115
    diffusivity: float = 4.5e-7  # m^2/s
    face_coupling: float = 0.35  # chamber air <-> inner wall face, per step
    skin_loss: float = 0.02  # outer wall face -> room, per step
    chamber_loss: float = 0.03  # chamber air -> inner wall face, per step
    element_max: float = 40.0  # degC per step the elements can add at full power
    thermocouple_noise: float = 0.8
    kp: float = 0.8
    ki: float = 0.002


def setpoint_curve(schedule, start_c, dt_s):
    """Controller set point for every time step of the firing."""
    pieces = [np.array([start_c])]
    temp = start_c
    for seg in schedule:
        ramp_h = abs(seg.target - temp) / abs(seg.rate)
        n_ramp = max(1, int(round(ramp_h * 3600.0 / dt_s)))
        n_hold = int(round(seg.hold * 60.0 / dt_s))
        ramp = np.linspace(temp, seg.target, n_ramp + 1)[1:]
        pieces += [ramp, np.full(n_hold, seg.target)]
        temp = seg.target
    return np.concatenate(pieces)


class Wall:
    """Temperature through the kiln wall; cell 0 faces the chamber, the last cell the room."""

    def __init__(self, cfg: KilnConfig):
        self.cfg = cfg
        self.temps = np.full(cfg.wall_cells, cfg.room_c)
        dx = cfg.wall_m / cfg.wall_cells
        self.r = cfg.diffusivity * cfg.dt_s / dx**2

    def system(self):
        n, r, cfg = self.cfg.wall_cells, self.r, self.cfg
        a = np.diag(np.full(n, 1.0 + 2.0 * r))
        a += np.diag(np.full(n - 1, -r), 1) + np.diag(np.full(n - 1, -r), -1)
        a[0, 0] = 1.0 + r + cfg.face_coupling
        a[-1, -1] = 1.0 + r + cfg.skin_loss
        return a

    def step(self, chamber_c):
        rhs = self.temps.copy()
        rhs[0] += self.cfg.face_coupling * chamber_c
        rhs[-1] += self.cfg.skin_loss * self.cfg.room_c
        self.temps = np.linalg.solve(self.system(), rhs)
        return self.temps[0]


class WarePiece:
    """Cross-section of the thickest piece on the shelf (a lidded jar's foot ring), explicit 2-D
    conduction with the surface following the chamber air."""

    def __init__(self, cfg: KilnConfig, size=32, substeps=8, alpha=0.2):
        self.temps = np.full((size, size), cfg.room_c)
        self.substeps = substeps
        self.alpha = alpha

    @property
    def core(self):
        n = self.temps.shape[0]
        return float(self.temps[n // 2, n // 2])

    def step(self, chamber_c):
        t = self.temps
        for _ in range(self.substeps):
            t[0, :] = t[-1, :] = t[:, 0] = t[:, -1] = chamber_c
            lap = t[:-2, 1:-1] + t[2:, 1:-1] + t[1:-1, :-2] + t[1:-1, 2:] - 4.0 * t[1:-1, 1:-1]
            t[1:-1, 1:-1] += self.alpha * lap
        return self.core


class Controller:
    def __init__(self, cfg: KilnConfig):
        self.cfg = cfg
        self.integral = 0.0

    def power(self, setpoint, measured):
        err = setpoint - measured
        self.integral = min(max(self.integral + err, -2000.0), 20000.0)
        out = self.cfg.kp * err + self.cfg.ki * self.integral
        return min(max(out, 0.0), self.cfg.element_max) / self.cfg.element_max


def fire(schedule, cfg, seed=6):
    wall = Wall(cfg)
    ctl = Controller(cfg)
    piece = WarePiece(cfg)
    chamber = cfg.room_c
    curve = setpoint_curve(schedule, cfg.room_c, cfg.dt_s)
    noise = np.random.default_rng(seed).normal(0.0, cfg.thermocouple_noise, curve.size)
    log = []
    for sp, tc_err in zip(curve, noise):
        duty = ctl.power(sp, chamber + tc_err)
        face = wall.temps[0]
        chamber += duty * cfg.element_max - cfg.chamber_loss * (chamber - face)
        wall.step(chamber)
        ware = piece.step(chamber)
        log.append((sp, chamber, ware, duty))
    return np.array(log), wall


def heat_work(ware_c, dt_s, activation=5.2e4):
    """Arrhenius-weighted time at temperature, in equivalent hours at 1200 C."""
    t_k = ware_c + 273.15
    ref = 1200.0 + 273.15
    return float(np.sum(np.exp(-activation * (1.0 / t_k - 1.0 / ref))) * dt_s / 3600.0)


def summarise(log, wall, cfg):
    sp, chamber, ware, duty = log.T
    tracking = np.sqrt(np.mean((chamber - sp) ** 2))
    energy_kwh = np.sum(duty) * cfg.dt_s / 3600.0 * 11.5
    hw = heat_work(ware, cfg.dt_s)
    peak = ware.max()
    return {"tracking": tracking, "kwh": energy_kwh, "heat_work": hw, "peak": peak,
            "wall_mean": wall.temps.mean()}


if __name__ == "__main__":
    configs = [KilnConfig(), KilnConfig(kp=0.5, ki=0.004), KilnConfig(kp=1.2, ki=0.001),
               KilnConfig(kp=0.8, ki=0.002, element_max=34.0)]
    runs = map(partial(fire, CONE6_SLOW_COOL), configs)
    reports = [summarise(log, wall, c) for (log, wall), c in zip(runs, configs)]
    for rep in reports:
        print(f"peak {rep['peak']:.1f} C, tracking rms {rep['tracking']:.2f} C, "
              f"{rep['kwh']:.1f} kWh, heat-work {rep['heat_work']:.3f} h")
    total = sum(r["heat_work"] + 0.01 * r["kwh"] + 0.001 * r["wall_mean"] for r in reports)
    print(f"result: {total:.10e}")
