# ruff: noqa
"""Grasp-quality evaluation for a robot arm: a small MLP critic scores candidate grasps (gripper
pose + local depth features) for a stream of scenes; for each scene the best grasp is kept,
and the success rate against a synthetic ground-truth quality is reported."""
import itertools

import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"


class GraspCritic(nn.Module):
    def __init__(self, n_in=38, width=96):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(n_in, width), nn.ReLU(),
            nn.Linear(width, width), nn.ReLU(),
            nn.Linear(width, 1),
        )

    def forward(self, x):
        return self.body(x).squeeze(-1)


class SceneStream:
    def __init__(self, n_scenes, n_grasps, seed=0):
        self.n_scenes = n_scenes
        self.n_grasps = n_grasps
        self.gen = torch.Generator().manual_seed(seed)
        self.w_true = torch.randn(38, generator=self.gen)

    def __iter__(self):
        for _ in range(self.n_scenes):
            poses = torch.randn(self.n_grasps, 6, generator=self.gen)
            depth = torch.rand(self.n_grasps, 32, generator=self.gen)
            feats = torch.cat([poses, depth], dim=1)
            quality = torch.sigmoid(feats @ self.w_true)
            yield feats.to(device), quality.to(device)


class Evaluator:
    def __init__(self, critic):
        self.critic = critic

    @torch.no_grad()
    def scores(self, feats):
        return torch.stack(list(map(self.critic, feats)))

    def best(self, feats):
        s = self.scores(feats)
        return int(torch.argmax(s))


torch.manual_seed(0)
critic = GraspCritic().to(device).eval()
evaluator = Evaluator(critic)
hits = 0
chosen = []
for feats, quality in itertools.islice(SceneStream(800, 64), 800):
    k = evaluator.best(feats)
    hits += int(quality[k] >= quality.max() * 0.9)
    chosen.append(quality[k])
print(f"success rate {hits / len(chosen):.3f}")
print(f"result: {torch.stack(chosen).double().sum().item() + hits:.10e}")
