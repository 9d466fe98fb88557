// hdu1848 (Fibonacci again and again): a plain C++ solution, the reference grundy's judge is
// measured against (see BENCHMARKS.md). Not part of the product. SG table to 1000.
#include <cstdio>
#include <cstring>
int main() {
    int fib[20], nf = 0, sg[1001];
    for (int a = 1, b = 2; a <= 1000; nf++) { fib[nf] = a; int c = a + b; a = b; b = c; }
    for (int h = 0; h <= 1000; h++) {
        bool seen[32] = {};
        for (int i = 0; i < nf && fib[i] <= h; i++) seen[sg[h - fib[i]]] = true;
        int g = 0;
        while (seen[g]) g++;
        sg[h] = g;
    }
    int m, n, p;
    while (scanf("%d %d %d", &m, &n, &p) == 3 && (m || n || p)) puts(sg[m] ^ sg[n] ^ sg[p] ? "Fibo" : "Nacci");
}
