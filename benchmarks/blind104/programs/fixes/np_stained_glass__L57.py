# ruff: noqa
"""Colour proofing for a stained-glass window: every pane's measured transmission spectrum is
unmixed into the studio's pigment basis under the chosen daylight, turned into linear RGB and
then sRGB, and the window's panels are summarised by their mean colour and pigment load."""
from dataclasses import dataclass

import numpy as np

WAVELENGTHS = np.linspace(380.0, 780.0, 360)


@dataclass
class Lighting:
    name: str
    spd: np.ndarray
    basis: np.ndarray
    to_rgb: np.ndarray


@dataclass
class Pane:
    panel: int
    spectrum: np.ndarray


def make_lighting(rng, n_pigments=48):
    spd = 1.0 + 0.3 * np.sin(WAVELENGTHS / 60.0)
    centres = np.linspace(390.0, 770.0, n_pigments)
    basis = np.exp(-0.5 * ((WAVELENGTHS[:, None] - centres[None, :]) / 14.0) ** 2)
    basis *= spd[:, None]
    to_rgb = np.abs(rng.normal(0.0, 1.0, (3, n_pigments))) / n_pigments
    return Lighting("D65-ish", spd, basis, to_rgb)


def unmix(spectrum, lighting):
    inverse = np.linalg.pinv(lighting.basis)
    weights = inverse @ (spectrum * lighting.spd)
    return np.clip(weights, 0.0, None)


def pane_colour(pane, lighting):
    weights = unmix(pane.spectrum, lighting)
    return lighting.to_rgb @ weights, weights.sum()


def render_window(panes, lighting):
    rgb = np.empty((len(panes), 3))
    load = np.empty(len(panes))
    for i, pane in enumerate(panes):
        rgb[i], load[i] = pane_colour(pane, lighting)
    return rgb, load


def to_srgb(rgb):
    out = np.empty_like(rgb)
    scaled = rgb / rgb.max()
    out[:] = np.where(scaled <= 0.0031308, 12.92 * scaled, 1.055 * np.power(scaled, 1 / 2.4) - 0.055)
    return out


rng = np.random.default_rng(21)
lighting = make_lighting(rng)
panes = []
for k in range(1600):
    peaks = rng.uniform(400, 760, 3)
    spec = sum(np.exp(-0.5 * ((WAVELENGTHS - p) / rng.uniform(15, 50)) ** 2) for p in peaks)
    panes.append(Pane(panel=k // 40, spectrum=0.05 + 0.9 * spec / spec.max()))
rgb, load = render_window(panes, lighting)
srgb = to_srgb(rgb)
panel_ids = np.array([p.panel for p in panes])
panel_means = np.array([srgb[panel_ids == k].mean(axis=0) for k in range(panel_ids.max() + 1)])
print(f"{len(panes)} panes, {len(panel_means)} panels, mean sRGB {srgb.mean(axis=0).round(4)}")
print(f"result: {srgb.sum() + load.sum() + panel_means.sum():.10e}")
