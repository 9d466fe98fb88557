// hdu1536 (S-Nim): a plain C++ solution, the reference grundy's judge is measured against
// (see BENCHMARKS.md). Not part of the product. The Sprague-Grundy table to 10000 per set.
#include <cstdio>
#include <cstring>
static int sg[10001], mark[202], stamp;
int main() {
    int k, s[100];
    while (scanf("%d", &k) == 1 && k) {
        for (int i = 0; i < k; i++) scanf("%d", &s[i]);
        for (int h = 0; h <= 10000; h++) {
            ++stamp;
            for (int i = 0; i < k; i++) if (s[i] <= h && sg[h - s[i]] <= 200) mark[sg[h - s[i]]] = stamp;
            int g = 0;
            while (mark[g] == stamp) g++;
            sg[h] = g;
        }
        int m;
        scanf("%d", &m);
        while (m--) {
            int l, x = 0, h;
            scanf("%d", &l);
            while (l--) { scanf("%d", &h); x ^= sg[h]; }
            putchar(x ? 'W' : 'L');
        }
        putchar('\n');
    }
}
