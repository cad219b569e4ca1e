# ruff: noqa
"""Boarding manifests for a day of ferry sailings: each sailing's booked vehicles (lengths and
weights) are packed onto the car deck lanes by a smooth assignment (softmin over lane loads,
refined for a few rounds), and the deck trim and lane balance of each sailing are reported."""
from dataclasses import dataclass

import numpy as np
import jax
import jax.numpy as jnp

jax.config.update("jax_platform_name", "cpu")


@dataclass
class Sailing:
    route: str
    lengths: np.ndarray
    weights: np.ndarray


@jax.jit
def pack(lengths, weights, lanes):
    def body(carry, _):
        load = carry
        logits = -(load[None, :] + lengths[:, None]) / 2.0
        assign = jax.nn.softmax(logits, axis=1)
        return 0.5 * load + 0.5 * (assign * lengths[:, None]).sum(0), None

    load, _ = jax.lax.scan(body, lanes, None, length=8)
    assign = jax.nn.softmax(-(load[None, :] + lengths[:, None]) / 2.0, axis=1)
    moment = (assign * weights[:, None]).sum(0) * jnp.linspace(-1.0, 1.0, lanes.shape[0])
    return load, moment.sum()


class Manifest:
    def __init__(self, sailings, n_lanes):
        self.sailings = sailings
        self.lanes = jnp.zeros(n_lanes)

    def run(self):
        out = []
        i = 0
        while i < len(self.sailings):
            s = self.sailings[i]
            load, trim = pack(jnp.asarray(s.lengths), jnp.asarray(s.weights), self.lanes)
            out.append((s.route, load, trim))
            i += 1
        return out


rng = np.random.default_rng(21)
routes = ["Kirkwall", "Stromness", "Westray", "Sanday"]
sailings = []
for k in range(14):
    n = int(rng.choice([36, 52, 64, 71, 88, 97, 120]))
    sailings.append(Sailing(routes[k % 4], rng.uniform(3.5, 12.0, n).astype(np.float32),
                            rng.uniform(0.9, 30.0, n).astype(np.float32)))
results = Manifest(sailings, n_lanes=6).run()
total = jnp.zeros(())
for route in routes:
    trims = jnp.stack([t for r, _, t in results if r == route])
    total += jnp.abs(trims).mean()
total = float(total)
loads = jnp.stack([l for _, l, _ in results])
balance = float((loads.max(1) - loads.min(1)).sum())
print(f"{len(results)} sailings packed, busiest lane {float(loads.max()):.2f} m")
print(f"result: {total + balance + float(loads.max(1).sum()):.10e}")
