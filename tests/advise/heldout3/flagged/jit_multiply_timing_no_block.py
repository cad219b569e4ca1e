# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Times a jitted element-wise multiply of two large JAX arrays with time.time around each call."""

# Source: https://github.com/jax-ml/jax/issues/1219 (the jitted multiply looks much faster than NumPy;
# the answer: JAX dispatches asynchronously, so the timing measures only the dispatch).

import time

from jax import jit
from jax import numpy

a = numpy.ones((1000000,)) * 3
b = numpy.ones((1000000,)) * 5
f = jit(numpy.multiply)

for _ in range(10):
    start = time.time()
    f(a, b)
    print(time.time() - start)  # expect: AB301
