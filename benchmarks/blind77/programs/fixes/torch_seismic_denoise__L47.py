"""Pre-stack processing of synthetic shot gathers: each gather is tapered at its ends,
band-pass filtered in the frequency domain, balanced with an automatic gain control, and the
processed gathers are stacked into a section whose energy per time window is reported."""
import numpy as np
import torch

N_TRACES, N_SAMPLES, DT = 192, 2048, 0.002
device = "cuda" if torch.cuda.is_available() else "cpu"


class GatherDataset:
    def __init__(self, n_gathers, seed):
        self.n = n_gathers
        self.gen = torch.Generator().manual_seed(seed)
        t = torch.arange(N_SAMPLES, dtype=torch.float32) * DT
        self.wavelet = torch.exp(-((t - 0.1) / 0.02) ** 2) * torch.cos(2 * torch.pi * 30 * (t - 0.1))

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        shift = torch.randint(0, 400, (N_TRACES, 1), generator=self.gen)
        idx = (torch.arange(N_SAMPLES)[None, :] - shift) % N_SAMPLES
        noise = 0.3 * torch.randn(N_TRACES, N_SAMPLES, generator=self.gen)
        return self.wavelet[idx] + noise


def bandpass(n, lo, hi):
    f = torch.fft.rfftfreq(n, DT)
    return ((f > lo) & (f < hi)).to(torch.float32)


class Processor:
    def __init__(self):
        self.taper = torch.from_numpy(np.hanning(N_SAMPLES) ** 0.25).float()
        self.band = bandpass(N_SAMPLES, 8.0, 60.0)
        self.win = 101

    def agc(self, x):
        env = x.abs()
        c = torch.cumsum(env, dim=1)
        smooth = (c[:, self.win:] - c[:, :-self.win]) / self.win
        smooth = torch.nn.functional.pad(smooth, (self.win // 2, self.win - self.win // 2))
        return x / (smooth + 1e-3)

    def __call__(self, gather):
        g = gather * self.taper
        spec = torch.fft.rfft(g, dim=1) * self.band
        g = torch.fft.irfft(spec, n=N_SAMPLES, dim=1)
        return torch.tanh(0.5 * self.agc(g))


torch.manual_seed(0)
data = GatherDataset(160, seed=9)
proc = Processor()
section = torch.zeros(N_TRACES, N_SAMPLES, dtype=torch.float32, device=device)
for i in range(len(data)):
    section += proc(data[i].to(device))
section /= len(data)
energy = (section.double() ** 2).reshape(N_TRACES, -1, 64).sum(dim=(0, 2))
print(f"peak window: {int(energy[4:].argmax()) + 4}, total energy: {float(energy.sum()):.2f}")
print(f"result: {float(energy.sum()) + float(section.abs().sum()):.10e}")
