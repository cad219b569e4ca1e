"""Kept so that ``python benchmarks/peers.py`` still works: the benchmark is the package
benchmarks/peers/ (``python -m benchmarks.peers``)."""

import runpy
from pathlib import Path

if __name__ == "__main__":
    runpy.run_path(str(Path(__file__).with_suffix("")), run_name="__main__")
