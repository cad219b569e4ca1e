"""A workload file whose impls misbehave in every way a kernel can: for the isolation tests."""

import ctypes
import os
import time

import numpy as np

import arraybench as ab

w = ab.Workload("misbehave", sizes=(10, 100, 1000), dtypes=("float64",))


@w.inputs
def make(n, rng):
    return {"x": rng.standard_normal(n)}


@w.impl("numpy")
def good(x):
    return x * 2.0


@w.impl("numpy", label="segfault")
def segfault(x):
    ctypes.string_at(0)  # reads address 0: SIGSEGV
    return x * 2.0


@w.impl("numpy", label="hang")
def hang(x):
    while True:
        time.sleep(0.05)


@w.impl("numpy", label="hog")
def hog(x):
    blocks = []
    while True:  # far past any --memory-limit
        blocks.append(np.empty(2**27))  # 1 GiB of address space each, at once


@w.impl("numpy", label="exits")
def exits(x):
    os._exit(3)


@w.impl("numpy", label="raises")
def raises(x):
    raise RuntimeError("kernel exploded")


@w.impl("numpy", label="garbage")
def garbage(x):
    return "not an array"
