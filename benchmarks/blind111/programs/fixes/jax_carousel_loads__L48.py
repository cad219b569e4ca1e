"""Platform-load simulation for a park carousel: over several operating days, each ride cycle
carries a different set of occupied horses and chariots; for every cycle the centrifugal and
gravity loads of the riders are resolved onto the platform's support rollers, and the day's peak
roller load and fatigue damage (Miner's rule) are reported."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

N_SEATS = 64
N_ROLLERS = 16


@dataclass(frozen=True)
class Carousel:
    radius_m: float = 7.5
    omega_rad_s: float = 0.9
    rings: int = 3


@jax.jit
def roller_loads(angles, radii, masses, omega):
    rollers = jnp.linspace(0.0, 2 * jnp.pi, N_ROLLERS, endpoint=False)
    centripetal = masses * radii * omega**2
    weight = masses * 9.81
    share = jnp.maximum(jnp.cos(angles[:, None] - rollers[None, :]), 0.0) ** 2
    share = share / share.sum(axis=1, keepdims=True)
    vertical = weight @ share
    radial = centripetal @ (share * jnp.cos(angles[:, None] - rollers[None, :]))
    return jnp.sqrt(vertical**2 + radial**2)


class RideLog:
    def __init__(self, carousel, seat_angles, seat_radii):
        self.carousel = carousel
        self.seat_angles = seat_angles
        self.seat_radii = seat_radii

    def rides(self, rng, n_rides):
        for _ in range(n_rides):
            riders = int(rng.integers(44, 50))
            seats = np.sort(rng.choice(N_SEATS, size=riders, replace=False))
            masses = rng.normal(48.0, 18.0, size=riders).clip(15.0, 130.0).astype(np.float32)
            yield seats, masses

    def cycle_loads(self, seats, masses):
        pad = N_SEATS - len(seats)
        angles = np.pad(self.seat_angles[seats], (0, pad))
        radii = np.pad(self.seat_radii[seats], (0, pad))
        return roller_loads(angles, radii, np.pad(masses, (0, pad)), self.carousel.omega_rad_s)


def damage(peaks, limit=9000.0, exponent=3.0):
    return float(np.sum((np.asarray(peaks) / limit) ** exponent))


carousel = Carousel()
ring = np.arange(N_SEATS) % carousel.rings
seat_angles = (np.arange(N_SEATS) * 2 * np.pi / N_SEATS).astype(np.float32)
seat_radii = (carousel.radius_m - 1.6 * ring).astype(np.float32)
log = RideLog(carousel, seat_angles, seat_radii)
rng = np.random.default_rng(29)
total_damage = 0.0
checksum = 0.0
for day in range(4):
    peaks = []
    for seats, masses in log.rides(rng, 60):
        loads = np.asarray(log.cycle_loads(seats, masses))
        peaks.append(loads.max())
        checksum += loads.sum()
    d = damage(peaks)
    total_damage += d
    summary = np.mean([min(peaks), np.median(peaks), max(peaks)])
    print(f"day {day}: peak roller load {max(peaks):.0f} N, damage {d:.3e}, summary {summary:.1f}")
print(f"total damage {total_damage:.4e}")
print(f"result: {checksum + total_damage:.10e}")
