"""Resurfacing planner for the rink crew. Models the ice slab's temperature through its depth
(implicit finite differences, brine pipes at the bottom, arena air and the hot flood water on
top) and, for every candidate resurfacing plan of the week, simulates the slab to see how long
the surface stays soft after each flood. Picks the plan with the least soft-ice time."""
from dataclasses import dataclass
from functools import cached_property
from itertools import product

import numpy as np

DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


@dataclass(frozen=True)
class Slab:
    depth_mm: float = 40.0
    n_layers: int = 120
    diffusivity_mm2_s: float = 1.1
    dt_s: float = 20.0
    brine_c: float = -9.0

    @cached_property
    def system_matrix(self):
        dz = self.depth_mm / self.n_layers
        r = self.diffusivity_mm2_s * self.dt_s / dz**2
        a = np.diag(np.full(self.n_layers, 1 + 2 * r))
        a += np.diag(np.full(self.n_layers - 1, -r), 1) + np.diag(np.full(self.n_layers - 1, -r), -1)
        a[0, 1] = -2 * r  # insulated top apart from the flood source
        return a, r


def flood_times(plan, steps_per_day):
    """plan: resurfacings per session; floods spread evenly over the day."""
    per_day = steps_per_day // (plan + 1)
    return {per_day * (k + 1) for k in range(plan)}


def soft_time(slab, plan, steps_per_day=120):
    a, r = slab.system_matrix
    temps = np.full(slab.n_layers, -5.0)
    floods = flood_times(plan, steps_per_day)
    soft, surface = 0, 0.0
    for step in range(steps_per_day):
        rhs = temps.copy()
        rhs[-1] += 2 * r * slab.brine_c
        if step in floods:
            rhs[:3] += 6.0  # warm flood water on the top layers
        temps = np.linalg.inv(a) @ rhs
        soft += int(temps[0] > -3.0)
        surface += temps[0]
    return soft + surface / steps_per_day


def main():
    slab = Slab()
    plans = list(product((1, 2, 3), repeat=2))  # (weekday plan, weekend plan)
    scores = {}
    for weekday, weekend in plans:
        per_day = [soft_time(slab, weekday if d < 5 else weekend) for d in range(len(DAYS))]
        scores[(weekday, weekend)] = np.array(per_day) - 0.5 * (weekday + weekend)
    worst_day = {p: s.max() for p, s in scores.items()}
    best = min(scores, key=lambda p: scores[p].sum())
    print(f"best plan: {best[0]} floods on weekdays, {best[1]} at weekends")
    print(f"result: {sum(float(s.sum()) for s in scores.values()) + sum(worst_day.values()):.10e}")


if __name__ == "__main__":
    main()
