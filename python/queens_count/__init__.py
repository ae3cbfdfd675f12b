"""The fastest n-queens counter, from Rust: counts, solutions and symmetry classes.

A solution of the n-queens problem is a tuple of the queens' columns, counted from 0, row 0
first; its class is its orbit under the 8 rotations and reflections of the square.

>>> import queens_count as q
>>> c = q.count(8)
>>> c.total, c.classes, c.asymmetric, c.half_turn, c.quarter_turn
(92, 12, 11, 1, 0)
>>> next(q.solutions(8))
(0, 4, 7, 5, 2, 6, 1, 3)
>>> q.classify("15863724").symmetry
'asymmetric'

Counting releases the GIL (other threads run) and stops within a fraction of a second on
Ctrl-C (``KeyboardInterrupt``, also in Jupyter). Errors are ``ValueError`` for sizes,
notations and options and ``OSError`` for files, with the library's one-line messages.
"""

from __future__ import annotations

import math
import operator
import os
import sys
import time
from typing import TYPE_CHECKING, Any, Callable, Iterable, List, Optional, Sequence, TypedDict, Union

if TYPE_CHECKING:  # the annotations are not evaluated at run time (PEP 563)
    from typing_extensions import Unpack

from . import _native
from ._native import Classes, Classification, Counts, Solutions

__all__ = [
    "Classes",
    "Classification",
    "Counts",
    "MAX_ARRAY_N",
    "Solutions",
    "classes",
    "classify",
    "count",
    "count_part",
    "kernels",
    "merge",
    "published",
    "solutions",
    "solutions_array",
    "table",
    "verify",
]

__version__ = "0.1.0"

#: The largest board size :func:`solutions_array` returns (n = 16: 14,772,512 boards, 236 MB).
MAX_ARRAY_N: int = _native.MAX_ARRAY_N

Progress = Union[None, bool, Callable[[int, int], Any]]

#: Given or blocked squares: a string in any form ``queens count --given`` reads (chess squares
#: ``"a8 e7"``, a partial board in the cols, digits, board or leetcode notation, ``"@FILE"``),
#: or a list of chess squares (``["a8", "e7"]``).
Squares = Union[None, str, Sequence[str]]


class _CountOptions(TypedDict, total=False):
    """The keyword options of :func:`count`, which :func:`table`, :func:`verify` and
    :func:`count_part` take too (``**options``); :func:`count` says what each means."""

    engine: Optional[str]
    kernel: Optional[str]
    threads: Optional[int]
    split: Optional[str]
    progress: Progress
    piece: Optional[str]
    board: Optional[str]
    symmetries: Optional[str]
    given: Squares
    blocked: Squares


def _rate_text(per_second: float, what: str) -> str:
    """A rate as people read it, three significant digits and a word for the thousands, as
    the ``queens`` command writes it: ``29.9 M boards/s``, ``412 k boards/s``."""
    r = per_second if per_second > 0 and per_second == per_second else 0.0
    if r > 0:
        # Rounded to three significant digits before the prefix is chosen (999,950 reads
        # 1.00 M, not 1000 k).
        step = 10.0 ** (math.floor(math.log10(r)) - 2)
        r = round(r / step) * step
    for scale, prefix in ((1e15, " P"), (1e12, " T"), (1e9, " G"), (1e6, " M"), (1e3, " k")):
        if r >= scale:
            value = r / scale
            digits = 2 if value < 10 else 1 if value < 100 else 0
            return f"{value:.{digits}f}{prefix} {what}/s"
    return f"{r:.0f} {what}/s"


def _duration_text(seconds: float) -> str:
    """A duration as the ``queens`` command writes it: ``12 s``, ``14 min``, ``2.5 h``."""
    if seconds < 100:
        return f"{seconds:.0f} s"
    if seconds < 100 * 60:
        return f"{seconds / 60:.0f} min"
    if seconds < 48 * 3600:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"


