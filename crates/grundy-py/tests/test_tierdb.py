"""Tier databases from Python: built, reopened, answered, and refused with clear errors."""

import pytest

import grundy


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
