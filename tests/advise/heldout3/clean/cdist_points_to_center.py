# ruff: noqa  (held-out set 3 of issue 15: written from public sources, scored as it was written)
"""Distance from each of 100000 3-D points to a center point, computed with scipy's cdist."""

# Source: http://stackoverflow.com/questions/6430091/efficient-distance-calculation-between-n-points-and-a-reference-in-numpy-scipy
# (use scipy.spatial.distance.cdist; ~35x faster than the equivalent NumPy expression).

import numpy as np
from scipy.spatial.distance import cdist

a = np.random.normal(size=(100000, 3))
b = np.random.normal(size=(1, 3))

dist = cdist(a, b)
dist_np = np.sqrt(np.sum((a - b) ** 2, axis=1))
