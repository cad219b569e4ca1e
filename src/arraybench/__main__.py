"""``python -m arraybench``: the same as the ``arraybench`` command."""

from .cli.main import entry

entry()
