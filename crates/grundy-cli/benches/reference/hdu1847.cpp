// hdu1847 (Good Luck in CET-4): a plain C++ solution, the reference grundy's judge is
// measured against (see BENCHMARKS.md). Not part of the product. n mod 3.
#include <cstdio>
int main() {
    int n;
    while (scanf("%d", &n) == 1) puts(n % 3 ? "Kiki" : "Cici");
}
