"""Officers (0.6) to 2^21 values delivered to numpy, against the command line computing the
same values (`grundy octal 0.6 --to 2097151 --json`), interleaved in one run.

The Python figure includes everything up to the numpy array in hand; the command line's
includes its process start and its JSON report. Median of ROUNDS runs each.

    python crates/grundy-py/benches/octal_numpy.py PATH/TO/grundy [ROUNDS]
"""

import json
import statistics
import subprocess
import sys
import time

import grundy

CLI = sys.argv[1]
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
LEN = 1 << 21

py_times, cli_times, digests = [], [], set()
for _ in range(ROUNDS):
    start = time.perf_counter()
    seq = grundy.octal("0.6", to=LEN)
    values = seq.values
    py_times.append(time.perf_counter() - start)
    assert values.shape == (LEN,)
    digests.add(seq.digest)

    start = time.perf_counter()
    out = subprocess.run(
        [CLI, "octal", "0.6", "--to", str(LEN - 1), "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    cli_times.append(time.perf_counter() - start)
    digests.add(json.loads(out)["digest"])
assert len(digests) == 1, digests

py, cli = statistics.median(py_times), statistics.median(cli_times)
print(f"python {py:.3f} s (runs {', '.join(f'{t:.2f}' for t in py_times)})")
print(f"cli    {cli:.3f} s (runs {', '.join(f'{t:.2f}' for t in cli_times)})")
print(f"python / cli = {py / cli:.3f}")