class _Report:
    """What ``progress=True`` shows of a count: the fraction of the estimated work done (the
    plan's units differ in size by orders of magnitude, so the fraction is measured in
    estimated work, as the ``queens`` command's bar is), the units finished, and the rate in
    boards (solutions) found per second."""

    #: Steps of the fraction done (a tqdm bar's total).
    STEPS = 1000

    def __init__(self, label: str) -> None:
        self.label = label
        self.started = time.monotonic()
        self.fraction = 0.0
        self.units = (0, 0)
        self.boards = 0

    def update(self, work_done: int, work_total: int, units_done: int, units_total: int,
               boards: int) -> None:
        """The extension's detailed progress callback (``progress_detail=True``)."""
        if work_total > 0:
            self.fraction = min(work_done / work_total, 1.0)
        else:
            self.fraction = 1.0 if units_done >= units_total else 0.0
        self.units = (units_done, units_total)
        self.boards = boards
        self.show()

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def counted(self) -> str:
        """``1203/2674 units, 29.9 M boards/s``."""
        done, total = self.units
        rate = self.boards / max(self.elapsed(), 1e-9)
        return f"{done}/{total} units, {_rate_text(rate, 'boards')}"

    def show(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class _TqdmReport(_Report):
    """A tqdm bar: the fraction of the work done, the time elapsed and left, the units
    finished and the boards found per second (not tqdm's own count and rate, which would
    be of the plan's arbitrary work estimate)."""

    def __init__(self, tqdm, label: str) -> None:
        super().__init__(label)
        self.bar = tqdm(
            total=self.STEPS,
            desc=label,
            bar_format="{l_bar}{bar}| [{elapsed}<{remaining}{postfix}]",
        )

    def show(self) -> None:
        self.bar.n = round(self.fraction * self.STEPS)
        self.bar.set_postfix_str(self.counted(), refresh=False)
        self.bar.refresh()

    def close(self) -> None:
        self.bar.close()


class _LineReport(_Report):
    """``progress=True`` without tqdm: plain text on stderr, the same figures as the bar. On
    a terminal one line rewritten in place a few times a second; elsewhere (a log, a pipe) a
    start line, one line every :attr:`EVERY` seconds and a last line, as the ``queens``
    command writes in a log."""

    #: Seconds between two lines where stderr is not a terminal.
    EVERY = 10.0
    #: Seconds between two redraws on a terminal.
    REDRAW = 0.2

    def __init__(self, label: str) -> None:
        super().__init__(label)
        try:
            self.terminal = sys.stderr.isatty()
        except (AttributeError, ValueError):  # replaced or closed
            self.terminal = False
        self.written: Optional[float] = None

    def line(self) -> str:
        elapsed = self.elapsed()
        if self.fraction >= 1:
            return f"{self.label}: done in {elapsed:.2f} s, {self.counted()}"
        if self.fraction > 0:
            eta = _duration_text(elapsed * (1 - self.fraction) / self.fraction)
        else:
            eta = "unknown"
        return (f"{self.label}: {100 * self.fraction:.1f}% done, {self.counted()}, "
                f"{_duration_text(elapsed)} elapsed, ETA {eta}")

    def write(self, text: str) -> None:
        try:
            sys.stderr.write(text)
            sys.stderr.flush()
        except (AttributeError, ValueError, OSError):
            pass  # progress is not worth an exception

    def show(self) -> None:
        now = time.monotonic()
        if self.terminal:
            if self.written is None or now - self.written >= self.REDRAW:
                self.written = now
                self.write("\r" + self.line() + "\x1b[K")
        elif self.written is None:
            self.written = now
            self.write(f"{self.label}: started: {self.units[1]} units, progress in estimated "
                       "work\n")
        elif now - self.written >= self.EVERY:
            self.written = now
            self.write(self.line() + "\n")

    def close(self) -> None:
        if self.written is None:
            return
        done, total = self.units
        how = "finished" if done >= total else "stopped"
        if self.terminal:
            self.write("\r" + self.line() + "\x1b[K\n")
        else:
            self.write(f"{self.label}: {how} after {self.elapsed():.2f} s: {self.counted()}\n")


def _progress_callback(progress: Progress, label: str):
    """The callable to hand the extension, whether it takes the detailed arguments, and a
    function that closes what it opened."""
    if progress is None or progress is False:
        return None, False, lambda: None
    if progress is True:
        try:
            from tqdm.auto import tqdm
        except ImportError:  # tqdm is optional: the same figures as a plain line
            report: _Report = _LineReport(label)
        else:
            report = _TqdmReport(tqdm, label)
        return report.update, True, report.close
    if callable(progress):
        return progress, False, lambda: None
    raise ValueError("progress is None, True (a tqdm bar) or a callable (done, total)")


def _index(n: Any) -> int:
    """A board size as an int, whatever its value: Python's integers and numpy's (anything
    with ``__index__``), not a bool (``True`` is no size) nor a float (``8.7`` is not one): a
    ``TypeError`` naming it."""
    if isinstance(n, bool):
        raise TypeError(f"board size {n!r} is a bool, not an int")
    try:
        return operator.index(n)
    except TypeError:
        raise TypeError(f"board size {n!r} is not an int") from None


def _board_size(n: Any) -> int:
    """A board size as an int: Python's integers and numpy's (anything with ``__index__``), not
    a bool (``True`` is no size) nor a float (``8.7`` is not one): a ``TypeError`` naming it.
    Beyond a 64-bit integer, where the native layer would raise ``OverflowError``, the
    ``ValueError`` of a size out of range."""
    n = _index(n)
    if not -(2**63) <= n < 2**63:
        raise ValueError(f"board size {n} is outside 0 to 32 (64 for the queens on the torus)")
    return n


def count(
    n: int,
    *,
    engine: Optional[str] = None,
    kernel: Optional[str] = None,
    threads: Optional[int] = None,
    split: Optional[str] = None,
    progress: Progress = None,
    piece: Optional[str] = None,
    board: Optional[str] = None,
    symmetries: Optional[str] = None,
    given: Squares = None,
    blocked: Squares = None,
) -> Counts:
    """Counts the solutions and classes of the n×n board (n from 0 to 32; the queens on the
    torus to 64), or the completions of a partial board (``given``, ``blocked``).

    ``engine``: ``"symmetric"`` (default, counts one board per symmetry class and derives the
    rest by Burnside's lemma) or ``"enumerate"`` (the plain search, whose ``nodes`` are the
    plain tree's, OEIS A319283). ``kernel``: ``"auto"`` (default: the fastest this CPU
    runs) or one of :func:`kernels`. ``threads``: at most this many (default: every core;
    1 to 65535 as ``queens --threads`` takes, and no more than 4 per core are started).
    ``split``: how the symmetric engine splits the board, ``"ring"`` (default: the
    innermost ring's queens pre-placed), ``"outer-ring"`` (the ring one line further
    out: as fast, the second plan of two-way verification) or ``"border"``.
    ``progress``: a callable ``(work_done, work_total)`` called on this thread a few times a
    second (the work is the plan's estimate, in arbitrary units: ``work_done / work_total``
    is the fraction done), or ``True`` for a tqdm bar of the fraction done, the units
    finished and the boards found per second (without tqdm, the same as a plain line on
    stderr).

    ``piece``: ``"queen"`` (default) or ``"superqueen"`` (also ``"amazon"``: the queen's moves
    and the knight's, OEIS A051223, classes A051224); ``board``: ``"plane"`` (default) or
    ``"torus"`` (both diagonals wrap around, OEIS A051906), as ``queens --piece`` and
    ``--board`` take them. The engine left unsaid, the first that counts the rules counts
    them (the symmetric engine for every piece and board: its torus plan on the torus). The
    classes are those ``queens count`` gives: under
    the 8 symmetries of the square on the plane, under the torus group (those 8 with the n²
    shifts, OEIS A053994) on the torus, whose ``orbits`` list the classes by their number of
    boards (A054500-A054502). ``symmetries``: the group of the classes, as ``queens
    --symmetries`` takes it: ``"square"`` (the 8 symmetries alone) or ``"torus"`` (with the
    n² shifts; the default on the torus, refused on the plane board). The counts name their
    rules (``piece``, ``board``, ``group``) and are verified against those rules' own
    published values.

    >>> count(13, board="torus", symmetries="square").classes
    572
    >>> count(8, symmetries="torus")
    Traceback (most recent call last):
    ...
    ValueError: symmetries='torus' needs board='torus': the shifts of the torus do not keep the solutions of the plane board

    ``given`` and ``blocked``: queens every solution counted holds, and squares none of its
    pieces stands on, as ``queens count --given`` and ``--blocked`` read them: chess squares
    (``"a8 e7"``: file a is column 0, rank n is row 0), a partial board in another notation
    with a placeholder for an empty row (cols ``"0 - - 5 - - - -"``, digits ``"1--6----"``,
    board or leetcode rows of ``Q``, ``x`` for a blocked square and ``.``), ``"@FILE"``, or a
    list of chess squares. The counts are then of the completions (``total``) and their
    ``classes`` under the ``subgroup`` of the rules' group that keeps the given and the
    blocked squares (named, and its ``subgroup_order``); they have no symmetry types and
    nothing published to verify them against. A partial board the command line refuses is a
    ``ValueError`` with its message: two givens that attack each other, a given on a blocked
    square, a square off the board, more givens than rows. The kernels count the queens'
    completions where the partial board fits them (else the plain search, whose name is then
    ``kernel``); ``engine="enumerate"`` asks for the plain search. No progress is reported,
    and Ctrl-C is raised when the count ends.

    >>> c = count(8, given="a8")
    >>> c.total, c.classes, c.given, c.subgroup, c.subgroup_order
    (4, 2, 'a8', '{id, transpose}', 2)
    >>> count(8, given="a8 c6")
    Traceback (most recent call last):
    ...
    ValueError: n = 8: the given queens a8 and c6 attack each other (queen-plane)

    The GIL is released while the count runs; Ctrl-C stops it between work units (within a
    fraction of a second) and raises ``KeyboardInterrupt``.

    >>> sq = count(11, piece="superqueen")
    >>> sq.total, sq.classes, sq.verified
    (44, 6, True)
    >>> sq.piece, sq.board, sq.group
    ('superqueen', 'plane', 'square')
    >>> t = count(13, board="torus")
    >>> t.total, t.classes, t.group, t.verified
    (4524, 11, 'torus', True)
    >>> t.orbits
    [(26, 1), (52, 2), (338, 3), (676, 5)]
    >>> count(8, piece="rook")
    Traceback (most recent call last):
    ...
    ValueError: unknown piece 'rook': choose queen, superqueen or amazon (the superqueen)
    >>> c = count(10)
    >>> c.total, c.classes, (c.asymmetric, c.half_turn, c.quarter_turn)
    (724, 92, (89, 3, 0))
    >>> c.verified
    True
    >>> count(12, engine="enumerate", threads=2).nodes
    856189
    >>> count(33)
    Traceback (most recent call last):
    ...
    ValueError: board size 33 is outside 0 to 32
    >>> count(8, threads=10**9)
    Traceback (most recent call last):
    ...
    ValueError: threads=1000000000 is too many: give a whole number from 1 to 65535 ...
    """
    n = _board_size(n)
    marks = given is not None or blocked is not None
    # A count of completions reports no progress: no bar is drawn for it.
    callback, detail, close = _progress_callback(None if marks else progress, f"n = {n}")
    try:
        return _native.count(
            n, engine=engine, kernel=kernel, threads=threads, split=split, progress=callback,
            progress_detail=detail, piece=piece, board=board, symmetries=symmetries,
            given=given, blocked=blocked,
        )
    finally:
        close()


def _sizes(sizes: Union[int, str, Iterable[int]]) -> List[int]:
    """Board sizes from an int, an iterable of ints, or a string such as ``"4-12,14"``."""
    if isinstance(sizes, int) or (not isinstance(sizes, str) and hasattr(sizes, "__index__")):
        # One size: Python's int, or numpy's.
        return [_board_size(sizes)]
    if isinstance(sizes, str):
        out: List[int] = []
        for item in sizes.replace(" ", "").split(","):
            lo, dash, hi = item.partition("-")
            try:
                if dash:
                    first, last = int(lo), int(hi)
                    if first > last:
                        raise ValueError(
                            f"board sizes '{item}': the range runs from {first} down to {last}"
                        )
                    out.extend(range(first, last + 1))
                else:
                    out.append(int(item))
            except ValueError as e:
                if "board sizes" in str(e):
                    raise
                raise ValueError(
                    f"board sizes '{sizes}': expected sizes such as 8, 4-12 or 4-12,14"
                ) from None
        return out
    return [_board_size(n) for n in sizes]


def table(sizes: Union[int, str, Iterable[int]], **options: Unpack[_CountOptions]) -> List[Counts]:
    """Counts several board sizes: a ``range``, a list, or a string such as ``"4-12"``.

    The options are those of :func:`count`. ``[c.as_dict() for c in table(...)]`` feeds
    ``pandas.DataFrame`` directly.

    >>> [c.total for c in table("4-8")]
    [2, 10, 4, 40, 92]
    >>> [c.classes for c in table(range(8, 11))]
    [12, 46, 92]
    >>> [c.total for c in table("10-12", piece="superqueen")]
    [4, 44, 156]
    >>> [(c.n, c.total, c.classes) for c in table("6-8", given="a1")]
    [(6, 0, 0), (7, 4, 2), (8, 4, 2)]
    >>> sorted(table([5])[0].as_dict())[:4]
    ['asymmetric', 'blocked', 'board', 'classes']
    """
    ns = _sizes(sizes)
    partial = options.get("given") is not None or options.get("blocked") is not None
    # Every size is checked before the first is counted: a typo fails now, not in an hour.
    # Completions go to 32; counts to what the engine counts under the rules (the queens on
    # the torus to 64).
    rules = {key: options.get(key) for key in ("engine", "piece", "board", "symmetries")}
    largest = 32 if partial else _native._largest_size(**rules)
    for n in ns:
        if not 0 <= n <= largest:
            raise ValueError(f"board size {n} is outside 0 to {largest}")
    if partial:
        # Each size's partial board too, as `queens count 4-8 --given ...` checks them all.
        keys = ("piece", "board", "symmetries", "given", "blocked")
        marks = {key: options.get(key) for key in keys}
        for n in ns:
            _native._check_partial(n, **marks)
    rows = []
    for n in ns:
        rows.append(count(n, **options))
    return rows


def verify(n: int, **options: Unpack[_CountOptions]) -> Counts:
    """Counts board size ``n`` and checks it against the published values (OEIS) of its rules
    (``piece``, ``board``, ``symmetries``: the table ``queens verify`` checks against, as
    :func:`published` gives it).

    Returns the counts (``verified`` is True, or None where nothing is published for ``n``);
    raises ``RuntimeError`` naming every value that disagrees, as ``queens verify`` words it
    (``n = 12 (superqueen-plane): total computed 164 but published 156; …``).

    >>> verify(11).verified
    True
    >>> verify(10, piece="superqueen").verified
    True

    With ``given`` or ``blocked``, whose completions nothing is published about, they are
    counted two independent ways, as ``queens verify N --given`` does (the kernels and the
    plain backtracking, or the plain search and the enumerate engine's solutions filtered;
    the classes by Burnside's lemma and by least images): the first way's counts, ``verified``
    True, or a ``RuntimeError`` with the command's ``FAIL`` line where the two disagree
    (only ``kernel`` and ``threads`` of the other options are used).

    >>> verify(8, given="a8").verified
    True
    """
    n = _board_size(n)
    if options.get("given") is not None or options.get("blocked") is not None:
        keys = ("kernel", "threads", "piece", "board", "symmetries", "given", "blocked")
        counts, line = _native._verify_completions(
            n, **{key: options.get(key) for key in keys})
        if not counts.verified:
            raise RuntimeError(line)
        return counts
    c = count(n, **options)
    if c.verified is False:
        rules = "" if (c.piece, c.board) == ("queen", "plane") else f" ({c.piece}-{c.board})"
        raise RuntimeError(f"n = {c.n}{rules}: {c.mismatch}")
    return c


def count_part(n: int, part: str, **options: Unpack[_CountOptions]) -> str:
    """Counts one part of board size ``n`` for a cluster: the units whose number is RES modulo
    MOD (``part="RES/MOD"``, as ``queens count N --part RES/MOD`` does).

    Returns the part file's text (a CSV header and one row), to be written to a file and
    merged with the other parts by :func:`merge` or ``queens merge``.

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> paths = []
    >>> for res in range(3):
    ...     path = os.path.join(folder, f"part-{res}.csv")
    ...     with open(path, "w") as f:
    ...         _ = f.write(count_part(12, f"{res}/3"))
    ...     paths.append(path)
    >>> [(c.n, c.total, c.classes) for c in merge(paths)]
    [(12, 14200, 1787)]
    >>> import shutil; shutil.rmtree(folder)
    """
    if options.get("given") is not None or options.get("blocked") is not None:
        raise ValueError("part is not taken with given or blocked: their completions are "
                         "counted whole, by count")
    n = _board_size(n)
    options.pop("given", None)
    options.pop("blocked", None)
    progress = options.pop("progress", None)
    callback, detail, close = _progress_callback(progress, f"n = {n}, part {part}")
    try:
        return _native.count_part(n, part, **options, progress=callback, progress_detail=detail)
    finally:
        close()


PathName = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]


