# ruff: noqa
"""Star field renderer for the planetarium's dome show: a synthetic catalogue of stars is
projected through a pinhole camera for each frame of a slow pan, culled to the field of view,
and splatted into a greyscale frame with magnitude-based brightness; prints the mean pixel
brightness over the sequence."""
import math
from dataclasses import dataclass

import numpy as np

CHUNK = 500


@dataclass
class Camera:
    yaw_deg: float
    pitch_deg: float
    roll_deg: float
    focal_px: float = 600.0
    width: int = 640
    height: int = 480

    @property
    def rotation(self):
        cy, cp, cr = (math.cos(math.radians(a)) for a in (self.yaw_deg, self.pitch_deg, self.roll_deg))
        sy, sp, sr = (math.sin(math.radians(a)) for a in (self.yaw_deg, self.pitch_deg, self.roll_deg))
        Rz = np.array([[cy, -sy, 0.0], [sy, cy, 0.0], [0.0, 0.0, 1.0]])
        Ry = np.array([[cp, 0.0, sp], [0.0, 1.0, 0.0], [-sp, 0.0, cp]])
        Rx = np.array([[1.0, 0.0, 0.0], [0.0, cr, -sr], [0.0, sr, cr]])
        return Rz @ Ry @ Rx


class Catalogue:
    def __init__(self, n, seed=5):
        rng = np.random.default_rng(seed)
        v = rng.standard_normal((n, 3))
        self.xyz = v / np.linalg.norm(v, axis=1, keepdims=True)
        self.mag = rng.gamma(3.0, 1.6, n)

    def chunks(self):
        for start in range(0, len(self.mag), CHUNK):
            yield self.xyz[start:start + CHUNK], self.mag[start:start + CHUNK]


def project(cam, R, xyz):
    cam_xyz = xyz @ R.T
    in_front = cam_xyz[:, 2] > 0.05
    u = cam.focal_px * cam_xyz[:, 0] / np.where(in_front, cam_xyz[:, 2], 1.0) + cam.width / 2
    v = cam.focal_px * cam_xyz[:, 1] / np.where(in_front, cam_xyz[:, 2], 1.0) + cam.height / 2
    ok = in_front & (u >= 0) & (u < cam.width) & (v >= 0) & (v < cam.height)
    return u[ok], v[ok], ok


def render(cam, catalogue):
    R = cam.rotation
    parts = [np.empty((0, 3))]
    for xyz, mag in catalogue.chunks():
        u, v, ok = project(cam, R, xyz)
        parts.append(np.column_stack([u, v, mag[ok]]))
    visible = np.concatenate(parts)
    frame = np.zeros(cam.height * cam.width)
    pix = visible[:, 1].astype(np.int64) * cam.width + visible[:, 0].astype(np.int64)
    frame += np.bincount(pix, weights=10.0 ** (-0.4 * visible[:, 2]), minlength=frame.size)
    return frame.reshape(cam.height, cam.width)


def main():
    catalogue = Catalogue(600_000)
    pan = [Camera(yaw_deg=12.0 * k, pitch_deg=8.0, roll_deg=1.5 * k) for k in range(30)]
    frames = (render(cam, catalogue) for cam in pan)
    means = [f.mean() for f in frames]
    print(f"frames: {len(means)}")
    print(f"result: {float(np.mean(means)):.10e}")


if __name__ == "__main__":
    main()
