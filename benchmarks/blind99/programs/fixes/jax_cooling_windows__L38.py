# ruff: noqa
"""Cooling audit of a data-center hall: for every rack, the logged inlet temperatures and IT
power since its last maintenance are fitted with a first-order thermal model (inlet rise per kW
and a drift term, by a few Gauss-Newton steps), and racks whose thermal resistance exceeds the
aisle's budget are listed per aisle."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platforms", "cpu")


@dataclass
class RackLog:
    rack: str
    aisle: int
    inlet_c: np.ndarray
    power_kw: np.ndarray


@jax.jit
def thermal_fit(inlet, power):
    t = jnp.linspace(0.0, 1.0, inlet.shape[0])
    pc, tc, yc = power - power.mean(), t - t.mean(), inlet - inlet.mean()
    spp, stt, spt = (pc * pc).sum(), (tc * tc).sum(), (pc * tc).sum()
    spy, sty = (pc * yc).sum(), (tc * yc).sum()
    det = spp * stt - spt * spt
    r_th = (stt * spy - spt * sty) / det
    drift = (spp * sty - spt * spy) / det
    base = inlet.mean() - r_th * power.mean() - drift * t.mean()
    resid = inlet - (base + r_th * power + drift * t)
    return jnp.stack([base, r_th, drift]), jnp.sqrt(jnp.mean(resid**2))


@jax.jit
def _thermal_fit_padded(inlet, power, t, w):
    n = w.sum()
    mean = lambda a: (a * w).sum() / n
    pc, tc, yc = (power - mean(power)) * w, (t - mean(t)) * w, (inlet - mean(inlet)) * w
    spp, stt, spt = (pc * pc).sum(), (tc * tc).sum(), (pc * tc).sum()
    spy, sty = (pc * yc).sum(), (tc * yc).sum()
    det = spp * stt - spt * spt
    r_th = (stt * spy - spt * sty) / det
    drift = (spp * sty - spt * spy) / det
    base = mean(inlet) - r_th * mean(power) - drift * mean(t)
    resid = (inlet - (base + r_th * power + drift * t)) * w
    return jnp.stack([base, r_th, drift]), jnp.sqrt((resid**2).sum() / n)


def _fit_rack(log, width=4096):
    n = log.inlet_c.size
    pad = lambda a: np.concatenate([a, np.zeros(width - n, np.float32)])
    t = np.linspace(0.0, 1.0, n).astype(np.float32)
    w = pad(np.ones(n, np.float32))
    theta, rms = _thermal_fit_padded(pad(log.inlet_c), pad(log.power_kw), pad(t), w)
    return np.asarray(theta), float(rms)


def assess(log, budget_c_per_kw):
    theta, rms = _fit_rack(log)
    return {"rack": log.rack, "aisle": log.aisle, "r_th": theta[1], "drift": theta[2], "rms": rms,
            "over": theta[1] > budget_c_per_kw}


def synth_logs(rng, n_racks):
    logs = []
    for k in range(n_racks):
        n = int(rng.integers(800, 4000))
        power = 3.0 + 4.0 * rng.random(n) + np.sin(np.arange(n) / 50.0)
        r_th = rng.uniform(0.6, 1.6)
        inlet = 18.0 + r_th * power + 0.5 * np.linspace(0, 1, n) + rng.normal(0, 0.3, n)
        logs.append(RackLog(f"R{k:02d}", k % 4, inlet.astype(np.float32), power.astype(np.float32)))
    return logs


rng = np.random.default_rng(21)
logs = synth_logs(rng, 4)
budgets = [1.2, 1.3, 1.25, 1.4]
reports = [assess(log, budgets[log.aisle]) for log in logs]
total = 0.0
for aisle in range(4):
    mine = [r for r in reports if r["aisle"] == aisle]
    worst = jnp.array([r["r_th"] for r in mine]).max()
    total += float(worst)
    print(f"aisle {aisle}: over budget " + ", ".join(r["rack"] for r in mine if r["over"]))
print(f"result: {total + sum(r['r_th'] + r['drift'] + r['rms'] for r in reports):.10e}")
