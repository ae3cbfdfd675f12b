"""The Python module against the library's own checks: published values, the iterator against
the array, the notations, the errors, Ctrl-C and other threads during a count."""

import _thread
import ast
import doctest
import itertools
import os
import pathlib
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

import queens_count as q

#: The repository's root (the README, the examples).
REPO = pathlib.Path(__file__).resolve().parents[2]

#: The optional modules, none of which `pip install ./python` installs.
OPTIONAL = ("numpy", "tqdm", "pandas")

# OEIS A000170 and A002562, written out here so that the test does not rest on the module's
# own copy of the published table alone.
TOTALS = [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596]
CLASSES = [1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752]


def attacks(cols):
    """Whether two queens of the board attack each other (a plain check, no library)."""
    return any(
        a == b or abs(a - b) == j - i
        for (i, a), (j, b) in itertools.combinations(enumerate(cols), 2)
    )


def images(cols):
    """The 8 images of a board under the symmetries of the square (a plain version)."""
    n = len(cols)
    cells = [(r, c) for r, c in enumerate(cols)]
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (c, n - 1 - r),
        lambda r, c: (n - 1 - r, n - 1 - c),
        lambda r, c: (n - 1 - c, r),
        lambda r, c: (r, n - 1 - c),
        lambda r, c: (n - 1 - r, c),
        lambda r, c: (c, r),
        lambda r, c: (n - 1 - c, n - 1 - r),
    ]
    out = []
    for m in maps:
        board = [0] * n
        for r, c in cells:
            r2, c2 = m(r, c)
            board[r2] = c2
        out.append(tuple(board))
    return out


# --- count, table, verify, published ------------------------------------------------------


@pytest.mark.parametrize("n", range(0, 15))
def test_count_matches_the_published_values(n):
    c = q.count(n)
    assert (c.n, c.total, c.classes) == (n, TOTALS[n], CLASSES[n])
    assert c.asymmetric + c.half_turn + c.quarter_turn == c.classes
    if n > 1:
        assert c.total == 8 * c.asymmetric + 4 * c.half_turn + 2 * c.quarter_turn
    assert c.verified is True
    known = q.published(n)
    for key in ("total", "classes", "asymmetric", "half_turn", "quarter_turn",
                "fixed_half_turn", "fixed_quarter_turn"):
        if known[key] is not None:
            assert getattr(c, key) == known[key], key


def test_every_engine_kernel_split_and_thread_count_agree():
    key = lambda c: (c.total, c.asymmetric, c.half_turn, c.quarter_turn,
                     c.fixed_half_turn, c.fixed_quarter_turn)
    want = key(q.count(12))
    assert want == (14200, 1765, 18, 4, 80, 8)
    plain = q.count(12, engine="enumerate", threads=1)
    assert key(plain) == want
    assert (plain.engine, plain.nodes, plain.threads) == ("enumerate", 856189, 1)
    assert "scalar" in q.kernels()
    for kernel in ["auto"] + q.kernels():
        for split in ("border", "ring", "outer-ring"):
            c = q.count(12, kernel=kernel, split=split, threads=2)
            assert key(c) == want, (kernel, split)
            assert c.kernel in q.kernels()
            if kernel != "auto":
                assert c.kernel == kernel
    assert q.count(12, split="border").plan != q.count(12).plan
    assert q.count(12, split="ring").plan == "symmetric-ring-v9"
    assert q.count(12, split="outer-ring").plan == "symmetric-outer-ring-v8"


def test_counts_repr_and_dict():
    c = q.count(8, threads=1)
    r = repr(c)
    assert r.startswith("Counts(n=8, total=92, classes=12, asymmetric=11, half_turn=1, "
                        "quarter_turn=0, piece='queen', board='plane', group='square', "
                        "engine='symmetric'")
    assert "threads=1" in r and r.endswith("verified=True)")
    d = c.as_dict()
    assert list(d) == ["n", "total", "classes", "asymmetric", "half_turn", "quarter_turn",
                       "fixed_half_turn", "fixed_quarter_turn", "nodes", "seconds", "engine",
                       "kernel", "threads", "plan", "verified", "mismatch", "piece", "board",
                       "group", "orbits", "given", "blocked", "subgroup", "subgroup_order"]
    assert (d["total"], d["fixed_half_turn"], d["fixed_quarter_turn"]) == (92, 4, 0)
    # A count of the whole board has no partial board, and verified has no mismatch; its
    # other columns are all filled.
    marks = ("mismatch", "orbits", "given", "blocked", "subgroup", "subgroup_order")
    assert [d[k] for k in marks] == [None] * 6
    assert all(isinstance(v, (int, float, str, bool)) for k, v in d.items() if k not in marks)
    with pytest.raises(AttributeError):
        c.total = 3


def test_table_takes_ranges_lists_and_strings():
    assert [c.n for c in q.table("4-7,9")] == [4, 5, 6, 7, 9]
    assert [c.total for c in q.table(range(4, 9))] == TOTALS[4:9]
    assert [c.classes for c in q.table([10, 8])] == [92, 12]
    assert [c.total for c in q.table(6)] == [4]
    assert [c.threads for c in q.table("8-9", threads=1)] == [1, 1]
    rows = [c.as_dict() for c in q.table("1-3")]
    assert [r["total"] for r in rows] == [1, 0, 0]
    for bad in ("4-x", "", "12-4"):
        with pytest.raises(ValueError, match="board sizes"):
            q.table(bad)
    with pytest.raises(ValueError, match="board size 40 is outside 0 to 32"):
        q.table("30,40")
    # Every size is checked before the first is counted, to what the rules count: the queens
    # on the torus to 64 (board 30 has none, at once), the superqueens there and completions
    # to 32; the torus's 35 is not refused (and not counted here: it takes centuries).
    with pytest.raises(ValueError, match="board size 65 is outside 0 to 64"):
        q.table("30,65", board="torus")
    with pytest.raises(ValueError, match="board size 35 is outside 0 to 32"):
        q.table("30,35", board="torus", piece="superqueen")
    with pytest.raises(ValueError, match="board size 35 is outside 0 to 32"):
        q.table("30,35", board="torus", engine="enumerate")
    with pytest.raises(ValueError, match="board size 35 is outside 0 to 32"):
        q.table("30,35", board="torus", given="a1")
    with pytest.raises(ValueError, match="board size 65 is outside 0 to 64"):
        q.table([35, 65], board="torus")


def test_verify_and_published():
    c = q.verify(9)
    assert (c.total, c.verified) == (352, True)
    assert q.published(8)["total"] == 92
    assert q.published(12)["nodes"] == 856189
    with pytest.raises(ValueError, match="board size -1 is outside 0 to 32"):
        q.published(-1)
    assert q.published(1000) is None


