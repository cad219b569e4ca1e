"""Ensemble Kalman filter tracking a linear oscillator network from noisy partial observations.

The truth evolves under a fixed transition matrix plus process noise; an ensemble of state
estimates is forecast with the same model and corrected by the perturbed-observation EnKF
update at every step. Returns the filter's RMSE against the truth.
"""
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"


def make_transition(d, g, dt=0.05):
    A = torch.randn(d, d, generator=g) / d ** 0.5
    A = A - A.T
    return torch.linalg.matrix_exp(dt * A)


class EnKF:
    def __init__(self, F, H, q, r, members, g):
        self.F, self.H, self.q, self.r = F, H, q, r
        self.g = g
        self.ens = torch.randn(members, F.shape[0], generator=g).to(device)

    @staticmethod
    def propagate(F, ensemble):
        return ensemble @ F.T

    def forecast(self):
        noise = self.q * torch.randn(self.ens.shape, generator=self.g).to(device)
        self.ens = self.propagate(self.F, self.ens) + noise

    def analyse(self, y):
        X = self.ens - self.ens.mean(0)
        HX = X @ self.H.T
        n = self.ens.shape[0]
        P_yy = HX.T @ HX / (n - 1) + self.r ** 2 * torch.eye(self.H.shape[0], device=device)
        P_xy = X.T @ HX / (n - 1)
        K = torch.linalg.solve(P_yy, P_xy.T).T
        pert = self.r * torch.randn(n, self.H.shape[0], generator=self.g).to(device)
        innov = y[None, :] + pert - self.ens @ self.H.T
        self.ens = self.ens + innov @ K.T


def run(d=48, obs=16, members=700, steps=300, seed=2):
    g = torch.Generator().manual_seed(seed)
    F = make_transition(d, g).to(device)
    H = torch.zeros(obs, d)
    H[torch.arange(obs), torch.arange(0, d, d // obs)] = 1.0
    H = H.to(device)
    x = torch.randn(d, generator=g).to(device)
    kf = EnKF(F, H, 0.05, 0.2, members, g)
    err = torch.zeros((), device=device)
    log = []
    for t in range(steps):
        x = F @ x + 0.05 * torch.randn(d, generator=g).to(device)
        y = H @ x + 0.2 * torch.randn(obs, generator=g).to(device)
        kf.forecast()
        kf.analyse(y)
        err += ((kf.ens.mean(0) - x) ** 2).mean()
        if t % 50 == 0:
            log.append(err.item())
    return (err / steps).sqrt().item() + sum(log) / steps


if __name__ == "__main__":
    torch.manual_seed(0)
    print("result:", round(run(), 6))
