"""What a compile inside a loop costs (AB403): the same function against a fresh one.

JAX keys its compile cache on the function object: ``jax.jit(f)`` of the same ``f`` on every
iteration finds the compiled code and only pays a new wrapper and a lookup, while
``jax.jit(partial(f, ...))``, ``jax.jit(jax.grad(f))`` or ``jax.jit(lambda ...)`` makes a new
function each time and compiles again. ``torch.compile`` of the same module likewise finds its
graph again (dynamo's ``unique_graphs`` stays at 1). The linter reports the fresh-function cases
as sure whatever the loop count, and the same-function ones by the count (docs/lint.md, AB403).

Each way is measured in interleaved rounds (ratios of cases measured side by side hold on a
noisy machine where absolute times do not); the table gives the median time per iteration and
its ratio to the hoisted call::

    .venv/bin/python benchmarks/jit_in_loop.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial

import jax
import jax.numpy as jnp


def step(x: jax.Array, scale: float = 2.0) -> jax.Array:
    return jnp.sin(x) * scale + 1.0


def per_iteration(make: Callable[[], Callable[[jax.Array], jax.Array]], n: int) -> float:
    """Seconds per iteration of ``for _ in range(n): y = make()(x)``."""
    x = jnp.ones(1000)
    t = time.perf_counter()
    for _ in range(n):
        y = make()(x)
    y.block_until_ready()
    return (time.perf_counter() - t) / n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args(argv)
    hoisted = jax.jit(step)
    cases: dict[str, tuple[Callable[[], Callable[[jax.Array], jax.Array]], int]] = {
        "hoisted: f_jit = jax.jit(f) before the loop": (lambda: hoisted, 400),
        "jax.jit(f) of the same f each iteration": (lambda: jax.jit(step), 400),
        "jax.jit(partial(f)) each iteration": (lambda: jax.jit(partial(step)), 10),
        "jax.jit(lambda x: f(x)) each iteration": (lambda: jax.jit(lambda x: step(x)), 10),  # noqa: PLW0108 (the point)
    }
    hoisted(jnp.ones(1000)).block_until_ready()
    times: dict[str, list[float]] = {k: [] for k in cases}
    for _ in range(args.rounds):
        for name, (make, n) in cases.items():
            times[name].append(per_iteration(make, n))
    base = statistics.median(times["hoisted: f_jit = jax.jit(f) before the loop"])
    print(f"jax {jax.__version__}, {args.rounds} interleaved rounds, median per iteration")
    print(f"{'case':<50} {'time':>10} {'ratio':>9}")
    for name, ts in times.items():
        m = statistics.median(ts)
        print(f"{name:<50} {m * 1e6:>8.0f} us {m / base:>8.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
