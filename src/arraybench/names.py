"""The names arraybench knows, and the checks of them: backends, devices and dtypes, the other
names people give them (aliases), the "did you mean" of every message about a misspelt name, and
problem sizes.

One place for a run's settings (:mod:`arraybench.config`) and a workload's definitions
(:mod:`arraybench.workload`) alike, so that each is refused the same way and neither module
needs the other.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from .base.errors import UnknownNameError, WorkloadError

#: Largest problem size: NumPy indexes with signed 64-bit integers, so no array is larger, and a
#: bigger number is a typo (an extra ``**``), not a size to measure.
MAX_SIZE = 2**63 - 1


#: How alike a misspelt name must be to a known one to be suggested (difflib ratio): "nmupy"
#: scores 0.8 against "numpy" and is suggested; "cupy" scores 0.67 and is not.
SUGGEST_CUTOFF = 0.75


#: Other names people give the things arraybench names: the library's own or its import alias
#: ("pytorch", "np"), another framework's word ("gpu" is JAX's for CUDA, accepted as such by
#: :func:`device_alias`), a short dtype ("fp32"). None is taken silently: each
#: is refused like any unknown name, with the name arraybench uses as its suggestion, so that a
#: run's settings read one way in every report.
ALIASES: dict[str, str] = {
    # backends
    "pytorch": "torch",
    "tf": "tensorflow",
    "tensorflow2": "tensorflow",
    "keras": "tensorflow",
    "np": "numpy",
    "jnp": "jax",
    "jax.numpy": "jax",
    "jaxlib": "jax",
    "py": "python",
    "cpython": "python",
    "pure-python": "python",
    "pure_python": "python",
    "hips-autograd": "autograd",
    "hips_autograd": "autograd",
    "cp": "cupy",
    "nb": "numba",
    "theano": "pytensor",
    "aesara": "pytensor",
    # devices
    "nvidia": "cuda",
    "rocm": "cuda",
    "hip": "cuda",
    "host": "cpu",
    "metal": "mps",
    "apple": "mps",
    # dtypes
    "float": "float64",
    "double": "float64",
    "f64": "float64",
    "fp64": "float64",
    "single": "float32",
    "f32": "float32",
    "fp32": "float32",
    "half": "float16",
    "f16": "float16",
    "fp16": "float16",
    "bf16": "bfloat16",
}


def likely(name: str, known: Iterable[str]) -> str | None:
    """The known name ``name`` was most likely meant to be, or ``None``.

    In order: the same name in other letter case ("NumPy"), an alias (:data:`ALIASES`:
    "pytorch" is "torch"), then the closest of the known names and aliases by edit distance
    counting a swap of two neighbouring letters as one edit ("torhc", and "pytroch" through
    "pytorch") or by difflib's ratio (:data:`SUGGEST_CUTOFF`). A name far from every known one
    ("mlx") has none.
    """
    known = list(dict.fromkeys(known))
    folded = name.strip().lower()
    for k in known:
        if k.lower() == folded:
            return k
    if ALIASES.get(folded) in known:
        return ALIASES[folded]
    targets = {k.lower(): k for k in known}
    targets.update({a: t for a, t in ALIASES.items() if t in known and a not in targets})
    best: tuple[int, float, int] | None = None
    found = None
    for i, (spelling, target) in enumerate(targets.items()):
        distance = _edits(folded, spelling)
        ratio = difflib.SequenceMatcher(None, folded, spelling).ratio()
        # One edit in a short name, two in a longer one: "cdua" is "cuda", "mlx" is not "jax".
        if distance > (1 if len(spelling) <= 4 else 2) and ratio < SUGGEST_CUTOFF:
            continue
        score = (distance, -ratio, i)  # known names come before aliases on a tie
        if best is None or score < best:
            best, found = score, target
    return found


def _edits(a: str, b: str) -> int:
    """Edits from ``a`` to ``b``: insertions, deletions, substitutions and swaps of two
    neighbouring letters (the optimal string alignment distance)."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[i - 2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def suggest(name: str, known: Iterable[str]) -> str:
    """``"; did you mean 'numpy'?"`` when ``name`` looks like a misspelling (or another name,
    :data:`ALIASES`) of a known name."""
    close = likely(name, known)
    return f"; did you mean {close!r}?" if close else ""


def choices(name: str, known: Iterable[str], what: str) -> str:
    """The end of an error about an unknown name: the likely one, and every known one.

    ``"; did you mean 'numpy'? (the backends are: python, numpy)"``, or without a likely one
    ``"; the backends are: python, numpy"``.
    """
    known = list(known)
    hint = suggest(name, known)
    listing = ", ".join(known) or "none"
    return f"{hint} (the {what} are: {listing})" if hint else f"; the {what} are: {listing}"


