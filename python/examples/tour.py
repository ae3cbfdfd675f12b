# %% [markdown]
# # n-queens in a notebook: a tour of `queens_count`
#
# A notebook in the "percent" format (VS Code, PyCharm and `jupytext --to notebook` open it
# as cells); `python tour.py` runs it top to bottom, and the test suite does.
# Install: `pip install ./python` from the repository (or `maturin develop`).

# %%
import queens_count as q

c = q.count(12)
print(c)  # total, classes by symmetry type, engine, kernel, threads, seconds, verified
assert (c.total, c.classes) == (14200, 1787)

# %% [markdown]
# ## A table of counts, as a DataFrame
# `table` takes a range, a list or a string such as "4-14"; each result's `as_dict()` is a row.

# %%
rows = [r.as_dict() for r in q.table("4-14")]
try:
    import pandas as pd

    df = pd.DataFrame(rows).set_index("n")
    print(df[["total", "classes", "asymmetric", "half_turn", "quarter_turn", "verified"]])
except ImportError:  # pandas is optional
    for r in rows:
        print(r["n"], r["total"], r["classes"], r["verified"])
assert all(r["verified"] for r in rows)

# %% [markdown]
# ## Long counts: a progress bar, and Ctrl-C
# `progress=True` draws a tqdm bar (without tqdm, the same figures as plain text on stderr);
# any callable gets (work done, work total). The interrupt button (Ctrl-C) stops the count within a fraction of
# a second with `KeyboardInterrupt`, and other threads keep running meanwhile.

# %%
seen = []
c = q.count(15, progress=lambda done, total: seen.append(done / total))
print(f"n = 15: {c.total} boards in {c.seconds:.2f} s, {len(seen)} progress reports")

# %% [markdown]
# ## Solutions and classes
# `solutions(n)` is lazy (any n up to 32); `solutions_array(n)` is a NumPy array (n ≤ 16).

# %%
import itertools

print(list(itertools.islice(q.solutions(20), 2)))
for canonical, symmetry, size in q.classes(8):
    if symmetry != "asymmetric":
        print(canonical, symmetry, size)
try:
    a = q.solutions_array(10)
    print(a.shape, "first-row columns used:", sorted(set(a[:, 0].tolist())))
except ImportError as e:  # NumPy is optional: the message says how to install it
    print(e)

# %% [markdown]
# ## One board, in any notation

# %%
for board in ["15863724", [1, 5, 8, 6, 3, 7, 2, 4], "a8 b2 c4 d1 e7 f5 g3 h6",
              '[".Q..","...Q","Q...","..Q."]']:
    k = q.classify(board)
    print(f"{str(board):32} {k.notation:10} {k.symmetry:12} class of {k.class_size}")

# %% [markdown]
# ## A cluster run in miniature: parts, then merge

# %%
import os
import tempfile

with tempfile.TemporaryDirectory() as folder:
    paths = []
    for res in range(4):
        path = os.path.join(folder, f"part-{res}.csv")
        with open(path, "w") as f:
            f.write(q.count_part(14, f"{res}/4"))
        paths.append(path)
    (merged,) = q.merge(paths)
print(merged)
assert merged.total == q.published(14)["total"]

# %% [markdown]
# ## Variants: superqueens, the torus, given queens and blocked squares

# %%
print([(c.n, c.total, c.classes) for c in q.table("10-13", piece="superqueen")])
t = q.count(13, board="torus")  # classes under the torus group (the 8 with the n² shifts)
print(t.total, t.classes, t.orbits, q.count(13, board="torus", symmetries="square").classes)
g = q.count(8, given="a8", blocked="e7")  # the completions of a partial board
print(g.total, g.classes, g.subgroup, list(q.solutions(8, given="a8", blocked="e7"))[0])
