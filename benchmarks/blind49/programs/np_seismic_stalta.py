# ruff: noqa
"""STA/LTA event picker for a synthetic seismic network: noisy three-component traces at a
dozen stations with a few buried P arrivals, an energy envelope per station, the classic
short-term / long-term average ratio, and trigger picks above a threshold."""
import numpy as np

FS = 100.0
COMPONENTS = ("Z", "N", "E")


class StaLtaPicker:
    def __init__(self, sta_s=0.5, lta_s=10.0, on=4.0):
        self.nsta = int(sta_s * FS)
        self.nlta = int(lta_s * FS)
        self.on = on

    @staticmethod
    def window_sum(energy, n):
        out = np.empty_like(energy)
        acc = 0.0
        for i in range(energy.shape[0]):
            acc += energy[i]
            if i >= n:
                acc -= energy[i - n]
            out[i] = acc
        return out

    def ratio(self, energy):
        sta = self.window_sum(energy, self.nsta) / self.nsta
        lta = self.window_sum(energy, self.nlta) / self.nlta
        lta[: self.nlta] = np.inf
        return sta / np.maximum(lta, 1e-12)

    def picks(self, energy):
        r = self.ratio(energy)
        above = r > self.on
        onsets = np.flatnonzero(above[1:] & ~above[:-1]) + 1
        return onsets, r


def make_station(rng, n):
    traces = {}
    arrivals = rng.integers(n // 10, n - n // 10, size=3)
    for comp in COMPONENTS:
        x = rng.normal(0.0, 1.0, n)
        for t0 in arrivals:
            k = np.arange(400)
            x[t0 : t0 + 400] += 8.0 * np.exp(-k / 80.0) * np.sin(2 * np.pi * 6.0 * k / FS)
        traces[comp] = x
    return traces, arrivals


def envelope(traces):
    total = np.zeros_like(traces["Z"])
    for comp in COMPONENTS:
        d = np.diff(traces[comp], prepend=traces[comp][0])
        total += traces[comp] ** 2 + 0.5 * d**2
    return total


rng = np.random.default_rng(11)
n = int(3600 * FS)
stations = [make_station(rng, n) for _ in range(12)]
picker = StaLtaPicker()
results = list(map(lambda st: picker.picks(envelope(st[0])), stations))
n_picks = sum(len(on) for on, _ in results)
peak = sum(float(r[np.isfinite(r)].max()) for _, r in results)
first = sum(int(on[0]) if len(on) else 0 for on, _ in results)
print(f"picks: {n_picks}, summed peak ratio: {peak:.3f}")
print(f"result: {n_picks + peak + first * 1e-3:.10e}")
