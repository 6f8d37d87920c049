// A tiny classic-kit entry (the kit's Entry.h signatures): plain octile A*
// without corner cutting, answering in one GetPath call with waypoints (the
// cells where the direction changes), as classic entries do. It is the
// project's test of `make EXT_ENTRY=...`; it keeps no file.
#include <cmath>
#include <queue>
#include <utility>
#include <vector>

#include "Entry.h"

namespace {

const int DX[8] = {0, 1, 0, -1, 1, 1, -1, -1};
const int DY[8] = {-1, 0, 1, 0, -1, 1, 1, -1};
const double SQRT2 = 1.4142135623730951;

struct Search {
    std::vector<bool> map;
    int w, h;
    std::vector<double> g;
    std::vector<int> parent;
    std::vector<unsigned> seen; // generation marks instead of clearing g and parent
    unsigned gen = 0;

    bool free_at(int x, int y) const { return x >= 0 && y >= 0 && x < w && y < h && map[y * w + x]; }
    double octile(int x, int y, int gx, int gy) const
    {
        int dx = std::abs(x - gx), dy = std::abs(y - gy);
        return (dx > dy ? dx - dy : dy - dx) + SQRT2 * (dx < dy ? dx : dy);
    }
};

} // namespace

void PreprocessMap(const std::vector<bool> &, int, int, const std::string &) {}

void *PrepareForSearch(const std::vector<bool> &bits, int width, int height, const std::string &)
{
    Search *s = new Search();
    s->map = bits;
    s->w = width;
    s->h = height;
    s->g.assign(bits.size(), 0);
    s->parent.assign(bits.size(), -1);
    s->seen.assign(bits.size(), 0);
    return s;
}

bool GetPath(void *data, xyLoc s, xyLoc g, std::vector<xyLoc> &path)
{
    Search &S = *static_cast<Search *>(data);
    if (++S.gen == 0) { // the marks wrapped: forget them once
        S.seen.assign(S.seen.size(), 0);
        S.gen = 1;
    }
    typedef std::pair<double, int> Item; // (f, cell)
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
    int start = s.y * S.w + s.x, goal = g.y * S.w + g.x;
    S.seen[start] = S.gen;
    S.g[start] = 0;
    S.parent[start] = -1;
    open.push(Item(S.octile(s.x, s.y, g.x, g.y), start));
    while (!open.empty()) {
        Item top = open.top();
        open.pop();
        int c = top.second, cx = c % S.w, cy = c / S.w;
        if (top.first > S.g[c] + S.octile(cx, cy, g.x, g.y) + 1e-9)
            continue; // a stale entry
        if (c == goal)
            break;
        for (int d = 0; d < 8; d++) {
            int nx = cx + DX[d], ny = cy + DY[d];
            if (!S.free_at(nx, ny) || (d >= 4 && (!S.free_at(cx + DX[d], cy) || !S.free_at(cx, cy + DY[d]))))
                continue;
            int n = ny * S.w + nx;
            double ng = S.g[c] + (d >= 4 ? SQRT2 : 1.0);
            if (S.seen[n] == S.gen && S.g[n] <= ng + 1e-9)
                continue;
            S.seen[n] = S.gen;
            S.g[n] = ng;
            S.parent[n] = c;
            open.push(Item(ng + S.octile(nx, ny, g.x, g.y), n));
        }
    }
    if (S.seen[goal] != S.gen)
        return true; // unreachable: no path
    std::vector<int> cells;
    for (int c = goal; c != -1; c = S.parent[c])
        cells.push_back(c);
    // Walk s -> g keeping the cells where the step direction changes.
    for (size_t i = cells.size(); i-- > 0;) {
        bool turn = i == 0 || i + 1 == cells.size() ||
                    cells[i + 1] - cells[i] != cells[i] - cells[i - 1];
        if (turn) {
            xyLoc p;
            p.x = static_cast<int16_t>(cells[i] % S.w);
            p.y = static_cast<int16_t>(cells[i] / S.w);
            path.push_back(p);
        }
    }
    return true;
}

std::string GetName() { return "test-astar-waypoints"; }
