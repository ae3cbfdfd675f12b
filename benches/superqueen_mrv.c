/* Another tree for the superqueens (issue 40: n = 23 on two threads in 15 minutes needs a tree
 * about 9 times smaller than the row-by-row one): at every node, branch on the line (a row,
 * or with no second argument also a column) with the fewest free squares left (the "most
 * constrained first" rule of constraint solvers, as dancing links uses), dropping a node
 * where a row or column left has none. Each row keeps its free squares as a bitmask; placing
 * a queen clears its column, its two diagonals and its knight squares from every row left.
 * It prints the solutions, the nodes (queens placed) and nodes per solution. No symmetry is
 * used: the ratio to `superqueen_lookahead N 1` (the kernels' one-row look-ahead) is what it
 * measures.
 *
 * Build: gcc -O3 -march=native benches/superqueen_mrv.c -o target/sq_mrv
 * Run:   target/sq_mrv 16 (rows and columns); target/sq_mrv 16 rows (rows only)
 * (Recorded in docs/performance.md, "Superqueens: how far a deeper look-ahead reaches".) */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

static int n;
static uint64_t nodes, solutions;

/* The squares of the row `d` rows away (d > 0) from a queen in column c that it attacks:
 * its column, both diagonals, and at d = 1 or 2 the knight's two squares. */
static uint32_t attacked(int c, int d) {
    uint32_t a = 1u << c;
    if (c + d < n) a |= 1u << (c + d);
    if (c - d >= 0) a |= 1u << (c - d);
    int k = d == 1 ? 2 : d == 2 ? 1 : 0; /* the knight's column offset */
    if (k && c + k < n) a |= 1u << (c + k);
    if (k && c - k >= 0) a |= 1u << (c - k);
    return a;
}

/* free[r]: the free squares of row r; rows, cols: the lines left (bitmasks). */
static void search(const uint32_t *free, uint32_t rows, uint32_t cols, int rows_only) {
    if (!rows) { solutions++; return; }
    int best = 99, row = -1, col = -1;
    for (uint32_t m = rows; m; m &= m - 1) {
        int r = __builtin_ctz(m), k = __builtin_popcount(free[r]);
        if (k < best) { best = k; row = r; }
    }
    if (best == 0) return;
    if (!rows_only) {
        for (uint32_t m = cols; m; m &= m - 1) {
            int c = __builtin_ctz(m), k = 0;
            for (uint32_t q = rows; q; q &= q - 1) k += (free[__builtin_ctz(q)] >> c) & 1;
            if (k < best) { best = k; col = c; row = -1; }
        }
        if (best == 0) return;
    }
    uint32_t next[32];
    for (int i = 0; i < n; i++) {
        int r = row >= 0 ? row : i, c = row >= 0 ? i : col;
        if (!((rows >> r) & 1) || !((free[r] >> c) & 1)) continue;
        nodes++;
        for (uint32_t m = rows & ~(1u << r); m; m &= m - 1) {
            int q = __builtin_ctz(m);
            next[q] = free[q] & ~attacked(c, abs(q - r));
        }
        search(next, rows & ~(1u << r), cols & ~(1u << c), rows_only);
    }
}

int main(int argc, char **argv) {
    if (argc < 2 || atoi(argv[1]) < 1 || atoi(argv[1]) > 31) {
        fprintf(stderr, "usage: sq_mrv N [rows]\n");
        return 2;
    }
    n = atoi(argv[1]);
    int rows_only = argc > 2 && !strcmp(argv[2], "rows");
    uint32_t free[32], all = (uint32_t)((1ull << n) - 1);
    for (int r = 0; r < n; r++) free[r] = all;
    search(free, all, all, rows_only);
    printf("n=%d %s solutions=%llu nodes=%llu per_solution=%.1f\n", n,
           rows_only ? "rows" : "rows+columns", (unsigned long long)solutions,
           (unsigned long long)nodes, solutions ? (double)nodes / solutions : 0.0);
    return 0;
}
