#!/bin/bash
# quick single runs of a program and its fixes: wall and user+sys CPU seconds (a development
# aid while writing the programs; the labels' shares come from benchmarks/profile_devset.py)
cd "$(dirname "$0")/programs" || exit 1
export OMP_NUM_THREADS=1 MKL_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 CUDA_VISIBLE_DEVICES=
echo "load $(cat /proc/loadavg)"
for p in "$@"; do
  for f in "$p.py" fixes/"${p}"__L*.py; do
    /usr/bin/time -f "%e %U %S" -o /tmp/quick_time.$$ /work/main/.venv/bin/python "$f" > /tmp/quick_out.$$
    read -r wall usr sys < /tmp/quick_time.$$
    printf "%-40s wall %6.2f  cpu %6.2f  %s\n" "$f" "$wall" "$(echo "$usr + $sys" | bc)" \
      "$(grep '^result:' /tmp/quick_out.$$)"
  done
done
rm -f /tmp/quick_time.$$ /tmp/quick_out.$$
