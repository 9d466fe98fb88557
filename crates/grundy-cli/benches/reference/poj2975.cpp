// poj2975 (Nim winning moves): a plain C++ solution, the reference grundy's judge is
// measured against (see BENCHMARKS.md). Not part of the product.
#include <cstdio>
static long long k[1000];
int main() {
    int n;
    while (scanf("%d", &n) == 1 && n) {
        long long x = 0;
        for (int i = 0; i < n; i++) { scanf("%lld", &k[i]); x ^= k[i]; }
        int c = 0;
        for (int i = 0; i < n; i++) if ((x ^ k[i]) < k[i]) c++;
        printf("%d\n", c);
    }
}
