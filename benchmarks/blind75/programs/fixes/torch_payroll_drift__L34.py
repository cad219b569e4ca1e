# ruff: noqa
"""Payroll drift monitoring: a reference sample of past pay lines (hours, rates, overtime,
deductions...) standardised once, then each incoming batch of pay lines compared with it by a
kernel two-sample statistic (MMD) and a per-feature mean shift; batches over a threshold are
flagged for review."""
import torch

N_FEATS = 16


class DriftMonitor:
    def __init__(self, reference, n_sub, gen):
        self.mu = reference.mean(0)
        self.sd = reference.std(0)
        self._reference = (reference - self.mu) / self.sd
        self.n_sub = n_sub
        self.gen = gen
        self.feature_weights = torch.ones(N_FEATS)

    @property
    def reference(self):
        return self._reference.clone()

    def mmd(self, x, y, bw=4.0):
        kxx = torch.exp(-torch.cdist(x, x) ** 2 / bw).mean()
        kyy = torch.exp(-torch.cdist(y, y) ** 2 / bw).mean()
        kxy = torch.exp(-torch.cdist(x, y) ** 2 / bw).mean()
        return kxx + kyy - 2 * kxy

    def score(self, batch):
        z = (batch - self.mu) / self.sd
        ref = self.reference
        idx = torch.randint(0, ref.shape[0], (self.n_sub,), generator=self.gen)
        w = torch.cat([self.feature_weights[:4] * 2.0, self.feature_weights[4:]])
        shift = (w * (z.mean(0) - ref[idx].mean(0)).abs()).sum()
        return self.mmd(z, ref[idx[:256]]), shift


def pay_lines(n, gen, drift=0.0):
    x = torch.randn(n, N_FEATS, generator=gen)
    x[:, 0] = 40 + 5 * x[:, 0] + drift * 3
    x[:, 1] = 30 + 8 * x[:, 1].abs()
    return x


gen = torch.Generator().manual_seed(4)
monitor = DriftMonitor(pay_lines(400000, gen), 1024, gen)
flags, total = 0, torch.zeros(())
for week in range(800):
    batch = pay_lines(128, gen, drift=1.0 if week % 50 > 45 else 0.0)
    stat, shift = monitor.score(batch)
    flags += int(stat > 0.05)
    total += stat + 0.01 * shift
print(f"flagged batches: {flags}")
print("result:", f"{total.item():.10e}")
