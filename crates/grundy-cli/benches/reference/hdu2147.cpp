// hdu2147 (kiki's game): a plain C++ solution, the reference grundy's judge is measured
// against (see BENCHMARKS.md). Not part of the product. Parity of the sides.
#include <cstdio>
int main() {
    int n, m;
    while (scanf("%d %d", &n, &m) == 2 && (n || m)) puts(n % 2 && m % 2 ? "What a pity!" : "Wonderful!");
}
