// poj1067 (Wythoff's game): a plain C++ solution, the reference grundy's judge is measured
// against (see BENCHMARKS.md). Not part of the product. Beatty's formula in doubles.
#include <cmath>
#include <cstdio>
int main() {
    long long a, b;
    const double phi = (1 + std::sqrt(5.0)) / 2;
    while (scanf("%lld %lld", &a, &b) == 2) {
        if (a > b) { long long t = a; a = b; b = t; }
        puts((long long)((b - a) * phi) == a ? "0" : "1");
    }
}
