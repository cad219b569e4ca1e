# ruff: noqa
"""Colour registration on a four-plate sheet-fed press: every printed sheet is scanned, the
measured ink densities of its control strip are unmixed into per-plate coverage with the press's
ink-transfer model, plate offsets are estimated from the registration marks, and a job report
with the mean coverage error and worst misregistration is printed."""
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

N_PATCHES = 120
PLATES = ("cyan", "magenta", "yellow", "black")


@dataclass
class InkTransferModel:
    """Linear model of how plate coverage turns into measured densities on the strip."""

    crosstalk: np.ndarray
    gain: float = 1.35

    @cached_property
    def unmixing(self):
        return np.linalg.inv(self.gain * self.crosstalk + np.eye(self.crosstalk.shape[0]))

    def coverage(self, densities):
        return self.unmixing @ densities


@dataclass
class JobTicket:
    name: str
    n_sheets: int
    target: np.ndarray
    reference_marks: np.ndarray = field(default_factory=lambda: np.zeros((len(PLATES), 2)))


class Press:
    def __init__(self, model, rng):
        self.model = model
        self.rng = rng
        self.drift = np.zeros((len(PLATES), 2))

    def scan_sheet(self, ticket):
        mixed = (self.model.gain * self.model.crosstalk + np.eye(N_PATCHES)) @ ticket.target
        noise = self.rng.normal(0.0, 0.01, size=(N_PATCHES, 96))
        densities = mixed[:, None] + noise
        self.drift += self.rng.normal(0.0, 0.002, size=self.drift.shape)
        marks = ticket.reference_marks + self.drift + self.rng.normal(0.0, 0.004, size=self.drift.shape)
        return densities, marks

    def inspect(self, ticket, densities, marks):
        cov = self.model.coverage(densities).mean(axis=1)
        err = float(np.abs(cov - ticket.target).mean())
        shift = marks - ticket.reference_marks
        return err, float(np.sqrt((shift ** 2).sum(axis=1)).max())


def run_job(press, ticket):
    reference = ticket.reference_marks.copy()
    errors, misreg = [], []
    for _ in range(ticket.n_sheets):
        densities, marks = press.scan_sheet(ticket)
        err, worst = press.inspect(ticket, densities, marks)
        errors.append(err)
        misreg.append(worst)
    return float(np.mean(errors)), float(np.max(misreg)), float(np.abs(reference).sum())


def main():
    rng = np.random.default_rng(11)
    raw = rng.uniform(0.0, 1.0, size=(N_PATCHES, N_PATCHES))
    crosstalk = 0.02 * (raw + raw.T) / N_PATCHES
    model = InkTransferModel(crosstalk=crosstalk)
    press = Press(model, rng)
    tickets = [
        JobTicket(f"job-{k}", n, rng.uniform(0.1, 0.9, size=N_PATCHES),
                  rng.normal(0.0, 0.05, size=(len(PLATES), 2)))
        for k, n in enumerate((800, 600, 1000))
    ]
    checksum = 0.0
    for ticket in tickets:
        err, worst, ref = run_job(press, ticket)
        print(f"{ticket.name}: {ticket.n_sheets} sheets, coverage error {err:.5f}, worst misregistration {worst:.4f}")
        checksum += err + worst + ref
    print(f"result: {checksum:.10e}")


if __name__ == "__main__":
    main()
