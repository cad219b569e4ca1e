# ruff: noqa
"""Thermal model of a hot-air balloon envelope over a morning flight: each gore panel exchanges
heat with the air inside and the ambient air, the burner fires on a simple pilot rule to hold a
target altitude, and the flight log reports altitude, fuel burnt and the number of burns."""
from dataclasses import dataclass, field

import numpy as np

G = 9.81
R_AIR = 287.05


@dataclass
class FlightConfig:
    n_panels: int = 2400
    dt: float = 0.5
    duration_s: float = 1800.0
    target_alt: float = 600.0
    burner_kw: float = 3000.0
    volume_m3: float = 2800.0
    payload_kg: float = 520.0
    seed: int = 11


@dataclass
class Envelope:
    panel_temps: np.ndarray
    panel_area: np.ndarray
    emissivity: np.ndarray
    burn_log: list = field(default_factory=list)

    @property
    def mean_skin_temp(self) -> float:
        return sum(self.panel_temps) / len(self.panel_temps)

    def exchange(self, inner_k: float, ambient_k: float, sun_w: np.ndarray, dt: float) -> None:
        conv_in = 3.2 * self.panel_area * (inner_k - self.panel_temps)
        conv_out = 5.5 * self.panel_area * (ambient_k - self.panel_temps)
        rad = 5.67e-8 * self.emissivity * self.panel_area * (ambient_k**4 - self.panel_temps**4)
        self.panel_temps += dt * (conv_in + conv_out + rad + sun_w) / (900.0 * self.panel_area)

    def record_burn(self, t: float) -> None:
        self.burn_log.append(t)


def ambient(alt: float) -> tuple[float, float]:
    temp = 288.15 - 0.0065 * alt
    pressure = 101325.0 * (temp / 288.15) ** 5.2559
    return temp, pressure


def fly(cfg: FlightConfig) -> tuple[float, float, Envelope]:
    rng = np.random.default_rng(cfg.seed)
    env = Envelope(
        panel_temps=np.full(cfg.n_panels, 300.0) + rng.normal(0.0, 0.5, cfg.n_panels),
        panel_area=rng.uniform(0.4, 0.8, cfg.n_panels),
        emissivity=rng.uniform(0.7, 0.9, cfg.n_panels),
    )
    sun = rng.uniform(0.0, 40.0, cfg.n_panels)
    inner = 360.0
    alt, vel, fuel = 0.0, 0.0, 0.0
    burner_on = False
    t = 0.0
    while t < cfg.duration_s:
        amb_t, amb_p = ambient(alt)
        env.exchange(inner, amb_t, sun * (0.5 + 0.5 * np.sin(t / 300.0)), cfg.dt)
        skin = env.mean_skin_temp
        loss = 0.004 * (inner - skin) + 0.002 * (inner - amb_t)
        want = alt < cfg.target_alt - 5.0 or vel < -0.8
        if want and not burner_on:
            env.record_burn(t)
        burner_on = want
        inner += cfg.dt * ((cfg.burner_kw / 900.0 if burner_on else 0.0) - loss)
        rho_out = amb_p / (R_AIR * amb_t)
        rho_in = amb_p / (R_AIR * inner)
        lift = (rho_out - rho_in) * cfg.volume_m3 * G - cfg.payload_kg * G
        vel += cfg.dt * (lift / (cfg.payload_kg + rho_in * cfg.volume_m3) - 0.05 * vel * abs(vel))
        alt = max(0.0, alt + cfg.dt * vel)
        fuel += cfg.dt * (0.018 if burner_on else 0.0)
        t += cfg.dt
    env.burn_log = np.array(env.burn_log, dtype=float)
    return alt, fuel, env


cfg = FlightConfig()
alt, fuel, env = fly(cfg)
print(f"final altitude {alt:.1f} m, fuel {fuel:.2f} kg, {len(env.burn_log)} burns")
print(f"mean skin temperature {env.panel_temps.mean():.3f} K")
print(f"result: {alt + fuel + len(env.burn_log) + env.panel_temps.mean() + env.burn_log.sum():.10e}")
