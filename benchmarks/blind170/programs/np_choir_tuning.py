"""How well does the choir hold the pitch?  Tuning analysis of the a cappella concert programme.

For each recorded piece, the held chords (fermatas and phrase ends) are cut from the recording and
put through a constant-Q transform with three bins per semitone (Brown & Puckette's spectral
kernel).  The partials found in each chord give the choir's tuning offset against A4 = 440 Hz
(a weighted circular mean of the peaks' deviations from the equal-tempered grid), so we can see
how far and how fast each piece sinks, and which key centres the singers lean towards.
"""
import math
from dataclasses import dataclass

import numpy as np

SEED = 170
SR = 16_000
FMIN = 65.406  # C2
BINS_PER_OCTAVE = 36
N_BINS = 5 * BINS_PER_OCTAVE
CHORD_SECONDS = 1.0
PARTIALS = 6

PROGRAMME = [
    # title, key root (MIDI), chords, sinking (cents over the piece)
    ("Ave verum", 62, 22, 28.0),
    ("Abendlied", 65, 26, 35.0),
    ("Locus iste", 67, 18, 12.0),
    ("The Turtle Dove", 64, 24, 40.0),
    ("Bogoroditse Devo", 60, 20, 22.0),
    ("Sure on this shining night", 63, 28, 30.0),
    ("Cantique de Jean Racine", 62, 24, 18.0),
    ("Shenandoah", 61, 22, 45.0),
    ("Ubi caritas", 66, 20, 15.0),
    ("Die Nacht", 64, 26, 33.0),
    ("Lux aurumque", 62, 30, 25.0),
    ("Danny Boy", 63, 24, 38.0),
]

TRIADS = {"I": (0, 4, 7), "IV": (5, 9, 12), "V": (7, 11, 14), "vi": (9, 12, 16), "ii": (2, 5, 9)}


@dataclass
class Chord:
    midi: tuple
    offset_cents: float
    audio: np.ndarray


def constant_q_kernel(sr, fmin, n_bins, bins_per_octave):
    """Spectral kernel (n_bins x fft_len), conjugated and scaled, ready for spectrum @ kernel.T."""
    q = 1.0 / (2.0 ** (1.0 / bins_per_octave) - 1.0)
    fft_len = 2 ** math.ceil(math.log2(q * sr / fmin))
    kernel = np.zeros((n_bins, fft_len), dtype=complex)
    for k in range(n_bins):
        n_k = int(math.ceil(q * sr / (fmin * 2.0 ** (k / bins_per_octave))))
        start = (fft_len - n_k) // 2
        n = np.arange(n_k)
        temporal = np.hamming(n_k) / n_k * np.exp(2j * np.pi * q * n / n_k)
        row = np.zeros(fft_len, dtype=complex)
        row[start:start + n_k] = temporal
        spec = np.fft.fft(row)
        spec[np.abs(spec) < 0.0054] = 0.0
        kernel[k] = spec
    return kernel.conj() / fft_len


def midi_to_hz(m):
    return 440.0 * 2.0 ** ((m - 69) / 12.0)


def sing_chord(midi, offset_cents, rng):
    n = int(CHORD_SECONDS * SR)
    t = np.arange(n) / SR
    audio = np.zeros(n)
    for m in midi:
        f = midi_to_hz(m) * 2.0 ** ((offset_cents + rng.normal(0.0, 4.0)) / 1200.0)
        for h in range(1, PARTIALS + 1):
            audio += 0.6**h * np.sin(2 * np.pi * h * f * t + rng.uniform(0, 2 * np.pi))
    return audio + 0.02 * rng.standard_normal(n)


def piece_chords(root, n_chords, sinking, rng):
    names = list(TRIADS)
    for i in range(n_chords):
        triad = TRIADS[names[rng.integers(len(names))]]
        voicing = (root - 24 + triad[0], root - 12 + triad[2], root + triad[1], root + 12 + triad[0])
        offset = -sinking * i / max(n_chords - 1, 1)
        yield Chord(voicing, offset, sing_chord(voicing, offset, rng))


def chord_offset(cq_mag):
    """Tuning offset (cents) from the peaks of one constant-Q magnitude spectrum."""
    inner = cq_mag[1:-1]
    peaks = np.flatnonzero((inner > cq_mag[:-2]) & (inner >= cq_mag[2:]) & (inner > 0.05 * inner.max())) + 1
    a, b, c = cq_mag[peaks - 1], cq_mag[peaks], cq_mag[peaks + 1]
    shift = 0.5 * (a - c) / (a - 2 * b + c)
    cents = (peaks + shift) * (1200.0 / BINS_PER_OCTAVE)
    angle = 2 * np.pi * cents / 100.0
    mean = np.angle(np.sum(b * np.exp(1j * angle)))
    return mean * 100.0 / (2 * np.pi) + 1200.0 * math.log2(FMIN / midi_to_hz(36))


def analyse_piece(chords):
    kernel = constant_q_kernel(SR, FMIN, N_BINS, BINS_PER_OCTAVE)
    fft_len = kernel.shape[1]
    taper = np.hanning(int(CHORD_SECONDS * SR))
    offsets, profile = [], np.zeros(12)
    for chord in chords:
        frame = np.zeros(fft_len)
        frame[: len(taper)] = chord.audio * taper
        cq = np.abs(np.fft.fft(frame) @ kernel.T)
        offsets.append(chord_offset(cq))
        profile += cq.reshape(-1, 3).sum(axis=1).reshape(-1, 12).sum(axis=0)
    offsets = np.array(offsets)
    drift = np.polyfit(np.arange(len(offsets)), offsets, 1)[0]
    return offsets, drift, profile / sum(profile)


rng = np.random.default_rng(SEED)
summary = []
for title, root, n_chords, sinking in PROGRAMME:
    offsets, drift, profile = analyse_piece(list(piece_chords(root, n_chords, sinking, rng)))
    summary.append((offsets[0], offsets[-1], drift, int(np.argmax(profile))))
    print(f"{title:28s} start {offsets[0]:+6.1f}  end {offsets[-1]:+6.1f} cents  drift {drift:+5.2f}/chord")
total = sum(abs(a) + abs(b) + 10 * abs(d) + k for a, b, d, k in summary)
print(f"result: {total:.10e}")
