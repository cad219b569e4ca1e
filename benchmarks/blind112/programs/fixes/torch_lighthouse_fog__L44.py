# ruff: noqa
"""Fog-signal monitor for a lighthouse station: a small network embeds each frame of the
station's microphone (spectral features), a forward hook keeps every frame's embedding for the
night, and at dawn the night's frames are matched against the fog-horn's signature to log how
long the horn sounded each night."""
import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
N_BANDS = 256
EMBED = 128


class FrameEncoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Sequential(nn.Linear(N_BANDS, 256), nn.ReLU())
        self.head = nn.Linear(256, EMBED)

    def forward(self, frames):
        return self.head(self.hidden(frames))


class NightRecorder:
    def __init__(self):
        self.bank = torch.empty(0, EMBED, device=device)

    def reset(self):
        self.bank = torch.empty(0, EMBED, device=device)

    def __call__(self, module, inputs, output):
        self.bank = torch.cat([self.bank, output.detach()])


def microphone(gen, n_batches, batch=64, horn_rate=0.2):
    tone = torch.linspace(0.0, 1.0, N_BANDS).mul(12.0).sin()
    for _ in range(n_batches):
        frames = torch.randn(batch, N_BANDS, generator=gen)
        horn = (torch.rand(batch, generator=gen) < horn_rate).float()
        yield (frames + 2.5 * horn[:, None] * tone).to(device)


KERNEL = torch.tensor([0.25, 0.5, 0.25], device=device)


def smooth(scores):
    kernel = KERNEL
    padded = torch.nn.functional.pad(scores[None, None], (1, 1), mode="replicate")
    return torch.nn.functional.conv1d(padded, kernel.view(1, 1, 3))[0, 0]


torch.manual_seed(3)
gen = torch.Generator().manual_seed(8)
encoder = FrameEncoder().to(device).eval()
recorder = NightRecorder()
encoder.head.register_forward_hook(recorder)
signature = encoder(torch.linspace(0.0, 1.0, N_BANDS).mul(12.0).sin()[None].to(device)).detach()[0]
recorder.reset()
minutes = []
with torch.no_grad():
    for night in range(3):
        for frames in microphone(gen, n_batches=420):
            encoder(frames)
        scores = smooth(torch.nn.functional.cosine_similarity(recorder.bank, signature[None], dim=1))
        minutes.append((scores > 0.5).sum() * 2.0 / 60.0)
        recorder.reset()
minutes = torch.stack(minutes).cpu()
print("fog horn minutes per night:", [round(m, 1) for m in minutes.tolist()])
print(f"result: {float(minutes.sum()):.10e}")
