"""The base layer: what every other layer of arraybench may use, and which uses none of them.

    environ   environment variables set for a block and put back after it
    errors    every error arraybench raises on purpose, under one root
    fields    reading a JSON record field by field, and values JSON cannot hold
    files     writing files so that a crash never leaves half of one behind
    hooks     the renderers RunResult's conveniences call, installed by the package's facade
    stats     the statistics of timings: medians, intervals, ratios
    units     numbers, times, sizes, ratios and intervals as people read them
    version   arraybench's version

Nothing here imports from outside ``arraybench.base``; see docs/architecture.md for the layers.
"""
