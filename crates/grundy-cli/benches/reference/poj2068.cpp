// poj2068 (Team Nim): a plain C++ solution, the reference grundy's judge is measured against
// (see BENCHMARKS.md). Not part of the product. Array DP over (seat, stones left).
#include <cstdio>
static bool win[20][8193];
int main() {
    int n, s, mx[20];
    while (scanf("%d", &n) == 1 && n) {
        scanf("%d", &s);
        for (int i = 0; i < 2 * n; i++) scanf("%d", &mx[i]);
        for (int st = 1; st <= s; st++)
            for (int i = 0; i < 2 * n; i++) {
                bool w = false;
                for (int t = 1; t <= mx[i] && t < st && !w; t++)
                    if (!win[(i + 1) % (2 * n)][st - t]) w = true;
                win[i][st] = w;
            }
        puts(win[0][s] ? "1" : "0");
    }
}