def merge(
    paths: Union[PathName, Iterable[PathName]], *, symmetries: Optional[str] = None
) -> List[Counts]:
    """Merges part files written from :func:`count_part` (or ``queens count --part``): one
    result per board size, checked against the published values. ``paths``: a list (or any
    iterable) of paths, or one path. A set of parts that is incomplete, overlapping or
    damaged is a ``ValueError`` naming the files; a file that cannot be read is an
    ``OSError``.

    ``symmetries``: the group of the merged classes, as ``queens merge --symmetries`` takes
    it: ``"square"`` (the square's 8 symmetries) or ``"torus"`` (with the n² shifts: the
    default for parts on the torus, a ``ValueError`` for parts on the plane). A part holds no
    classes, only what gives them under either group, so the group is chosen here.
    """
    if isinstance(paths, (str, bytes, os.PathLike)):
        # One path, not the characters of its name.
        paths = [paths]
    return _native.merge([os.fsdecode(p) for p in paths], symmetries=symmetries)


def published(
    n: int,
    *,
    piece: Optional[str] = None,
    board: Optional[str] = None,
    symmetries: Optional[str] = None,
) -> Optional[dict]:
    """The published values (OEIS) for board size ``n``, for verification: a dict with
    ``total``, ``classes``, ``asymmetric``, ``half_turn``, ``quarter_turn``,
    ``fixed_half_turn``, ``fixed_quarter_turn``, ``nodes`` and ``orbits`` (None where none is
    published), or None for a size with no published values.

    ``piece``, ``board`` and ``symmetries``: the rules, as :func:`count` takes them; their
    values are those ``queens verify --piece --board`` checks against (superqueens: A051223,
    A051224, A352661-A352663; the torus: A051906, and under the torus group A053994 with the
    classes by orbit size A054500-A054502 in ``orbits``; under ``symmetries="square"`` the
    torus's totals alone).

    >>> published(8)["total"], published(8)["classes"]
    (92, 12)
    >>> sq = published(10, piece="superqueen")
    >>> sq["total"], sq["classes"], sq["half_turn"]
    (4, 1, 1)
    >>> t = published(13, board="torus")
    >>> t["total"], t["classes"], t["orbits"]
    (4524, 11, [(26, 1), (52, 2), (338, 3), (676, 5)])
    >>> published(13, board="torus", symmetries="square")["classes"] is None
    True
    """
    n = _index(n)
    if n < 0:
        # No size is published below 0, but no size is below 0 either: not a None.
        raise ValueError(f"board size {n} is outside 0 to 32 (64 for the queens on the torus)")
    if n >= 2**63:
        return None  # as for every size beyond the published ones
    return _native.published(n, piece=piece, board=board, symmetries=symmetries)


