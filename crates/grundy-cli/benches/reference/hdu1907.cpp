// hdu1907 (John, misere Nim): a plain C++ solution, the reference grundy's judge is measured
// against (see BENCHMARKS.md). Not part of the product. Bouton's misere rule.
#include <cstdio>
int main() {
    int t;
    scanf("%d", &t);
    while (t--) {
        int n, x = 0, big = 0, h;
        scanf("%d", &n);
        for (int i = 0; i < n; i++) { scanf("%d", &h); x ^= h; if (h > 1) big = 1; }
        bool first = big ? x != 0 : x == 0;
        puts(first ? "John" : "Brother");
    }
}
