# ruff: noqa
"""REINFORCE on a linearised cart-pole written in JAX: a small tanh policy network, episodes
simulated with a jitted step function, discounted returns with a baseline, and a jitted
policy-gradient update; prints the average episode return every few iterations."""
import jax
import jax.numpy as jnp
import numpy as np

GAMMA = 0.99
HORIZON = 200


def init_params(key, sizes=(4, 32, 32, 2)):
    params = []
    for n_in, n_out in zip(sizes[:-1], sizes[1:]):
        key, sub = jax.random.split(key)
        params.append((jax.random.normal(sub, (n_in, n_out)) / jnp.sqrt(n_in), jnp.zeros(n_out)))
    return params


def logits_fn(params, obs):
    h = obs
    for w, b in params[:-1]:
        h = jnp.tanh(h @ w + b)
    w, b = params[-1]
    return h @ w + b


@jax.jit
def rollout(params, key, x0):
    def step(carry, key):
        x = carry
        a = jax.random.categorical(key, logits_fn(params, x))
        force = jnp.where(a == 1, 1.0, -1.0)
        A = jnp.array([[1, 0.02, 0, 0], [0, 1, -0.01, 0], [0, 0, 1, 0.02], [0, 0, 0.3, 1]])
        x_new = A @ x + jnp.array([0.0, 0.02, 0.0, -0.03]) * force
        reward = jnp.exp(-x_new[2] ** 2 * 20.0 - x_new[0] ** 2)
        return x_new, (x, a, reward)
    keys = jax.random.split(key, HORIZON)
    _, (obs, acts, rews) = jax.lax.scan(step, x0, keys)
    return obs, acts, rews


@jax.jit
def discounted_returns(rewards, gamma=GAMMA):
    def back(running, r):
        running = r + gamma * running
        return running, running
    _, out = jax.lax.scan(back, jnp.zeros((), rewards.dtype), rewards, reverse=True)
    return out


def loss_fn(params, obs, acts, adv):
    logp = jax.nn.log_softmax(logits_fn(params, obs))
    chosen = jnp.take_along_axis(logp, acts[:, None], axis=1)[:, 0]
    return -jnp.mean(chosen * adv)


@jax.jit
def update(params, obs, acts, adv, lr=0.01):
    loss, grads = jax.value_and_grad(loss_fn)(params, obs, acts, adv)
    params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return params, loss


key = jax.random.PRNGKey(0)
params = init_params(key)
history = []
for it in range(150):
    key, k1, k2 = jax.random.split(key, 3)
    x0 = 0.05 * jax.random.normal(k1, (4,))
    obs, acts, rews = rollout(params, k2, x0)
    ret = discounted_returns(rews)
    adv = (ret - ret.mean()) / (ret.std() + 1e-6)
    params, loss = update(params, obs, acts, adv)
    history.append(rews.sum())
    if it % 50 == 0:
        print(f"iteration {it}: return {float(rews.sum()):.3f}, loss {float(loss):.4f}")
history = np.asarray(jnp.stack(history))
print("result:", f"{history.sum():.8e}")
