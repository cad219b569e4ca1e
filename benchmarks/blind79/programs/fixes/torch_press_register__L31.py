# ruff: noqa
"""Register control on a four-colour web press: camera readings of the registration marks give
each colour unit's offset along the web, a PI controller corrects the units, and a table of
inspection rules decides which sheets are spoiled; reports spoilage and the residual error."""
import torch

torch.manual_seed(3)
UNITS = ["cyan", "magenta", "yellow", "black"]
MARKS = 160
TOL = 0.065


def camera(n_sheets, gen):
    base = torch.cumsum(0.002 * torch.randn(n_sheets, len(UNITS), 1, generator=gen), dim=0)
    jitter = 0.02 * torch.randn(n_sheets, len(UNITS), MARKS, generator=gen)
    return base + jitter


class PIController:
    def __init__(self, kp=0.35, ki=0.05):
        self.kp, self.ki = kp, ki
        self.integral = torch.zeros(len(UNITS), 1)

    def __call__(self, error):
        mean = error.mean(dim=1, keepdim=True)
        self.integral += mean
        return self.kp * mean + self.ki * self.integral


RULES = {
    "misregister": lambda err: err.abs().max() > TOL,
    "skew": lambda err: (err[:, :MARKS // 2].mean() - err[:, MARKS // 2:].mean()).abs() > 0.005,
}


def inspect(err, rules):
    return [name for name, rule in rules.items() if rule(err)]


def run(readings, ctrl, rules):
    correction = torch.zeros(len(UNITS), 1)
    spoiled = {name: 0 for name in rules}
    residual = torch.zeros(len(UNITS), MARKS)
    for sheet in readings:
        err = sheet - correction
        for name in inspect(err, rules):
            spoiled[name] += 1
        correction = correction + ctrl(err)
        residual += err.abs()
    return spoiled, residual / len(readings)


gen = torch.Generator().manual_seed(9)
readings = camera(2400, gen)
spoiled, residual = run(readings, PIController(), RULES)
for unit, r in zip(UNITS, residual.mean(dim=1).tolist()):
    print(f"{unit:>8}: mean |error| {r:.5f}")
worst = max(residual.mean(dim=1))
print("spoiled:", spoiled, "worst unit residual:", float(worst))
print(f"result: {sum(spoiled.values()) + residual.sum().item() + float(worst):.10e}")
