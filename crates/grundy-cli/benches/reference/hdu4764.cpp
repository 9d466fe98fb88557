// hdu4764 (Stone): a plain C++ solution, the reference grundy's judge is measured against
// (see BENCHMARKS.md). Not part of the product. The Bash-game formula.
#include <cstdio>
int main() {
    long long n, k;
    while (scanf("%lld %lld", &n, &k) == 2 && (n || k)) puts((n - 1) % (k + 1) == 0 ? "Jiang" : "Tang");
}
