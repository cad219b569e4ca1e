"""The forms blind23 (benchmarks/blind23) wrote around loop-invariant work, cut down to what made
the profiler miss them: an inverse in a property of a matrix the property makes from the
object's kernel object, and a transfer function a closure makes again per call from a frame
whose shape alone it reads. Never a wall-clock assertion."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from arraybench.advise.profile import profile
from arraybench.advise.run.launch import Target

from .snippets import found as _found
from .snippets import write as _write

pytest.importorskip("line_profiler")


def _run_json(tmp_path: Path, name: str, source: str) -> list[dict[str, Any]]:
    """The findings, listed or not, of ``arraybench profile --all`` in a process of its own (a
    model's test: another test's torch work in this process hides model calls at times)."""
    script = _write(tmp_path, name, source)
    out = tmp_path / "p.json"
    done = subprocess.run(
        [sys.executable, "-m", "arraybench", "profile", "--all", "-o", str(out), str(script)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    data = json.loads(out.read_text())
    return [*data["findings"], *data.get("unlisted", [])]


GP = """\
import numpy as np


class SquaredExponential:
    def __init__(self, variance, length):
        self.variance = variance
        self.length = length

    def __call__(self, a, b):
        d2 = (a[:, None] - b[None, :]) ** 2
        return self.variance * np.exp(-0.5 * d2 / self.length ** 2)


class GaussianProcess:
    def __init__(self, x, y, kernel, noise):
        self.x = x
        self.y = y
        self.kernel = kernel
        self.noise = noise

    @property
    def precision(self):
        k = self.kernel(self.x, self.x) + self.noise * np.eye(len(self.x))
        return np.linalg.inv(k)

    def predict(self, xq):
        ks = self.kernel(xq, self.x)
        return ks @ (self.precision @ self.y)


rng = np.random.default_rng(8)
x = rng.uniform(-2.0, 2.0, size=300)
gp = GaussianProcess(x, np.sin(3 * x), SquaredExponential(1.0, 0.35), noise=0.01)
total = 0.0
for batch in range(60):
    total += float(gp.predict(rng.uniform(-2.0, 2.0, size=64)).sum())
print("result:", total)
"""


def test_an_inverse_of_a_matrix_a_property_makes_from_a_kernel_object_is_invariant(
    tmp_path: Path,
) -> None:
    # blind23's np_gp_calibration: ``k`` is made on the line before from the object's kernel
    # (an object of the file's class whose call reads only what __init__ set) and attributes
    # nothing stores again
    found = _found(profile(Target(script=_write(tmp_path, "gp.py", GP))))
    f = found.get(24)
    assert f is not None and f.code == "AB411", found
    assert "its part `np.linalg.inv(k)`" in f.evidence
    assert "k: numpy.ndarray float64 300x300" in f.evidence
    assert f.gain is not None and 0 < f.gain[0] <= f.gain[1] <= f.seconds + 1e-9


STATEFUL = GP.replace(
    "        return self.variance * np.exp(",
    "        self.variance *= 1.0001\n        return self.variance * np.exp(",
)


def test_a_kernel_object_that_changes_itself_when_called_is_not_invariant(
    tmp_path: Path,
) -> None:
    # the same program with a kernel whose call changes its own variance: the matrix differs
    # at every read of the property
    found = _found(profile(Target(script=_write(tmp_path, "gp_stateful.py", STATEFUL))))
    assert all(f.code != "AB411" for f in found.values()), found


OTF = """\
import torch


