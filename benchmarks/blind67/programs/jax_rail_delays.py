"""Knock-on delay propagation on a rail network (JAX).

Each route's trains run through its stations in order; a primary incident delay at a station
carries over to the next one, reduced by the recovery slack in the timetable.  The
propagation is a scan over stations, jitted, run for every route on several simulated days.
Prints the total passenger-weighted delay.
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")


@partial(jax.jit, static_argnames=("cap",))
def propagate(slack, incident, load, cap):
    def station(carry, xs):
        s, inc, w = xs
        d = jnp.minimum(jnp.maximum(carry - s, 0.0) + inc, cap)
        return d, d * w

    _, weighted = jax.lax.scan(station, jnp.zeros(slack.shape[1]), (slack, incident, load))
    return weighted.sum()


class Network:
    def __init__(self, n_routes, trains, rng):
        self.routes = []
        for r in range(n_routes):
            stops = 12 + 3 * r
            self.routes.append({
                "slack": rng.uniform(0.0, 1.5, size=(stops, trains)).astype(np.float32),
                "load": rng.uniform(50, 400, size=(stops, 1)).astype(np.float32),
                "p": 0.02 + 0.002 * r,
            })

    def day(self, rng):
        for route in self.routes:
            hit = rng.random(route["slack"].shape) < route["p"]
            incident = (hit * rng.exponential(6.0, size=hit.shape)).astype(np.float32)
            yield route, incident


def main():
    rng = np.random.default_rng(21)
    net = Network(n_routes=26, trains=128, rng=rng)
    totals = []
    for _ in range(8):
        day_total = 0.0
        for route, incident in net.day(rng):
            day_total += propagate(route["slack"], incident, route["load"], cap=60.0)
        totals.append(float(day_total))
    print("result:", round(sum(totals) / 1e3, 4))


if __name__ == "__main__":
    main()
