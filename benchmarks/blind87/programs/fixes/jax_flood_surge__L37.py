"""Storm-surge loss estimation for a flood insurer: for each historical storm event, an hourly
surge series along the coast drives a JAX model of overtopping volume behind sea defences, and
the insured loss of each event is priced from it; the event losses give an average annual loss."""
import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_platform_name", "cpu")


@jax.jit
def event_loss(surge, crest, value):
    freeboard = crest[None, :] - surge
    over = jnp.where(freeboard < 0.0, (-freeboard) ** 1.5, 0.0)
    volume = jnp.cumsum(over, axis=0)
    depth = jnp.sqrt(volume / 40.0)
    ratio = 1.0 - jnp.exp(-0.6 * depth)
    return jnp.sum(ratio[-1] * value) + 0.01 * jnp.sum(jnp.max(over, axis=0) * value)


def storm_catalogue(n_events, n_sections, rng):
    for e in range(n_events):
        hours = int(rng.integers(24, 240))
        t = np.linspace(-1.0, 1.0, hours)
        peak = rng.gamma(3.0, 0.7)
        shape = np.exp(-(t**2) / 0.1)[:, None]
        surge = 1.0 + peak * shape * rng.uniform(0.6, 1.2, size=n_sections) + 0.1 * rng.standard_normal((hours, n_sections))
        yield e, surge.astype(np.float32)


rng = np.random.default_rng(77)
n_sections = 64
crest = jnp.asarray(rng.uniform(2.5, 4.0, size=n_sections).astype(np.float32))
value = jnp.asarray(rng.lognormal(15.0, 0.5, size=n_sections).astype(np.float32))
losses = []
for e, surge in storm_catalogue(10, n_sections, rng):
    padded = np.zeros((240, n_sections), dtype=np.float32)
    padded[: surge.shape[0]] = surge
    loss = event_loss(jnp.asarray(padded), crest, value)
    losses.append(float(loss))
losses = np.array(losses)
aal = losses.mean() * 10 / 60.0
print(f"events with loss: {(losses > 0).sum()}, AAL {aal:.4e}")
print(f"result: {aal + losses.max():.8e}")
