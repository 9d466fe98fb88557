"""The cost of a game defined in Python against the same game built in.

Both run through the same front door (the library's Adapter: Grundy solver, then the
remoteness search), so the ratio is the cost of calling Python for each position's moves.
A plain Python memo search (lru_cache and mex) is timed too, as what one writes without
grundy. Each figure is the median of ROUNDS runs, interleaved, each on a fresh game (the
adapter keeps its tables between calls).

    python crates/grundy-py/benches/overhead.py [HEAP] [ROUNDS]
"""

import functools
import statistics
import sys
import time

import grundy

HEAP = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
SUBTRACT = (1, 3, 4)


def moves(n):
    return [n - s for s in SUBTRACT if s <= n]


def builtin():
    return grundy.game("subtraction", "1,3,4").solve([HEAP]).nimber


def python():
    return grundy.define(moves).solve(HEAP).nimber


def plain():
    # Bottom-up, so the recursion limit does not matter.
    @functools.lru_cache(maxsize=None)
    def g(n):
        seen = {g(m) for m in moves(n)}
        k = 0
        while k in seen:
            k += 1
        return k

    for n in range(HEAP + 1):
        g(n)
    return g(HEAP)


times = {"builtin": [], "python": [], "plain": []}
answers = set()
for _ in range(ROUNDS):
    for name, job in (("builtin", builtin), ("python", python), ("plain", plain)):
        start = time.perf_counter()
        answers.add(job())
        times[name].append(time.perf_counter() - start)
assert len(answers) == 1, answers

positions = HEAP + 1
median = {name: statistics.median(t) for name, t in times.items()}
for name, seconds in median.items():
    print(f"{name:8} {seconds:8.3f} s  {seconds / positions * 1e6:7.2f} us/position")
print(f"python / builtin = {median['python'] / median['builtin']:.1f}x")
print(f"plain  / python  = {median['plain'] / median['python']:.2f}x")
