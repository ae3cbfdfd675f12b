/* How far a deeper look-ahead could shrink the superqueens' tree (issue 40: n = 23 on two
 * threads in 15 minutes needs a tree about 9 times smaller). A plain row-by-row bitmask count
 * of the superqueens (queen + knight) that drops a child when one of the next LA free rows
 * (LA = 99: every row left) has no free square, and, with a third argument `columns`, also
 * when the rows left cannot cover every open column; with `matching` (and LA = 99), also
 * when the rows left cannot be matched one to one with the open columns, each to a free
 * square of its own (Kuhn's augmenting paths), whatever the diagonals between them. It prints the solutions, the nodes (recursive
 * calls, the empty board included), nodes per solution and CPU seconds, then the nodes by
 * depth. No symmetry is used: the ratios between look-aheads are what it measures.
 *
 * Build: gcc -O3 -march=native benches/superqueen_lookahead.c -o target/sq_lookahead
 * Run:   target/sq_lookahead 18 1; target/sq_lookahead 18 99 columns; … 16 99 matching
 * (Recorded in docs/performance.md, "Superqueens: how far a deeper look-ahead reaches".) */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef unsigned long long u64;
static int n, look_ahead, columns, matching;
static u64 full, solutions, nodes, by_depth[64];

/* The bipartite graph of the rows left (their free squares) and the columns, for the
 * matching: row_free[j] the free squares of the j-th row left, owner[c] the row matched to
 * column c (or -1), visited the columns seen by the current augmenting search. */
static u64 row_free[64], visited;
static int rows_to_match, owner[64];

/* Kuhn's step: finds row r a column, moving other rows along an augmenting path. */
static int augment(int r) {
    u64 m = row_free[r] & ~visited;
    while (m) {
        int c = __builtin_ctzll(m);
        m &= m - 1;
        visited |= 1ULL << c;
        if (owner[c] < 0 || augment(owner[c])) { owner[c] = r; return 1; }
    }
    return 0;
}

/* Whether every row left gets a column of its own. */
static int perfect_matching(void) {
    for (int c = 0; c < n; c++) owner[c] = -1;
    for (int r = 0; r < rows_to_match; r++) {
        visited = 0;
        if (!augment(r)) return 0;
    }
    return 1;
}

/* The free squares of the row j rows below the next one (j = 0: the next row), given the
 * masks as seen from the next row and the queens of the two rows above it (p1 the last). A
 * knight reaches 2 columns from a queen 1 row away, 1 column from one 2 rows away. */
static inline u64 free_at(u64 cols, u64 left, u64 right, u64 p1, u64 p2, int j) {
    u64 taken = cols | ((left << j) & full) | (right >> j);
    if (j == 0) taken |= (p1 << 2) | (p1 >> 2) | (p2 << 1) | (p2 >> 1);
    if (j == 1) taken |= (p1 << 1) | (p1 >> 1);
    return full & ~taken;
}

static void search(int row, u64 cols, u64 left, u64 right, u64 p1, u64 p2) {
    nodes++;
    by_depth[row]++;
    if (row == n) { solutions++; return; }
    u64 f = free_at(cols, left, right, p1, p2, 0);
    while (f) {
        u64 bit = f & -f;
        f ^= bit;
        u64 c = cols | bit, l = ((left | bit) << 1) & full, r = (right | bit) >> 1;
        int rows_left = n - row - 1, k = look_ahead < rows_left ? look_ahead : rows_left;
        int ok = 1;
        u64 cover = 0;
        for (int j = 0; j < k && ok; j++) {
            u64 g = free_at(c, l, r, bit, p1, j);
            ok = g != 0;
            cover |= g;
            row_free[j] = g;
        }
        if (ok && (columns || matching) && k == rows_left && (cover | c) != full) ok = 0;
        if (ok && matching && k == rows_left) {
            rows_to_match = rows_left;
            ok = perfect_matching();
        }
        if (ok) search(row + 1, c, l, r, bit, p1);
    }
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: sq_lookahead N LOOKAHEAD [columns]\n"); return 2; }
    n = atoi(argv[1]);
    look_ahead = atoi(argv[2]);
    columns = argc > 3 && argv[3][0] == 'c';
    matching = argc > 3 && argv[3][0] == 'm';
    if (n < 1 || n > 32 || look_ahead < 0) { fprintf(stderr, "n must be 1..32\n"); return 2; }
    full = (1ULL << n) - 1;
    clock_t t = clock();
    search(0, 0, 0, 0, 0, 0);
    printf("n=%d lookahead=%d columns=%d matching=%d solutions=%llu nodes=%llu "
           "nodes/solution=%.1f seconds=%.2f\n", n, look_ahead, columns, matching, solutions, nodes,
           (double)nodes / (double)solutions, (double)(clock() - t) / CLOCKS_PER_SEC);
    for (int i = 0; i <= n; i++) printf("depth %d: %llu\n", i, by_depth[i]);
    return 0;
}
