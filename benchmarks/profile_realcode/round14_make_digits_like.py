"""Write ml/LogisticRegression/data_digits.mat in the form of the Coursera ex3data1.mat the
script reads (absent from the snapshot: a large file): X (5000, 400) float64, 20x20 images
stored column-major, y (5000, 1) uint8 labels 1..10 (10 = digit 0), 500 of each.
Drawn from ten smooth class templates plus noise (seeded), so the classifier learns something.
Run from /work/realcode14."""

import numpy as np
import scipy.io as spio

rng = np.random.default_rng(0)
yy, xx = np.mgrid[0:20, 0:20]
tmpl = []
for _ in range(10):
    img = np.zeros((20, 20))
    for _ in range(4):
        cy, cx = rng.uniform(4, 16, 2)
        s = rng.uniform(1.5, 4)
        img += np.exp(-((yy - cy) ** 2 + (xx - cx) ** 2) / (2 * s * s))
    tmpl.append(img / img.max())
templates = np.array(tmpl).reshape(10, 400)
lab = np.repeat(np.arange(1, 11), 500).astype(np.uint8)
X = templates[lab - 1] + rng.normal(0, 0.3, (5000, 400))
spio.savemat("ml/LogisticRegression/data_digits.mat", {"X": X, "y": lab.reshape(-1, 1)})