@pytest.mark.parametrize("size", [True, 8.7, "8", None])
def test_a_size_that_is_not_an_int_is_a_type_error_everywhere(size):
    calls = [q.count, q.verify, q.published, q.solutions, q.classes, q.solutions_array,
             lambda n: q.table([n]), lambda n: q.count_part(n, "0/2")]
    if isinstance(size, str):
        calls = calls[:-2] + calls[-1:]  # table("8") reads a string of sizes
    for call in calls:
        with pytest.raises(TypeError, match=r"board size .* is (a bool, )?not an int"):
            call(size)


def test_a_size_beyond_64_bits_is_out_of_range_not_an_overflow():
    for call in [q.count, q.solutions, lambda n: q.table([n])]:
        with pytest.raises(ValueError, match=r"board size 1180591620717411303424 is outside 0"):
            call(2**70)
    assert q.published(2**70) is None  # as published(1000): nothing published there
    numpy = pytest.importorskip("numpy")
    assert q.count(numpy.int64(8)).total == 92
    assert [c.total for c in q.table(numpy.int64(8))] == [92]


# --- solutions, solutions_array, classes ----------------------------------------------------


@pytest.mark.parametrize("n", range(1, 11))
def test_the_iterator_and_the_array_list_the_same_boards_in_order(n):
    boards = list(q.solutions(n))
    array = q.solutions_array(n)
    assert array.dtype.name == "uint8"
    assert array.shape == (TOTALS[n], n)
    assert [tuple(row) for row in array.tolist()] == boards
    assert boards == sorted(boards)
    assert len(set(boards)) == len(boards)
    for b in boards:
        assert sorted(b) == list(range(n)) and not attacks(b)


def test_solutions_are_lazy():
    # n = 28 has about 2.2e17 solutions: only a lazy iterator gives the first ones.
    it = q.solutions(28)
    first = next(it)
    assert not attacks(first) and sorted(first) == list(range(28))
    second = next(it)
    assert second > first and not attacks(second)
    assert iter(it) is it


def test_iterators_are_independent_and_may_be_dropped_early():
    a, b = q.solutions(9), q.solutions(9)
    first_a = [next(a) for _ in range(100)]
    assert [next(b) for _ in range(352)] == list(q.solutions(9))
    assert first_a + list(a) == list(q.solutions(9))
    # Dropped after a few boards: each search thread stops at its next hand-over.
    firsts = {next(q.solutions(20)) for _ in range(200)}
    assert len(firsts) == 1 and not attacks(firsts.pop())
    assert list(q.solutions(2)) == [] and list(q.solutions(3)) == []
    assert list(q.solutions(1)) == [(0,)]


def test_one_iterator_shared_by_threads_hands_each_board_to_one_thread():
    # Threads that share one iterator take turns: each board goes to exactly one of them, in
    # order (no "RuntimeError: Already mutably borrowed" while one waits for the search).
    it = q.solutions(13)
    taken = [[] for _ in range(4)]
    errors = []
    together = threading.Barrier(len(taken))

    def take(mine):
        together.wait()
        try:
            for board in it:
                mine.append(board)
        except BaseException as e:  # noqa: B036 -- any exception fails the test below
            errors.append(e)

    threads = [threading.Thread(target=take, args=(mine,)) for mine in taken]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(itertools.chain(*taken)) == list(q.solutions(13))
    assert sum(len(mine) for mine in taken) == TOTALS[13]
    for mine in taken:
        assert mine == sorted(mine)
    assert next(it, None) is None


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no os.fork on this platform")
def test_an_iterator_made_before_fork_goes_on_in_the_child_and_the_parent():
    # The search thread stays in the parent; the child's copy of the iterator starts its
    # own and goes on where the copy was (100 boards in, partway through a chunk).
    want = list(q.solutions(12))
    it = q.solutions(12)
    head = [next(it) for _ in range(100)]
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            signal.alarm(120)  # a child that hangs (as it did) is ended, and the test fails
            os.close(read)
            rest = list(it)
            with os.fdopen(write, "w") as out:
                out.write(repr(rest))
            code = 0
        finally:
            os._exit(code)
    os.close(write)
    with os.fdopen(read) as inp:
        from_child = inp.read()
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
    rest = list(it)
    assert head + rest == want
    assert ast.literal_eval(from_child) == rest


def test_solutions_array_is_refused_above_its_limit():
    assert q.MAX_ARRAY_N == 16
    with pytest.raises(ValueError, match=r"solutions_array\(17\) would not fit in memory"):
        q.solutions_array(17)
    for n in (0, 33, -2):
        with pytest.raises(ValueError, match=f"board size {n} is outside 1 to 32"):
            q.solutions(n)


@pytest.mark.parametrize("n", [1, 4, 5, 6, 8, 9, 10])
def test_classes_are_the_orbits_of_the_solutions(n):
    listed = list(q.classes(n))
    assert len(listed) == CLASSES[n]
    assert sum(size for _, _, size in listed) == TOTALS[n]
    canonicals = [c for c, _, _ in listed]
    assert canonicals == sorted(canonicals)
    expected = {min(images(b)) for b in q.solutions(n)}
    assert set(canonicals) == expected
    for canonical, symmetry, size in listed:
        distinct = len(set(images(canonical)))
        assert size == distinct
        assert symmetry == {8: "asymmetric", 4: "half_turn", 2: "quarter_turn",
                            1: "quarter_turn"}[distinct]


# --- classify and the notations --------------------------------------------------------------


EIGHT = (0, 4, 7, 5, 2, 6, 1, 3)


@pytest.mark.parametrize("board, notation", [
    ("0 4 7 5 2 6 1 3", "cols"),
    ("0,4,7,5,2,6,1,3", "cols"),
    ("1 5 8 6 3 7 2 4", "cols1"),
    ("15863724", "digits"),
    ([0, 4, 7, 5, 2, 6, 1, 3], "cols"),
    ((1, 5, 8, 6, 3, 7, 2, 4), "cols1"),
    ("a8 b2 c4 d1 e7 f5 g3 h6", "algebraic"),
    ("\n".join("." * c + "Q" + "." * (7 - c) for c in EIGHT), "board"),
    ("[" + ",".join('"' + "." * c + "Q" + "." * (7 - c) + '"' for c in EIGHT) + "]",
     "leetcode"),
])
def test_classify_reads_every_notation(board, notation):
    c = q.classify(board)
    assert c.board == EIGHT, notation
    assert c.notation == notation
    assert c.canonical == min(images(EIGHT))
    assert (c.symmetry, c.class_size) == ("asymmetric", 8)
    assert q.classify(board, notation=notation).board == EIGHT
    assert c.transforms and all(isinstance(t, str) for t in c.transforms)


