#!/usr/bin/env bash
# The Python package: builds crates/grundy-py (release, abi3) into a virtual environment
# under target/, installs it the way a user does (pip install ./crates/grundy-py), and runs
# its pytest suite (which also executes examples/python). Idempotent: the environment and
# the build are reused; the installed tools are only fetched when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=target/python-venv
python=${PYTHON:-python3}
if [ ! -x "$venv/bin/python" ]; then
    # Debian's python3 ships venv without ensurepip unless python3-venv is installed:
    # fall back to virtualenv from PyPI then.
    if ! "$python" -m venv "$venv" 2>/dev/null; then
        rm -rf "$venv"
        "$python" -m pip install --quiet --user --disable-pip-version-check virtualenv
        "$python" -m virtualenv --quiet "$venv"
    fi
fi
if [ ! -x "$venv/bin/maturin" ] ||
    ! "$venv/bin/python" -c "import maturin, numpy, pytest, matplotlib, nbclient, nbformat, ipykernel" 2>/dev/null; then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
        "maturin>=1.9,<2" numpy pytest matplotlib nbclient nbformat ipykernel
fi
# The environment's own tools come first: maturin's build hook starts `maturin` by name, so
# without this only a maturin installed by hand elsewhere would be found.
export PATH="$PWD/$venv/bin:$PATH"
# No build isolation: the environment's maturin builds, in the workspace's target/.
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    --no-build-isolation --force-reinstall --no-deps ./crates/grundy-py
MPLBACKEND=Agg "$venv/bin/python" -m pytest -q crates/grundy-py/tests "$@"
