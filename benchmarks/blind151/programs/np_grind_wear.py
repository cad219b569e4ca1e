# ruff: noqa
"""Stroke-by-stroke log of a mirror-grinding session (W-strokes, carborundum grits): Preston-law
glass removal from the stroke pressure and speed, the depth removed stroke by stroke as a bench
gauge would show it, and the sagitta reached at the end of each grit."""
import numpy as np

GRITS = {"80": 3.0, "120": 2.1, "220": 1.3, "400": 0.7, "600": 0.35, "1000": 0.15}


def preston_removal(pressure, speed, k):
    return k * pressure * speed


def depth_gauge(removals, start):
    depth = start
    for r in removals:
        depth = depth + r
        yield depth


class GrindingSession:
    def __init__(self, strokes_per_grit, rng):
        self.n = strokes_per_grit
        self.rng = rng
        self.sagitta = 0.0
        self.history = {}

    def run_grit(self, grit, k):
        pressure = 1.0 + 0.3 * self.rng.standard_normal(self.n)
        speed = np.abs(0.4 + 0.1 * self.rng.standard_normal(self.n))
        removal = preston_removal(pressure, speed, k)
        gauge = np.fromiter(depth_gauge(removal, self.sagitta), dtype=np.float64, count=self.n)
        self.sagitta = float(gauge[-1])
        self.history[grit] = (float(removal.mean()), self.sagitta)
        return gauge


def main():
    rng = np.random.default_rng(80)
    session = GrindingSession(1_500_000, rng)
    gauges = [session.run_grit(g, k) for g, k in GRITS.items()]
    fastest = 0.0
    for grit in GRITS:
        if session.history[grit][0] > fastest:
            fastest = session.history[grit][0]
    print(f"gauge reading {session.sagitta:.1f} after {len(GRITS)} grits; fastest gauge {fastest:.4f}")
    print(f"result: {sum(float(g.mean()) for g in gauges) * 1e-6 + session.sagitta * 1e-6 + fastest:.10e}")


main()
