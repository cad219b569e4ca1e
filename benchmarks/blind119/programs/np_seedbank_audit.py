# ruff: noqa
"""Annual viability audit of a seed bank: every accession (seed lot) gets a germination test each
audit cycle, its seeds age with storage humidity and temperature, and lots whose germination
rate falls under the regeneration threshold are sent to the field for regrowing. Prints a
summary per cycle and the bank's final state."""
from dataclasses import dataclass, field

import numpy as np

N_ACCESSIONS = 2400
TESTS_PER_CYCLE = 90
N_CYCLES = 8
REGEN_THRESHOLD = 0.62


@dataclass
class Accession:
    code: str
    vault: int
    sown_per_test: int
    germinated: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    regenerated: int = 0

    @property
    def germination_rate(self) -> float:
        n = len(self.germinated)
        if n == 0:
            return 1.0
        return sum(self.germinated) / (self.sown_per_test * n)

    def record(self, counts: np.ndarray) -> None:
        self.germinated = np.concatenate([self.germinated, counts])


@dataclass
class VaultClimate:
    humidity: np.ndarray  # per vault, %RH
    temperature: np.ndarray  # per vault, deg C

    def ageing_rate(self) -> np.ndarray:
        # Ellis-Roberts style: log10 sigma = K - C_w log10(m) - C_h T - C_q T^2
        log_sigma = 5.2 - 1.4 * np.log10(self.humidity / 4.0) - 0.03 * self.temperature
        return 1.0 / 10.0 ** (log_sigma - 3.5)


def make_bank(rng):
    vaults = rng.integers(0, 6, size=N_ACCESSIONS)
    sown = rng.choice([25, 50, 100], size=N_ACCESSIONS)
    return [
        Accession(code=f"SB-{i:05d}", vault=int(vaults[i]), sown_per_test=int(sown[i]))
        for i in range(N_ACCESSIONS)
    ]


def germination_tests(bank, viability, rng):
    sown = np.array([a.sown_per_test for a in bank])
    p = np.clip(viability, 0.0, 1.0)
    return rng.binomial(sown[:, None], p[:, None], size=(len(bank), TESTS_PER_CYCLE))


def dose_response(viability, rng, n_grid=400):
    # probit curve of each lot's loss of viability over storage time, on a grid of months
    months = np.linspace(0.0, 240.0, n_grid)
    z = viability[:, None] * 3.0 - months[None, :] / 80.0
    noise = rng.normal(0.0, 0.02, size=z.shape)
    curve = 0.5 * (1.0 + np.tanh(0.8 * (z + noise)))
    return curve.mean(axis=1)


def audit(bank, climate, rng):
    viability = rng.uniform(0.75, 0.99, size=len(bank))
    vault_of = np.array([a.vault for a in bank])
    summary = np.zeros((0, 3))
    for cycle in range(N_CYCLES):
        counts = germination_tests(bank, viability, rng)
        for acc, row in zip(bank, counts):
            acc.record(row)
        rates = np.array([acc.germination_rate for acc in bank])
        flagged = rates < REGEN_THRESHOLD
        queue = sorted(bank, key=lambda acc: acc.germination_rate)[:40]
        field_plots = {acc.code: acc.vault for acc in queue}
        for i in np.flatnonzero(flagged):
            bank[i].regenerated += 1
            bank[i].germinated = bank[i].germinated[-TESTS_PER_CYCLE:]
        viability = np.where(flagged, rng.uniform(0.9, 0.99, size=len(bank)), viability)
        viability = viability * np.exp(-climate.ageing_rate()[vault_of])
        outlook = dose_response(viability, rng)
        summary = np.append(summary, [[rates.mean(), flagged.sum(), outlook.mean()]], axis=0)
        print(f"cycle {cycle}: mean rate {rates.mean():.4f}, regenerate {int(flagged.sum())} lots, "
              f"first in queue {queue[0].code} (vault {field_plots[queue[0].code]})")
    return summary, viability


rng = np.random.default_rng(20261130)
climate = VaultClimate(humidity=rng.uniform(15.0, 40.0, size=6), temperature=rng.uniform(-20.0, 5.0, size=6))
bank = make_bank(rng)
summary, viability = audit(bank, climate, rng)
regen = sum(a.regenerated for a in bank)
final = np.array([a.germination_rate for a in bank])
print(f"lots regenerated: {regen}, final mean germination {final.mean():.4f}")
print(f"result: {summary.sum() + viability.sum() + final.sum() + regen:.10e}")
