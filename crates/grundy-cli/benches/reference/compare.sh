#!/usr/bin/env bash
# Times `grundy judge ID` against a plain C++ solution (g++ -O2) on the problem's maximal
# input, alternating the two, and prints each median and their ratio. The C++ programs
# here are references for BENCHMARKS.md, not part of grundy.
#
#   crates/grundy-cli/benches/reference/compare.sh [RUNS]    (default 11 runs each)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
runs=${1:-11}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cargo build --release --quiet -p grundy-cli --manifest-path "$root/Cargo.toml"
grundy="$root/target/release/grundy"

# Maximal inputs: cf69d, the start farthest from the disc's edge reachable in every
# direction with 20 short vectors and d = 200; hdu3980, every N and M from 1 to 1000.
python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
vs = [(1,0),(0,1),(1,1),(2,1),(1,2),(2,0),(0,2),(3,1),(1,3),(2,2),(3,0),(0,3),(4,1),(1,4),(3,2),(2,3),(5,0),(0,5),(4,3),(3,4)]
open(f"{work}/cf69d.in", "w").write("-141 -141 20 200\n" + "".join(f"{a} {b}\n" for a, b in vs))
lines = [f"{n} {m}" for m in range(1, 1001) for n in range(1, 1001)]
open(f"{work}/hdu3980.in", "w").write(f"{len(lines)}\n" + "\n".join(lines) + "\n")
PY

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
seconds() { # command... < input: wall seconds of one run
    local start end
    start=$(date +%s.%N); "$@" > /dev/null; end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}

for id in cf69d hdu3980; do
    g++ -O2 -o "$work/$id" "$here/$id.cpp"
    cmp <("$grundy" judge "$id" < "$work/$id.in") <("$work/$id" < "$work/$id.in") \
        || { echo "$id: grundy and the C++ reference disagree" >&2; exit 1; }
    : > "$work/g"; : > "$work/c"
    for _ in $(seq "$runs"); do
        seconds "$grundy" judge "$id" < "$work/$id.in" >> "$work/g"
        seconds "$work/$id" < "$work/$id.in" >> "$work/c"
    done
    g=$(median < "$work/g"); c=$(median < "$work/c")
    printf '%-8s grundy %.4f s   C++ %.4f s   ratio %.2f\n' "$id" "$g" "$c" "$(echo "$g / $c" | bc -l)"
done
