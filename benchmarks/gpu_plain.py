"""Plain torch timings of the GPU, to set beside ``arraybench probe``'s GPU figures.

No arraybench code: CUDA events around N back-to-back calls, after warm-up, the median of
several such blocks. A device-to-device copy (GB/s counting bytes read and written, as the
probe and STREAM count a copy) and n x n matmuls per dtype (TFLOP/s, 2 n^3 flops): float64,
float32 without and with TF32 (torch's fp32_precision, or allow_tf32 on an older torch),
bfloat16, float16. Run on a CUDA machine: ``python3 benchmarks/gpu_plain.py [--quick]``;
prints one line per figure and a JSON line at the end.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
from collections.abc import Callable, Iterator
from typing import Any

#: Bytes of the copy: far beyond the L2 cache (50 MB on an H100, 60 on an H200).
COPY_BYTES = 2**30
#: Matmul sizes per dtype: near each dtype's peak on an H100, each call ~1-20 ms.
SIZES = {"float64": 8192, "float32": 8192, "tf32": 8192, "bfloat16": 8192, "float16": 8192}
BLOCKS, CALLS = 7, 10


def timed(torch: Any, call: Callable[[], Any], calls: int, blocks: int) -> float:
    """Median seconds per call over ``blocks`` blocks of ``calls`` calls, by CUDA events."""
    for _ in range(3):
        call()
    torch.cuda.synchronize()
    per_call = []
    for _ in range(blocks):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(calls):
            call()
        end.record()
        end.synchronize()
        per_call.append(start.elapsed_time(end) / 1e3 / calls)
    return statistics.median(per_call)


@contextlib.contextmanager
def tf32(torch: Any, on: bool) -> Iterator[None]:
    matmul = torch.backends.cuda.matmul
    new = hasattr(torch.backends, "fp32_precision")
    name, value = ("fp32_precision", "tf32" if on else "ieee") if new else ("allow_tf32", on)
    before = getattr(matmul, name)
    setattr(matmul, name, value)
    try:
        yield
    finally:
        setattr(matmul, name, before)


def copy_seconds(torch: Any, calls: int, blocks: int) -> float:
    """Seconds per device-to-device copy of COPY_BYTES of float64."""
    src = torch.rand(COPY_BYTES // 8, dtype=torch.float64, device="cuda")
    dst = torch.empty_like(src)
    return timed(torch, lambda: dst.copy_(src), calls, blocks)


def matmul_seconds(torch: Any, name: str, size: int, calls: int, blocks: int) -> float:
    """Seconds per ``size`` x ``size`` product in ``name`` (tf32: float32 on TF32 cores)."""
    dtype = torch.float32 if name == "tf32" else getattr(torch, name)
    x = torch.rand((size, size), dtype=dtype, device="cuda") - 0.5
    y = torch.rand((size, size), dtype=dtype, device="cuda") - 0.5
    z = torch.empty((size, size), dtype=dtype, device="cuda")
    with tf32(torch, name == "tf32"):
        return timed(torch, lambda: torch.matmul(x, y, out=z), calls, blocks)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer blocks (3 of 5 calls)")
    args = parser.parse_args()
    import torch

    if not torch.cuda.is_available():
        print("no CUDA device: nothing to time")
        return 1
    blocks, calls = (3, 5) if args.quick else (BLOCKS, CALLS)
    props = torch.cuda.get_device_properties(0)
    out: dict[str, Any] = {
        "gpu": torch.cuda.get_device_name(0),
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "l2_bytes": getattr(props, "L2_cache_size", None),
        "sms": props.multi_processor_count,
    }
    print(f"{out['gpu']}, torch {out['torch']}, CUDA {out['cuda']}, L2 {out['l2_bytes']} bytes")
    s = copy_seconds(torch, calls, blocks)
    out["copy_GBps"] = 2 * COPY_BYTES / s / 1e9
    print(f"d2d copy {COPY_BYTES / 2**20:.0f} MiB: {s * 1e3:.3f} ms, "
          f"{out['copy_GBps']:,.0f} GB/s (read + write)")  # fmt: skip
    torch.cuda.empty_cache()
    for name, size in SIZES.items():
        try:
            s = matmul_seconds(torch, name, size, calls, blocks)
        except Exception as e:  # one dtype failing leaves the others
            print(f"matmul {name}: failed: {type(e).__name__}: {e}")
            continue
        finally:
            torch.cuda.empty_cache()
        tflops = 2.0 * size**3 / s / 1e12
        out[f"matmul_{name}_TFLOPs"] = tflops
        print(f"matmul {name:8} {size}^3: {s * 1e3:.3f} ms, {tflops:,.1f} TFLOP/s")
    print("JSON " + json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
