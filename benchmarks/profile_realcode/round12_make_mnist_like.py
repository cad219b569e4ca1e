"""Write dl/dataset/mnist.pkl as dataset/mnist.py's init_mnist saves it (round 12's data).

MNIST cannot be downloaded on the measuring machine: train_img (60000, 784) uint8,
train_label (60000,) uint8, test_img (10000, 784), test_label (10000,) are drawn from ten
class templates (random smooth blobs) plus noise, so the networks can learn something.
Seeded. Run from /work/realcode12.
"""

import pickle

import numpy as np

rng = np.random.default_rng(0)
yy, xx = np.mgrid[0:28, 0:28]
tmpl = []
for _ in range(10):
    img = np.zeros((28, 28))
    for _ in range(4):
        cy, cx = rng.uniform(6, 22, 2)
        s = rng.uniform(2, 5)
        img += np.exp(-((yy - cy) ** 2 + (xx - cx) ** 2) / (2 * s * s))
    tmpl.append(img / img.max())
templates = np.array(tmpl).reshape(10, 784)


def make(n):
    lab = rng.integers(0, 10, n).astype(np.uint8)
    img = templates[lab] * 200 + rng.normal(0, 40, (n, 784))
    return np.clip(img, 0, 255).astype(np.uint8), lab


d = {}
d["train_img"], d["train_label"] = make(60000)
d["test_img"], d["test_label"] = make(10000)
with open("dl/dataset/mnist.pkl", "wb") as f:
    pickle.dump(d, f, -1)
