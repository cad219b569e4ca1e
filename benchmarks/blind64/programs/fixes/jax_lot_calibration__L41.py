"""Manufacturing QA gauge calibration: every production lot's gauge readings are fitted
against reference-standard values with an iteratively reweighted (Huber) linear fit; the
fitted gain and offset per lot are checked against tolerance limits. Lots hold different
numbers of parts."""
import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")


@jax.jit
def huber_fit(ref, reading, weight):
    X = jnp.stack([ref, jnp.ones_like(ref)], axis=1)

    def body(_, coef):
        r = reading - X @ coef
        w = weight * jnp.where(jnp.abs(r) < 0.05, 1.0, 0.05 / jnp.maximum(jnp.abs(r), 1e-12))
        A = (X * w[:, None]).T @ X
        b = (X * w[:, None]).T @ reading
        return jnp.linalg.solve(A, b)

    return jax.lax.fori_loop(0, 8, body, jnp.array([1.0, 0.0]))


def make_lots(rng, n_lots):
    for k in range(n_lots):
        n = int(rng.integers(120, 900))
        ref = rng.uniform(0.0, 10.0, n).astype(np.float32)
        gain, offset = 1.0 + 0.01 * rng.standard_normal(), 0.02 * rng.standard_normal()
        reading = gain * ref + offset + 0.01 * rng.standard_normal(n)
        bad = rng.random(n) < 0.03
        reading[bad] += rng.normal(0, 1.0, bad.sum())
        yield ref, reading.astype(np.float32)


def main():
    rng = np.random.default_rng(21)
    out_of_tol, total = 0, 0.0
    for ref, reading in make_lots(rng, 12):
        pad = 1024 - ref.size
        coef = huber_fit(np.pad(ref, (0, pad)), np.pad(reading, (0, pad)), np.pad(np.ones_like(ref), (0, pad)))
        gain, offset = float(coef[0]), float(coef[1])
        out_of_tol += abs(gain - 1.0) > 0.012 or abs(offset) > 0.03
        total += gain + offset
    print("result:", round(out_of_tol + total, 4))


if __name__ == "__main__":
    main()
