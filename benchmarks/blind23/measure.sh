#!/bin/bash
# Measure every program of blind23 in turn (one job at a time), logging the load.
cd "$(dirname "$0")/../.."
for p in "$@"; do
  echo "== $p start $(date -u +%T) load $(cat /proc/loadavg)"
  .venv/bin/python benchmarks/profile_devset.py --programs benchmarks/blind23/programs --program "$p" --pairs "${PAIRS:-5}" --write
  echo "== $p end $(date -u +%T) load $(cat /proc/loadavg)"
done
