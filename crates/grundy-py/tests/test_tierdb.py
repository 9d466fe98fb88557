"""Tier databases from Python: built, reopened, answered, and refused with clear errors."""

from pathlib import Path

import pytest

import grundy

GAMES = Path(__file__).resolve().parents[3] / "examples" / "games"


def test_tic_tac_toe_is_built_reopened_and_answered(tmp_path):
    db = grundy.build("tic-tac-toe", tmp_path / "ttt")
    # Wikipedia, "Tic-tac-toe", "Combinatorics": 5,478 legal positions; a draw.
    assert db.positions == 5478
    assert db.game == "tic-tac-toe"
    start = db.probe()
    assert (start.outcome, start.remoteness) == ("draw", 9)
    again = grundy.Database(tmp_path / "ttt")
    answer = again.probe("1 5 9")
    assert (answer.outcome, answer.remoteness) == ("draw", 6)
    # O must not take a corner: cells 3 and 7 lose.
    assert [m for m in answer.moves if m[1] == "loss"] == [("3", "loss", 4), ("7", "loss", 4)]
    assert answer.best == ["2", "4", "6", "8"]
    assert "DatabaseAnswer" in repr(answer)
    assert again.show("5 2") == ".O.\n.X.\n..."
    # A finished game has no moves.
    won = again.probe("1 4 2 5 3")
    assert (won.outcome, won.remoteness, won.moves) == ("loss", 0, [])


def test_bad_positions_games_and_directories_are_refused(tmp_path):
    db = grundy.build("connect-four 4 3", tmp_path / "c4")
    assert db.positions == 12031  # John Tromp's count for 4 x 3
    with pytest.raises(ValueError, match="column 1 is full"):
        db.probe("1111")
    with pytest.raises(ValueError, match="no tier database"):
        grundy.build("chess", tmp_path / "chess")
    with pytest.raises(FileNotFoundError, match="not a tier database"):
        grundy.Database(tmp_path / "nothing")
    with pytest.raises(ValueError, match="holds a database of connect-four"):
        grundy.build("connect-four 5 3", tmp_path / "c4")
    with pytest.raises(grundy.TooLargeError, match="more than the limit"):
        grundy.build("connect-four 7 6", tmp_path / "big", memory=1 << 20)


def test_a_game_file_is_built_reopened_and_answered(tmp_path):
    file = GAMES / "tictactoe.luau"
    db = grundy.build(str(file), tmp_path / "ttt")
    # The same 5,478 positions as the built-in game, and the same draw in 9.
    assert db.positions == 5478
    start = db.probe()
    assert (start.outcome, start.remoteness) == ("draw", 9)
    again = grundy.Database(tmp_path / "ttt", file=file)
    # The file's own notation: x on a1 and c3, o on b2, o to move.
    answer = again.probe("x...o...x")
    assert (answer.outcome, answer.remoteness) == ("draw", 6)
    # Holding two opposite corners, x wins if o takes one of the other two corners.
    assert sorted(label for label, outcome, _ in answer.moves if outcome == "loss") == ["a3", "c1"]
    with pytest.raises(ValueError, match="9 cells"):
        again.probe("a1 b2")
    with pytest.raises(ValueError, match="give its file="):
        grundy.Database(tmp_path / "ttt", size=3)
    with pytest.raises(FileNotFoundError):
        grundy.build(str(GAMES / "no_such_game.luau"), tmp_path / "none")
    with pytest.raises(ValueError, match="parameters are for game files"):
        grundy.build("tic-tac-toe", tmp_path / "other", size=3)


def test_a_game_file_database_keeps_its_parameters(tmp_path):
    file = GAMES / "connect_four.luau"
    db = grundy.build(str(file), tmp_path / "c3", connect=3)
    # Three in a line on the file's 4 x 4 board: the first player wins, as the command
    # line's `grundy build connect_four.luau --param connect=3` finds.
    assert db.positions == 41750
    assert (db.probe().outcome, db.probe().remoteness) == ("win", 9)
    assert grundy.Database(tmp_path / "c3", file=file, connect=3).positions == 41750
    with pytest.raises(ValueError, match="holds a database of connect-four connect=3"):
        grundy.Database(tmp_path / "c3", file=file)
    with pytest.raises(ValueError, match="holds a database of connect-four connect=3"):
        grundy.Database(tmp_path / "c3", file=GAMES / "tictactoe.luau")
