#!/usr/bin/env bash
# Times `grundy judge ID` against a plain C++ solution (g++ -O2) on the problem's maximal
# input, alternating the two, and prints each median and their ratio. The C++ programs
# here are references for BENCHMARKS.md, not part of grundy.
#
#   crates/grundy-cli/benches/reference/compare.sh [RUNS]    (default 11 runs each)
#   IDS="hdu4778 poj2068" compare.sh 5    (only these problems)
#   CLOCK=cpu compare.sh    (user + system CPU seconds instead of wall: steadier on a busy box)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
runs=${1:-11}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cargo build --release --quiet -p grundy-cli --manifest-path "$root/Cargo.toml"
grundy="$root/target/release/grundy"

# Maximal inputs at each problem's stated limits (the formula problems: 200,000 lines).
# cf69d, the start farthest from the disc's edge reachable in every direction with 20 short
# vectors and d = 200; hdu3980, every N and M from 1 to 1000; the rest are seeded random.
python3 - "$work" <<'PY'
import random, sys
work = sys.argv[1]
rng = random.Random(15)
def put(name, text):
    open(f"{work}/{name}.in", "w").write(text)
vs = [(1,0),(0,1),(1,1),(2,1),(1,2),(2,0),(0,2),(3,1),(1,3),(2,2),(3,0),(0,3),(4,1),(1,4),(3,2),(2,3),(5,0),(0,5),(4,3),(3,4)]
put("cf69d", "-141 -141 20 200\n" + "".join(f"{a} {b}\n" for a, b in vs))
lines = [f"{n} {m}" for m in range(1, 1001) for n in range(1, 1001)]
put("hdu3980", f"{len(lines)}\n" + "\n".join(lines) + "\n")
# hdu3980_many: every M once, in a seeded order, each with N = 999 (the line values of
# every M, with little to read and write).
ms = list(range(1, 1001))
random.Random(3980).shuffle(ms)  # its own generator: the others' inputs stay as they were
put("hdu3980_many", f"{len(ms)}\n" + "".join(f"999 {m}\n" for m in ms))
# hdu4778: 20 cases of G = 8, B = 21 bags of 10 gems, S from 2 to 19.
cases = []
for c in range(20):
    bags = [" ".join(["10"] + [str(rng.randint(1, 8)) for _ in range(10)]) for _ in range(21)]
    cases.append(f"8 21 {2 + c % 18}\n" + "\n".join(bags))
put("hdu4778", "\n".join(cases) + "\n0 0 0\n")
# hdu4678: 50 boards of 1000 x 1000: rooms 1 to 50 cells wide walled by rows and columns of
# mines, with lone mines inside on a lattice of step 4 (so no numbered cell borders two blank
# regions, as the problem promises): about 9% mines, thousands of regions per board.
def cuts():
    res, at = [], 0
    while True:
        at += rng.randint(1, 50)
        if at >= 1000:
            return res
        res.append(at)
        at += 1
out = ["50"]
for _ in range(50):
    rows, cols = cuts(), cuts()
    mines = set()
    for r in rows:
        mines.update((r, c) for c in range(1000))
    for c in cols:
        mines.update((r, c) for r in range(1000))
    row_rooms = list(zip([0] + [r + 1 for r in rows], rows + [1000]))
    col_rooms = list(zip([0] + [c + 1 for c in cols], cols + [1000]))
    for r0, r1 in row_rooms:
        for c0, c1 in col_rooms:
            for r in range(r0 + 3, r1 - 3, 4):
                for c in range(c0 + 3, c1 - 3, 4):
                    if rng.random() < 0.5:
                        mines.add((r, c))
    out.append(f"1000 1000 {len(mines)}")
    out.extend(f"{r} {c}" for r, c in mines)