def solutions(
    n: int,
    *,
    piece: Optional[str] = None,
    board: Optional[str] = None,
    given: Squares = None,
    blocked: Squares = None,
) -> Solutions:
    """Every solution of the n×n board (n from 1 to 32) as tuples of 0-based columns, in
    lexicographic order, lazily, in constant memory. ``piece`` and ``board``: the rules, as
    :func:`count` takes them. ``given`` and ``blocked``: only the solutions that hold the
    given queens and leave the blocked squares empty (the completions, as ``queens list
    --given --blocked`` lists them), read as :func:`count` reads them.

    >>> it = solutions(6)
    >>> next(it), next(it)
    ((1, 3, 5, 0, 2, 4), (2, 5, 1, 4, 0, 3))
    >>> sum(1 for _ in solutions(10))
    724
    >>> next(solutions(10, piece="superqueen"))
    (2, 5, 8, 0, 3, 6, 9, 1, 4, 7)
    >>> sum(1 for _ in solutions(7, board="torus"))
    28
    >>> list(solutions(8, given="a8"))
    [(0, 4, 7, 5, 2, 6, 1, 3), (0, 5, 7, 2, 6, 3, 1, 4), (0, 6, 3, 5, 7, 1, 4, 2), (0, 6, 4, 7, 1, 3, 5, 2)]
    >>> sum(1 for _ in solutions(8, given=["a8"], blocked="e7"))
    3
    """
    n = _board_size(n)
    return _native.solutions(n, piece=piece, board=board, given=given, blocked=blocked)


