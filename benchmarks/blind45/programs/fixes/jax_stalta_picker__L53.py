# ruff: noqa
"""Automatic P-wave picking for a local earthquake catalogue: every station's record is cut to
the window from the catalogue origin time to the end of the coda, band-limited, and scanned with
a short-term/long-term average (STA/LTA) detector; picks and their characteristic-function peaks
are gathered for each event. Prints a checksum of the picks."""
import jax
import jax.numpy as jnp
import numpy as np

FS = 100  # samples per second
STA, LTA = 50, 500


@jax.jit
def characteristic(trace):
    x = trace - jnp.mean(trace)
    x = jnp.convolve(x, jnp.ones(5) / 5.0, mode="same")
    e = jnp.concatenate([jnp.zeros(1), jnp.cumsum(x * x)])
    sta = (e[STA:] - e[:-STA]) / STA
    lta = (e[LTA:] - e[:-LTA]) / LTA
    ratio = sta[LTA - STA :] / (lta + 1e-6)
    return jnp.argmax(ratio) + LTA, jnp.max(ratio)


MAXLEN = 27 * FS


@jax.jit
def characteristic_padded(trace, n):
    valid = jnp.arange(trace.shape[0]) < n
    x = jnp.where(valid, trace - jnp.sum(trace) / n, 0.0)
    x = jnp.convolve(x, jnp.ones(5) / 5.0, mode="same")
    e = jnp.concatenate([jnp.zeros(1), jnp.cumsum(x * x)])
    sta = (e[STA:] - e[:-STA]) / STA
    lta = (e[LTA:] - e[:-LTA]) / LTA
    ratio = sta[LTA - STA :] / (lta + 1e-6)
    ratio = jnp.where(jnp.arange(ratio.shape[0]) <= n - LTA, ratio, -jnp.inf)
    return jnp.argmax(ratio) + LTA, jnp.max(ratio)


class Station:
    def __init__(self, name, distance_km, rng):
        self.name = name
        self.distance_km = distance_km
        self.noise = rng.uniform(0.05, 0.2)


class Catalogue:
    def __init__(self, n_events, rng):
        self.rng = rng
        self.durations = rng.integers(18, 27, n_events)

    def records(self, stations):
        for dur in self.durations:
            for st in stations:
                n = int(dur) * FS
                t_p = 6.0 + st.distance_km / 6.0
                i_p = min(int(t_p * FS), n - 200)
                rec = self.rng.normal(0.0, st.noise, n).astype(np.float32)
                amp = 3.0 / (1.0 + st.distance_km / 20.0)
                tail = np.arange(n - i_p)
                rec[i_p:] += (amp * np.exp(-tail / 400.0) * np.sin(tail * 0.6)).astype(np.float32)
                yield st, rec


def pick_all(catalogue, stations):
    picks = []
    for st, rec in catalogue.records(stations):
        buf = np.zeros(MAXLEN, np.float32)
        buf[: len(rec)] = rec
        idx, peak = characteristic_padded(jnp.asarray(buf), len(rec))
        picks.append((st.name, int(idx), float(peak)))
    return picks


rng = np.random.default_rng(4)
stations = [Station(f"ST{k:02d}", d, rng) for k, d in enumerate(rng.uniform(5.0, 60.0, 8))]
picks = pick_all(Catalogue(50, rng), stations)
t_mean = np.mean([p[1] for p in picks]) / FS
print(f"{len(picks)} picks, mean pick time {t_mean:.2f} s")
print(f"result: {sum(p[1] for p in picks) + sum(p[2] for p in picks):.10e}")
