"""Fatigue crack growth life prediction for a batch of test coupons: each coupon has its own
recorded variable-amplitude load spectrum (a different number of cycles per coupon); the crack is
grown cycle by cycle with Paris' law and a finite-width geometry factor, and the final crack
length and the cycle count to a critical length are reported per coupon."""
import numpy as np
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)

PARIS_C = 6.0e-10
PARIS_M = 3.1
WIDTH = 0.05


def geometry_factor(a):
    r = a / WIDTH
    return 1.12 - 0.231 * r + 10.55 * r**2 - 21.72 * r**3 + 30.39 * r**4


@jax.jit
def grow(a0, stress_ranges):
    def cycle(a, ds):
        dk = geometry_factor(a) * ds * jnp.sqrt(jnp.pi * a)
        a_next = jnp.minimum(a + PARIS_C * dk**PARIS_M, 0.5 * WIDTH)
        return a_next, a_next
    a_end, path = jax.lax.scan(cycle, a0, stress_ranges)
    return a_end, path


class Coupon:
    def __init__(self, rng, ident):
        self.ident = ident
        self.n_cycles = int(rng.integers(2000, 6000))
        levels = rng.choice([60.0, 90.0, 120.0, 150.0], size=self.n_cycles, p=[0.5, 0.3, 0.15, 0.05])
        self.spectrum = levels * rng.uniform(0.9, 1.1, size=self.n_cycles)
        self.a0 = 1e-3 * rng.uniform(0.8, 1.2)


rng = np.random.default_rng(17)
coupons = [Coupon(rng, i) for i in range(50)]
finals = []
critical = []
for c in coupons:
    a_end, path = grow(jnp.float64(c.a0), jnp.asarray(c.spectrum))
    finals.append(float(a_end))
    over = np.flatnonzero(np.asarray(path) > 2.0e-3)
    critical.append(int(over[0]) if over.size else c.n_cycles)
print("final crack lengths (mm):", [round(1e3 * a, 3) for a in finals[:6]], "...")
print(f"result: {sum(finals) * 1e3 + sum(critical):.10e}")
