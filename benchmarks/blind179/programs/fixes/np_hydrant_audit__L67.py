# ruff: noqa
"""Fire station dispatch: audits a season of structure-fire incidents against the hydrant
register. For each incident, finds the first-due station, checks whether the incident's city
block has an in-service hydrant, and estimates the water supply delay; prints the mean delay."""
import numpy as np

GRID = 300                 # city blocks per side
N_STATIONS = 30
N_INCIDENTS = 12000
HOSE_M_PER_BLOCK = 110.0
TANKER_DELAY_S = 420.0


def block_id(xy):
    return int(xy[0]) * GRID + int(xy[1])


class HydrantRegister:
    def __init__(self, rng):
        ids = rng.choice(GRID * GRID, size=9000, replace=False)
        self.in_service = sorted(ids[rng.random(len(ids)) > 0.08].tolist())
        self.flow_lpm = rng.uniform(900.0, 2400.0, size=GRID * GRID)

    def has_hydrant(self, block):
        return block in self.in_service


class Dispatcher:
    def __init__(self, rng):
        self.stations = rng.uniform(0, GRID, size=(N_STATIONS, 2))
        self.units = ["E1", "E4", "E7", "L2", "L5", "R1"]
        self.speed_blocks_per_s = 0.09

    def first_due(self, incidents):
        d = np.sqrt(((incidents[:, None, :] - self.stations[None, :, :]) ** 2).sum(axis=2))
        return d.argmin(axis=1), d.min(axis=1)

    def travel_time(self, dist):
        return 60.0 + dist / self.speed_blocks_per_s


def water_delay(incident_xy, register, rng):
    block = block_id(incident_xy)
    if register.has_hydrant(block):
        lay = HOSE_M_PER_BLOCK * rng.uniform(0.1, 1.0)
        return lay / 1.5 + 3000.0 / register.flow_lpm[block] * 60.0
    return TANKER_DELAY_S + rng.exponential(120.0)


def main():
    rng = np.random.default_rng(3)
    register = HydrantRegister(rng)
    dispatch = Dispatcher(rng)
    delays = np.empty(N_INCIDENTS)
    travel = np.empty(N_INCIDENTS)
    for chunk in range(0, N_INCIDENTS, 400):
        incidents = rng.uniform(0, GRID, size=(400, 2))
        stations, dist = dispatch.first_due(incidents)
        travel[chunk:chunk + 400] = dispatch.travel_time(dist)
        for i in range(400):
            delays[chunk + i] = water_delay(incidents[i], register, rng)
    # fireground model: spread of the fire before water arrives, smoothed over a heat grid
    heat = rng.random((500, 500))
    for _ in range(700):
        heat = 0.2 * (heat + np.roll(heat, 1, 0) + np.roll(heat, -1, 0) + np.roll(heat, 1, 1) + np.roll(heat, -1, 1))
    spread = float(heat.mean())
    staffed = [u for u in dispatch.units if u in {"E1", "E4", "L2", "R1"}]
    total = travel + delays
    print(f"{len(staffed)} staffed units, mean time to water {total.mean():.1f} s, spread {spread:.4f}")
    print(f"result: {total.mean() * spread:.10e}")


main()
