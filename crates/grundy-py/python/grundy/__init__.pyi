"""grundy: exact solutions of two-player games, octal sequences, games defined in Python.

Type stubs for the compiled module (PyO3). Positions are plain data: ints, strings, bools
and tuples (or lists) of them; positions returned by grundy use tuples.
"""

from fractions import Fraction
from os import PathLike
from typing import Any, Callable, Dict, Iterable, Literal, Optional, Protocol, Sequence, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str

# What `from grundy import *` brings in: every public name but `sum`, which would shadow
# the built-in (it stays `grundy.sum`).
__all__ = [
    "Analysis",
    "CgtGame",
    "Distribution",
    "Drawing",
    "Game",
    "Move",
    "MoveValue",
    "OctalSequence",
    "Pattern",
    "Period",
    "Solution",
    "SolveError",
    "Table",
    "TooLargeError",
    "Value",
    "analyze",
    "cgt",
    "define",
    "families",
    "game",
    "load",
    "octal",
    "parse",
    "solve",
    "table",
]

Position = Union[int, str, bool, Sequence["Position"]]
Outcome = Literal["win", "loss", "draw"]
Kind = Literal["impartial", "win-loss", "scoring", "loopy", "partizan"]

class TooLargeError(MemoryError):
    """A job larger than its budget, refused before anything was allocated."""

class SolveError(RuntimeError):
    """A solver that cannot answer (a cycle in a game not declared loopy)."""

class Move:
    """A move: its label, the position it leads to, its points and bonus turn."""

    # Equal when their data are; hashable (immutable) and picklable.
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

    def __init__(self, to: Position, points: int = 0, again: bool = False) -> None: ...
    @property
    def label(self) -> str: ...
    @property
    def to(self) -> Position: ...
    @property
    def points(self) -> int: ...
    @property
    def again(self) -> bool: ...

class Value:
    """The value of a position for the player to move."""

    # Equal when their data are; hashable (immutable) and picklable.
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

    @property
    def outcome(self) -> Outcome: ...
    @property
    def remoteness(self) -> Optional[int]: ...
    @property
    def nimber(self) -> Optional[int]: ...
    @property
    def score(self) -> Optional[int]: ...

class MoveValue:
    """A move with its value for the mover."""

    # Equal when their data are; hashable (immutable) and picklable.
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

    @property
    def index(self) -> int: ...
    @property
    def move(self) -> Move: ...
    @property
    def value(self) -> Value: ...
    @property
    def label(self) -> str: ...
    @property
    def to(self) -> Position: ...
    @property
    def outcome(self) -> Outcome: ...
    @property
    def nimber(self) -> Optional[int]: ...
    @property
    def score(self) -> Optional[int]: ...
    @property
    def remoteness(self) -> Optional[int]: ...

class Solution:
    """Everything Game.solve knows about a position."""

    # Equal when their data are; hashable (immutable) and picklable.
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

    @property
    def position(self) -> Position: ...
    @property
    def value(self) -> Value: ...
    @property
    def outcome(self) -> Outcome: ...
    @property
    def nimber(self) -> Optional[int]: ...
    @property
    def score(self) -> Optional[int]: ...
    @property
    def remoteness(self) -> Optional[int]: ...
    @property
    def moves(self) -> list[MoveValue]: ...
    @property
    def move_count(self) -> int: ...
    @property
    def winning_count(self) -> int: ...
    @property
    def all_listed(self) -> bool: ...
    @property
    def optimal(self) -> list[int]: ...
    @property
    def optimal_moves(self) -> list[MoveValue]: ...
    @property
    def winning_moves(self) -> list[MoveValue]: ...
    @property
    def line(self) -> list[Move]: ...
    @property
    def skipped(self) -> bool: ...
    def to_dict(self) -> dict[str, Any]: ...

class Drawing:
    """How a position looks: a board, heaps or a graph; a notebook shows it as SVG."""
    @property
    def kind(self) -> str: ...
    @property
    def data(self) -> dict[str, Any]: ...
    def _repr_svg_(self) -> str: ...

