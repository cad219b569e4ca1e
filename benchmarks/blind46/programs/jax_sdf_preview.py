# ruff: noqa
"""Progressive preview renderer for a signed-distance-field scene (three spheres on a ground
plane) in JAX: sphere-traces primary rays, shades hits with a headlight and a sky term, and
renders a camera fly-around where each frame's resolution follows the interactive quality
setting. Reports the mean luminance of the preview frames."""
import jax
import jax.numpy as jnp
import numpy as np

SPHERES = jnp.array([[0.0, 1.0, 0.0, 1.0], [1.8, 0.6, 0.8, 0.6], [-1.6, 0.8, -0.5, 0.8]])


def scene_sdf(p):
    d_sph = jnp.linalg.norm(p[:, None, :3] - SPHERES[None, :, :3], axis=-1) - SPHERES[None, :, 3]
    return jnp.minimum(d_sph.min(axis=1), p[:, 1])


def normal(p, eps=1e-3):
    e = jnp.eye(3) * eps
    grads = [scene_sdf(p + e[i]) - scene_sdf(p - e[i]) for i in range(3)]
    n = jnp.stack(grads, axis=1)
    return n / jnp.linalg.norm(n, axis=1, keepdims=True)


@jax.jit
def trace(origins, dirs):
    def body(_, t):
        return t + scene_sdf(origins + t[:, None] * dirs)
    t = jax.lax.fori_loop(0, 48, body, jnp.zeros(origins.shape[0]))
    p = origins + t[:, None] * dirs
    hit = scene_sdf(p) < 1e-2
    n = normal(p)
    light = jnp.clip(-(n * dirs).sum(axis=1), 0.0, 1.0)
    sky = 0.5 + 0.5 * dirs[:, 1]
    return jnp.where(hit, 0.1 + 0.9 * light, sky)


class Camera:
    def __init__(self, angle, height=1.5, dist=6.0, fov=0.8):
        self.eye = np.array([dist * np.sin(angle), height, dist * np.cos(angle)])
        fwd = -self.eye / np.linalg.norm(self.eye)
        right = np.cross(fwd, [0.0, 1.0, 0.0])
        right /= np.linalg.norm(right)
        self.basis = (right, np.cross(right, fwd), fwd)
        self.fov = fov

    def rays(self, width, height):
        xs = (np.arange(width) + 0.5) / width * 2 - 1
        ys = (np.arange(height) + 0.5) / height * 2 - 1
        gx, gy = np.meshgrid(xs * self.fov * width / height, -ys * self.fov)
        r, u, f = self.basis
        d = gx[..., None] * r + gy[..., None] * u + f
        d = d / np.linalg.norm(d, axis=-1, keepdims=True)
        d = d.reshape(-1, 3).astype(np.float32)
        o = np.broadcast_to(self.eye, d.shape).astype(np.float32)
        return o, d


def quality_schedule(n_frames):
    # interactive preview: resolution follows the measured frame budget
    for k in range(n_frames):
        yield 64 + 6 * k, 48 + 4 * k


lums = []
for k, (w, h) in enumerate(quality_schedule(8)):
    cam = Camera(0.3 * k)
    o, d = cam.rays(w, h)
    img = trace(jnp.asarray(o), jnp.asarray(d))
    lums.append(float(img.mean()))
print("frames:", len(lums), "last:", round(lums[-1], 4))
print("result:", sum(lums))
