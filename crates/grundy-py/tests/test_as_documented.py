"""Issue 23: the package does what its documentation says: its exceptions, game files
wherever the command line takes them, and results that compare, hash and pickle."""

import pathlib
import pickle

import pytest

import grundy

GAMES = pathlib.Path(__file__).resolve().parents[3] / "examples" / "games"


def test_exceptions_are_the_documented_ones():
    assert grundy.SolveError.__name__ == "SolveError"
    assert issubclass(grundy.TooLargeError, MemoryError)
    # A cycle in a game not declared loopy.
    looping = grundy.define(lambda n: [(n + 1) % 3], name="round")
    with pytest.raises(grundy.SolveError, match="cycle"):
        looping.solve(0)
    with pytest.raises(FileNotFoundError):
        grundy.load("no/such/game.luau")
    with pytest.raises(FileNotFoundError):
        grundy.solve("no/such/game.luau 3")


def test_a_nimber_past_the_solver_is_too_large():
    wythoff = grundy.game("wythoff")
    assert wythoff.nimber((3, 5)) == 0
    with pytest.raises(grundy.TooLargeError, match="too large"):
        wythoff.nimber((3000, 3000))


def test_solve_and_analyze_take_game_files():
    file = str(GAMES / "subtraction.luau")
    assert grundy.solve(f"{file} 10").outcome == grundy.solve("subtraction 1,3,4 -- 10").outcome
    a = grundy.analyze(f"{file} 10 + nim 3")
    assert a.nimber == grundy.game("subtraction", "1,3,4").nimber(10) ^ 3
    game, position = grundy.parse(f"{file} 7")
    assert game.nimber(position) == grundy.game("subtraction", "1,3,4").nimber(7)


def test_results_compare_hash_and_pickle():
    game = grundy.game("nim")
    a, b = game.solve([3, 5]), game.solve([3, 5])
    assert a == b and hash(a) == hash(b)
    assert a != game.solve([3, 6])
    assert len({a.value, b.value, game.solve([1]).value}) == 2
    for result in (a, a.value, a.moves[0], a.moves[0].move):
        back = pickle.loads(pickle.dumps(result))
        assert back == result and type(back) is type(result)
        assert hash(back) == hash(result)
    assert (a == 3) is False


class OldStyleError(Exception):
    """An exception as on Python 3.9 and 3.10, which have no `add_note`."""

    add_note = None


def test_the_position_is_noted_with_and_without_add_note():
    for error in (ValueError, OldStyleError):

        def moves(n, error=error):
            if n == 2:
                raise error("no moves from two")
            return [n - 1] if n else []

        with pytest.raises(error, match="no moves from two") as info:
            grundy.define(moves).solve(4)
        assert "in moves(2) of a grundy game" in info.value.__notes__


def test_octal_sequences_slice_and_convert_to_numpy():
    np = pytest.importorskip("numpy")
    kayles = grundy.octal("0.77", to=100)
    assert kayles[0:5].tolist() == [0, 1, 2, 3, 1]
    assert kayles[0:5].dtype == np.uint16
    assert kayles[-3:].tolist() == kayles.values[-3:].tolist()
    assert kayles[::10].tolist() == kayles.values[::10].tolist()
    array = np.asarray(kayles)
    assert array.shape == (len(kayles),) and array.dtype == np.uint16
    assert np.asarray(kayles, dtype=np.int64).dtype == np.int64
    # Tables hold nimbers as octal sequences do.
    assert grundy.table("subtraction 1,3,4", 20).nimbers.dtype == np.uint16


def test_star_import_keeps_the_builtin_sum():
    namespace = {}
    exec("from grundy import *\nresult = sum([1, 2, 3])", namespace)
    assert namespace["result"] == 6
    assert namespace["game"] is grundy.game
    assert "sum" not in grundy.__all__ and callable(grundy.sum)
    assert all(not name.startswith("_") for name in grundy.__all__)
