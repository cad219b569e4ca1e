"""arraybench's version, where every layer may read it (``arraybench.__version__`` is this)."""

from __future__ import annotations

__version__ = "0.1.0"
