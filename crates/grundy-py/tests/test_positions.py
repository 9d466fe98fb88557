"""Issue 44: every position a game file is given from Python is checked before it is used.

Each example file of examples/games is given malformed positions of every kind: text it
cannot read, data of another kind than its start (an int or a list where a string is
expected, a list of the wrong items), data of its start's kind with the wrong length or the
wrong characters, and data its own functions fail on. Each is refused with ValueError (a
wrong kind of data: TypeError) naming the position, never answered and never with the
file's line.
"""

import json
import pathlib
import re

import pytest

import grundy

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples" / "games"
FILES = sorted(path.name for path in EXAMPLES.glob("*.luau"))

# Per file: data of its start's kind that is no position (wrong length, wrong characters,
# out of range), including what its functions fail on.
MALFORMED = {
    "amazons.luau": [("x..", "x"), ("x?o",), ("xo", "")],
    "bash.luau": [(0, 30, 0), (0,), (31, 30), (-1, 30)],
    "cat_and_mouse.luau": [(1, 2), (1, 2, "mouse", 1), (1, 2, "dog"), (99, 2, "mouse")],
    "chomp.luau": [(0, 3), (3, 5), (-2,)],
    "clobber.luau": [("xo", "x"), ("x?o",), ("xo", "")],
    "connect_four.luau": ["..../..../..../.....", "..../...", "..?./..../..../...."],
    "cram.luau": [("....", "..."), ("..?.",), ("....", "")],
    "cutcake.luau": [((4,),), ((4, 3, 2),), ((-4, 3),)],
    "domineering.luau": [("V",), ("X", ("....",)), ("V", ("....", "...")), ("V", ("..?.",))],
    "domineering_values.luau": [("....", "..."), ("..?.",), ("....", "")],
    "dot.luau": [(0, 0, True), (0, 0, True, True, 0), (0, 0, 1, 1)],
    "dots_and_boxes.luau": [(2, 2), (2, 2, "0000"), (2, 2, "00000000000?"), (2, 2, "000000000000", 2)],
    "fibonacci_nim.luau": [(13,), (13, 12, 13), (-13, 12)],
    "fission.luau": [(".x.", "."), (".o.",), ("x.", "")],
    "gems_fight.luau": ["...", ".....", "..?."],
    "hackenbush_strings.luau": [("BRX",), ("B R",)],
    "hackenbush_trees.luau": [(("X", ()),), (("B",),), (("B", (), ()),)],
    "kiki.luau": [(3,), (3, 4, 3), (-3, 4)],
    "konane.luau": [("xo.", "x"), ("x?o",), ("xo", "")],
    "minesweeper.luau": [("....", "..."), ("..?.",), ("....", "", "....")],
    "paint_chain.luau": [("ring",), ("ring", 4, "ring"), ("ring", -4), ("line", 4), (-3,)],
    "powers_of_two.luau": [(-1,), (10, -10)],
    "shuttle.luau": [(2,), (2, 0, 0), (2, 3), (-1, 0), (65, 1)],
    "ski_jumps.luau": [("L..", "R"), ("L?R",), ("L.", "")],
    "roundabout.luau": [(3,), (3, 1, 1), (3, 4), (0, 0), (65, 1)],
    "snim.luau": [(-1,), (2, 4, -7)],
    "snort.luau": [("..?.",), ("L R",)],
    "subtraction.luau": [(-1,), (5, -7, 9)],
    "team_nim.luau": [(101,), (101, 1, 101), (101, 3), (101, 0), (-1, 1)],
    "tictactoe.luau": ["........", "..........", "x.......?", "xx.......", "ooo......"],
    "toads_and_frogs.luau": ["TT?..FFF", "TTTxFFF"],
    "toppling_dominoes.luau": [("LX",), ("L R",), ("lr",)],
    "wythoff.luau": [(8,), (8, 4, 8), (-8, 4)],
    "young.luau": [(0,), (0, 0, 0), (1, 2), (-1, 0)],
}

LINE = re.compile(r"\.luau:\d+")


def value(game, position):
    """What solving `position` gives: a solution, or a canonical form (partizan)."""
    if game.kind == "partizan":
        return game.canonical(position)
    return game.solve(position, max_positions=100_000)


def shown(position):
    """The position as the library's messages quote it (JSON, lists as lists)."""
    return json.dumps(position, separators=(", ", ": "))[:60]


def refused(game, position, error):
    """Every door refuses `position` with `error`; returns the message."""
    doors = [value, lambda g, p: g.show(p), lambda g, p: g.draw(p)]
    if game.kind != "partizan":
        doors.append(lambda g, p: g.moves(p))
    messages = set()
    for door in doors:
        with pytest.raises(error) as info:
            door(game, position)
        message = str(info.value)
        assert not LINE.search(message), message
        assert "bad position" in message, message
        messages.add(message)
    assert len(messages) == 1, messages
    return messages.pop()


def foreign_items(start):
    """A list of items of a kind the start's items never are."""
    kinds = {type(item) for item in start}
    for item in (7, "x", True, ((False,),)):
        if type(item) not in kinds:
            return [item]
    raise AssertionError(start)


def test_every_example_file_has_its_malformed_positions():
    assert sorted(MALFORMED) == FILES


@pytest.mark.parametrize("name", FILES)
def test_an_example_file_refuses_malformed_positions(name):
    game = grundy.load(EXAMPLES / name)
    start = game.start

    # Text the file cannot read.
    message = refused(game, "@@ no position @@", ValueError)
    assert "@" in message, message  # the text, or its first bad character

    # Data of another kind than the start's: an int, a bool or a list where a string is
    # expected, a list of the wrong items.
    wrong = [True]
    if isinstance(start, str):
        wrong += [5, ["x"], [start]]
    else:
        wrong += [foreign_items(start)]
    for position in wrong:
        message = refused(game, position, TypeError)
        if isinstance(position, (bool, list)):
            assert message.startswith(f"bad position {shown(position)}"), message
            assert f"like its start {shown(start)}"[:40] in message, message

    # Data of the start's kind: the wrong length, the wrong characters, what the file's
    # functions fail on.
    for position in MALFORMED[name]:
        message = refused(game, position, ValueError)
        if not isinstance(position, str):
            assert message.startswith(f"bad position {shown(position)}"), message
            assert "expected" in message and "like its start" in message, message


def test_the_reported_cases_are_refused():
    # The cases: a string that is no board, an int where boards are strings, text
    # handed to a partizan file as data (read as its text: the board it writes).
    ttt = grundy.load(EXAMPLES / "tictactoe.luau")
    with pytest.raises(ValueError, match=r'bad position "abc" for tic-tac-toe: .*expected a string like its start "\.\.\.\.\.\.\.\.\."'):
        ttt.solve("abc")
    with pytest.raises(TypeError, match=r'^bad position 5 for tic-tac-toe: expected a string like its start "\.{9}", found an integer$'):
        ttt.solve(5)
    assert ttt.solve("x../.o./...").position == "x...o...."
    dv = grundy.load(EXAMPLES / "domineering_values.luau")
    assert dv.canonical("..../..../....") == dv.canonical(["....", "....", "...."])
    with pytest.raises(TypeError, match=r"found a list of integers or strings$"):
        dv.canonical(["....", 5])
