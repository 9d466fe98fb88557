// hdu3980 (Paint Chain): a plain C++ solution, the reference grundy's judge is measured
// against (see BENCHMARKS.md). Not part of the product.
// Grundy values of the line game "paint M consecutive beads" per M, memoised arrays.
#include <cstdio>
#include <cstring>
#include <vector>
static int sg[1001][1001];  // sg[m][n], -1 unknown
static bool done_m[1001];
static void fill(int m) {
    for (int n = 0; n <= 1000; n++) {
        if (n < m) { sg[m][n] = 0; continue; }
        bool seen[1024];
        memset(seen, 0, sizeof seen);
        for (int a = 0; a + a <= n - m; a++) seen[sg[m][a] ^ sg[m][n - m - a]] = true;
        int g = 0;
        while (seen[g]) g++;
        sg[m][n] = g;
    }
    done_m[m] = true;
}
int main() {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    for (int c = 1; c <= t; c++) {
        int n, m;
        if (scanf("%d %d", &n, &m) != 2) return 0;
        if (!done_m[m]) fill(m);
        bool first = n >= m && sg[m][n - m] == 0;
        printf("Case #%d: %s\n", c, first ? "aekdycoin" : "abcdxyzk");
    }
}
