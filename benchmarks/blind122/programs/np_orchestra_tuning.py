# ruff: noqa
"""Orchestra tuning check: each desk of a synthetic orchestra plays its open string (A4 and its
fifths), recorded with a little vibrato and drift; the program tracks each recording's pitch
frame by frame, smooths the track, and reports how many cents each desk sits from equal
temperament."""
from dataclasses import dataclass

import numpy as np

SR = 8000
FRAME = 400
A4 = 440.0


def equal_tempered_ratios():
    ratios = [1.0]
    step = 2.0 ** (1.0 / 12.0)
    for _ in range(11):
        ratios.append(ratios[-1] * step)
    return np.array(ratios)


@dataclass
class Desk:
    section: str
    semitone: int
    offset_cents: float
    vibrato_hz: float


def record(rng, desk, seconds):
    n = int(SR * seconds)
    t = np.arange(n) / SR
    target = A4 * 2.0 ** ((desk.semitone + desk.offset_cents / 100.0) / 12.0)
    inst = target * (1.0 + 0.004 * np.sin(2 * np.pi * desk.vibrato_hz * t))
    phase = 2 * np.pi * np.cumsum(inst) / SR
    return np.sin(phase) + 0.3 * np.sin(2 * phase) + 0.05 * rng.standard_normal(n)


def frame_pitch(signal, hop):
    flips = np.diff(np.signbit(signal)).astype(np.int32)
    counts = np.concatenate([[0], np.cumsum(flips)])
    starts = np.arange(0, len(signal) - FRAME, hop)
    crossings = counts[starts + FRAME - 1] - counts[starts]
    return crossings * SR / (2.0 * (FRAME - 1))


def beats_against(track, reference, dt):
    beats = 0.0
    for value in track:
        beats += (value - reference) * dt
        yield beats


def analyse(rng, desk, seconds, hop=2):
    sig = record(rng, desk, seconds)
    track = frame_pitch(sig, hop)
    ratios = equal_tempered_ratios()
    nearest = A4 * ratios[desk.semitone % 12] * 2.0 ** (desk.semitone // 12)
    beats = np.fromiter(beats_against(track, nearest, hop / SR), dtype=np.float64, count=track.size)
    cents = 1200.0 * np.log2(track[len(track) // 4 :] / nearest)
    return float(np.median(cents)), float(cents.std()), float(beats[-1]), float(np.abs(beats).max())


rng = np.random.default_rng(3)
sections = ["violin I", "violin II", "viola", "cello"]
desks = [
    Desk(sections[i % 4], [0, 7, 2, -5][i % 4], rng.normal(0, 8), rng.uniform(4.5, 6.5))
    for i in range(20)
]
total = 0.0
for i, desk in enumerate(desks):
    med, spread, drift, worst = analyse(rng, desk, 12.0)
    print(f"desk {i:2d} {desk.section:9s}: {med:+6.1f} cents (spread {spread:.1f}), drift {drift:+.1f} cycles")
    total += abs(med) + spread + abs(drift) + worst
print(f"result: {total:.10e}")