class Game:
    """A game: its name, positions, moves, and solve.

    Every position a method is given is checked before it is used: one that is not a
    position of the game raises ValueError naming it and what the game's positions are
    (TypeError for a game file's position of another kind of data than its start's, an
    int where its positions are strings); a string is read as the game's text when it is
    not a position as data, and an int as a row of one heap."""

    @property
    def name(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def kind(self) -> Kind: ...
    @property
    def play(self) -> Literal["normal", "misere"]: ...
    @property
    def start(self) -> Optional[Position]: ...
    def parse(self, text: str) -> Position: ...
    def show(self, position: Position) -> str: ...
    def moves(self, position: Position) -> list[Move]: ...
    def draw(self, position: Position) -> Optional[Drawing]: ...
    def choose(self, position: Position, choice: str) -> Move: ...
    def solve(
        self,
        position: Position,
        *,
        max_positions: Optional[int] = None,
        memory: Optional[int] = None,
        remoteness: bool = False,
        all_moves: bool = False,
        progress: Optional[Callable[[int, float], object]] = None,
    ) -> Solution: ...
    def nimber(
        self,
        position: Position,
        *,
        max_positions: Optional[int] = None,
        memory: Optional[int] = None,
        progress: Optional[Callable[[int, float], object]] = None,
    ) -> int: ...
    def canonical(
        self,
        position: Position,
        *,
        max_positions: Optional[int] = None,
        memory: Optional[int] = None,
        progress: Optional[Callable[[int, float], object]] = None,
    ) -> CgtGame: ...

def game(name: str, param: Union[str, int, Sequence[int], None] = None) -> Game:
    """A built-in family: game("nim"), game("subtraction", "1,3,4"), game("bash", 3)."""

def parse(words: str) -> tuple[Game, Position]:
    """A game and a position from the words 'grundy solve' takes (a game file FILE.luau
    and its position too; FileNotFoundError when the file does not exist)."""

def solve(
    words: str,
    *,
    max_positions: Optional[int] = None,
    memory: Optional[int] = None,
    remoteness: bool = False,
    all_moves: bool = False,
    progress: Optional[Callable[[int, float], object]] = None,
) -> Solution:
    """Solves the position named by the words 'grundy solve' takes, a game file's too:
    solve("nim 3 5 7"), solve("examples/games/subtraction.luau 10")."""

def load(path: Union[str, PathLike[str]], **params: object) -> Game:
    """A game file (Luau), with its parameters; FileNotFoundError when it does not exist,
    ValueError (FILE:LINE: what) when it does not load."""

def families() -> list[dict[str, Any]]:
    """The built-in families and board games, as 'grundy list' shows them."""

class _Rules(Protocol):
    def moves(self, position: Any) -> Iterable[Union[Position, Move]]: ...

def define(
    rules: Union[Callable[[Any], Iterable[Union[Position, Move]]], _Rules],
    *,
    name: Optional[str] = None,
    kind: Optional[Kind] = None,
    misere: Optional[bool] = None,
    start: Optional[Position] = None,
    components: Optional[Callable[[Any], Iterable[Position]]] = None,
    canonical: Optional[Callable[[Any], Position]] = None,
    position_of: Optional[Callable[[list[int]], Position]] = None,
    description: Optional[str] = None,
) -> Game:
    """A game defined in Python, solved by grundy's solvers."""

class Analysis:
    """Outcome, nimber, winning moves, and why."""

    @property
    def game(self) -> str: ...
    @property
    def position(self) -> str: ...
    @property
    def outcome(self) -> Outcome: ...
    @property
    def nimber(self) -> Optional[int]: ...
    @property
    def winning_moves(self) -> list[str]: ...
    @property
    def complete(self) -> bool: ...
    @property
    def reasons(self) -> list[dict[str, Any]]: ...
    @property
    def why(self) -> list[str]: ...
    def to_dict(self) -> dict[str, Any]: ...

def analyze(words: str) -> Analysis:
    """Analyses a position of a built-in family, or a sum holding game files
    ("FILE.luau 10 + nim 3"), as 'grundy analyze' does."""

def sum(*components: str) -> Analysis:
    """The sum of built-in games by Sprague-Grundy (the XOR of their values)."""

class Pattern:
    """A period (plain or arithmetic) of a table's values, proved or a conjecture."""

    @property
    def kind(self) -> Literal["periodic", "arithmetic_periodic"]: ...
    @property
    def period(self) -> int: ...
    @property
    def preperiod(self) -> int: ...
    @property
    def saltus(self) -> int: ...
    @property
    def proved(self) -> bool: ...
    @property
    def checked_to(self) -> Optional[int]: ...

class Table:
    """A table of a game over one integer (or two) and what it shows."""

    @property
    def game(self) -> str: ...
    @property
    def to(self) -> int: ...
    @property
    def nimbers(self) -> Optional[npt.NDArray[Union[np.uint16, np.uint64]]]: ...
    @property
    def p_positions(self) -> list[Union[int, tuple[int, int]]]: ...
    @property
    def cells(self) -> Optional[npt.NDArray[np.bool_]]: ...
    @property
    def pattern(self) -> Optional[Pattern]: ...
    @property
    def shape(self) -> Optional[str]: ...
    @property
    def closed_form(self) -> Optional[str]: ...
    def to_dict(self) -> dict[str, Any]: ...

def table(
    game: Union[str, Game],
    to: int,
    *,
    pairs: bool = False,
    max_positions: Optional[int] = None,
    memory: Optional[int] = None,
    progress: Optional[Callable[[int, float], object]] = None,
) -> Table:
    """Tabulates a game and finds its pattern, shape and closed form."""

class Period:
    """What is known of an octal sequence's period."""

    @property
    def kind(self) -> Literal["periodic", "arithmetic_periodic", "not_found"]: ...
    @property
    def proved(self) -> bool: ...
    @property
    def period(self) -> Optional[int]: ...
    @property
    def preperiod(self) -> Optional[int]: ...
    @property
    def proved_at(self) -> Optional[int]: ...
    @property
    def saltus(self) -> Optional[int]: ...
    @property
    def up_to(self) -> Optional[int]: ...

class Distribution:
    """How the values G(1), G(2), ... are distributed."""

    @property
    def counts(self) -> npt.NDArray[np.uint64]: ...
    @property
    def mask(self) -> int: ...
    @property
    def rare_values(self) -> list[int]: ...
    @property
    def rare_positions(self) -> int: ...
    @property
    def last_rare(self) -> Optional[int]: ...

Progress = Callable[[int, int], object]

class OctalSequence:
    """A take-and-break code's Grundy sequence."""

    @property
    def code(self) -> str: ...
    @property
    def method(self) -> Literal["sparse", "direct"]: ...
    @property
    def max_take(self) -> int: ...
    @property
    def max_heaps(self) -> int: ...
    @property
    def values(self) -> npt.NDArray[np.uint16]: ...
    @property
    def verdict(self) -> Period: ...
    @property
    def by_period_from(self) -> Optional[int]: ...
    @property
    def pattern(self) -> Optional[npt.NDArray[np.uint16]]: ...
    @property
    def distribution(self) -> Distribution: ...
    @property
    def digest(self) -> str: ...
    @property
    def pipeline(self) -> Dict[str, Union[int, float]]: ...
    def extend(
        self,
        to: int,
        *,
        progress: Optional[Progress] = None,
        checkpoint: Union[str, PathLike[str], None] = None,
        checkpoint_every: float = 30.0,
    ) -> None: ...
    def find_period(self, limit: int, *, progress: Optional[Progress] = None) -> Period: ...
    def save(self, path: Union[str, PathLike[str]]) -> None: ...
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, n: int) -> int: ...
    @overload
    def __getitem__(self, n: slice) -> npt.NDArray[np.uint16]: ...
    def __array__(self, dtype: Any = None, copy: Optional[bool] = None) -> npt.NDArray[Any]: ...

