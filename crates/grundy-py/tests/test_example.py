"""The notebook-style example runs and draws its plot."""

import pathlib
import subprocess
import sys

import pytest

# The example draws with matplotlib, an optional dependency (`pip install grundy[test]`):
# without it this test is skipped, not failed.
pytest.importorskip("matplotlib")

EXAMPLE = pathlib.Path(__file__).resolve().parents[3] / "examples" / "python" / "period.py"


def test_period_example_writes_a_png(tmp_path):
    out = tmp_path / "period.png"
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), str(out)], capture_output=True, text=True, check=True
    )
    assert "Kayles: period 12 from n = 71, proved by the values up to n = 167" in run.stdout
    assert "subtraction 2,5,6 -> periodic" in run.stdout
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert out.stat().st_size > 10_000
