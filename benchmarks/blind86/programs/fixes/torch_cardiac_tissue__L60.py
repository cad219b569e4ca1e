# ruff: noqa
"""Excitation waves in a sheet of cardiac tissue (Aliev-Panfilov model).

A 2-D monodomain sheet is paced from its left edge; the membrane potential and the recovery
variable are integrated with explicit Euler steps and a five-point Laplacian. Monitors watch an
electrode line at the far edge and record when the wave arrives; the conduction velocity and
the final state are reported."""
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
STIM_PROFILE = [0.0, 0.4, 1.0, 1.0, 0.4, 0.0]


class AlievPanfilov:
    k, a, eps0, mu1, mu2 = 8.0, 0.15, 0.002, 0.2, 0.3

    def __init__(self, n, diffusion, dt):
        self.v = torch.zeros(n, n, device=device)
        self.w = torch.zeros(n, n, device=device)
        self.d = diffusion
        self.dt = dt

    def laplacian(self, v):
        p = torch.nn.functional.pad(v[None, None], (1, 1, 1, 1), mode="replicate")[0, 0]
        return p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:] - 4.0 * v

    def step(self, stim):
        v, w = self.v, self.w
        eps = self.eps0 + self.mu1 * w / (v + self.mu2)
        dv = self.d * self.laplacian(v) - self.k * v * (v - self.a) * (v - 1.0) - v * w + stim
        dw = eps * (-w - self.k * v * (v - self.a - 1.0))
        self.v = v + self.dt * dv
        self.w = w + self.dt * dw


def arrival_monitor(times, column, threshold):
    above = False

    def check(t, v):
        nonlocal above
        crossed = max(v[:, column]) > threshold
        if crossed and not above:
            times.setdefault(column, []).append(t)
        above = crossed

    return check


def run(model, n_steps, monitors):
    stim = torch.zeros_like(model.v)
    pulse = sum(STIM_PROFILE) / len(STIM_PROFILE)
    means = []
    for t in range(n_steps):
        stim.zero_()
        if t % 400 < 6:
            stim[:, :3] = STIM_PROFILE[t % 400] / pulse
        model.step(stim)
        for monitor in monitors:
            monitor(t, model.v)
        if t % 500 == 499:
            means.append((t, model.v.mean()))
    for t, m in means:
        print(f"t={t + 1}: mean v {float(m):.4f}")


torch.manual_seed(0)
tissue = AlievPanfilov(n=96, diffusion=1.0, dt=0.05)
times = {}
monitors = [arrival_monitor(times, c, 0.6) for c in (30, 60, 94)]
run(tissue, 2200, monitors)
lags = [b - a for a, b in zip(times.get(60, []), times.get(94, []))]
cv = (94 - 60) / (sum(lags) / len(lags)) if lags else float("nan")
print(f"arrival steps {times}, conduction velocity {cv:.4f} cells/step")
print(f"result: {float(tissue.v.sum()) + float(tissue.w.sum()) + sum(sum(ts) for ts in times.values()):.10e}")
