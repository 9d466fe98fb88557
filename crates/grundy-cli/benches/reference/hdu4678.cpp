// hdu4678 (Mine): a plain C++ solution, the reference grundy's judge is measured against
// (see BENCHMARKS.md). Not part of the product. Flood fill of each blank region: its value
// is 1 + (bordering numbered cells mod 2); every other numbered cell is worth 1.
#include <cstdio>
#include <cstring>
static const int MAX = 1000;
static unsigned char mine[MAX][MAX], near_[MAX][MAX];
static int seen[MAX][MAX], stamp, qx[MAX * MAX], qy[MAX * MAX];
int main() {
    int t;
    scanf("%d", &t);
    for (int tc = 1; tc <= t; tc++) {
        int n, m, k;
        scanf("%d %d %d", &n, &m, &k);
        for (int i = 0; i < n; i++) memset(mine[i], 0, m), memset(near_[i], 0, m);
        for (int i = 0; i < k; i++) { int x, y; scanf("%d %d", &x, &y); mine[x][y] = 1; }
        for (int i = 0; i < n; i++)
            for (int j = 0; j < m; j++)
                if (mine[i][j])
                    for (int di = -1; di <= 1; di++)
                        for (int dj = -1; dj <= 1; dj++) {
                            int a = i + di, b = j + dj;
                            if (a >= 0 && a < n && b >= 0 && b < m) near_[a][b] = 1;
                        }
        int x = 0, numbered = 0, bordering = 0;
        ++stamp;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < m; j++) {
                if (mine[i][j]) continue;
                if (near_[i][j]) { numbered++; continue; }
                if (seen[i][j] == stamp) continue;
                int head = 0, tail = 0, border = 0;
                seen[i][j] = stamp; qx[tail] = i; qy[tail++] = j;
                while (head < tail) {
                    int ci = qx[head], cj = qy[head++];
                    for (int di = -1; di <= 1; di++)
                        for (int dj = -1; dj <= 1; dj++) {
                            int a = ci + di, b = cj + dj;
                            if (a < 0 || a >= n || b < 0 || b >= m || seen[a][b] == stamp) continue;
                            seen[a][b] = stamp;
                            if (near_[a][b]) border++;
                            else { qx[tail] = a; qy[tail++] = b; }
                        }
                }
                bordering += border;
                x ^= 1 + border % 2;
            }
        x ^= (numbered - bordering) & 1;
        printf("Case #%d: %s\n", tc, x ? "Xiemao" : "Fanglaoshi");
    }
}
