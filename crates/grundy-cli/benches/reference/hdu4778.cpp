// hdu4778 (Gems Fight!): a plain C++ solution, the reference grundy's judge is measured
// against (see BENCHMARKS.md). Not part of the product. Array DP over the taken-bags mask.
#include <cstdio>
#include <cstring>
static int G, B, S, bag[21][8];
static unsigned char tot[1 << 21][8];
static int best[1 << 21];
int main() {
    while (scanf("%d %d %d", &G, &B, &S) == 3 && (G || B || S)) {
        memset(bag, 0, sizeof bag);
        for (int i = 0; i < B; i++) {
            int n, c;
            scanf("%d", &n);
            while (n--) { scanf("%d", &c); bag[i][c - 1]++; }
        }
        int full = (1 << B) - 1;
        memset(tot[0], 0, 8);
        for (int mask = 1; mask <= full; mask++) {
            int low = __builtin_ctz(mask), rest = mask & (mask - 1);
            for (int g = 0; g < 8; g++) tot[mask][g] = tot[rest][g] + bag[low][g];
        }
        best[full] = 0;
        for (int mask = full - 1; mask >= 0; mask--) {
            int res = -1000000;
            for (int i = 0; i < B; i++) {
                if (mask >> i & 1) continue;
                int stones = 0;
                for (int g = 0; g < G; g++) stones += (tot[mask][g] % S + bag[i][g]) / S;
                int next = best[mask | 1 << i];
                int v = stones > 0 ? stones + next : -next;
                if (v > res) res = v;
            }
            best[mask] = res;
        }
        printf("%d\n", best[0]);
    }
}