def octal(
    code: str,
    to: Optional[int] = None,
    *,
    method: Optional[Literal["sparse", "direct"]] = None,
    limit: Optional[int] = None,
    progress: Optional[Progress] = None,
    checkpoint: Union[str, PathLike[str], None] = None,
    checkpoint_every: float = 30.0,
    memory: Optional[int] = None,
) -> OctalSequence:
    """Computes the Grundy sequence of a take-and-break code."""

CgtOperand = Union["CgtGame", int, str]

class CgtGame:
    """A short partizan game in canonical form (``grundy.cgt``)."""
    def __add__(self, other: CgtOperand) -> CgtGame: ...
    def __radd__(self, other: CgtOperand) -> CgtGame: ...
    def __sub__(self, other: CgtOperand) -> CgtGame: ...
    def __rsub__(self, other: CgtOperand) -> CgtGame: ...
    def __neg__(self) -> CgtGame: ...
    def __pos__(self) -> CgtGame: ...
    def __le__(self, other: CgtGame) -> bool: ...
    def __lt__(self, other: CgtGame) -> bool: ...
    def __ge__(self, other: CgtGame) -> bool: ...
    def __gt__(self, other: CgtGame) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    def __ne__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def confused_with(self, other: CgtOperand) -> bool: ...
    @property
    def canonical(self) -> str: ...
    @property
    def outcome(self) -> Literal["L", "R", "N", "P"]: ...
    @property
    def left_stop(self) -> Fraction: ...
    @property
    def right_stop(self) -> Fraction: ...
    @property
    def mean(self) -> Fraction: ...
    @property
    def temperature(self) -> Fraction: ...
    @property
    def atomic_weight(self) -> Optional[CgtGame]: ...
    @property
    def is_number(self) -> bool: ...
    @property
    def left_options(self) -> list[CgtGame]: ...
    @property
    def right_options(self) -> list[CgtGame]: ...

def cgt(expression: str) -> CgtGame:
    """The value of an expression in CGSuite's plain-text notation."""