def validate_sizes(sizes: Iterable[Any], where: str) -> tuple[int, ...]:
    """Check that sizes are positive integers; return them as a sorted tuple without repeats."""
    if isinstance(sizes, str | bytes | Mapping):
        raise WorkloadError(
            f"{where}: sizes must be a sequence of positive integers, got {_big(sizes)}"
        )
    try:
        items = list(sizes)
    except TypeError:
        raise WorkloadError(
            f"{where}: sizes must be a sequence of positive integers, got {_big(sizes)}"
        ) from None
    if not items:
        raise WorkloadError(f"{where}: sizes is empty; give at least one positive integer")
    out: set[int] = set()
    for s in items:
        if not _is_int(s) or s < 1:
            hint = (
                f" (a float: write {int(s)} or 10**k)"
                if isinstance(s, float) and s.is_integer() and s >= 1
                else ""
            )
            raise WorkloadError(
                f"{where}: sizes must be positive integers, got {_big(s)}{hint}; "
                "use ab.logsizes(1, 10**6) for a log-spaced grid"
            )
        if s > MAX_SIZE:
            raise WorkloadError(
                f"{where}: size {_big(s)} is larger than any array can be (2**63 - 1); "
                "check for an extra ** or zero"
            )
        out.add(int(s))
    return tuple(sorted(out))


def _big(n: Any) -> str:
    """A value as written, or an integer as ``about 10**30`` once it is too long to read."""
    if not _is_int(n) or abs(n) < 10**15:
        try:
            text = repr(n)
        except Exception:  # a user object whose repr is broken
            text = f"<{type(n).__name__}>"
        return text if len(text) <= 60 else text[:57] + "..."
    # log10 rather than str() or float(): both fail on integers of thousands of digits.
    return f"{'-' if n < 0 else ''}about 10**{int(math.log10(abs(n)))}"


def _is_int(v: Any) -> bool:
    return isinstance(v, int | np.integer) and not isinstance(v, bool | np.bool_)


#: dtypes arraybench knows how to cast inputs to, and their itemsize in bytes.
DTYPES: dict[str, int] = {"float16": 2, "bfloat16": 2, "float32": 4, "float64": 8}


#: Kinds of device an impl may be tied to (``devices=``), with an optional index ("cuda:1"):
#: a name outside these is a misspelling, refused before anything runs. JAX's "gpu" is "cuda".
DEVICES: tuple[str, ...] = ("cpu", "cuda", "mps", "xpu", "tpu")


def device_alias(name: str) -> str:
    """A device as arraybench names it: JAX calls NVIDIA devices "gpu", and index 0 is the
    device a backend uses when none is named, so "gpu", "gpu:0" and "cuda:0" are "cuda"."""
    kind, sep, index = name.partition(":")
    kind = "cuda" if kind == "gpu" else kind
    return kind if sep and index == "0" else f"{kind}{sep}{index}"


#: What each kind of name is called in messages, one of them.
_ONE = {"backends": "backend", "devices": "device", "dtypes": "dtype"}


def known_names(kind: str) -> list[str]:
    """Every name arraybench knows of ``kind``: ``"backends"`` (installed here or not, plug-ins
    included), ``"devices"`` (kinds of device, each perhaps with an index: "cuda:1") or
    ``"dtypes"``."""
    if kind == "backends":
        from .backends import known

        return known()
    return list(DEVICES if kind == "devices" else DTYPES)


def check_name(kind: str, name: str, where: str = "") -> str:
    """``name`` as arraybench spells it, or a usage error before anything runs.

    The one check of backend, device and dtype names, for a run's settings (the command line's
    ``--backend``, ``ab.run(backends=...)``) and for a workload's definitions alike. A backend
    that is known but not installed passes: that is a skip with its install hint, not a typo.

    Args:
        kind: ``"backends"``, ``"devices"`` or ``"dtypes"``.
        name: the name given.
        where: what named it, to begin the message (``"bad.py:4: workload 'wk': dtypes="``);
            without it the message begins ``unknown dtype 'flaot32'``.

    Raises:
        UnknownNameError: naming the likely name (by spelling, and by other names such as
            "pytorch" for "torch": :data:`ALIASES`) and the known ones.
    """
    known = known_names(kind)
    if kind == "devices":
        name = device_alias(name)
        base, sep, index = name.partition(":")
        if base in known and (not sep or index.isdigit()):
            return name
        if base in known:
            hint = f"; a device index is a whole number ({base}:1)"
        else:
            hint = choices(base, known, kind)
    elif name in known:
        return name
    else:
        hint = choices(name, known, kind)
        if kind == "backends" and likely(name, known) is None:
            from .backends import ENTRY_POINT_GROUP

            hint += (
                "; a third-party backend registers under the entry point group "
                f"{ENTRY_POINT_GROUP!r}"
            )
    one = _ONE[kind]
    if where:
        raise UnknownNameError(
            f"{where} names {one} {name!r}, which arraybench does not know{hint}"
        )
    raise UnknownNameError(f"unknown {one} {name!r}{hint}")
