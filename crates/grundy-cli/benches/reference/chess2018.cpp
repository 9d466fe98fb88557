// chess2018 (the Young-diagram game): a plain C++ solution, the reference grundy's judge is
// measured against (see BENCHMARKS.md). Not part of the product. Memoised minimax over the
// staircase, encoded as its boundary path (n + m <= 20 bits).
#include <cstdio>
#include <cstring>
static int n, m, A[10][10], B[10][10], h[10];
static long long memo[1 << 20];
static bool known[1 << 20];
static int code() {
    int c = 0, prev = n;
    for (int j = 0; j < m; j++) {
        for (int k = 0; k < prev - h[j]; k++) c = c << 1 | 1;
        c <<= 1;
        prev = h[j];
    }
    for (int k = 0; k < prev; k++) c = c << 1 | 1;
    return c;
}
static long long solve(int filled) {
    if (filled == n * m) return 0;
    int c = code();
    if (known[c]) return memo[c];
    long long res = -(1LL << 60);
    for (int j = 0; j < m; j++) {
        if (h[j] < n && (j == 0 || h[j - 1] > h[j])) {
            int r = h[j];
            long long gain = filled % 2 == 0 ? A[r][j] : B[r][j];
            h[j]++;
            long long v = gain - solve(filled + 1);
            h[j]--;
            if (v > res) res = v;
        }
    }
    known[c] = true;
    memo[c] = res;
    return res;
}
int main() {
    while (scanf("%d %d", &n, &m) == 2) {
        for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) scanf("%d", &A[i][j]);
        for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) scanf("%d", &B[i][j]);
        memset(known, 0, sizeof known);
        memset(h, 0, sizeof h);
        printf("%lld\n", solve(0));
    }
}
