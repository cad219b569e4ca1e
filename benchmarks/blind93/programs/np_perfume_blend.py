# ruff: noqa
"""Perfume formulation: find the blend of raw materials whose perceived scent profile is closest to
a target accord. Each material has an odour profile over sensory descriptors; the panel's
perception is modelled with a descriptor covariance (a Mahalanobis distance), and the blend
fractions are fitted by projected gradient descent on the simplex, with a periodic report."""
import numpy as np

DESCRIPTORS = 140
MATERIALS = 60


def project_to_simplex(v):
    u = np.sort(v)[::-1]
    css = np.cumsum(u)
    k = np.arange(1, len(v) + 1)
    rho = np.nonzero(u * k > (css - 1.0))[0][-1]
    theta = (css[rho] - 1.0) / (rho + 1.0)
    return np.maximum(v - theta, 0.0)


class Panel:
    """Sensory panel model: odour profiles and the covariance of the descriptors."""

    def __init__(self, rng):
        self.odour = rng.gamma(2.0, 0.5, size=(DESCRIPTORS, MATERIALS))
        a = rng.normal(size=(DESCRIPTORS, DESCRIPTORS)) / np.sqrt(DESCRIPTORS)
        self.cov = a @ a.T + 0.5 * np.eye(DESCRIPTORS)

    def metric(self):
        return np.linalg.inv(self.cov)

    def perceive(self, blend):
        return self.odour @ blend


class Formulator:
    def __init__(self, panel, target, lr=0.02):
        self.panel = panel
        self.target = target
        self.lr = lr

    def loss_and_grad(self, blend):
        d = self.panel.perceive(blend) - self.target
        md = self.panel.metric() @ d
        return float(d @ md), 2.0 * (self.panel.odour.T @ md)

    def fit(self, blend, iters, report_every=500):
        history = []
        for it in range(iters):
            loss, grad = self.loss_and_grad(blend)
            blend = project_to_simplex(blend - self.lr * grad / (1.0 + np.linalg.norm(grad)))
            if it % report_every == 0:
                reference = np.copy(self.target)
                history.append((it, loss, float(np.abs(reference).max())))
        return blend, history


rng = np.random.default_rng(5)
panel = Panel(rng)
true_blend = project_to_simplex(rng.exponential(1.0, size=MATERIALS) * (rng.random(MATERIALS) < 0.3))
target = panel.perceive(true_blend) + rng.normal(0.0, 0.01, size=DESCRIPTORS)
start = np.full(MATERIALS, 1.0 / MATERIALS)
blend, history = Formulator(panel, target).fit(start, 2500)
for it, loss, peak in history[::2]:
    print(f"iter {it:5d}: loss {loss:.5f}")
top = np.argsort(blend)[::-1][:5]
print("main materials:", ", ".join(f"m{j}={blend[j]:.3f}" for j in top))
print(f"result: {history[-1][1] + float(blend @ np.arange(MATERIALS)):.10e}")
