"""Kayles defined in Python (``grundy.define`` with ``components``) against a plain Python
memoized mex over the same ``moves`` and ``components`` (issue 22's target: the nimbers of
n = 0..N within 3x the plain mex). Both compute the nimbers of the rows 0..N; grundy's
table values each row alone (no remoteness) and shares one search across the rows. Each
figure is the median of ROUNDS runs, interleaved, each on a fresh game and a fresh cache;
the process's CPU time is printed beside the wall clock (a shared machine inflates the
wall clock).

    python crates/grundy-py/benches/define_kayles.py [N] [ROUNDS]
"""

import functools
import statistics
import sys
import time

import grundy

N = int(sys.argv[1]) if len(sys.argv) > 1 else 100
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 5


def moves(rows):
    out = []
    for i, row in enumerate(rows):
        rest = rows[:i] + rows[i + 1 :]
        for take in (1, 2):
            for left in range(row - take + 1):
                right = row - take - left
                out.append(tuple(sorted(rest + tuple(p for p in (left, right) if p))))
    return out


def components(rows):
    return [(row,) for row in rows if row]


def mex(values):
    n = 0
    while n in values:
        n += 1
    return n


def plain():
    @functools.lru_cache(maxsize=None)
    def nimber(pos):
        values = set()
        for to in moves(pos):
            value = 0
            for part in components(to):
                value ^= nimber(part)
            values.add(value)
        return mex(values)

    return [nimber((n,)) for n in range(N + 1)]


def with_grundy():
    game = grundy.define(moves, components=components, position_of=tuple)
    return grundy.table(game, N).nimbers.tolist()


def timed(job):
    wall, cpu = time.perf_counter(), time.process_time()
    res = job()
    return res, time.perf_counter() - wall, time.process_time() - cpu


def main():
    assert with_grundy() == plain()
    runs = {"grundy.define + table": [], "plain Python mex": []}
    for _ in range(ROUNDS):
        for name, job in (("grundy.define + table", with_grundy), ("plain Python mex", plain)):
            runs[name].append(timed(job)[1:])
    for name, times in runs.items():
        wall = statistics.median(t[0] for t in times)
        cpu = statistics.median(t[1] for t in times)
        print(f"{name:24} n = 0..{N}: median {wall:.3f} s wall, {cpu:.3f} s CPU")
    ratio = statistics.median(t[1] for t in runs["grundy.define + table"]) / statistics.median(
        t[1] for t in runs["plain Python mex"]
    )
    print(f"ratio (CPU): {ratio:.2f}x")


if __name__ == "__main__":
    main()
