# ruff: noqa
"""Ring-down simulation of a foundry's new peal of eight bells: each bell is modelled as 48
coupled vibration modes whose coupling table comes from the foundry's pattern book (kept as
plain nested lists, one row per mode); a clapper strike excites the modes and the sound is
followed for 1,500 damped steps, recording the energy envelope that the tuner listens to.
Prints each bell's hum-note decay time and a checksum."""
import math
from dataclasses import dataclass, field

import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def pattern_book(modes, seed):
    gen = torch.Generator().manual_seed(seed)
    raw = torch.randn(modes, modes, generator=gen) * 0.002
    coupling = 0.5 * (raw + raw.T) + torch.eye(modes) * 0.9
    return [[round(v, 6) for v in row] for row in coupling.tolist()]


@dataclass
class BellSpec:
    name: str
    weight_cwt: float
    coupling_rows: list
    clapper_profile: list = field(default_factory=list)

    @property
    def coupling(self):
        return torch.tensor(self.coupling_rows, dtype=torch.float32, device=device)


class RingDown:
    def __init__(self, steps=1500, strikes=32):
        self.steps = steps
        self.strikes = strikes

    def envelope(self, bell, clapper):
        modes = len(bell.coupling_rows)
        phase = torch.linspace(0.0, math.pi, self.strikes, device=device)[:, None]
        state = torch.sin(phase * torch.arange(1, modes + 1, device=device)) * clapper
        velocity = torch.zeros_like(state)
        damping = 1.0 - 0.002 * (1.0 + bell.weight_cwt / 20.0)
        energy = []
        for _ in range(self.steps):
            velocity = damping * velocity - 0.05 * (state - state @ bell.coupling)
            state = state + velocity
            energy.append((state * state).sum(dim=1).mean())
        return torch.stack(energy)


def decay_time(envelope, dt=1e-3):
    peak = envelope.max()
    below = (envelope < peak * math.exp(-2.0)).nonzero()
    return float(below[0, 0]) * dt if len(below) else float(len(envelope)) * dt


names = ["treble", "2nd", "3rd", "4th", "5th", "6th", "7th", "tenor"]
peal = [
    BellSpec(name, 4.0 + 3.0 * i, pattern_book(48, 100 + i), [1.0 / (1.0 + 0.1 * m) for m in range(48)])
    for i, name in enumerate(names)
]
sim = RingDown()
checksum = 0.0
for bell in peal:
    clapper = torch.tensor(bell.clapper_profile, device=device)
    env = sim.envelope(bell, clapper)
    t = decay_time(env.cpu())
    checksum += t + float(env.sum().cpu())
    print(f"{bell.name:7s} decay {t:.3f} s")
print(f"result: {checksum:.8e}")
