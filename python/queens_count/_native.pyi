"""Types of the extension module queens_count._native (src/lib.rs); the package's functions
in queens_count/__init__.py carry the documentation and examples."""

from typing import Any, Callable, Final, Iterator, List, Optional, Sequence, Tuple, TypedDict, Union

from typing_extensions import Unpack

import numpy
import numpy.typing

MAX_ARRAY_N: int

# The attributes of the classes are read-only (Final).

class Counts:
    """The counts of one board size, complete and checked against the published values."""

    n: Final[int]
    piece: Final[str]
    board: Final[str]
    group: Final[str]
    total: Final[int]
    classes: Final[int]
    asymmetric: Final[Optional[int]]
    half_turn: Final[Optional[int]]
    quarter_turn: Final[Optional[int]]
    orbits: Final[Optional[List[Tuple[int, int]]]]
    fixed_half_turn: Final[Optional[int]]
    fixed_quarter_turn: Final[Optional[int]]
    nodes: Final[int]
    seconds: Final[float]
    engine: Final[str]
    kernel: Final[str]
    threads: Final[int]
    plan: Final[Optional[str]]
    verified: Final[Optional[bool]]
    mismatch: Final[Optional[str]]
    given: Final[Optional[str]]
    blocked: Final[Optional[str]]
    subgroup: Final[Optional[str]]
    subgroup_order: Final[Optional[int]]
    def as_dict(
        self,
    ) -> dict[str, Union[int, float, str, bool, List[Tuple[int, int]], None]]: ...

class Solutions(Iterator[Tuple[int, ...]]):
    """Every solution of a board size, lazily, in lexicographic order; shared by threads,
    each board goes to one of them; after os.fork() it goes on in the child too."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> Tuple[int, ...]: ...

class Classes(Iterator[Tuple[Tuple[int, ...], str, int]]):
    """Every class of a board size: (canonical, symmetry, class size), lazily."""

    def __iter__(self) -> "Classes": ...
    def __next__(self) -> Tuple[Tuple[int, ...], str, int]: ...

class Classification:
    """What the symmetries of the rules' group do to one board (class_size: 8, 4 or 2 under
    the square's, up to 8n^2 under the torus group)."""

    board: Final[Tuple[int, ...]]
    canonical: Final[Tuple[int, ...]]
    symmetry: Final[str]
    class_size: Final[int]
    transforms: Final[Tuple[str, ...]]
    notation: Final[str]

# The keyword options of count and count_part, each None (or False) by default. progress:
# called with (work_done, work_total), or with progress_detail=True with
# (work_done, work_total, units_done, units_total, boards_found). (A TypedDict by call, not a
# class: the stub declares no class the extension lacks.)
_Options = TypedDict(
    "_Options",
    {
        "engine": Optional[str],
        "kernel": Optional[str],
        "threads": Optional[int],
        "split": Optional[str],
        "progress": Optional[Callable[..., Any]],
        "progress_detail": bool,
        "piece": Optional[str],
        "board": Optional[str],
        "symmetries": Optional[str],
    },
    total=False,
)

# Given or blocked squares: a string the CLI's --given reads, or a list of chess squares.
_Squares = Union[None, str, Sequence[str]]

def count(
    n: int, *, given: _Squares = None, blocked: _Squares = None, **options: Unpack[_Options]
) -> Counts: ...
def count_part(n: int, part: str, **options: Unpack[_Options]) -> str: ...
def merge(paths: Sequence[str], *, symmetries: Optional[str] = None) -> List[Counts]: ...
def published(
    n: int,
    *,
    piece: Optional[str] = None,
    board: Optional[str] = None,
    symmetries: Optional[str] = None,
) -> Optional[dict[str, Union[int, List[Tuple[int, int]], None]]]: ...
def solutions(
    n: int,
    *,
    piece: Optional[str] = None,
    board: Optional[str] = None,
    given: _Squares = None,
    blocked: _Squares = None,
) -> Solutions: ...
def solutions_array(n: int) -> numpy.typing.NDArray[numpy.uint8]: ...
def classes(
    n: int,
    *,
    piece: Optional[str] = None,
    board: Optional[str] = None,
    symmetries: Optional[str] = None,
    given: _Squares = None,
    blocked: _Squares = None,
) -> Classes: ...
def classify(
    board: Union[str, Sequence[int]],
    notation: str = "auto",
    *,
    piece: Optional[str] = None,
    surface: Optional[str] = None,
    symmetries: Optional[str] = None,
) -> Classification: ...
def kernels(every: bool = False) -> List[str]: ...
