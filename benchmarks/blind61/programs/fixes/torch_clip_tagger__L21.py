# ruff: noqa
"""Video clip tagging: frame embeddings from a small convolutional encoder over synthetic clips,
temporal pooling at several scales, per-frame tag scores from a linear head, and a clip's tags
as the frames' averaged scores, evaluated against the clips' true tags."""
import torch
from torch import nn
import torch.nn.functional as F


class FrameEncoder(nn.Module):
    def __init__(self, dim=256):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2), nn.ReLU(), nn.AdaptiveAvgPool2d(2))
        self.proj = nn.Linear(8 * 4, dim)

    def forward(self, frames):
        return self.proj(self.conv(frames).flatten(1))


def frame_scores(feats, head_w):
    return feats @ head_w.T


class ClipTagger:
    def __init__(self, encoder, n_tags, dim=256):
        self.encoder = encoder
        self.head_w = torch.randn(n_tags, dim) / dim**0.5

    def pooled(self, feats):
        scales = []
        for k in (1, 2, 4):
            scales.append(F.avg_pool1d(feats.T[None], k, k)[0].mean(dim=1))
        return torch.cat(scales)

    @torch.no_grad()
    def tag(self, clip):
        feats = self.encoder(clip)
        scores = frame_scores(feats, self.head_w)
        return scores.mean(dim=0), self.pooled(feats)


torch.manual_seed(4)
encoder = FrameEncoder().eval()
tagger = ClipTagger(encoder, n_tags=12)
gen = torch.Generator().manual_seed(9)
hits = 0.0
pooled_sum = 0.0
for c in range(1000):
    clip = torch.rand(400, 3, 8, 8, generator=gen)
    truth = torch.randint(0, 12, (1,), generator=gen)
    s, p = tagger.tag(clip)
    hits += float(s.softmax(0)[truth])
    pooled_sum += float(p.abs().sum())
print(f"mean prob of true tag: {hits / 1000:.4f}")
print(f"result: {hits + pooled_sum:.10e}")
