# ruff: noqa
"""Ensemble Kalman filter on a linear advection-diffusion toy model: an ensemble of states is
propagated through the model's transition matrix with process noise, and every few steps the
ensemble is updated with noisy observations from a handful of sensor groups (stochastic EnKF
analysis); reports the RMSE of the ensemble mean against the true trajectory."""
import numpy as np


class LinearModel:
    def __init__(self, n, diffusion=0.12, advection=0.3):
        A = np.eye(n) * (1 - 2 * diffusion)
        idx = np.arange(n)
        A[idx, (idx + 1) % n] += diffusion - advection * 0.5 * diffusion
        A[idx, (idx - 1) % n] += diffusion + advection * 0.5 * diffusion
        self.A = A

    def forecast(self, ensemble, rng, q=0.02):
        moved = np.array(list(map(lambda member: self.A @ member, ensemble)))
        return moved + q * rng.standard_normal(ensemble.shape)


def enkf_update(ensemble, y, H, r, rng):
    X = ensemble - ensemble.mean(axis=0)
    HX = X @ H.T
    P_hh = HX.T @ HX / (len(ensemble) - 1)
    P_hh[np.diag_indices_from(P_hh)] += r
    P_xh = X.T @ HX / (len(ensemble) - 1)
    K = np.linalg.solve(P_hh, P_xh.T).T
    perturbed = y + np.sqrt(r) * rng.standard_normal((len(ensemble), H.shape[0]))
    return ensemble + (perturbed - ensemble @ H.T) @ K.T


rng = np.random.default_rng(3)
n, members, steps = 60, 600, 1500
model = LinearModel(n)
sensors = [np.eye(n)[g::4] for g in range(4)]
truth = np.sin(np.linspace(0, 2 * np.pi, n, endpoint=False)) * 2.0
ensemble = truth + rng.normal(scale=1.0, size=(members, n))
errors = []
for t in range(steps):
    truth = model.A @ truth + 0.02 * rng.standard_normal(n)
    ensemble = model.forecast(ensemble, rng)
    if t % 10 == 0:
        for H in sensors:
            y = H @ truth + 0.1 * rng.standard_normal(H.shape[0])
            ensemble = enkf_update(ensemble, y, H, 0.01, rng)
    errors.append(np.sqrt(np.mean((ensemble.mean(axis=0) - truth) ** 2)))
print("final rmse:", round(errors[-1], 4))
print("result:", "%.10e" % float(np.sum(errors) + ensemble.sum()))
