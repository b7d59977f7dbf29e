#!/usr/bin/env bash
# Side by side: collsim's flow model and the SimGrid peer (../shared/peers/simgrid) on the
# same 2,095,104-message ring AllReduce of 1 GiB over 1024 ranks, each timed as a whole
# process. Needs libsimgrid-dev and python3; builds the peer in a temporary folder.
#   bench/compare_with_simgrid.sh [collsim build dir] [peer source dir]
set -euo pipefail
build=${1:-build}
peer=${2:-../shared/peers/simgrid}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake -S "$peer" -B "$work/sg" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/sg" -j2 >/dev/null
python3 "$peer/gen_platform.py" fattree 1024 -o "$work/fattree_1024.xml"
python3 "$peer/gen_platform.py" cluster 1024 -o "$work/cluster_1024.xml"

run() {  # label, command...
  local start end
  start=$(date +%s.%N)
  "${@:2}" >/dev/null 2>&1
  end=$(date +%s.%N)
  printf '%-44s %8.3f s\n' "$1" "$(echo "$end - $start" | bc -l)"
}
run "collsim flow, 128x8 rail-optimized 2-tier" \
  "$build/bench/scaling_bench" --algorithm ring --gpus 1024 --bytes 1GiB
run "SimGrid ideal, 2-level fat-tree" \
  "$work/sg/ring_allreduce" "$work/fattree_1024.xml" --algo=ring --S=1073741824 --model=ideal
run "SimGrid ideal, single crossbar" \
  "$work/sg/ring_allreduce" "$work/cluster_1024.xml" --algo=ring --S=1073741824 --model=ideal
