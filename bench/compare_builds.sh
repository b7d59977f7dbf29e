#!/usr/bin/env bash
# Two builds of scaling_bench on one point, in alternating pairs (A B A B ...), so that the
# host's drift hits both alike; prints the median, min and max of the per-pair ratios A/B of
# the benchmark's own gen_s (schedule generation), sim_s (executor set-up and run) and
# total_s (the whole point) columns, each build's median of those and of peak_MiB, and
# whether every run's fingerprint agreed.
# Needs python3.
#   bench/compare_builds.sh PAIRS BUILD_A/bench/scaling_bench BUILD_B/bench/scaling_bench ARGS...
#   e.g. bench/compare_builds.sh 9 build-rel/bench/scaling_bench /tmp/old/bench/scaling_bench \
#          --algorithm double_binary_tree --gpus 16384
# A_ARGS and B_ARGS add arguments to one side only, for a flag one build does not know:
#   A_ARGS="--op-times critical_path" bench/compare_builds.sh 5 NEW OLD --algorithm ring
# On this project's 2-core hosts an A/A run (a binary against its copy) spans about ±25%
# per pair, and its median ±3%: take more pairs before reading a small ratio.
set -euo pipefail
if [[ $# -lt 3 ]]; then
  echo "usage: [A_ARGS=...] [B_ARGS=...] $0 PAIRS BINARY_A BINARY_B [scaling_bench arguments...]" >&2
  exit 2
fi
pairs=$1
a=$2
b=$3
shift 3
read -r -a a_args <<< "${A_ARGS:-}"
read -r -a b_args <<< "${B_ARGS:-}"

# The row's sim_s, total_s, peak_MiB, fingerprint and gen_s: columns 7, 8, 11, the last and 6
# of scaling_bench's one-point output.
columns() { "$@" | tail -n 1 | awk '{print $7, $8, $11, $NF, $6}'; }

for _ in $(seq "$pairs"); do
  echo "$(columns "$a" "$@" "${a_args[@]}") $(columns "$b" "$@" "${b_args[@]}")"
done | python3 -c '
import statistics as st
import sys

rows = [line.split() for line in sys.stdin if line.strip()]
def show(name, ia, ib):
    va = [float(row[ia]) for row in rows]
    vb = [float(row[ib]) for row in rows]
    r = [x / y for x, y in zip(va, vb)]
    print(f"{name:<8} A/B median {st.median(r):.3f} (min {min(r):.3f}, max {max(r):.3f}); "
          f"A {st.median(va):.3f}, B {st.median(vb):.3f}")
print(f"{len(rows)} pairs")
show("gen_s", 4, 9)
show("sim_s", 0, 5)
show("total_s", 1, 6)
show("peak_MiB", 2, 7)
prints = {row[i] for row in rows for i in (3, 8)}
print("fingerprints: " + ("all equal " if len(prints) == 1 else "DIFFER ") + " ".join(sorted(prints)))
'
