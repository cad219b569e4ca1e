# ruff: noqa
"""Lightning location by grid search: a network of VLF stations times each stroke's arrival,
and the locator finds the grid cell (and origin time) whose predicted arrival times best fit
the observed ones, with per-station gain weighting. Prints the mean location error."""
import numpy as np

C_KM_PER_US = 0.2998


class GridLocator:
    def __init__(self, stations, extent, n):
        self.stations = stations
        xs = np.linspace(-extent, extent, n)
        gx, gy = np.meshgrid(xs, xs)
        self.grid = np.column_stack([gx.ravel(), gy.ravel()])
        self.gain = np.linspace(1.0, 2.0, len(stations))
        self.w = self.gain / self.gain.sum()

    def travel_table(self):
        d = np.sqrt(((self.grid[:, None, :] - self.stations[None, :, :]) ** 2).sum(-1))
        return d / C_KM_PER_US

    def locate(self, arrivals):
        table = self.travel_table()
        w = self.w
        resid = arrivals[None, :] - table
        t0 = resid @ w
        cost = ((resid - t0[:, None]) ** 2) @ w
        k = int(np.argmin(cost))
        return self.grid[k], t0[k]


rng = np.random.default_rng(3)
stations = rng.uniform(-400.0, 400.0, size=(24, 2))
locator = GridLocator(stations, 500.0, 70)
errors = []
for stroke in range(900):
    src = rng.uniform(-450.0, 450.0, 2)
    t = np.linalg.norm(stations - src, axis=1) / C_KM_PER_US + rng.normal(0.0, 0.5, len(stations))
    est, t0 = locator.locate(t)
    errors.append(np.linalg.norm(est - src))
errors = np.array(errors)
print(f"median error {np.median(errors):.2f} km, 90% {np.quantile(errors, 0.9):.2f} km")
print(f"result: {errors.sum():.10e}")
