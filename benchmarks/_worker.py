"""What peers/ and validate_sin2.py share: a fresh Python process that answers one JSON line
per command read from its stdin."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Sequence
from typing import Any


class LineWorker:
    """A process started with ``argv`` that prints one JSON line when it is ready and one per
    command it reads, and stops at ``quit``."""

    def __init__(self, argv: Sequence[str], what: str, hint: str = "") -> None:
        """Start the process (it is ready once :meth:`ask` with None has answered).

        Args:
            argv: the command line.
            what: the process, as a failure names it ("the numpy worker").
            hint: added after the failure ("(is torch installed?)").
        """
        self.what, self.hint = what, hint
        self.proc = subprocess.Popen(
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def ask(self, command: str | None) -> Any:
        """Send ``command`` (None: nothing, to read the ready line) and return the decoded answer.

        Raises:
            RuntimeError: the process ended instead of answering, with the end of its stderr.
        """
        assert self.proc.stdin is not None and self.proc.stdout is not None
        if command is not None:
            self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            err = self.proc.stderr.read() if self.proc.stderr else ""
            hint = f" {self.hint}" if self.hint else ""
            raise RuntimeError(
                f"{self.what} failed on {command or 'start'!r}{hint}:\n{err.strip()[-3000:]}"
            )
        return json.loads(line)

    def close(self) -> None:
        """Ask the process to end and wait for it."""
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.write("quit\n")
            self.proc.stdin.close()
            self.proc.wait(timeout=30)
