// The search of the project's own classic-kit test entry (search.h).
#include "search.h"

#include <cmath>
#include <cstdlib>
#include <queue>
#include <utility>

namespace {

const int DX[8] = {0, 1, 0, -1, 1, 1, -1, -1};
const int DY[8] = {-1, 0, 1, 0, -1, 1, 1, -1};
const double SQRT2 = 1.4142135623730951;

bool free_at(const Search &S, int x, int y) { return x >= 0 && y >= 0 && x < S.w && y < S.h && (*S.map)[y * S.w + x]; }

double octile(int x, int y, int gx, int gy)
{
    int dx = std::abs(x - gx), dy = std::abs(y - gy);
    return (dx > dy ? dx - dy : dy - dx) + SQRT2 * (dx < dy ? dx : dy);
}

} // namespace

Search *search_new(const std::vector<bool> &map, int width, int height)
{
    Search *s = new Search();
    s->map = &map;
    s->w = width;
    s->h = height;
    s->g.assign(map.size(), 0);
    s->parent.assign(map.size(), -1);
    s->seen.assign(map.size(), 0);
    s->gen = 0;
    return s;
}

void search_cells(Search &S, int sx, int sy, int gx, int gy, std::vector<int> &cells)
{
    cells.clear();
    if (++S.gen == 0) { // the marks wrapped: forget them once
        S.seen.assign(S.seen.size(), 0);
        S.gen = 1;
    }
    typedef std::pair<double, int> Item; // (f, cell)
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
    int start = sy * S.w + sx, goal = gy * S.w + gx;
    S.seen[start] = S.gen;
    S.g[start] = 0;
    S.parent[start] = -1;
    open.push(Item(octile(sx, sy, gx, gy), start));
    while (!open.empty()) {
        Item top = open.top();
        open.pop();
        int c = top.second, cx = c % S.w, cy = c / S.w;
        if (top.first > S.g[c] + octile(cx, cy, gx, gy) + 1e-9)
            continue; // a stale entry
        if (c == goal)
            break;
        for (int d = 0; d < 8; d++) {
            int nx = cx + DX[d], ny = cy + DY[d];
            if (!free_at(S, nx, ny) || (d >= 4 && (!free_at(S, cx + DX[d], cy) || !free_at(S, cx, cy + DY[d]))))
                continue;
            int n = ny * S.w + nx;
            double ng = S.g[c] + (d >= 4 ? SQRT2 : 1.0);
            if (S.seen[n] == S.gen && S.g[n] <= ng + 1e-9)
                continue;
            S.seen[n] = S.gen;
            S.g[n] = ng;
            S.parent[n] = c;
            open.push(Item(ng + octile(nx, ny, gx, gy), n));
        }
    }
    if (S.seen[goal] != S.gen)
        return; // unreachable: no path
    for (int c = goal; c != -1; c = S.parent[c])
        cells.push_back(c);
    std::vector<int>(cells.rbegin(), cells.rend()).swap(cells);
}