def solutions_array(n: int):
    """Every solution of the n×n board as a NumPy ``uint8`` array of shape (count, n), rows in
    lexicographic order. n is at most :data:`MAX_ARRAY_N` (16, a 236 MB array); above it this
    is a ``ValueError``: iterate :func:`solutions` instead.

    >>> a = solutions_array(8)
    >>> a.shape, a.dtype.name, a[0].tolist()
    ((92, 8), 'uint8', [0, 4, 7, 5, 2, 6, 1, 3])
    """
    n = _board_size(n)
    return _native.solutions_array(n)


def classes(
    n: int,
    *,
    piece: Optional[str] = None,
    board: Optional[str] = None,
    symmetries: Optional[str] = None,
    given: Squares = None,
    blocked: Squares = None,
) -> Classes:
    """The classes of the n×n board, one tuple ``(canonical, symmetry, class_size)`` each, in
    lexicographic order of the canonical forms (the smallest of a class's 8 images), lazily.
    ``symmetry`` is ``"asymmetric"`` (8 boards), ``"half_turn"`` (4) or ``"quarter_turn"`` (2).
    ``piece``, ``board`` and ``symmetries``: the rules and the group of the classes, as
    :func:`count` takes them (their classes are listed when asked for, not lazily).

    ``given`` and ``blocked`` (read as :func:`count` reads them): the classes of the
    completions under the symmetries that keep the given and the blocked squares (the
    ``subgroup`` :func:`count` names), each completion that is its own least image under them
    with the symmetry type of its stabilizer there and its number of completions (listed when
    asked for).

    >>> list(classes(8, given="a8"))
    [((0, 4, 7, 5, 2, 6, 1, 3), 'asymmetric', 2), ((0, 5, 7, 2, 6, 3, 1, 4), 'asymmetric', 2)]
    >>> len(list(classes(7, board="torus", symmetries="square")))
    4

    >>> [c for c in classes(6)]
    [((1, 3, 5, 0, 2, 4), 'half_turn', 4)]
    >>> sum(size for _, _, size in classes(8))
    92
    >>> [c for c in classes(10, piece="superqueen")]
    [((2, 5, 8, 0, 3, 6, 9, 1, 4, 7), 'half_turn', 4)]
    """
    n = _board_size(n)
    return _native.classes(n, piece=piece, board=board, symmetries=symmetries, given=given,
                           blocked=blocked)


