"""Downy-mildew risk map for a vineyard: hourly leaf temperature and wetness are simulated on a
grid of vineyard cells, an infection-risk index is computed for every cell and day, and the
season's risk is summarised per row of vines and per month."""
import math
from functools import partial

import numpy as np

MONTHS = np.array([4, 5, 6, 7, 8, 9])


def infection_risk(temp, wet_hours, t_opt, width):
    if wet_hours < 2.0:
        return 0.0
    if temp < 10.0 or temp > 30.0:
        return 0.1 * wet_hours / 24.0
    return math.exp(-((temp - t_opt) / width) ** 2) * min(wet_hours / 10.0, 1.0)


def month_name(m):
    return ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"][m - 1]


class RiskModel:
    def __init__(self, t_opt=21.0, width=6.0):
        self.t_opt, self.width = t_opt, width
        self.risk_fn = np.vectorize(partial(infection_risk, t_opt=t_opt, width=width), otypes=[float])

    def daily(self, temp, wet):
        core = np.exp(-((temp - self.t_opt) / self.width) ** 2) * np.minimum(wet / 10.0, 1.0)
        out = np.where((temp < 10.0) | (temp > 30.0), 0.1 * wet / 24.0, core)
        return np.where(wet < 2.0, 0.0, out)


class Weather:
    def __init__(self, shape, rng):
        self.rng = rng
        self.shape = shape
        self.slope = rng.normal(0.0, 1.5, shape)

    def day(self, d):
        mean = 17.0 + 8.0 * math.sin(2 * math.pi * (d - 30) / 365)
        temp = mean + self.slope + self.rng.normal(0.0, 2.0, self.shape)
        wet = np.clip(self.rng.gamma(1.5, 3.0, self.shape) - 0.2 * self.slope, 0.0, 24.0)
        return temp, wet


rng = np.random.default_rng(31)
weather = Weather((150, 200), rng)
model = RiskModel()
season = np.zeros((150, 200))
monthly = np.zeros(len(MONTHS))
for d in range(200):
    temp, wet = weather.day(d)
    risk = model.daily(temp, wet)
    season += risk
    monthly[min(d // 30, len(MONTHS) - 1)] += risk.mean()
labels = np.vectorize(month_name)(MONTHS)
worst = labels[int(np.argmax(monthly))]
print(f"worst month: {worst}, riskiest row: {int(season.mean(axis=1).argmax())}")
print(f"result: {season.sum() + monthly.sum() + len(worst):.10e}")