def test_classify_symmetric_boards_and_explicit_notations():
    c = q.classify("3 0 2 4 1")
    assert (c.canonical, c.symmetry, c.class_size) == ((1, 4, 2, 0, 3), "quarter_turn", 2)
    assert repr(c) == ("Classification(board=(3, 0, 2, 4, 1), canonical=(1, 4, 2, 0, 3), "
                       "symmetry='quarter_turn', class_size=2)")
    assert q.classify([0]).class_size == 1
    assert q.classify([1]).board == (0,)
    # The same text read in two notations: two boards.
    assert q.classify("2 4 1 3", notation="cols1").board == (1, 3, 0, 2)
    assert q.classify("1 3 0 2", notation="cols").board == (1, 3, 0, 2)


@pytest.mark.parametrize("board, notation, message", [
    ("0 1 2", "auto", "attack"),
    ([0, 1], "auto", "attack"),
    ("0 4 7", "nonsense", "unknown notation 'nonsense'"),
    (3.5, "auto", "a board is a string"),
    ("", "auto", "no board"),
    ("0 4 7 5 2 6 1 3\n1 3 0 2", "auto", "more than one board"),
    ("0 9 1", "cols", "9"),
])
def test_classify_errors_are_value_errors(board, notation, message):
    with pytest.raises(ValueError, match=message):
        q.classify(board, notation=notation)


# --- errors -------------------------------------------------------------------------------


