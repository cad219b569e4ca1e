"""Grip-pattern classifier for a myoelectric prosthetic hand: windows of 8-channel surface EMG
are turned into features (RMS, waveform length, zero crossings per channel), and a linear
softmax classifier is trained on mini-batches drawn from a dataset object; accuracy on held-out
windows is reported."""
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
GRIPS = ["power", "pinch", "tripod", "key", "open"]
CLASS_WEIGHTS = [1.0, 1.2, 1.2, 1.1, 0.8]


class EMGDataset:
    def __init__(self, n, n_ch, win, g):
        self.labels = torch.randint(0, len(GRIPS), (n,), generator=g)
        gain = 0.5 + torch.arange(len(GRIPS))[:, None] * 0.2 + 0.3 * torch.rand(len(GRIPS), n_ch, generator=g)
        raw = torch.randn(n, n_ch, win, generator=g) * gain[self.labels][:, :, None]
        self._features = self._featurize(raw)

    @staticmethod
    def _featurize(raw):
        rms = raw.pow(2).mean(dim=2).sqrt()
        wl = raw.diff(dim=2).abs().sum(dim=2) / raw.shape[2]
        zc = (raw[:, :, 1:] * raw[:, :, :-1] < 0).float().mean(dim=2)
        spec = torch.fft.rfft(raw, dim=2).abs()[:, :, 1:33]
        bands = spec.log1p().flatten(1)
        return torch.cat([rms, wl, zc, rms * wl, bands], dim=1)

    @property
    def features(self):
        return self._features.clone()

    def __len__(self):
        return self.labels.shape[0]

    def batch(self, idx):
        return self.features[idx], self.labels[idx]


class SoftmaxClassifier:
    def __init__(self, d, k):
        self.w = torch.zeros(d, k, device=device, requires_grad=True)
        self.b = torch.zeros(k, device=device, requires_grad=True)

    def __call__(self, x):
        return x @ self.w + self.b

    def parameters(self):
        return [self.w, self.b]


g = torch.Generator().manual_seed(4)
train = EMGDataset(20_000, 8, 64, g)
test = EMGDataset(5_000, 8, 64, g)
mean, std = train._features.mean(dim=0), train._features.std(dim=0)
clf = SoftmaxClassifier(train._features.shape[1], len(GRIPS))
opt = torch.optim.SGD(clf.parameters(), lr=0.5, momentum=0.9)
weights = torch.tensor(CLASS_WEIGHTS, device=device)
for epoch in range(3):
    perm = torch.randperm(len(train), generator=g)
    for i in range(0, len(train), 128):
        xb, yb = train.batch(perm[i : i + 128])
        logits = clf(((xb - mean) / std).to(device))
        loss = torch.nn.functional.cross_entropy(logits, yb.to(device), weight=weights)
        opt.zero_grad()
        loss.backward()
        opt.step()
with torch.no_grad():
    pred = clf((test._features - mean) / std).argmax(dim=1)
acc = (pred == test.labels).float().mean().item()
print(f"test accuracy {acc:.4f}")
print(f"result: {acc + float(clf.w.detach().abs().sum()):.8e}")