def classify(
    board: Union[str, Sequence[int]],
    notation: str = "auto",
    *,
    piece: Optional[str] = None,
    surface: Optional[str] = None,
    symmetries: Optional[str] = None,
) -> Classification:
    """Classifies one board: its canonical form, symmetry type and class size.

    ``board`` is a string in any notation the ``queens`` command reads (``"0 4 7 5 2 6 1 3"``,
    ``"15863724"``, ``"a1 b5 c8 d6 e3 f7 g2 h4"``, LeetCode's ``[".Q..", ...]``, rows of ``Q``
    and ``.``), or a sequence of columns: counted from 0 when it holds a 0, else from 1.
    ``notation``: ``"auto"`` (detected) or one of ``cols``, ``cols1``, ``digits``,
    ``algebraic``, ``board``, ``leetcode``, ``csv``.

    >>> c = classify([1, 5, 8, 6, 3, 7, 2, 4])
    >>> c.board, c.canonical, c.symmetry, c.class_size
    ((0, 4, 7, 5, 2, 6, 1, 3), (0, 4, 7, 5, 2, 6, 1, 3), 'asymmetric', 8)
    >>> classify('[".Q..","...Q","Q...","..Q."]').symmetry
    'quarter_turn'
    >>> classify("0 1")
    Traceback (most recent call last):
    ...
    ValueError: ...

    ``piece`` and ``surface`` (the board's surface: ``board`` names the board itself, as
    ``queens classify --surface`` does) classify it under other rules, as :func:`count`'s
    ``piece`` and ``board`` take them; a board those rules do not allow is a ``ValueError``.

    >>> classify("2 5 8 0 3 6 9 1 4 7", piece="superqueen").symmetry
    'half_turn'
    >>> classify("0 2 4 1 3", surface="torus").class_size
    10

    ``symmetries``: the group of the class, as ``queens classify --symmetries`` takes it
    (``"square"``, or ``"torus"`` on the torus only).

    >>> classify("0 2 4 1 3", surface="torus", symmetries="square").class_size
    8
    >>> classify("0 4 7 5 2 6 1 3", piece="superqueen")
    Traceback (most recent call last):
    ...
    ValueError: ...
    """
    return _native.classify(board, notation, piece=piece, surface=surface, symmetries=symmetries)


def kernels(every: bool = False) -> List[str]:
    """The counting kernels this CPU runs (the values of ``kernel=`` besides ``"auto"``),
    fastest last; with ``every=True``, every kernel the library has, whether this CPU runs it
    or not (as ``queens kernels`` lists them).

    >>> kernels()[0]
    'scalar'
    >>> set(kernels()) <= set(kernels(every=True))
    True
    """
    return _native.kernels(every)
