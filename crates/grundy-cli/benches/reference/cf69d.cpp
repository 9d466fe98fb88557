// cf69d (Dot): a plain C++ solution, the reference grundy's judge is measured against (see
// BENCHMARKS.md). Not part of the product. Memoised search over (point, reflections left).
#include <cstdio>
#include <cstring>
static int n, d, vx[20], vy[20];
static signed char memo[401][401][2][2];  // -1 unknown, 0 loss, 1 win
static bool inside(int x, int y) { return x * x + y * y <= d * d; }
static bool win(int x, int y, int mine, int theirs) {
    signed char &m = memo[x + 200][y + 200][mine][theirs];
    if (m >= 0) return m;
    bool w = false;
    for (int i = 0; i < n && !w; i++) {
        int nx = x + vx[i], ny = y + vy[i];
        if (inside(nx, ny) && !win(nx, ny, theirs, mine)) w = true;
    }
    if (!w && mine && !win(y, x, theirs, 0)) w = true;
    m = w;
    return w;
}
int main() {
    int x, y;
    while (scanf("%d %d %d %d", &x, &y, &n, &d) == 4) {
        for (int i = 0; i < n; i++) scanf("%d %d", &vx[i], &vy[i]);
        memset(memo, -1, sizeof memo);
        puts(win(x, y, 1, 1) ? "Anton" : "Dasha");
    }
}
