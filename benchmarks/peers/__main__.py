"""``python -m benchmarks.peers`` (from the repository root) or ``python benchmarks/peers``."""

import sys
from pathlib import Path

if __package__:
    from .cli import main
else:  # run as a folder: its own folder is sys.path[0], where its modules would shadow others
    sys.path[0] = str(Path(__file__).resolve().parents[2])
    from benchmarks.peers.cli import main

if __name__ == "__main__":
    sys.exit(main())
