# ruff: noqa
"""Event-based calibration of a nonlinear reservoir runoff model with JAX: storm events of
different durations are routed through the reservoir (dS/dt = P - k S^a) with lax.scan, and the
two parameters are fitted by gradient descent on the squared error of the hydrographs, event by
event, over a few passes."""
import jax
import jax.numpy as jnp
import numpy as np


def simulate(params, rain):
    log_k, log_a = params
    k, a = jnp.exp(log_k), 1.0 + jnp.exp(log_a)

    def step(s, p):
        q = k * jnp.maximum(s, 0.0) ** a
        s = s + p - q
        return s, q

    _, flow = jax.lax.scan(step, 0.0, rain)
    return flow


def event_loss(params, rain, obs):
    sim = simulate(params, rain)
    return jnp.sum((sim - obs) ** 2) / jnp.sum(obs ** 2)


loss_and_grad = jax.jit(jax.value_and_grad(event_loss))


class Calibrator:
    def __init__(self, params, lr):
        self.params = params
        self.lr = lr
        self.history = []

    def update(self, rain, obs):
        loss, g = loss_and_grad(self.params, rain, obs)
        self.params = tuple(p - self.lr * gi for p, gi in zip(self.params, g))
        return loss

    def epoch(self, events):
        total = sum(self.update(rain, obs) for rain, obs in events)
        self.history.append(float(total))
        return total


def storm(rng, hours):
    t = np.arange(hours)
    peak = rng.uniform(0.2, 0.6) * hours
    return (rng.uniform(2, 12) * np.exp(-0.5 * ((t - peak) / (0.15 * hours)) ** 2)).astype(np.float32)


def gauge_record(rain, k=0.08, a=1.6, noise=0.02, rng=None):
    s, flow = 0.0, []
    for p in rain.tolist():
        q = k * max(s, 0.0) ** a
        s = s + p - q
        flow.append(q)
    flow = np.array(flow, dtype=np.float32)
    return flow * (1.0 + noise * rng.standard_normal(flow.size)).astype(np.float32)


rng = np.random.default_rng(2)
events = []
for e in range(10):
    rain = storm(rng, int(rng.integers(24, 400)))
    events.append((jnp.asarray(rain), jnp.asarray(gauge_record(rain, rng=rng))))

cal = Calibrator((jnp.log(0.2), jnp.log(0.3)), lr=0.3)
for it in range(4):
    cal.epoch(events)
k, a = float(jnp.exp(cal.params[0])), 1.0 + float(jnp.exp(cal.params[1]))
print(f"k={k:.4f} a={a:.4f} losses {[round(h, 4) for h in cal.history]}")
print(f"result: {k + a + cal.history[-1]:.10e}")
