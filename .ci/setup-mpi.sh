#!/usr/bin/env bash
# Installs what `grundy build` under MPI needs to build and run (the cargo feature `mpi` of
# grundy-cli; crates/grundy-cli/tests/mpi_build.rs): Debian's OpenMPI (mpirun and the
# library with its headers), pkg-config, which finds it, and libclang, with which rsmpi's
# bindgen reads mpi.h. Idempotent and quiet: does nothing when all are there.
set -euo pipefail

if command -v mpirun >/dev/null 2>&1 && command -v pkg-config >/dev/null 2>&1 \
    && pkg-config --exists ompi-c 2>/dev/null && ls /usr/lib/llvm-*/lib/libclang.so* >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "setup-mpi: OpenMPI, pkg-config or libclang missing; run as root (apt-get)" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq openmpi-bin libopenmpi-dev pkg-config libclang-dev >/dev/null
command -v mpirun >/dev/null && pkg-config --exists ompi-c
