# ruff: noqa
"""Visibility survey of a lighthouse beam through coastal fog: for every bearing of the sweep,
the beam's luminance is computed along the range (spreading, fog extinction, scattered glare from
fog banks), and the brightest glare met so far along the ray is tracked to find the range where a
mariner first loses the light. Prints the nominal range per bearing sector."""
import numpy as np


class FogBank:
    def __init__(self, centre_km, width_km, density):
        self.centre_km = centre_km
        self.width_km = width_km
        self.density = density

    def extinction(self, r_km):
        return self.density * np.exp(-0.5 * ((r_km - self.centre_km) / self.width_km) ** 2)


class BeamSurvey:
    def __init__(self, candela, banks, max_range_km=40.0, samples=40_000):
        self.candela = candela
        self.banks = banks
        self.r_km = np.linspace(0.05, max_range_km, samples)
        self.dr = self.r_km[1] - self.r_km[0]

    @staticmethod
    def _glare_envelope(luminance):
        peak = -np.inf
        for v in luminance:
            peak = max(peak, v)
            yield peak

    def luminance(self, bearing_rad):
        tau = 0.12 + 0.03 * np.cos(3 * bearing_rad)
        for bank in self.banks:
            tau = tau + bank.extinction(self.r_km) * (1 + 0.5 * np.sin(bearing_rad + bank.centre_km))
        optical = np.cumsum(tau) * self.dr
        direct = self.candela * np.exp(-optical) / (self.r_km * 1000.0) ** 2
        glare = 0.02 * direct * np.sin(7 * self.r_km + bearing_rad) ** 2
        return direct, glare

    def nominal_range(self, bearing_rad, threshold_lux=2e-7):
        direct, glare = self.luminance(bearing_rad)
        envelope = np.fromiter(self._glare_envelope(glare), dtype=np.float64, count=glare.size)
        visible = direct > threshold_lux + 0.1 * envelope * 1e-6
        last = np.flatnonzero(visible)
        ratio = float(last.size) / visible.size
        return self.r_km[last[-1]] if last.size else 0.0, np.clip(ratio, 0.0, 1.0), envelope[-1]


rng = np.random.default_rng(5)
banks = [FogBank(rng.uniform(2, 30), rng.uniform(0.5, 4.0), rng.uniform(0.05, 0.4)) for _ in range(5)]
survey = BeamSurvey(candela=2.5e6, banks=banks)
bearings = np.linspace(0.0, 2 * np.pi, 96, endpoint=False)
ranges, ratios, peaks = zip(*map(survey.nominal_range, bearings))
ranges = np.array(ranges)
for k in range(0, 96, 12):
    print(f"sector {k // 12}: nominal range {ranges[k:k + 12].mean():6.2f} km")
print(f"result: {ranges.sum() + sum(ratios) + sum(peaks) * 1e6:.10e}")