put("hdu4678", "\n".join(out) + "\n")
# chess2018: 10 x 10 with values to 100000.
grid = lambda: "\n".join(" ".join(str(rng.randint(0, 100000)) for _ in range(10)) for _ in range(10))
put("chess2018", "10 10\n" + grid() + "\n" + grid() + "\n")
# poj2068: 1,000 cases of n = 10, S = 8192 (2^13, the stated limit), M_i from 1 to 16.
put("poj2068", "".join("10 8192 " + " ".join(str(rng.randint(1, 16)) for _ in range(20)) + "\n" for _ in range(1000)) + "0\n")
# hdu1536: 100 cases of k = 100 (moves to 10000), each with 100 positions of 100 heaps.
out = []
for _ in range(100):
    out.append("100 " + " ".join(str(x) for x in rng.sample(range(1, 10001), 100)))
    out.append("100")
    out.extend("100 " + " ".join(str(rng.randint(0, 10000)) for _ in range(100)) for _ in range(100))
put("hdu1536", "\n".join(out) + "\n0\n")
# poj2975: 1,000 cases of 1,000 heaps below 2^31.
put("poj2975", "".join("1000 " + " ".join(str(rng.randrange(2**31)) for _ in range(1000)) + "\n" for _ in range(1000)) + "0\n")
N = 200000
put("poj1067", "".join(f"{rng.randint(0, 10**9)} {rng.randint(0, 10**9)}\n" for _ in range(N)))
put("hdu1907", f"{N // 10}\n" + "".join("47\n" + " ".join(str(rng.randint(1, 4747)) for _ in range(47)) + "\n" for _ in range(N // 10)))
put("hdu1847", "".join(f"{rng.randint(1, 1000)}\n" for _ in range(N)))
put("hdu2147", "".join(f"{rng.randint(1, 2000)} {rng.randint(1, 2000)}\n" for _ in range(N)) + "0 0\n")
put("hdu1848", "".join(f"{rng.randint(1, 1000)} {rng.randint(1, 1000)} {rng.randint(1, 1000)}\n" for _ in range(N)) + "0 0 0\n")
put("hdu2516", "".join(f"{rng.randint(2, 2**31 - 1)}\n" for _ in range(N)) + "0\n")
put("hdu4764", "".join(f"{rng.randint(1, 10**8)} {rng.randint(1, 100)}\n" for _ in range(N)) + "0 0\n")
PY

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# The run's own user + system time (wait4 after posix_spawn: nothing of the shell's).
cpu_py='import os, sys
pid = os.posix_spawnp(sys.argv[1], sys.argv[1:], os.environ,
    file_actions=[(os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0)])
_, status, usage = os.wait4(pid, 0)
sys.exit(f"{sys.argv[1]} failed") if status else print(usage.ru_utime + usage.ru_stime)'
seconds() { # command... < input: wall (or with CLOCK=cpu, CPU) seconds of one run
    if [ "${CLOCK:-wall}" = cpu ]; then python3 -c "$cpu_py" "$@"; return; fi
    local start end
    start=$(date +%s.%N); "$@" > /dev/null; end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}

ids=${IDS:-"cf69d hdu3980 hdu3980_many hdu4778 hdu4764 hdu4678 chess2018 poj2068 hdu1536 poj2975 poj1067 hdu1907 hdu1847 hdu2147 hdu1848 hdu2516"}
for id in $ids; do
    problem=${id%%_*} # an input's name after `_` is a second input of the same problem
    g++ -O2 -o "$work/$problem" "$here/$problem.cpp"
    cmp <("$grundy" judge "$problem" < "$work/$id.in") <("$work/$problem" < "$work/$id.in") \
        || { echo "$id: grundy and the C++ reference disagree" >&2; exit 1; }
    : > "$work/g"; : > "$work/c"
    for _ in $(seq "$runs"); do
        seconds "$grundy" judge "$problem" < "$work/$id.in" >> "$work/g"
        seconds "$work/$problem" < "$work/$id.in" >> "$work/c"
    done
    g=$(median < "$work/g"); c=$(median < "$work/c")
    printf '%-8s grundy %.4f s   C++ %.4f s   ratio %.2f\n' "$id" "$g" "$c" "$(echo "$g / $c" | bc -l)"
done
