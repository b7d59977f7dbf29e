#!/usr/bin/env bash
# CI's short fuzzing run (docs/cli.md, "Fuzzing"): builds the libFuzzer targets with
# Debian's clang and runs each for a fixed number of inputs, starting from its committed
# corpus. A crash, sanitizer report, timeout or uncaught exception fails the script; the
# input that caused it is left as build-fuzz/<target>-crash-*.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(clang libclang-rt-14-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]} > 0)); then
  sudo=()
  if ((EUID != 0)); then sudo=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S . -B build-fuzz -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCOLLSIM_FUZZ=ON \
  -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS=-O1 -DCOLLSIM_BUILD_TESTS=OFF \
  -DCOLLSIM_BUILD_BENCH=OFF "${launcher[@]}" >/dev/null
cmake --build build-fuzz -j2 --target scenario_loader_fuzzer cli_parser_fuzzer

# target, seed corpus, dictionary, inputs
run() {
  local target=$1 corpus=$2 dict=$3 runs=$4
  local scratch log
  scratch=$(mktemp -d)
  log=build-fuzz/$target.log
  echo "fuzz-smoke: $target, $runs inputs from $corpus"
  if ! "build-fuzz/tests/fuzz/$target" -runs="$runs" -max_len=4096 -timeout=20 -seed=1 \
      -dict="$dict" -print_final_stats=1 -artifact_prefix="build-fuzz/$target-" \
      "$scratch" "$corpus" >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "fuzz-smoke: $target found a bug; the input is build-fuzz/$target-*" >&2
    exit 1
  fi
  grep -E '^(Done|stat::new_units_added|stat::peak_rss_mb)' "$log"
  rm -rf "$scratch"
}
run scenario_loader_fuzzer tests/fuzz/corpus tests/fuzz/scenario.dict 100000
run cli_parser_fuzzer tests/fuzz/cli_corpus tests/fuzz/cli.dict 20000
