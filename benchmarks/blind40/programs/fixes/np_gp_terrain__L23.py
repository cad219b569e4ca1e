# ruff: noqa
"""Terrain-height map for a ground robot: a Gaussian-process regression fitted to surveyed
elevation points, queried along a planned path; the robot steers towards the flattest of a
fan of candidate headings at every step and reports the total climb."""
import numpy as np


def rbf(a, b, length=3.0, scale=1.5):
    d2 = ((a[:, None, :] - b[None, :, :]) ** 2).sum(-1)
    return scale * np.exp(-0.5 * d2 / length**2)


class TerrainGP:
    def __init__(self, xy, z, noise=0.05):
        self.xy = xy
        self.z = z
        self.noise = noise
        self.K = rbf(xy, xy)
        n = len(self.z)
        self._alpha = np.linalg.solve(self.K + self.noise * np.eye(n), self.z - self.z.mean())

    @property
    def alpha(self):
        return self._alpha

    def height(self, pts):
        return rbf(pts, self.xy) @ self.alpha + self.z.mean()


class Robot:
    def __init__(self, gp, heading=0.3):
        self.gp = gp
        self.pose = np.array([0.0, 0.0, heading])
        self.fan = np.linspace(-0.6, 0.6, 41)

    def rotation(self, theta):
        c, s = np.cos(theta), np.sin(theta)
        return np.array([[c, -s], [s, c]])

    def step(self, speed=0.25):
        R_inv = np.linalg.inv(self.rotation(self.pose[2]))
        heads = self.pose[2] + self.fan
        ahead = self.pose[:2] + speed * np.stack([np.cos(heads), np.sin(heads)], 1)
        here = self.gp.height(self.pose[None, :2])[0]
        slope = np.abs(self.gp.height(ahead) - here)
        local = ahead @ R_inv.T
        best = np.argmin(slope + 0.01 * np.abs(local[:, 1]))
        new_pose = self.pose.copy()
        new_pose[:2] = ahead[best]
        new_pose[2] = heads[best]
        self.pose = new_pose
        return slope[best]


rng = np.random.default_rng(11)
xy = rng.uniform(-20, 20, size=(700, 2))
z = np.sin(xy[:, 0] / 4) * np.cos(xy[:, 1] / 5) * 2 + 0.1 * rng.standard_normal(700)
gp = TerrainGP(xy, z)
robot = Robot(gp)
climb = 0.0
for t in range(200):
    climb += robot.step()
print(f"final pose {robot.pose.round(3)}, total climb {climb:.4f}")
print(f"result: {climb + robot.pose.sum():.10e}")