@pytest.mark.parametrize("call, message", [
    (lambda: q.count(33), "board size 33 is outside 0 to 32"),
    (lambda: q.count(-1), "board size -1 is outside 0 to 32"),
    (lambda: q.count(8, threads=0), "threads must be at least 1"),
    (lambda: q.count(8, engine="fast"), "unknown engine 'fast': choose enumerate or symmetric"),
    (lambda: q.count(8, kernel="gpu"), "unknown kernel 'gpu'"),
    (lambda: q.count(8, split="middle"), "unknown split 'middle'"),
    (lambda: q.count(8, engine="enumerate", split="border"), "enumerate"),
    (lambda: q.count_part(8, "3/2"), "RES must be below MOD"),
    (lambda: q.count_part(8, "x"), "'x' is not a part"),
    (lambda: q.count(8, progress=3), "progress is None, True"),
])
def test_wrong_arguments_are_value_errors_with_the_librarys_message(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_threads_above_the_clis_bound_are_refused():
    # `queens --threads` takes 0 to 65535 (cli.rs, a u16); 0 is all cores there and an error
    # here (above). Up to the bound, the library caps the threads at 4 per core.
    for call in (lambda t: q.count(8, threads=t), lambda t: q.table("6-8", threads=t),
                 lambda t: q.count_part(8, "0/2", threads=t)):
        with pytest.raises(ValueError, match=r"threads=1000000000 is too many: give a whole "
                                             r"number from 1 to 65535"):
            call(10**9)
        with pytest.raises(ValueError, match=r"threads=65536 is too many"):
            call(65536)
        with pytest.raises(ValueError, match=r"threads=100000000000000000000 is too many"):
            call(10**20)  # beyond an i64: too many all the same, not an OverflowError
        with pytest.raises(ValueError, match=r"threads must be at least 1"):
            call(-10**20)
    # The bound itself is taken, and capped as the CLI caps it: 4 threads per core, at most
    # 1024 (n = 8 has 46 units, so 46 threads would start without the cap).
    c = q.count(8, threads=65535)
    assert c.total == 92 and 1 <= c.threads <= min(4 * (os.cpu_count() or 1), 1024)


def test_solutions_array_without_numpy_is_an_import_error_that_says_pip_install_numpy(
        tmp_path):
    # Not a pyo3 PanicException (a BaseException that `except ImportError` lets through).
    code = """
import queens_count as q
assert len(list(q.solutions(6))) == 4  # the iterator needs no NumPy
try:
    q.solutions_array(8)
except ImportError as e:
    print(type(e).__name__, e)
"""
    done = run_without(["numpy"], code, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ImportError solutions_array returns a NumPy array, and "
                                  "NumPy cannot be imported"), done.stdout
    assert "pip install numpy" in done.stdout
    assert "Panic" not in done.stderr


def test_a_kernel_this_cpu_lacks_is_a_value_error():
    # Every kernel of the registry (``kernels!``), whether or not this CPU runs it: the
    # library's list, not one written here, so that a kernel added there is tested here.
    every = q.kernels(every=True)
    assert every[0] == "scalar" and set(q.kernels()) < set(every), (every, q.kernels())
    # A name that is no kernel's is refused with the same list.
    with pytest.raises(ValueError) as refused:
        q.count(1, kernel="no-such-kernel")
    assert str(refused.value) == "unknown kernel 'no-such-kernel': choose auto, " + ", ".join(
        every
    )
    # Names in any case, as the command line takes them (the scalar kernel: every CPU).
    assert q.count(9, kernel="SCALAR").kernel == "scalar"
    assert q.count(9, kernel=" Auto ").total == 352
    missing = [k for k in every if k not in q.kernels()]
    assert missing  # no CPU runs both the x86 kernels and the ARM one
    for kernel in missing:
        with pytest.raises(ValueError, match="which this CPU lacks"):
            q.count(8, kernel=kernel)


# --- parts and merge ----------------------------------------------------------------------


def test_parts_merged_equal_the_whole_count(tmp_path):
    whole = q.count(13)
    paths = []
    for res in range(4):
        text = q.count_part(13, f"{res}/4", threads=1)
        assert text.splitlines()[0].startswith("format,")
        path = tmp_path / f"part-{res}.csv"
        path.write_text(text)
        paths.append(path)
    (merged,) = q.merge(paths)
    assert (merged.n, merged.total, merged.classes, merged.verified) == (13, 73712, 9233, True)
    assert (merged.asymmetric, merged.half_turn, merged.quarter_turn) == (
        whole.asymmetric, whole.half_turn, whole.quarter_turn)
    assert merged.fixed_half_turn == whole.fixed_half_turn
    with pytest.raises(ValueError, match="cannot merge"):
        q.merge(paths[:3])
    with pytest.raises(OSError, match="cannot read"):
        q.merge([tmp_path / "missing.csv"])
    not_a_part = tmp_path / "other.csv"
    not_a_part.write_text("hello\n")
    with pytest.raises(ValueError):
        q.merge([not_a_part])


def test_torus_parts_merge_into_the_torus_classes_as_the_command_line_merges_them(tmp_path):
    whole = q.count(13, board="torus")
    paths = []
    for res in range(2):
        path = tmp_path / f"t{res}.csv"
        path.write_text(q.count_part(13, f"{res}/2", board="torus", threads=1))
        paths.append(path)
    (merged,) = q.merge(paths)
    assert (merged.board, merged.group, merged.total, merged.classes) == ("torus", "torus", 4524, 11)
    assert merged.orbits == whole.orbits == [(26, 1), (52, 2), (338, 3), (676, 5)]
    assert merged.verified is True
    plane = tmp_path / "q.csv"
    plane.write_text(q.count_part(12, "0/1", threads=1))
    with pytest.raises(ValueError, match="the parts are of different rules: queen-plane"):
        q.merge(paths + [plane])
    # Under the square's symmetries, as `queens merge --symmetries square` and a whole count
    # with symmetries="square" give them; the torus group refused for parts of the plane.
    (square,) = q.merge(paths, symmetries="square")
    whole_square = q.count(13, board="torus", symmetries="square")
    assert (square.group, square.total) == ("square", 4524)
    assert (square.classes, square.asymmetric, square.half_turn, square.quarter_turn) == (
        whole_square.classes, whole_square.asymmetric, whole_square.half_turn,
        whole_square.quarter_turn)
    assert q.merge(paths, symmetries="torus")[0].classes == 11
    with pytest.raises(ValueError, match="symmetries='torus': the parts of n = 12 count "
                                         "queen-plane"):
        q.merge([plane], symmetries="torus")
    with pytest.raises(ValueError, match="unknown symmetries 'cube': choose square or torus"):
        q.merge(paths, symmetries="cube")


def test_merge_takes_one_path_as_a_string_bytes_or_path(tmp_path, monkeypatch):
    # merge("p0.csv") is the file p0.csv, not the files "p", "0", ".", "c", "s", "v".
    path = tmp_path / "p0.csv"
    path.write_text(q.count_part(10, "0/1"))
    for one in (str(path), path, bytes(path), [path], (str(path) for _ in range(1))):
        (c,) = q.merge(one)
        assert (c.n, c.total, c.classes, c.verified) == (10, 724, 92, True)
    monkeypatch.chdir(tmp_path)
    (c,) = q.merge("p0.csv")
    assert c.total == 724
    with pytest.raises(OSError, match="cannot read 'missing.csv'"):
        q.merge("missing.csv")


# --- behaviour in a notebook: progress, Ctrl-C, other threads -------------------------------


def test_progress_reports_work_done_up_to_the_total():
    seen = []
    c = q.count(15, threads=1, progress=lambda done, total: seen.append((done, total)))
    assert c.total == 2279184
    assert seen, "no progress was reported"
    totals = {t for _, t in seen}
    assert len(totals) == 1 and totals.pop() > 0
    dones = [d for d, _ in seen]
    assert dones == sorted(dones)
    assert seen[-1][0] == seen[-1][1]


def test_progress_true_draws_a_tqdm_bar_of_units_and_boards(capsys):
    # The bar counts the fraction of the estimated work and says what it counts in words:
    # units finished and boards found per second (not tqdm's "16.9T work/s").
    pytest.importorskip("tqdm")
    c = q.count(14, threads=1, progress=True)
    assert c.total == 365596
    err = capsys.readouterr().err
    assert "n = 14" in err and "100%" in err
    assert re.search(r"\b(\d+)/\1 units, [\d.]+( [kMGTP])? boards/s\]", err), err
    assert "work" not in err


def run_without(modules, code, cwd):
    """Runs `code` in a new interpreter in which `modules` cannot be imported, as where they
    are not installed (`sys.modules[name] = None` makes `import name` an ImportError)."""
    prelude = "import sys\n" + "".join(f"sys.modules[{m!r}] = None\n" for m in modules)
    return subprocess.run([sys.executable, "-c", prelude + code], cwd=cwd,
                          capture_output=True, text=True, timeout=600)


def test_progress_true_without_tqdm_writes_plain_lines_on_stderr(tmp_path):
    done = run_without(["tqdm"], "import queens_count as q\n"
                       "print(q.count(14, threads=1, progress=True).total)\n", tmp_path)
    assert (done.returncode, done.stdout) == (0, "365596\n"), done.stderr
    # stderr is a pipe here, as in a log: a start line and a finish line (and a line every
    # 10 s between them, which a count this short does not reach).
    lines = done.stderr.splitlines()
    assert len(lines) == 2, lines
    start = re.fullmatch(r"n = 14: started: (\d+) units, progress in estimated work", lines[0])
    assert start, lines[0]
    units = start.group(1)
    assert re.fullmatch(rf"n = 14: finished after [\d.]+ s: {units}/{units} units, "
                        r"[\d.]+( [kMGTP])? boards/s", lines[1]), lines[1]


def test_an_exception_in_the_progress_callback_stops_the_count():
    class Enough(Exception):
        pass

    calls = []

    def progress(done, total):
        calls.append(done)
        raise Enough

    with pytest.raises(Enough):
        q.count(18, threads=1, progress=progress)
    assert len(calls) == 1


@pytest.fixture
def ctrl_c_raises():
    """Python's own Ctrl-C handler for the test, whatever the runner was started with.

    A process started in the background by a shell without job control (`cmd &` in a
    script, as CI runners and `nohup` do) inherits SIGINT ignored; Python then leaves it
    ignored and `_thread.interrupt_main` does nothing. Jupyter and a terminal have the
    default handler, which this restores for the test.
    """
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def test_ctrl_c_stops_a_long_count_with_keyboard_interrupt(ctrl_c_raises):
    # n = 18 on one thread takes minutes here; the timer interrupts it after the first
    # progress report, as Ctrl-C (or Jupyter's interrupt button) would.
    seen = []
    timer = None

    def progress(done, total):
        nonlocal timer
        seen.append((done, total))
        if timer is None:
            timer = threading.Timer(0.3, _thread.interrupt_main)
            timer.start()

    with pytest.raises(KeyboardInterrupt):
        q.count(18, threads=1, progress=progress)
    timer.join()
    done, total = seen[-1]
    assert done < total / 2, "the count was not stopped early"
    # The module still works after the interrupt.
    assert q.count(8).total == 92


@pytest.mark.parametrize("call", [
    lambda: q.count(20, given="a20", threads=1),
    lambda: q.verify(20, given="a20", threads=1),
    lambda: q.classes(20, given="a20"),
])
def test_ctrl_c_stops_a_count_of_completions_at_once(ctrl_c_raises, call):
    # Each takes half a minute or more here; Ctrl-C after 0.3 s stops it within the poll, not
    # when it would have ended.
    timer = threading.Timer(0.3, _thread.interrupt_main)
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        call()
    timer.join()
    assert time.monotonic() - started < 5
    assert q.count(8, given="a8").total == 4


def test_keyboard_interrupt_stops_solutions_array(ctrl_c_raises):
    # A timer thread sends Ctrl-C while the 14,772,512 boards of n = 16 are being collected.
    timer = threading.Timer(0.05, _thread.interrupt_main)
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        q.solutions_array(16)
    timer.join()
    assert q.solutions_array(6).shape == (4, 6)


def test_python_threads_run_while_a_count_runs():
    # Another thread runs Python code to the end while the main thread is inside a count
    # that would take minutes; the count then stops from its progress callback.
    finished = threading.Event()
    progress_seen = []

    def work():
        total = 0
        for i in range(300_000):
            total += i * i
        finished.set()

    class Stop(Exception):
        pass

    def progress(done, total):
        progress_seen.append((done, total))
        if finished.is_set():
            raise Stop

    worker = threading.Thread(target=work)
    worker.start()
    with pytest.raises(Stop):
        q.count(18, threads=1, progress=progress)
    worker.join()
    assert finished.is_set()
    done, total = progress_seen[-1]
    assert done < total


# --- documentation: the docstrings' examples and the stub ------------------------------------


def test_the_docstring_examples_run():
    result = doctest.testmod(q, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
    assert result.attempted >= 25
    for name in q.__all__:
        obj = getattr(q, name)
        if callable(obj):
            assert obj.__doc__, name


def test_the_stub_names_everything_the_extension_has():
    stub = pathlib.Path(q.__file__).with_name("_native.pyi")
    assert stub.is_file()
    tree = ast.parse(stub.read_text())
    declared = {node.name for node in tree.body
                if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    declared |= {node.target.id for node in tree.body if isinstance(node, ast.AnnAssign)}
    public = {name for name in dir(q._native) if not name.startswith("_")}
    assert public == declared
    assert pathlib.Path(q.__file__).with_name("py.typed").is_file()


def test_the_notebook_example_runs(capsys):
    import runpy

    example = pathlib.Path(__file__).resolve().parent.parent / "examples" / "tour.py"
    runpy.run_path(str(example), run_name="__main__")
    out = capsys.readouterr().out
    assert "n = 15: 2279184 boards" in out
    assert "asymmetric   class of 8" in out
    # The variants' cell: torus 13 under its group and the square's, a partial board.
    assert "4524 11 [(26, 1), (52, 2), (338, 3), (676, 5)] 572" in out
    assert "3 3 {id} (0, 5, 7, 2, 6, 3, 1, 4)" in out


def python_snippet(readme):
    """The one ```python block of a README."""
    (snippet,) = re.findall(r"```python\n(.*?)```", readme.read_text(), re.S)
    return snippet


@pytest.mark.parametrize("readme", ["README.md", "python/README.md"])
def test_the_readme_snippet_runs_on_the_plain_install(readme, tmp_path):
    # `pip install ./python` installs neither NumPy nor tqdm (nor pandas): the snippet, with
    # its progress=True, runs without them, and prints what its comments say.
    done = run_without(OPTIONAL, python_snippet(REPO / readme), tmp_path)
    assert done.returncode == 0, done.stderr
    first = next(q.solutions(20))
    assert done.stdout.splitlines() == ["14772512 1846955 True", f"{first} asymmetric"]
    assert "n = 16: finished after" in done.stderr


def test_the_tour_runs_on_the_plain_install(tmp_path):
    tour = REPO / "python" / "examples" / "tour.py"
    code = f"import runpy\nrunpy.run_path({str(tour)!r}, run_name='__main__')\n"
    done = run_without(OPTIONAL, code, tmp_path)
    assert done.returncode == 0, done.stderr
    assert "n = 15: 2279184 boards" in done.stdout
    assert "asymmetric   class of 8" in done.stdout
    assert "pip install numpy" in done.stdout
    assert "Panic" not in done.stderr


def test_the_readmes_install_a_built_wheel_from_a_folder_of_its_own():
    # `pip install ./python` leaves its wheel (platform tag linux_x86_64) in target/wheels/,
    # and a later `maturin build` adds one tagged manylinux there: `pip install
    # target/wheels/*.whl` then names two wheels of one version (ResolutionImpossible).
    # Every line that installs a wheel by a glob reads a folder that `maturin build --out`
    # fills, in the same text.
    globs = 0
    for name in ("README.md", "python/README.md", ".ci/run"):
        text = (REPO / name).read_text().replace("\\\n", " ")
        outs = set(re.findall(r"maturin\S* build [^\n]*--out\s+(\S+)", text))
        for folder in re.findall(r"pip\S* install [^\n]*?(\S+)/\S*\*\S*\.whl", text):
            globs += 1
            assert folder != "target/wheels", name
            assert folder in outs, (name, folder, outs)
    assert globs >= 3


def test_every_attribute_has_a_docstring():
    # help(q.Counts) and help(q.Classification) describe each attribute, not only the class.
    counts = q.count(8)
    for name in counts.as_dict():
        doc = getattr(type(counts), name).__doc__
        assert doc and doc.strip(), name
    c = q.classify("15863724")
    for name in ("board", "canonical", "symmetry", "class_size", "transforms", "notation"):
        doc = getattr(type(c), name).__doc__
        assert doc and doc.strip(), name


def test_count_and_table_take_the_piece_and_the_board():
    # A051223 and A051224 (superqueens), A051906 (the torus), verified against their own
    # published values; the queens' counts unchanged by the default keywords.
    sq = q.count(12, piece="superqueen")
    assert (sq.total, sq.classes, sq.asymmetric, sq.half_turn, sq.quarter_turn) == (
        156, 22, 18, 2, 2)
    assert sq.verified is True
    assert q.count(12, piece="amazon").total == 156
    assert [c.total for c in q.table("5-7", board="torus")] == [10, 0, 28]
    assert [c.total for c in q.table("10-11", piece="superqueen", board="plane")] == [4, 44]
    assert q.count(8, piece="queen", board="plane").total == 92
    assert q.count(13, board="torus", engine="enumerate").total == 4524


def test_bad_piece_or_board_names_the_accepted_ones():
    with pytest.raises(ValueError, match=r"unknown piece 'rook': choose queen, superqueen or amazon"):
        q.count(8, piece="rook")
    with pytest.raises(ValueError, match=r"unknown board 'cylinder': choose plane or torus"):
        q.table("4-5", board="cylinder")
    with pytest.raises(ValueError, match=r"unknown board 'cube': choose plane or torus"):
        q.classify("1 3 0 2", surface="cube")
    # The outer-ring split counts the plane's pieces, not the superqueens on the torus.
    with pytest.raises(ValueError, match=r"outer-ring split does not count the rules superqueen-torus"):
        q.count(7, piece="superqueen", board="torus", split="outer-ring")


def test_classify_takes_the_piece_and_the_surface():
    c = q.classify("2 5 8 0 3 6 9 1 4 7", piece="superqueen")
    assert (c.symmetry, c.class_size) == ("half_turn", 4)
    # On the torus the class is taken under the torus group (the square's 8 with the shifts).
    assert q.classify("0 2 4 1 3", surface="torus").class_size == 10
    # A queens' board the superqueen's knight moves attack is no superqueens' board.
    with pytest.raises(ValueError, match=r"under the rules superqueen-plane"):
        q.classify("0 4 7 5 2 6 1 3", piece="superqueen")
    # The rules are named once, where the pieces attack only under them (a wrapped diagonal).
    with pytest.raises(ValueError) as e:
        q.classify("1 3 0 2", surface="torus")
    assert str(e.value).count("under the rules queen-torus") == 1, str(e.value)


def test_solutions_and_classes_take_the_piece_and_the_board():
    # A051223(11) = 44 superqueens' boards in A051224(11) = 6 classes; A051906(7) = 28 boards
    # on the torus in 1 class under the torus group (A053994(3) = 1: the torus's default group).
    boards = list(q.solutions(11, piece="superqueen"))
    assert len(boards) == 44 and boards == sorted(boards)
    assert all(q.classify(b, piece="superqueen").class_size in (2, 4, 8) for b in boards)
    listed = list(q.classes(11, piece="superqueen"))
    assert len(listed) == 6 and sum(size for _, _, size in listed) == 44
    assert {c for c, _, _ in listed} <= set(boards)
    torus = list(q.classes(7, board="torus"))
    assert sorted(size for _, _, size in torus) == [28]
    assert sum(1 for _ in q.solutions(7, board="torus")) == 28
    with pytest.raises(ValueError, match=r"unknown piece 'king'"):
        q.solutions(8, piece="king")
    with pytest.raises(ValueError, match=r"unknown board 'sphere'"):
        q.classes(8, board="sphere")


def test_counts_name_their_rules_and_the_torus_classes_are_the_torus_groups(tmp_path):
    # As `queens count 13 --board torus`: 11 classes under the torus group (A053994), of 26,
    # 52 (two), 338 (three) and 676 (five) boards (A054500-A054502), not the 572 classes under
    # the square's 8 symmetries alone.
    t = q.count(13, board="torus", threads=2)
    assert (t.piece, t.board, t.group) == ("queen", "torus", "torus")
    assert (t.total, t.classes, (t.asymmetric, t.half_turn, t.quarter_turn)) == (4524, 11, (0, 7, 4))
    assert t.orbits == [(26, 1), (52, 2), (338, 3), (676, 5)]
    assert t.verified is True
    r = repr(t)
    assert "piece='queen', board='torus', group='torus', orbits=[(26, 1), (52, 2), (338, 3), " \
           "(676, 5)], engine='symmetric'" in r, r
    d = t.as_dict()
    assert (d["piece"], d["board"], d["group"], d["orbits"]) == ("queen", "torus", "torus",
                                                                 t.orbits)
    # Board 11: A053994 and A054500-A054502 give 2 classes of 44 boards.
    assert [(c.classes, c.orbits) for c in q.table("11", board="torus")] == [(2, [(44, 2)])]
    # Superqueens keep the square's group (A051224, A352661-A352663), and name it.
    s = q.count(12, piece="amazon")
    assert (s.piece, s.board, s.group, s.orbits) == ("superqueen", "plane", "square", None)
    assert (s.classes, s.asymmetric, s.half_turn, s.quarter_turn) == (22, 18, 2, 2)
    assert "piece='superqueen', board='plane', group='square', engine=" in repr(s)
    # The enumerate engine's classes on the torus are the torus group's too.
    e = q.count(13, board="torus", engine="enumerate", threads=2)
    assert (e.classes, e.group, e.orbits, e.verified) == (11, "torus", t.orbits, True)
    # A merge of parts names the rules of its plan; its classes are the square's 8 (a part
    # holds no torus classes).
    parts = []
    for k in range(2):
        path = tmp_path / f"p{k}.csv"
        path.write_text(q.count_part(12, f"{k}/2", piece="superqueen"))
        parts.append(str(path))
    (m,) = q.merge(parts)
    assert (m.piece, m.board, m.group, m.total, m.classes) == ("superqueen", "plane", "square",
                                                                156, 22)


# --- the variants' keywords: symmetries=, given=, blocked=, published and verify per rules ---


def test_symmetries_choose_the_group_of_the_classes_as_the_clis_flag_does():
    # `queens count 13 --board torus --symmetries square`: A051906(13) = 4524 boards in 572
    # classes under the square's 8 alone (561 asymmetric, 7 half_turn, 4 quarter_turn), not
    # the torus group's 11 (A053994), and no orbits.
    s = q.count(13, board="torus", symmetries="square")
    assert (s.total, s.classes, s.asymmetric, s.half_turn, s.quarter_turn) == (
        4524, 572, 561, 7, 4)
    assert (s.group, s.orbits, s.verified) == ("square", None, True)
    t = q.count(13, board="torus", symmetries="torus")
    assert (t.classes, t.group) == (11, "torus") == (q.count(13, board="torus").classes, "torus")
    assert q.count(8, symmetries="square").classes == 12
    assert [c.classes for c in q.table("5-7", board="torus", symmetries="square")] == [2, 0, 4]
    # `queens list 7 --board torus --symmetries square --classes`.
    assert list(q.classes(7, board="torus", symmetries="square")) == [
        ((0, 2, 4, 6, 1, 3, 5), "asymmetric", 8),
        ((0, 3, 6, 2, 5, 1, 4), "asymmetric", 8),
        ((1, 4, 0, 3, 6, 2, 5), "half_turn", 4),
        ((1, 5, 2, 6, 3, 0, 4), "asymmetric", 8),
    ]
    # `queens classify "0 2 4 1 3" --surface torus [--symmetries square]`.
    assert q.classify("0 2 4 1 3", surface="torus").class_size == 10
    assert q.classify("0 2 4 1 3", surface="torus", symmetries="square").class_size == 8


@pytest.mark.parametrize("call, message", [
    (lambda: q.count(8, symmetries="torus"),
     "symmetries='torus' needs board='torus': the shifts of the torus do not keep the solutions "
     "of the plane board"),
    (lambda: q.table("5-7", piece="superqueen", symmetries="torus"),
     "symmetries='torus' needs board='torus': the shifts of the torus do not keep the solutions "
     "of the plane board"),
    (lambda: q.classify("1 3 0 2", symmetries="torus"),
     "symmetries='torus' needs surface='torus': the shifts of the torus do not keep the "
     "solutions of the plane board"),
    (lambda: q.classes(8, symmetries="torus"),
     "symmetries='torus' needs board='torus': the shifts of the torus do not keep the solutions "
     "of the plane board"),
    (lambda: q.count(7, board="torus", symmetries="rotations"),
     "unknown symmetries 'rotations': choose square or torus"),
    (lambda: q.published(7, symmetries="D4"), "unknown symmetries 'D4': choose square or torus"),
])
def test_the_torus_group_on_the_plane_is_refused_as_the_cli_refuses_it(call, message):
    with pytest.raises(ValueError) as e:
        call()
    assert str(e.value) == message


def on_squares(boards, given=(), blocked=()):
    """The boards holding every given (row, column) and no blocked one (a plain filter)."""
    return [b for b in boards
            if all(b[r] == c for r, c in given) and all(b[r] != c for r, c in blocked)]


def test_given_and_blocked_count_the_completions_as_the_cli_does():
    # `queens count 8 --given a8`: the 4 of the 92 solutions with a queen on a8 (row 0,
    # column 0), in 2 classes under {id, transpose}, the symmetries of D4 that keep a8.
    c = q.count(8, given="a8")
    assert (c.total, c.classes, c.given, c.blocked, c.subgroup, c.subgroup_order) == (
        4, 2, "a8", "-", "{id, transpose}", 2)
    assert (c.piece, c.board, c.group, c.verified, c.plan) == ("queen", "plane", "square", None,
                                                                None)
    assert (c.asymmetric, c.half_turn, c.quarter_turn, c.fixed_half_turn) == (None,) * 4
    assert c.kernel in q.kernels()
    assert "given='a8', blocked='-', subgroup='{id, transpose}'" in repr(c)
    everything = list(q.solutions(8))
    assert c.total == len(on_squares(everything, given=[(0, 0)]))
    # Every form `--given` reads, and a list of squares.
    rows = "Q.......\n" + "........\n" * 7
    for form in ("a8", ["a8"], "0 - - - - - - -", "1-------", rows, '["Q......."' + ',"........"' * 7 + "]"):
        assert (q.count(8, given=form).total, q.count(8, given=form).classes) == (4, 2), form
    # The plain search counts the same (`queens count 8 --given a8 --engine enumerate`).
    plain = q.count(8, given="a8", engine="enumerate", threads=1)
    assert (plain.total, plain.classes, plain.nodes, plain.kernel, plain.engine) == (
        4, 2, 227, "plain", "enumerate")
    # `--given a8 --blocked e7`: 3 completions, no symmetry keeps both (classes under {id}).
    g = q.count(8, given="a8", blocked="e7")
    assert (g.total, g.classes, g.blocked, g.subgroup) == (3, 3, "e7", "{id}")
    assert g.total == len(on_squares(everything, given=[(0, 0)], blocked=[(1, 4)]))
    # `--blocked "d4 e5"` alone: 76 solutions avoid both, in 20 classes under the 4 symmetries
    # that keep the pair.
    b = q.count(8, blocked=["d4", "e5"])
    assert (b.total, b.classes, b.given, b.blocked, b.subgroup_order) == (76, 20, "-", "e5 d4", 4)
    assert b.subgroup == "{id, rot180, transpose, antitranspose}"
    assert b.total == len(on_squares(everything, blocked=[(4, 3), (3, 4)]))
    # A range, each size's own partial board (`queens count 6-8 --given a1`).
    assert [(c.n, c.total, c.classes) for c in q.table("6-8", given="a1")] == [
        (6, 0, 0), (7, 4, 2), (8, 4, 2)]
    d = q.table([8], given="a8")[0].as_dict()
    assert (d["given"], d["subgroup"], d["subgroup_order"], d["asymmetric"]) == (
        "a8", "{id, transpose}", 2, None)


def test_given_works_with_the_piece_and_the_board():
    # Superqueens: A051223(10) = 4 boards; the one with a superqueen on c10 (row 0, column 2).
    sq = q.count(10, piece="superqueen", given="c10")
    assert (sq.total, sq.classes, sq.subgroup, sq.piece) == (1, 1, "{id}", "superqueen")
    assert sq.total == len(on_squares(q.solutions(10, piece="superqueen"), given=[(0, 2)]))
    assert list(q.solutions(10, piece="superqueen", given="c10")) == [(2, 5, 8, 0, 3, 6, 9, 1, 4, 7)]
    assert q.count(12, piece="amazon", given="a12").total == 0
    # The torus: a queen in the corner, A071607(7) = 4 completions, 1 class under the 8 of the
    # torus group's 392 symmetries that keep a7; under the square's 8, 2 classes.
    t = q.count(7, board="torus", given="a7")
    assert (t.total, t.classes, t.group, t.subgroup, t.subgroup_order) == (
        4, 1, "torus", "{8 elements}", 8)
    assert t.total == len(on_squares(q.solutions(7, board="torus"), given=[(0, 0)]))
    s = q.count(7, board="torus", given="a7", symmetries="square")
    assert (s.total, s.classes, s.group, s.subgroup) == (4, 2, "square", "{id, transpose}")
    assert q.count(5, board="torus", given="a5").total == 2


def test_solutions_and_classes_list_the_completions():
    assert list(q.solutions(8, given="a8")) == on_squares(q.solutions(8), given=[(0, 0)])
    assert list(q.solutions(8, given="a8", blocked="e7")) == on_squares(
        q.solutions(8), given=[(0, 0)], blocked=[(1, 4)])
    # The classes under {id, transpose}: a board's transpose is its inverse permutation.
    listed = list(q.classes(8, given="a8"))
    assert listed == [((0, 4, 7, 5, 2, 6, 1, 3), "asymmetric", 2),
                      ((0, 5, 7, 2, 6, 3, 1, 4), "asymmetric", 2)]
    inverse = lambda b: tuple(sorted(range(len(b)), key=lambda r: b[r]))
    members = {m for canonical, _, _ in listed for m in (canonical, inverse(canonical))}
    assert members == set(q.solutions(8, given="a8"))
    # Each count's classes and completions, listed (`queens count 8 --blocked "d4 e5"`).
    for kw in (dict(n=8, blocked="d4 e5"), dict(n=7, board="torus", given="a7"),
               dict(n=7, board="torus", given="a7", symmetries="square"),
               dict(n=10, blocked="a1 j10"), dict(n=11, piece="superqueen", given="")):
        c = q.count(**kw)
        listed = list(q.classes(**kw))
        assert (len(listed), sum(size for _, _, size in listed)) == (c.classes, c.total), kw
        assert all(size * {"asymmetric": 1, "half_turn": 2, "quarter_turn": 4}[sym]
                   == c.subgroup_order for _, sym, size in listed), kw
    # An empty partial board keeps every symmetry: its classes are the rules' own.
    assert q.count(11, piece="superqueen", given="").classes == 6
    half = list(q.classes(8, blocked="d4 e5"))
    assert sorted({sym for _, sym, _ in half}) == ["asymmetric", "half_turn"]


@pytest.mark.parametrize("n, marks, message", [
    (8, dict(given="a8 c6"), "n = 8: the given queens a8 and c6 attack each other (queen-plane)"),
    (8, dict(given="a8", blocked="a8"), "n = 8: the given queen a8 is on a blocked square"),
    (8, dict(given="i9"), "n = 8: i9 is off the 8×8 board"),
    (8, dict(blocked=["a8", "h0"]), "n = 8: h0 is off the 8×8 board"),
    (3, dict(given="a1 c2 b3 a2"), "n = 3: 4 given queens on the 3×3 board: more than its 3 rows"),
    (8, dict(given="a8 a8"), "n = 8: a8 is given twice"),
    (8, dict(blocked=["c1", "d4", "c1"]), "n = 8: c1 is blocked twice"),
    (10, dict(given="a10 b8", piece="superqueen"),
     "n = 10: the given queens a10 and b8 attack each other (superqueen-plane)"),
    (7, dict(given="a7 e4", board="torus"),  # the wrapped anti-diagonal
     "n = 7: the given queens a7 and e4 attack each other (queen-torus)"),
    (8, dict(given=[0, 4]), "given= is a string of squares (\"a8 e7\", or a partial board in a "
                            "notation the CLI reads) or a list of squares such as [\"a8\", \"e7\"]"),
])
def test_a_partial_board_the_cli_refuses_is_a_value_error_with_its_message(n, marks, message):
    # As `queens count 8 --given "a8 c6"` words it after `--given: `, from every function.
    calls = [lambda: q.count(n, **marks), lambda: q.solutions(n, **marks),
             lambda: q.classes(n, **marks), lambda: q.table([n], **marks),
             lambda: q.verify(n, **marks)]
    for call in calls:
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value) == message


def test_a_range_checks_every_sizes_partial_board_before_counting(monkeypatch):
    counted = []
    monkeypatch.setattr(q, "count", lambda n, **o: counted.append(n))
    with pytest.raises(ValueError, match=r"^n = 4: e5 is off the 4×4 board$"):
        q.table([8, 4], given="e5")
    assert counted == []


def test_given_from_a_file_and_refused_with_a_part(tmp_path):
    path = tmp_path / "given.txt"
    path.write_text("Q.......  # a8\n" + "........\n" * 7)
    assert q.count(8, given=f"@{path}").total == 4
    with pytest.raises(OSError, match=r"given=@.*missing.txt: cannot read"):
        q.count(8, given=f"@{tmp_path / 'missing.txt'}")
    with pytest.raises(ValueError, match=r"^part is not taken with given or blocked"):
        q.count_part(8, "0/2", given="a8")


def test_given_refuses_the_options_its_search_has_no_use_for():
    # A split, or a kernel where the plain search counts the completions, would be ignored.
    with pytest.raises(ValueError, match=r"split \(border\) is not taken with a partial board"):
        q.count(8, given="a8", split="border")
    plain = r"kernel \(scalar\) is not taken with a partial board of superqueen-plane"
    with pytest.raises(ValueError, match=plain):
        q.count(11, given="a11", piece="superqueen", kernel="scalar")
    with pytest.raises(ValueError, match=plain):
        q.verify(11, given="a11", piece="superqueen", kernel="scalar")
    # The queens' completions take a kernel, and any rules take kernel="auto" (the 4
    # completions of a11 among the 44 superqueen boards of 11, as `queens count` says).
    assert q.count(8, given="a8", kernel="scalar").total == 4
    assert q.count(11, given="a11", piece="superqueen", kernel="auto").total == 4


def test_published_answers_each_rules_values():
    # The values `queens verify --piece/--board` checks against (data/variants.csv).
    sq = q.published(10, piece="superqueen")
    assert (sq["total"], sq["classes"], sq["asymmetric"], sq["half_turn"], sq["quarter_turn"]) == (
        4, 1, 0, 1, 0)  # A051223, A051224, A352663, A352662, A352661
    assert q.published(26, piece="amazon")["total"] == 286022102245804  # A051223(26)
    t = q.published(13, board="torus")
    assert (t["total"], t["classes"], t["orbits"]) == (
        4524, 11, [(26, 1), (52, 2), (338, 3), (676, 5)])  # A051906, A053994, A054500-2
    square = q.published(13, board="torus", symmetries="square")
    assert (square["total"], square["classes"], square["orbits"]) == (4524, None, None)
    assert q.published(6, board="torus")["total"] == 0
    assert q.published(7, piece="superqueen", board="torus") is None  # nothing published
    assert q.published(8)["orbits"] is None and q.published(8)["total"] == 92
    # Each count's own rules' values agree with it.
    for kw in (dict(piece="superqueen"), dict(board="torus"), dict(board="torus",
                                                                    symmetries="square")):
        for n in (10, 11, 13):
            c, known = q.count(n, **kw), q.published(n, **kw)
            assert c.verified is True and known["total"] == c.total, (n, kw)
            assert known["classes"] in (None, c.classes), (n, kw)


def fnv1a(text):
    """FNV-1a, 64 bits, in 16 hex digits: a part row's checksum (src/storage/checksum.rs)."""
    h = 0xcbf29ce484222325
    for byte in text.encode():
        h = ((h ^ byte) * 0x100000001b3) % 2**64
    return f"{h:016x}"


def test_verify_checks_a_variant_against_its_own_values_in_the_clis_words(tmp_path, monkeypatch):
    assert q.verify(10, piece="superqueen").verified is True
    assert (q.verify(13, board="torus").classes, q.verify(5, board="torus").total) == (11, 10)
    assert q.verify(7, piece="superqueen", board="torus").verified is None
    # A superqueens' count of 164 boards at n = 12 (a part row changed, its checksum made
    # again): merged, it disagrees with A051223(12) = 156, in `queens merge`'s words.
    header, row = q.count_part(12, "0/1", piece="superqueen", threads=1).splitlines()
    fields = row.split(",")
    fields[header.split(",").index("boards")] = "164"
    fields[-1] = fnv1a(",".join(fields[:-1]))
    path = tmp_path / "part.csv"
    path.write_text(header + "\n" + ",".join(fields) + "\n")
    (wrong,) = q.merge(path)
    assert (wrong.total, wrong.verified) == (164, False)
    assert wrong.mismatch == ("total computed 164 but published 156; classes computed 23 but "
                              "published 22; asymmetric computed 19 but published 18")
    assert q.count(12, piece="superqueen").mismatch is None
    monkeypatch.setattr(q, "count", lambda n, **options: wrong)
    with pytest.raises(RuntimeError) as e:
        q.verify(12, piece="superqueen")
    assert str(e.value) == "n = 12 (superqueen-plane): " + wrong.mismatch


def test_verify_counts_completions_two_ways_as_the_cli_does():
    c = q.verify(8, given="a8", threads=1)
    assert (c.total, c.classes, c.verified, c.subgroup) == (4, 2, True, "{id, transpose}")
    t = q.verify(7, board="torus", given="a7")
    assert (t.total, t.classes, t.verified, t.kernel) == (4, 1, True, "plain")
    with pytest.raises(ValueError, match=r"^threads must be at least 1$"):
        q.verify(8, given="a8", threads=0)
