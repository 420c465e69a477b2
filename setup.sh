#!/usr/bin/env bash
# Installs the Debian packages hbcast needs (only the missing ones; sudo only when not root),
# then configures and builds it in ./build.
#   ./setup.sh          install and build
#   ./setup.sh --run    ... builds only the `hbcast` command, then runs `hbcast simulate`
#   ./setup.sh --test   ... builds everything (tests, benchmarks, examples), then runs every test
set -euo pipefail
cd "$(dirname "$0")"
case "${1:-}" in
  --run|--test|"") ;;
  *) echo "setup: unknown option '$1' (use --run or --test)" >&2; exit 2 ;;
esac

packages=(build-essential cmake pkg-config libsimgrid-dev libboost-graph-dev libgtest-dev libbenchmark-dev
          libcli11-dev nlohmann-json3-dev libfmt-dev libyaml-cpp-dev gnuplot-nox coinor-libclp-dev
          libopenmpi-dev openmpi-bin
          pybind11-dev python3-dev python3-pytest python3-pandas python3-matplotlib)
# The Slurm test (slurm.sweep_array) starts a single-node cluster: scenarios/slurm/local_cluster.sh.
# The sanitizer build and the fuzz targets (scripts/sanitize.sh, scripts/fuzz.sh) use clang 14.
if [ "${1:-}" = --test ]; then
  packages+=(munge slurmctld slurmd slurm-client clang-14 libclang-rt-14-dev libfuzzer-14-dev)
fi
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

jobs=$(nproc)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
case "${1:-}" in
  --run)  # only what `hbcast simulate` needs: the command and its libraries
    cmake --build build -j "$jobs" --target hbcast
    ./build/plugin/hbcast simulate ;;
  --test)  # everything: tests, benchmarks, examples, the MPI library and the Python module
    cmake --build build -j "$jobs"
    ctest --test-dir build --output-on-failure -j "$jobs" ;;
  "") cmake --build build -j "$jobs" ;;
esac
