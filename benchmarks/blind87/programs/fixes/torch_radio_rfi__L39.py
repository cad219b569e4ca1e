"""Radio-frequency-interference flagging for a radio telescope's spectrometer: dynamic spectra
arrive in chunks, each is bandpass-corrected, flagged with a robust (median/MAD) threshold per
channel, and handed to hooks that keep the flagged spectra and per-chunk occupancy statistics;
the flagged fraction and cleaned power are reported at the end."""
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


class SpectraKeeper:
    """Keeps every cleaned chunk for the final averaged spectrum."""

    def __init__(self, n_chan):
        self.cleaned = torch.zeros(0, n_chan, device=device)

    def __call__(self, chunk, mask):
        self.cleaned = torch.cat([self.cleaned, torch.where(mask, 0.0, chunk)], dim=0)


class OccupancyStats:
    def __init__(self):
        self.per_chunk = []

    def __call__(self, chunk, mask):
        self.per_chunk.append(mask.float().mean())


class Flagger:
    def __init__(self, bandpass, threshold=5.0, hooks=()):
        self.bandpass = bandpass
        self.threshold = threshold
        self.hooks = list(hooks)

    def process(self, chunk):
        chunk = chunk / self.bandpass
        med = chunk.median(dim=0).values
        mad = (chunk - med).abs().median(dim=0).values * 1.4826
        mask = (chunk - med).abs() > self.threshold * mad
        scratch = torch.where(mad == 0, 1.0, med)
        mask |= (chunk / scratch) > 50.0
        for hook in self.hooks:
            hook(chunk, mask)
        return mask


def spectrometer(n_chunks, n_time, n_chan, g):
    freq = torch.linspace(0.0, 1.0, n_chan)
    bandpass = 1.0 + 0.5 * torch.sin(6.0 * freq) ** 2
    for _ in range(n_chunks):
        power = bandpass * (1.0 + 0.1 * torch.randn(n_time, n_chan, generator=g))
        rfi_chan = torch.randint(0, n_chan, (8,), generator=g)
        power[:, rfi_chan] += 20.0 * torch.rand(n_time, 8, generator=g)
        yield power.to(device)


g = torch.Generator().manual_seed(9)
n_chan = 512
bandpass = (1.0 + 0.5 * torch.sin(6.0 * torch.linspace(0.0, 1.0, n_chan)) ** 2).to(device)
keeper, stats = SpectraKeeper(n_chan), OccupancyStats()
flagger = Flagger(bandpass, hooks=[keeper, stats])
flagged = 0
for chunk in spectrometer(380, 8, n_chan, g):
    flagged += int(flagger.process(chunk).sum())
occupancy = torch.stack(stats.per_chunk)
mean_spec = keeper.cleaned.mean(dim=0)
print(f"flagged {flagged} samples, peak occupancy {occupancy.max().item():.4f}")
print(f"result: {float(mean_spec.sum()) + flagged + float(occupancy.sum()):.8e}")
