"""The base layer: what every other layer of arraybench may use, and which uses none of them.

    errors    every error arraybench raises on purpose, under one root
    files     writing files so that a crash never leaves half of one behind
    stats     the statistics of timings: medians, intervals, ratios
    units     numbers, times, sizes, ratios and intervals as people read them
    version   arraybench's version

Nothing here imports from outside ``arraybench.base``; see docs/architecture.md for the layers.
"""
