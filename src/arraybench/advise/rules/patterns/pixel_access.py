"""AB417: a PIL image read or written one pixel at a time (``img.getpixel((x, y))``,
``img.putpixel((x, y), v)``) on a line run many times.

Each call goes through PIL's Python wrapper and its C accessor for one value (~0.2-1 us),
in loops over every pixel and, for a filter, every kernel cell: round 24's edge detectors
spent 28-41% of their runs in ``getpixel`` (2.3 million calls), and its HSI conversion 53% in
``getpixel`` and ``putpixel``; ``np.asarray(img)`` once, the filter as whole-array operations
(shifted windows) and ``Image.fromarray`` once saved 44.6-47.5%.

    candidates  a call of ``getpixel`` / ``putpixel`` on a line
    evidence    the run saw the receiver a PIL image (``PIL.*Image*``); the line ran RUNS_MIN
                times or more and holds LIST_SHARE of the run
    price       the line's own time (its calls go with the loop's whole-array rewrite); the low
                end keeps a NumPy element read per call (timed after the run)
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace

from ....base.units import format_time
from ...codes import WARNING, Rule, register
from ...read.source import SourceFile
from ...read.syntax import walk_tree
from ...records import LIST_SHARE, Finding
from ...run.models import element_read_time
from .base import Analysis

#: Runs of the line below which its calls are not a loop's cost.
RUNS_MIN = 10_000
#: PIL's per-pixel methods.
PIXEL_METHODS = frozenset({"getpixel", "putpixel"})


class PixelAccess:
    rule = register(
        Rule(
            "AB417",
            "pixel-access",
            WARNING,
            "a PIL image read or written one pixel at a time (getpixel / putpixel) in a loop: "
            "every pixel, and every kernel cell of a filter, pays PIL's per-call cost",
            "read the image once as an array (a = np.asarray(img)), compute on whole arrays "
            "(a filter as a sum of shifted windows: a[:-2, 1:-1] + a[2:, 1:-1] - ...), and make "
            "the result an image once (Image.fromarray(out.astype(np.uint8)))",
        )
    )

    def find(self, a: Analysis, sf: SourceFile) -> Iterator[Finding]:
        if sf.tree is None:
            return
        told: set[int] = set()
        for call in walk_tree(sf.tree):
            if not (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr in PIXEL_METHODS
            ):
                continue
            first, last = sf.span(call.lineno)
            if first in told or (sf.path, first) in a.found:
                continue
            receiver = ast.unparse(call.func.value)
            facts = a.ev.facts_in(sf.path, first, last)
            image = facts.get(receiver)
            if image is None or not image.type.startswith("PIL.") or "Image" not in image.type:
                continue
            count = a.led.count((sf.path, first))
            if count.n < RUNS_MIN:
                continue
            seconds = a.led.span(sf.path, first, last, own=True)
            if seconds / a.total < LIST_SHARE:
                continue
            told.add(first)
            kept = count.n * element_read_time()
            f, _ = a.finding(sf, first, self.rule.code)
            yield replace(
                f,
                seconds=seconds,
                share=seconds / a.total,
                count=count,
                evidence=f"runs {count} times, {format_time(seconds / count.n)} each: "
                f"{receiver}.{call.func.attr}() of a {image.type} one pixel at a time; read "
                f"it once as an array (np.asarray({receiver})) and work on whole arrays: the "
                f"calls' time goes (a NumPy element read in their place would keep "
                f"{format_time(kept)})",
                gain=(max(0.0, seconds - kept), seconds),
            )


PATTERN = PixelAccess()