def centred_otf(kernel, shape):
    pad = torch.zeros(shape)
    k = kernel.shape[0]
    pad[:k, :k] = kernel
    pad = torch.roll(pad, shifts=(-(k // 2), -(k // 2)), dims=(0, 1))
    return torch.fft.rfft2(pad)


def make_filter(psf):
    def apply(frame, lam):
        h = centred_otf(psf, frame.shape)
        g = torch.conj(h) / (h.abs() ** 2 + lam)
        return torch.fft.irfft2(torch.fft.rfft2(frame) * g, s=frame.shape)
    return apply


torch.manual_seed(0)
psf = torch.ones(15, 15) / 225.0
apply = make_filter(psf)
total = 0.0
for t in range(40):
    frame = torch.rand(384, 384)
    outs = [apply(frame, lam) for lam in (0.001, 0.01, 0.1)]
    total += float(sum(o.mean() for o in outs))
print("result:", total)
"""


def test_a_transfer_function_of_a_frames_shape_alone_is_invariant_over_all_frames(
    tmp_path: Path,
) -> None:
    # blind23's torch_wiener_deblur: a new frame at every call, but only its shape (one shape
    # in the run) reaches the OTF; made once before the loop over frames, not per frame
    found = _found(profile(Target(script=_write(tmp_path, "otf.py", OTF))))
    f = found.get(14)
    assert f is not None and f.code == "AB411", found
    assert "frame: torch.Tensor float32 384x384 on cpu, its shape alone read" in f.evidence
    assert "compute it before the loop at line 24" in f.evidence
    # the frame's own FFT is the same for the three strengths of one frame, not across frames;
    # the filter ``g`` changes with the strength a comprehension passes
    g = found.get(16)
    assert g is None or (
        "its part `torch.fft.rfft2(frame)`" in g.evidence and "loop at line 26" in g.evidence
    ), g


VOLUME = """\
import torch


class Volume:
    def __init__(self, data):
        self._data = data

    @property
    def data(self):
        return self._data.clone()


class Patches:
    def __init__(self, volume, size, n):
        self.volume = volume
        self.size = size
        self.n = n

    def __iter__(self):
        g = torch.Generator().manual_seed(0)
        for _ in range(self.n):
            z, y, x = (int(v) for v in torch.randint(0, 40, (3,), generator=g))
            s = self.size
            yield self.volume.data[z:z + s, y:y + s, x:x + s]


volume = Volume(torch.rand(64, 160, 160))
total = 0.0
for patch in Patches(volume, 16, 250):
    total += float(patch.mean())
print("result:", total)
"""


def test_a_propertys_copy_of_which_every_read_takes_a_part_is_needless(
    tmp_path: Path,
) -> None:
    # blind23's torch_ct_patches: a whole volume cloned by a property at every read, of which
    # the generator yields a 16^3 part
    found = _found(profile(Target(script=_write(tmp_path, "volume.py", VOLUME))))
    f = found.get(10)
    assert f is not None and f.code == "AB203", found
    assert "every read takes a part of it (line 24" in f.evidence
    assert "self._data[...].clone()" in f.evidence
    assert f.gain is not None and 0 < f.gain[0] <= f.gain[1] <= f.seconds + 1e-9


WHOLE_READ = VOLUME.replace(
    "total += float(patch.mean())", "total += float(patch.mean()) + float(volume.data.sum())"
)


def test_a_propertys_copy_read_whole_somewhere_is_not_taken_as_parts(tmp_path: Path) -> None:
    found = _found(profile(Target(script=_write(tmp_path, "volume_whole.py", WHOLE_READ))))
    f = found.get(10)
    assert f is None or "every read takes a part" not in f.evidence, f


DATASET_MAP = """\
import torch
from torch import nn


class Windows:
    def __init__(self, n, d):
        g = torch.Generator().manual_seed(1)
        self.x = torch.randn(n, d, generator=g)
        self.y = torch.randint(0, 6, (n,), generator=g)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


class Classifier(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(d, 64), nn.ReLU(), nn.Linear(64, 6))

    def forward(self, x):
        return self.net(x)


class Evaluator:
    def __init__(self, model):
        self.model = model

    @torch.no_grad()
    def predict(self, dataset):
        logits = list(map(lambda item: self.model(item[0].unsqueeze(0))[0], dataset))
        return torch.stack(logits)


torch.manual_seed(0)
data = Windows(24_000, 48)
scores = Evaluator(Classifier(48)).predict(data)
print("result:", float((scores.argmax(1) == data.y).float().mean()))
"""


def test_a_model_mapped_over_a_datasets_items_is_a_per_sample_loop(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    # blind23's torch_har_eval: ``map(lambda item: model(item[0].unsqueeze(0))[0], dataset)``
    # over an object whose __getitem__ returns ``self.x[i], self.y[i]``; the model's forward
    # is the file's, its time on its own lines
    out = _run_json(tmp_path, "dataset_map.py", DATASET_MAP)
    f = next((x for x in out if x["line"] == 33), None)
    assert f is not None and f["code"] == "AB106", out
    # (the rows: as many as forward ran, a count scaled from the bursts in a short run)
    assert (
        "calls the model self.model once per row of dataset.x (torch.Tensor float32 "
        in (f["evidence"])
    )
    assert "self.model(dataset.x)" in f["evidence"]


NBODY = """\
import numpy as np
import torch

torch.set_num_threads(1)  # (the float32 saving, timed after the run, on one thread as here)


class Cluster:
    def __init__(self, n, rng):
        self.pos = torch.from_numpy(rng.standard_normal((n, 3)).astype(np.float32))
        masses = rng.uniform(0.5, 1.5, size=n)
        self.mass = torch.from_numpy(masses / masses.sum())


class Simulator:
    def __init__(self, cluster):
        self.c = cluster

    def accel(self, pos):
        d = pos[None, :, :] - pos[:, None, :]
        r2 = (d * d).sum(-1) + 0.0025
        w = r2.pow(-1.5) * self.c.mass[None, :]
        return (d * w.unsqueeze(-1)).sum(1)

    def run(self, n_steps):
        pos = self.c.pos
        for t in range(n_steps):
            pos = pos + 1e-4 * self.accel(pos)
        return pos


sim = Simulator(Cluster(600, np.random.default_rng(5)))
print("result:", float(sim.run(40).sum()))
"""


def test_a_float64_attribute_of_an_object_the_object_holds_promotes_the_loop(
    tmp_path: Path,
) -> None:
    # blind23's torch_nbody_cluster: ``self.c.mass``, float64 from NumPy, two attributes down
    # (the run records an attribute of an attribute), times the float32 ``r2`` (whose method
    # is called: still its operand). In a process of its own, as torch's threads and hooks
    # left by other tests change what timing float32 against float64 shows
    pytest.importorskip("torch")
    out = _run_json(tmp_path, "nbody.py", NBODY)
    f = next((x for x in out if x["line"] == 21), None)
    assert f is not None and f["code"] == "AB410", out
    assert "self.c.mass (torch.Tensor float64 600" in f["evidence"]
    assert "self.c.mass = self.c.mass.float()" in f["evidence"]
