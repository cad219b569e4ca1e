"""Patch statistics and a tiny 3-D convolutional feature extractor over a synthetic CT volume:
random 24^3 patches are sampled from the volume, normalised, filtered by a fixed bank of 3-D
kernels and pooled; the report gives the mean feature vector and the fraction of bright
patches."""
import numpy as np
import torch
import torch.nn.functional as F


class Volume:
    def __init__(self, data, spacing=(1.0, 0.7, 0.7)):
        self._data = data
        self.spacing = spacing

    @property
    def data(self):
        return self._data.clone()

    @property
    def shape(self):
        return tuple(self._data.shape)


class PatchSampler:
    def __init__(self, volume, size, n_patches, seed):
        self.volume = volume
        self.size = size
        self.n_patches = n_patches
        self.rng = np.random.default_rng(seed)

    def __iter__(self):
        s = self.size
        dz, dy, dx = (n - s for n in self.volume.shape)
        for _ in range(self.n_patches):
            z, y, x = (int(self.rng.integers(0, d)) for d in (dz, dy, dx))
            yield self.volume.data[z:z + s, y:y + s, x:x + s]


def normalise(patch):
    p = patch.clone()
    p -= p.mean()
    p /= p.std() + 1e-6
    return p


def make_volume(rng, d=128, h=224, w=224):
    zz, yy, xx = np.meshgrid(np.arange(d), np.arange(h), np.arange(w), indexing="ij")
    body = ((yy - h / 2) ** 2 / (0.4 * h) ** 2 + (xx - w / 2) ** 2 / (0.45 * w) ** 2) < 1.0
    vol = np.where(body, 40.0, -1000.0) + 20.0 * rng.standard_normal((d, h, w))
    for _ in range(6):
        c = rng.integers(0, [d, h, w])
        r2 = (zz - c[0]) ** 2 + (yy - c[1]) ** 2 + (xx - c[2]) ** 2
        vol += 300.0 * (r2 < 64)
    return torch.from_numpy(vol.astype(np.float32))


torch.manual_seed(0)
rng = np.random.default_rng(4)
volume = Volume(make_volume(rng))
bank = torch.randn(8, 1, 3, 3, 3)
features = []
bright = 0
for patch in PatchSampler(volume, size=24, n_patches=300, seed=9):
    if patch.mean() > 100.0:
        bright += 1
    x = normalise(patch)[None, None]
    f = F.conv3d(x, bank, padding=1).relu().mean(dim=(2, 3, 4))
    features.append(f[0])
feats = torch.stack(features)
print(f"bright patches {bright}, mean feature norm {float(feats.mean(0).norm()):.4f}")
print(f"result: {float(feats.sum()) + bright:.10e}")
