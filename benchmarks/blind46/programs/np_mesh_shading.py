# ruff: noqa
"""Software rasteriser front end: animates a rippling cloth mesh, moves its vertices into camera
space every frame, shades every vertex with Lambert lighting from three point lights and keeps a
brightness histogram per frame."""
import numpy as np


class Camera:
    def __init__(self, eye, target):
        f = target - eye
        f = f / np.linalg.norm(f)
        r = np.cross(f, np.array([0.0, 1.0, 0.0]))
        r = r / np.linalg.norm(r)
        u = np.cross(r, f)
        self.view = np.stack([r, u, -f])
        self.eye = eye


class ClothMesh:
    def __init__(self, n):
        xs = np.linspace(-1.0, 1.0, n)
        gx, gz = np.meshgrid(xs, xs)
        self.n = n
        self.rest = np.stack([gx.ravel(), np.zeros(n * n), gz.ravel()], axis=1)

    def deformed(self, t):
        v = self.rest.copy()
        v[:, 1] = 0.12 * np.sin(4.0 * v[:, 0] + t) * np.cos(3.0 * v[:, 2] - 0.7 * t)
        return v

    def normals(self, verts):
        grid = verts.reshape(self.n, self.n, 3)
        du = np.gradient(grid, axis=1)
        dv = np.gradient(grid, axis=0)
        nrm = np.cross(dv, du).reshape(-1, 3)
        return nrm / np.linalg.norm(nrm, axis=1, keepdims=True)


def to_camera(verts, cam):
    rel = verts - cam.eye
    out = np.empty_like(rel)
    for i, p in enumerate(rel):
        out[i] = cam.view @ p
    return out


def shade(verts, normals, lights, albedo):
    color = np.zeros(len(verts))
    for pos, power in lights:
        d = pos - verts
        dist2 = np.einsum("ij,ij->i", d, d)
        lam = np.einsum("ij,ij->i", normals, d) / np.sqrt(dist2)
        color += power * albedo * np.clip(lam, 0.0, None) / dist2
    return color


def render_frames(mesh, cam, lights, n_frames):
    albedo = np.linspace(0.4, 0.9, mesh.n * mesh.n)
    hists = []
    depth_total = 0.0
    for k in range(n_frames):
        t = 0.05 * k
        verts = mesh.deformed(t)
        nrm = mesh.normals(verts)
        cam_pts = to_camera(verts, cam)
        depth_total += float(-cam_pts[:, 2].mean())
        color = shade(verts, nrm, lights, albedo)
        hist, _ = np.histogram(color, bins=32, range=(0.0, 2.0))
        hists.append(hist)
    return np.array(hists), depth_total


mesh = ClothMesh(80)
cam = Camera(np.array([0.0, 1.5, 3.0]), np.array([0.0, 0.0, 0.0]))
lights = [(np.array([1.0, 2.0, 1.0]), 3.0), (np.array([-1.5, 1.0, 0.5]), 1.5),
          (np.array([0.0, 3.0, -2.0]), 2.0)]
hists, depth = render_frames(mesh, cam, lights, 400)
print("frames:", len(hists), "mean depth:", depth / len(hists))
print("result:", float((hists * np.arange(32)).sum()) + depth)
