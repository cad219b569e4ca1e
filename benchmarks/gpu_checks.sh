#!/usr/bin/env bash
# The GPU checks of issue 28, in one short run on a CUDA machine (an H100 or H200 lent by the
# device tool): `bash benchmarks/gpu_checks.sh` from the repository root. Each step runs under
# `timeout` with its own limit, cut to what is left of TOTAL_S, and the run goes on after a
# failure; summary.txt has each step's exit status and seconds. Logs go to $OUT (default
# ./gpu-out): env.txt, plain.txt, probe.txt, tests.txt, quick.txt, user.txt, cluster.txt,
# summary.txt, profile.html (9 files: one more than the device tool brings back; the
# summary is also printed, so it is in the output). STEPS picks steps by name (default: the
# first checks, `env plain probe probejs user profile tests quick cluster`; the second session
# ran `STEPS="user calibration full"`: the CUDA calibration and the full classic suite).
#
# Wheels of what the device lacks (autograd, line_profiler, array-api-compat, dask,
# distributed and their missing needs) travel in .whl/ (carry: [".whl"]) and are installed to
# /tmp/site; arraybench itself runs from this checkout's src/, first on PYTHONPATH.
set -u
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
TOTAL_S=${TOTAL_S:-480}  # the whole run, steps included; the run call's timeout_s must exceed it
START=$(date +%s)
SUMMARY=$OUT/summary.txt
: >"$SUMMARY"

