#!/usr/bin/env bash
# Two builds of scaling_bench on one point, in alternating pairs (A B A B ...), so that the
# host's drift hits both alike; prints the median, min and max of the per-pair ratios A/B of
# the benchmark's own sim_s (executor set-up and run) and total_s (the whole point) columns,
# and each build's median. Needs python3.
#   bench/compare_builds.sh PAIRS BUILD_A/bench/scaling_bench BUILD_B/bench/scaling_bench ARGS...
#   e.g. bench/compare_builds.sh 9 build-rel/bench/scaling_bench /tmp/old/bench/scaling_bench \
#          --algorithm double_binary_tree --gpus 16384
# On this project's 2-core hosts an A/A run (a binary against its copy) spans about ±25%
# per pair, and its median ±3%: take more pairs before reading a small ratio.
set -euo pipefail
if [[ $# -lt 3 ]]; then
  echo "usage: $0 PAIRS BINARY_A BINARY_B [scaling_bench arguments...]" >&2
  exit 2
fi
pairs=$1
a=$2
b=$3
shift 3

# The row's sim_s and total_s: columns 7 and 8 of scaling_bench's one-point output.
columns() { "$@" | tail -n 1 | awk '{print $7, $8}'; }

for _ in $(seq "$pairs"); do
  echo "$(columns "$a" "$@") $(columns "$b" "$@")"
done | python3 -c '
import statistics as st
import sys

rows = [[float(x) for x in line.split()] for line in sys.stdin if line.strip()]
def show(name, ia, ib):
    r = [row[ia] / row[ib] for row in rows]
    print(f"{name:<6} A/B median {st.median(r):.3f} (min {min(r):.3f}, max {max(r):.3f}); "
          f"A {st.median(row[ia] for row in rows):.3f} s, B {st.median(row[ib] for row in rows):.3f} s")
print(f"{len(rows)} pairs")
show("sim_s", 0, 2)
show("total_s", 1, 3)
'
