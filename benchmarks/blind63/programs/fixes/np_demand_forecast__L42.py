# ruff: noqa
"""Store-level demand forecasting backtest for a retail chain: weekly unit sales per SKU are
simulated with yearly seasonality and promotions, a Holt (level + trend) forecast is run for
every store, and forecast errors are collected to report MAPE and bias per region."""
import numpy as np

N_STORES = 500
N_WEEKS = 104
N_SKU = 150
REGIONS = ("north", "south", "east", "west")


def store_stream(rng, n_stores):
    weeks = np.arange(N_WEEKS)
    season = 1.0 + 0.3 * np.sin(2 * np.pi * weeks / 52.0)
    for store in range(n_stores):
        base = rng.gamma(4.0, 5.0, size=N_SKU)
        promo = rng.random((N_WEEKS, N_SKU)) < 0.06
        sales = rng.poisson(base * season[:, None] * (1.0 + 0.8 * promo))
        yield store, REGIONS[store % len(REGIONS)], sales.astype(np.float64)


def holt_forecast(sales, alpha=0.3, beta=0.05):
    level = sales[:4].mean(axis=0)
    trend = np.zeros_like(level)
    fc = np.empty_like(sales)
    for t in range(sales.shape[0]):
        fc[t] = level + trend
        new_level = alpha * sales[t] + (1 - alpha) * (level + trend)
        trend = beta * (new_level - level) + (1 - beta) * trend
        level = new_level
    return fc


class ErrorLog:
    def __init__(self, n_sku):
        self.chunks = []
        self.region_of_row = []

    def add(self, region, actual, forecast):
        err = (forecast - actual) / np.maximum(actual, 1.0)
        self.chunks.append(err)
        self.region_of_row.extend([region] * len(err))

    @property
    def errors(self):
        if len(self.chunks) > 1:
            self.chunks = [np.concatenate(self.chunks, axis=0)]
        return self.chunks[0]


def backtest(rng, n_stores, on_store):
    for store, region, sales in store_stream(rng, n_stores):
        fc = holt_forecast(sales)
        on_store(region, sales[8:], fc[8:])


rng = np.random.default_rng(3)
log = ErrorLog(N_SKU)
backtest(rng, N_STORES, log.add)
regions = np.array(log.region_of_row)
summary = np.empty((0, 2))
for name in REGIONS:
    rows = log.errors[regions == name]
    summary = np.concatenate([summary, [[np.abs(rows).mean(), rows.mean()]]])
    print(f"{name:>6}: MAPE {summary[-1, 0]:.4f}, bias {summary[-1, 1]:+.4f}")
print(f"result: {summary.sum() + np.abs(log.errors).sum():.10e}")