if ls .whl/*.whl >/dev/null 2>&1 && python3 -m pip install -q --no-index --no-deps --no-compile \
    --no-cache-dir --upgrade --target /tmp/site .whl/*.whl; then
  export PYTHONPATH=/tmp/site
  echo "wheels: installed $(ls .whl/*.whl | wc -l) from .whl/ into /tmp/site" | tee -a "$SUMMARY"
else
  echo "wheels: NOT installed (no .whl/ carried, or pip failed): the cluster step will skip" \
    | tee -a "$SUMMARY"
fi
export PYTHONPATH=$PWD/src${PYTHONPATH:+:$PYTHONPATH}
export PYTHONUNBUFFERED=1
export COLUMNS=${COLUMNS:-150}  # rich tables in the logs as wide as on a terminal
export ARRAYBENCH_CACHE=/tmp/arraybench-cache  # the probe's profile, read by the runs after it
export ARRAYBENCH_STORE=/tmp/arraybench-store
AB=(python3 -m arraybench)

# step NAME LIMIT_S LOG COMMAND...: run COMMAND under timeout, append its output to $OUT/LOG,
# and a line to the summary (rc 124: it ran past its limit).
STEPS=${STEPS:-env plain probe probejs user profile tests quick cluster}
step() {
  local name=$1 limit=$2 log=$OUT/$3
  shift 3
  [[ " $STEPS " == *" $name "* ]] || return 0
  local left=$((START + TOTAL_S - $(date +%s)))
  if ((left < 15)); then
    printf '%-8s SKIPPED: %ss left of the run\n' "$name" "$left" | tee -a "$SUMMARY"
    return
  fi
  ((limit > left - 5)) && limit=$((left - 5))
  echo "=== $name (limit ${limit}s): $*" | tee -a "$log"
  local t0 t1 rc
  t0=$(date +%s.%N)
  timeout -k 10 "$limit" "$@" >>"$log" 2>&1
  rc=$?
  t1=$(date +%s.%N)
  local verdict=ok cmd="$*"
  cmd=${cmd%%$'\n'*}
  ((rc == 124 || rc == 137)) && verdict=TIMEOUT
  ((rc != 0 && rc != 124 && rc != 137)) && verdict=FAILED
  printf '%-8s rc=%-3s %-7s %6.1f s (limit %s s)  %s\n' "$name" "$rc" "$verdict" \
    "$(awk "BEGIN { print $t1 - $t0 }")" "$limit" "${cmd:0:110}" | tee -a "$SUMMARY"
}

# -- the machine and the versions (no limit needed: seconds) --------------------------------------
{
  echo "=== nvidia-smi"
  timeout 20 nvidia-smi
  timeout 20 nvidia-smi --query-gpu=name,memory.total,memory.used,clocks.sm,clocks.mem,driver_version --format=csv
  echo "=== python and libraries"
  timeout 120 python3 - <<'EOF'
import importlib, sys
print(sys.version.split()[0], sys.executable)
for m in ("numpy", "torch", "jax", "jaxlib", "cupy", "numba", "numba_cuda", "dask",
          "distributed", "autograd", "array_api_compat", "line_profiler", "threadpoolctl",
          "rich", "tensorflow", "arraybench"):
    try:
        mod = importlib.import_module(m)
        print(f"{m:17} {getattr(mod, '__version__', '?')}  {getattr(mod, '__file__', '')}")
    except Exception as e:
        print(f"{m:17} -- {type(e).__name__}: {e}")
try:
    import torch
    print("torch.cuda", torch.cuda.is_available(), torch.version.cuda,
          torch.cuda.get_device_name(0), torch.cuda.get_device_properties(0))
except Exception as e:
    print("torch.cuda --", type(e).__name__, e)
try:
    from numba import cuda
    print("numba.cuda.is_available", cuda.is_available(), type(cuda).__module__, cuda.__file__)
except Exception as e:
    print("numba.cuda --", type(e).__name__, e)
try:
    import cupy
    print("cupy devices", cupy.cuda.runtime.getDeviceCount(), "runtime",
          cupy.cuda.runtime.runtimeGetVersion(), "driver", cupy.cuda.runtime.driverGetVersion())
except Exception as e:
    print("cupy --", type(e).__name__, e)
EOF
} >"$OUT/env.txt" 2>&1
echo "env: python and library versions written ($(($(date +%s) - START)) s)" | tee -a "$SUMMARY"

# -- the checks -----------------------------------------------------------------------------------
step env 45 env.txt "${AB[@]}" env
# Plain torch figures just before the probe, to set beside its GPU rows.
step plain 45 plain.txt python3 benchmarks/gpu_plain.py --quick
step probe 120 probe.txt "${AB[@]}" probe --force --quick
step probejs 20 probe.txt python3 -c "
from arraybench.measure import profile as P
p = P.load_cached()
print('cached profile:', p is not None and P.cache_path(p.key))
if p:
    print('devices', p.devices, 'gpu', p.gpu)
    for f in p.figures:
        lo, hi = f.interval
        print(f'{f.device:4} {f.kind:9} {f.backend:8} {f.name:28} n={f.size:<10} {f.value:14.6g} [{lo:.6g}, {hi:.6g}]')
    for s in p.skipped:
        print('skipped', s.what, '--', s.reason)"
# A user file: a CuPy impl and a Numba CUDA kernel, checked against NumPy (on the CPU).
step user 75 user.txt "${AB[@]}" run docs/examples/gpu_user.py --quick --device cpu,cuda \
  --processes 2 -v
# arraybench profile on a CUDA training loop: its per-batch .item() and per-batch .to(device)
# of a constant tensor must be listed with their sync and copy counts (issue 23).
step profile 60 user.txt "${AB[@]}" profile --all --html "$OUT/profile.html" \
  docs/examples/cuda_train.py
# The backend protocol on cuda for every installed backend (torch, jax, cupy, numba), and the
# GPU probe's and roofline's fakes, here with real libraries beside them.
step tests 90 tests.txt python3 -m pytest -q -p no:cacheprovider --no-header -rs \
  tests/backends/test_backends.py tests/backends/test_cupy.py \
  tests/analysis/test_probe_gpu.py tests/analysis/test_roofline.py
# The classic suite, quick, its CUDA cases only (torch, torch.compile, jax, cupy; numba's loops
# are CPU only): checks against NumPy, fractions of the GPU's peak, implausibility flags (-v).
step quick 190 quick.txt "${AB[@]}" run --quick --device cuda --processes 2 -v
# The calibration script (how often one run's interval holds another run's figure) on CUDA
# cases: NumPy on the CPU against PyTorch, CuPy and JAX on the GPU, fresh processes.
# CAL_RUNS and CAL_LIMIT set its runs (each about 35-45 s on an H100 or H200) and its limit in
# seconds; CAL_WARMUP runs go first, not counted: on a machine just started the first run read
# 10-40% slower than the rest (2026-11-27, H200).
step calibration "${CAL_LIMIT:-240}" calibration.txt python3 benchmarks/calibration.py \
  --runs "${CAL_RUNS:-6}" --warmup-runs "${CAL_WARMUP:-1}" --keep /tmp/cal \
  --cases benchmarks/calibration_cases_cuda.py --json "$OUT/calibration.json" -- --device cpu,cuda
[[ -d /tmp/cal ]] && tar -czf "$OUT/cal.tgz" -C /tmp cal
# The full classic suite (every size), its CUDA cases, last: it takes what time is left.
step full 600 full.txt "${AB[@]}" run --device cuda --processes 2 -v --json "$OUT/full.json"
if [[ " $STEPS " != *" cluster "* ]]; then
  :
elif python3 -c "import distributed" >>"$OUT/cluster.txt" 2>&1; then
  step cluster 100 cluster.txt "${AB[@]}" run sin2 --quick --cluster local:2 \
    --device cpu,cuda --backend numpy,python,torch,cupy,jax --impl vectorized,loop --processes 2 -v
else
  echo "cluster  SKIPPED: dask distributed is not importable (no .whl/ carried?)" \
    | tee -a "$SUMMARY"
fi

{
  echo "=== nvidia-smi after"
  timeout 20 nvidia-smi --query-gpu=name,memory.used,clocks.sm,temperature.gpu --format=csv
  echo "total: $(($(date +%s) - START)) s of TOTAL_S=$TOTAL_S"
} >>"$SUMMARY" 2>&1
echo
cat "$SUMMARY"
