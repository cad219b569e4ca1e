"""Writing files so that a crash never leaves half of one behind, and the switch of the compile
caches that several layers read (the command, its workers, the numba backend)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path


def atomic_write(path: str | os.PathLike[str], data: str | bytes) -> Path:
    """Write ``data`` to ``path`` through a temporary file in the same folder, then rename.

    The file gets the usual permissions (0666 less the umask), not mkstemp's private 0600: results
    and reports are meant to be shared.
    """
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=f".{out.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return out


#: Set to "off" (or 0, no, false), arraybench keeps no compiled code between processes
#: (:mod:`arraybench.measure.compile_cache`).
COMPILE_CACHE_SWITCH = "ARRAYBENCH_COMPILE_CACHE"


def compile_cache_on(environ: Mapping[str, str] | None = None) -> bool:
    """Whether arraybench keeps the libraries' compiled code between processes."""
    env = os.environ if environ is None else environ
    return env.get(COMPILE_CACHE_SWITCH, "").strip().lower() not in ("0", "off", "no", "false")
