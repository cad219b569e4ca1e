"""Monte Carlo value-at-risk for a set of trading desks.

Correlated asset returns are simulated from a factor model with fat-tailed (Student-t) shocks.
Each desk holds a long/short book over the same assets; the program computes every desk's
scenario P&L, its 99% VaR and expected shortfall, and the firm-wide figures.
"""
import numpy as np


class FactorModel:
    def __init__(self, rng, n_assets, n_factors):
        self.loadings = rng.normal(0.0, 0.3, size=(n_assets, n_factors))
        self.idio = rng.uniform(0.005, 0.02, size=n_assets)

    def scenarios(self, rng, n, dof=5):
        f = rng.standard_t(dof, size=(n, self.loadings.shape[1])) * 0.01
        e = rng.standard_t(dof, size=(n, self.loadings.shape[0])) * self.idio
        return f @ self.loadings.T + e


class Desk:
    def __init__(self, name, weights, notional):
        self.name = name
        self.raw = weights
        self.notional = notional

    @property
    def weights(self):
        w = self.raw / np.abs(self.raw).sum()
        return w * self.notional

    def pnl(self, scenarios):
        w = self.weights
        return np.array([s @ w for s in scenarios])


def var_es(pnl, level=0.99):
    losses = -pnl
    var = np.quantile(losses, level)
    es = losses[losses >= var].mean()
    return var, es


def main():
    rng = np.random.default_rng(7)
    n_assets = 60
    model = FactorModel(rng, n_assets, n_factors=8)
    desks = [Desk(f"desk{k}", rng.normal(size=n_assets), notional=1e6 * (k + 1)) for k in range(8)]
    scen = model.scenarios(rng, 200_000)
    firm = np.zeros(len(scen))
    total = 0.0
    for desk in desks:
        pnl = desk.pnl(scen)
        var, es = var_es(pnl)
        firm += pnl
        print(f"{desk.name}: VaR99 {var:12.2f}  ES99 {es:12.2f}")
        total += var + es
    fvar, fes = var_es(firm)
    print(f"firm : VaR99 {fvar:12.2f}  ES99 {fes:12.2f}")
    print("result:", round((total + fvar + fes) / 1e3, 6))


if __name__ == "__main__":
    main()
