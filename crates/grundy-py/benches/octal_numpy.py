"""Officers (0.6) to 2^21 values delivered to numpy, against the command line computing the
same values (`grundy octal 0.6 --to 2097151 --json`), interleaved in one run.

The Python figure includes everything up to the numpy array in hand; the command line's
includes its process start and its JSON report. Median of ROUNDS runs each, in wall time
and in CPU time (every thread of the process; on a shared machine the CPU time is the
steadier figure).

    python crates/grundy-py/benches/octal_numpy.py PATH/TO/grundy [ROUNDS]
"""

import json
import resource
import statistics
import subprocess
import sys
import time

import grundy

CLI = sys.argv[1]
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
LEN = 1 << 21

def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


py_times, cli_times, py_cpu, cli_cpu, digests = [], [], [], [], set()
for _ in range(ROUNDS):
    start, cpu = time.perf_counter(), time.process_time()
    seq = grundy.octal("0.6", to=LEN)
    values = seq.values
    py_times.append(time.perf_counter() - start)
    py_cpu.append(time.process_time() - cpu)
    assert values.shape == (LEN,)
    digests.add(seq.digest)

    start, cpu = time.perf_counter(), children_cpu()
    out = subprocess.run(
        [CLI, "octal", "0.6", "--to", str(LEN - 1), "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    cli_times.append(time.perf_counter() - start)
    cli_cpu.append(children_cpu() - cpu)
    digests.add(json.loads(out)["digest"])
assert len(digests) == 1, digests

for what, py_runs, cli_runs in (("wall", py_times, cli_times), ("cpu", py_cpu, cli_cpu)):
    py, cli = statistics.median(py_runs), statistics.median(cli_runs)
    print(f"{what:4} python {py:.3f} s (runs {', '.join(f'{t:.2f}' for t in py_runs)})")
    print(f"{what:4} cli    {cli:.3f} s (runs {', '.join(f'{t:.2f}' for t in cli_runs)})")
    print(f"{what:4} python / cli = {py / cli:.3f}")
