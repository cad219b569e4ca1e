# ruff: noqa
"""Annealing-kiln log for a glassblowing studio. Each piece in tonight's load has its own kiln
programme (ramp, soak at the annealing point, slow cool through the strain point); the glass
lags behind the kiln air, so the script follows the glass temperature second by second, works
out the thermal stress against the air and reports how long each piece spent in the annealing
window, its peak stress and a pass/fail against the studio's stress limit."""
from dataclasses import dataclass

import numpy as np
from scipy.signal import savgol_filter

ANNEAL_POINT = 482.0   # degC, soda-lime batch used by the studio
STRAIN_POINT = 443.0
STRESS_LIMIT = 0.95    # MPa


@dataclass
class Segment:
    target: float      # degC
    minutes: float


@dataclass
class KilnProgramme:
    piece: str
    wall_mm: float
    segments: list
    start_temp: float = 510.0

    def air_trace(self, rng):
        """Kiln air temperature, one sample per second, with controller ripple."""
        parts = []
        temp = self.start_temp
        for seg in self.segments:
            n = int(seg.minutes * 60)
            parts.append(np.linspace(temp, seg.target, n, endpoint=False))
            temp = seg.target
        air = np.concatenate(parts)
        return air + rng.normal(0.0, 0.8, size=air.size)

    @property
    def lag(self):
        # thicker walls follow the air more slowly
        return float(np.exp(-1.0 / (40.0 * self.wall_mm)))


class GlassModel:
    def __init__(self, programme, air):
        self.programme = programme
        self.air = air

    @property
    def glass_temperature(self):
        a = self.programme.lag
        b = 1.0 - a
        out = np.empty_like(self.air)
        t = self.air[0]
        for i, s in enumerate(self.air):
            t = a * t + b * s
            out[i] = t
        return out

    def stress(self, glass):
        # viscoelastic stress builds only below the annealing point
        frozen = np.clip((ANNEAL_POINT - glass) / (ANNEAL_POINT - STRAIN_POINT), 0.0, 1.0)
        delta = np.abs(self.air - glass)
        smooth = savgol_filter(delta * frozen, 61, 2)
        return 0.0245 * self.programme.wall_mm * smooth


def studio_load(rng, n_pieces):
    pieces = []
    for k in range(n_pieces):
        wall = float(rng.uniform(3.0, 14.0))
        soak = float(rng.uniform(30, 90))
        cool = float(rng.uniform(90, 200))
        segs = [Segment(ANNEAL_POINT + 3.0, 25.0), Segment(ANNEAL_POINT, soak),
                Segment(STRAIN_POINT - 20.0, cool), Segment(300.0, 380.0), Segment(60.0, 560.0)]
        pieces.append(KilnProgramme(f"piece-{k:02d}", wall, segs))
    return pieces


def main():
    rng = np.random.default_rng(11)
    pieces = studio_load(rng, 72)
    peaks = np.array([])
    checksum = 0.0
    for prog in pieces:
        air = prog.air_trace(rng)
        model = GlassModel(prog, air)
        glass = model.glass_temperature
        stress = model.stress(glass)
        in_window = np.count_nonzero((glass <= ANNEAL_POINT + 5) & (glass >= STRAIN_POINT))
        peak = float(stress.max())
        peaks = np.append(peaks, peak)
        if peak >= STRESS_LIMIT:
            print(f"{prog.piece}: wall {prog.wall_mm:5.1f} mm, {in_window / 60:6.1f} min in window, "
                  f"peak stress {peak:6.3f} MPa: re-anneal")
        checksum += float(glass.mean()) + float(np.sort(stress)[-100:].sum()) + in_window
    print(f"load: {np.count_nonzero(peaks >= STRESS_LIMIT)} of {peaks.size} to re-anneal")
    print(f"result: {checksum + peaks.sum():.10e}")


if __name__ == "__main__":
    main()
