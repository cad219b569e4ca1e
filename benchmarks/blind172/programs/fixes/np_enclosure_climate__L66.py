# ruff: noqa
"""Reptile house climate log: every enclosure's temperature probe is read every five minutes for a
year. Each day is smoothed with a Whittaker smoother (second differences, one penalty for all
enclosures), then the keepers' report counts degree-hours outside each species' comfort band,
heat-lamp duty and the days whose smoothed peak ran too hot; prints a weighted welfare score."""
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

SAMPLES_PER_DAY = 288          # one reading every 5 minutes
PROBES = ("basking spot", "cool end")
N_DAYS = 365
PENALTY = 400.0

SPECIES = {
    "green iguana": (29.0, 35.0),
    "leopard gecko": (26.0, 32.0),
    "ball python": (27.0, 32.0),
    "bearded dragon": (30.0, 38.0),
    "radiated tortoise": (24.0, 31.0),
    "chinese water dragon": (26.0, 31.0),
    "blue tongue skink": (25.0, 33.0),
    "corn snake": (24.0, 29.0),
    "panther chameleon": (24.0, 30.0),
    "emerald tree boa": (26.0, 30.0),
    "uromastyx": (32.0, 40.0),
    "red-footed tortoise": (25.0, 30.0),
}


def second_difference(n):
    D = np.zeros((n - 2, n))
    idx = np.arange(n - 2)
    D[idx, idx] = 1.0
    D[idx, idx + 1] = -2.0
    D[idx, idx + 2] = 1.0
    return D


def simulate_probes(rng, bands):
    n_series = len(bands)
    t = np.arange(N_DAYS * SAMPLES_PER_DAY) / SAMPLES_PER_DAY
    seasonal = 1.5 * np.sin(2 * np.pi * (t - 100) / 365.0)
    diurnal = 2.0 * np.sin(2 * np.pi * (t % 1.0 - 0.3))
    setpoints = np.array([(lo + hi) / 2 for lo, hi in bands])
    drift = np.cumsum(rng.normal(0.0, 0.004, (n_series, t.size)), axis=1)
    drift -= np.linspace(0, 1, t.size) * drift[:, -1:]
    noise = rng.normal(0.0, 0.6, (n_series, t.size))
    spikes = (rng.random((n_series, t.size)) < 0.002) * rng.normal(0, 6.0, (n_series, t.size))
    temps = setpoints[:, None] + seasonal + diurnal + drift + noise + spikes
    return temps.reshape(n_series, N_DAYS, SAMPLES_PER_DAY)


class ClimateLog:
    def __init__(self, temps, bands, penalty):
        self.temps = temps
        self.lo = np.array([b[0] for b in bands])[:, None]
        self.hi = np.array([b[1] for b in bands])[:, None]
        D = second_difference(temps.shape[2])
        self.DtD = D.T @ D
        self.penalty = penalty

    def smoothed_days(self):
        n = self.temps.shape[2]
        out = np.empty_like(self.temps)
        smoother = np.linalg.inv(np.eye(n) + self.penalty * self.DtD)
        for day in range(self.temps.shape[1]):
            out[:, day, :] = self.temps[:, day, :] @ smoother.T
        return out

    def despike(self, window=25, limit=3.0):
        # replace isolated probe glitches by the running median of the surrounding two hours
        n_series = self.temps.shape[0]
        series = self.temps.reshape(n_series, -1).copy()
        n_glitches = 0
        for k in range(n_series):
            padded = np.pad(series[k], window // 2, mode="edge")
            med = np.median(sliding_window_view(padded, window), axis=-1)
            glitch = np.abs(series[k] - med) > limit
            series[k] = np.where(glitch, med, series[k])
            n_glitches += int(glitch.sum())
        self.temps = series.reshape(self.temps.shape)
        return n_glitches

    def degree_hours(self, smooth):
        below = np.clip(self.lo[:, :, None] - smooth, 0.0, None)
        above = np.clip(smooth - self.hi[:, :, None], 0.0, None)
        hours = 5.0 / 60.0
        return (below.sum(axis=2) + above.sum(axis=2)) * hours

    def lamp_duty(self, smooth):
        # the heat lamp switches on below the middle of the band, with 0.5 C hysteresis
        mid = (self.lo + self.hi)[:, :, None] / 2
        on = smooth < mid - 0.5
        off = smooth > mid + 0.5
        state = np.where(on, 1.0, np.where(off, 0.0, 0.5))
        return state.mean(axis=2)


def hot_days(smooth, hi, margin=2.0):
    alerts = np.empty(0, dtype=np.int64)
    peak = smooth.max(axis=2)
    for enclosure in range(smooth.shape[0]):
        for day in np.flatnonzero(peak[enclosure] > hi[enclosure, 0] + margin):
            alerts = np.append(alerts, enclosure * N_DAYS + day)
    return alerts


def welfare_score(dh, duty, n_alerts):
    weekly = dh[:, : 52 * 7].reshape(dh.shape[0], 52, 7).sum(axis=2)
    worst_week = weekly.max(axis=1)
    score = 100.0 - 0.05 * dh.mean() - 0.05 * worst_week.mean() - 2.0 * np.abs(duty - 0.5).mean()
    return score - 0.1 * n_alerts


def main():
    rng = np.random.default_rng(172)
    bands = [band for band in SPECIES.values() for probe in PROBES]
    temps = simulate_probes(rng, bands)
    log = ClimateLog(temps, bands, PENALTY)
    n_glitches = log.despike()
    smooth = log.smoothed_days()
    dh = log.degree_hours(smooth)
    duty = log.lamp_duty(smooth)
    alerts = hot_days(smooth, log.hi)
    residual = np.sqrt(((temps - smooth) ** 2).mean())
    per_enclosure = dh.reshape(len(SPECIES), len(PROBES), -1).sum(axis=(1, 2))
    for name, enclosure_dh in zip(SPECIES, per_enclosure):
        print(f"{name:>22}: {enclosure_dh:8.1f} degree-hours out of band")
    print(f"glitches {n_glitches}, alerts {alerts.size}, residual {residual:.3f} C")
    score = welfare_score(dh, duty, alerts.size)
    print(f"result: {score:.10e}")


if __name__ == "__main__":
    main()
