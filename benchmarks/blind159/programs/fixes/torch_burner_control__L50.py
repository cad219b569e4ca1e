# ruff: noqa
"""Hot-air balloon club burner trainer: simulates training flights in which a PID controller
fires the burners to hold a target altitude. Lift comes from the manufacturer's lift table
(kilograms of lift per 1,000 m^3 of envelope, by envelope temperature and altitude), read through
a lookup built once per envelope; the envelope cools towards ambient between burns. Each
trainee's flight is scored by its altitude error and propane used. Prints the best trainee and a
checksum of the flights."""

from dataclasses import dataclass

import torch

DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")


@dataclass
class Envelope:
    volume_m3: float = 2200.0
    gross_mass_kg: float = 520.0
    cooling_per_s: float = 0.012


@dataclass
class PIDGains:
    kp: float
    ki: float
    kd: float


def manufacturer_lift_table(n_temp=120, n_alt=90):
    """Lift (kg per 1,000 m^3) by envelope temperature 60..140 C and altitude 0..3000 m, as the
    manual prints it: a nested list of rows."""
    rows = []
    for i in range(n_temp):
        t_env = 60.0 + 80.0 * i / (n_temp - 1) + 273.15
        row = []
        for j in range(n_alt):
            alt = 3000.0 * j / (n_alt - 1)
            t_amb = 288.15 - 0.0065 * alt
            rho = 1.225 * (1 - 2.2558e-5 * alt) ** 4.2559
            row.append(1000.0 * rho * (1 - t_amb / t_env))
        rows.append(row)
    return rows


def make_lift_lookup(table_rows, envelope):
    n_temp, n_alt = len(table_rows), len(table_rows[0])

    table = torch.tensor(table_rows, dtype=torch.float32, device=DEVICE)

    def lift_kg(temp_c, alt_m):
        ti = ((temp_c - 60.0) / 80.0 * (n_temp - 1)).clamp(0, n_temp - 1).long()
        ai = (alt_m / 3000.0 * (n_alt - 1)).clamp(0, n_alt - 1).long()
        return table[ti, ai] * envelope.volume_m3 / 1000.0

    return lift_kg


class TrainingFlight:
    def __init__(self, gains, envelope, lift_kg, target_m, seconds):
        self.gains = gains
        self.envelope = envelope
        self.lift_kg = lift_kg
        self.target_m = target_m
        self.seconds = seconds

    def fly(self, start_state):
        temp, alt, vel = start_state.unbind(-1)
        integral = torch.zeros_like(alt)
        prev_err = self.target_m - alt
        err_total = torch.zeros_like(alt)
        propane = torch.zeros_like(alt)
        for _ in range(self.seconds):
            err = self.target_m - alt
            integral = integral + err
            burn = (
                self.gains.kp * err + self.gains.ki * integral + self.gains.kd * (err - prev_err)
            ).clamp(0.0, 6.0)
            prev_err = err
            temp = temp + burn - self.envelope.cooling_per_s * (temp - 15.0)
            net_kg = self.lift_kg(temp, alt) - self.envelope.gross_mass_kg
            vel = (vel + 9.81 * net_kg / (self.envelope.gross_mass_kg * 20.0)) * 0.97
            alt = (alt + vel).clamp(min=0.0)
            err_total = err_total + err.abs()
            propane = propane + burn * 0.03
        return err_total / self.seconds, propane


def main():
    torch.manual_seed(5)
    envelope = Envelope()
    lift_kg = make_lift_lookup(manufacturer_lift_table(), envelope)
    trainees = {
        "Aurelie": PIDGains(0.020, 0.00002, 0.30),
        "Bram": PIDGains(0.035, 0.00005, 0.10),
        "Cosima": PIDGains(0.012, 0.00001, 0.50),
        "Dafydd": PIDGains(0.050, 0.00010, 0.05),
    }
    scores = {}
    checksum = 0.0
    for name, gains in trainees.items():
        start = torch.stack([torch.full((64,), 95.0), torch.zeros(64), torch.zeros(64)], dim=-1)
        start[:, 0] += torch.randn(64)
        start = start.to(DEVICE)
        flight = TrainingFlight(gains, envelope, lift_kg, target_m=450.0, seconds=500)
        err, propane = flight.fly(start)
        scores[name] = float(err.mean() + 0.1 * propane.mean())
        checksum += float(err.sum() + propane.sum())
    best = min(scores, key=scores.get)
    print(f"best trainee: {best} ({scores[best]:.2f})")
    print(f"result: {checksum:.6f}")


if __name__ == "__main__":
    main()
