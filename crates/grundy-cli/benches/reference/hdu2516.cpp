// hdu2516 (Fibonacci Nim): a plain C++ solution, the reference grundy's judge is measured
// against (see BENCHMARKS.md). Not part of the product. Zeckendorf: Fibonacci n loses.
#include <cstdio>
int main() {
    long long fib[64];
    int nf = 0;
    for (long long a = 2, b = 3; a < (1LL << 32); nf++) { fib[nf] = a; long long c = a + b; a = b; b = c; }
    long long n;
    while (scanf("%lld", &n) == 1 && n) {
        bool f = false;
        for (int i = 0; i < nf; i++) if (fib[i] == n) f = true;
        puts(f ? "Second win" : "First win");
    }
}
