"""analyze, sum and table: the library's reasons and patterns, checked against values
computed here by plain search and by the solvers."""

import numpy as np
import pytest

import grundy
from test_games import brute_nimber, subtraction_moves


def test_analyze_gives_the_cli_reasons():
    a = grundy.analyze("nim 3 5 7")
    assert (a.game, a.position, a.outcome, a.nimber) == ("nim", "3 5 7", "win", 1)
    assert a.winning_moves == ["heap 1: 3 -> 2", "heap 2: 5 -> 4", "heap 3: 7 -> 6"]
    assert a.complete
    assert a.reasons[0] == {"reason": "nim_sum", "heaps": [3, 5, 7], "total": 1}
    assert a.why[0] == "nim-sum 3 ^ 5 ^ 7 = 1"
    assert str(a).splitlines() == a.why
    assert a.to_dict()["nimber"] == 1


def test_analyze_huge_positions_by_closed_forms():
    a = grundy.analyze("wythoff 1618033988749894848 2618033988749894848")
    assert a.outcome in ("win", "loss") and a.why


def test_analyze_agrees_with_solve():
    for heaps in ([10, 12], [3], [7, 7, 1]):
        words = "subtraction 1,3,4 -- " + " ".join(map(str, heaps))
        assert grundy.analyze(words).nimber == grundy.solve(words).nimber


def test_sum_is_the_xor_of_components():
    s = grundy.sum("nim 3", "bash 2 5", "lasker 6")
    parts = [grundy.analyze(w).nimber for w in ("nim 3", "bash 2 5", "lasker 6")]
    assert s.nimber == parts[0] ^ parts[1] ^ parts[2]
    assert s.outcome == ("win" if s.nimber else "loss")
    assert s.why[-1].startswith("Sprague-Grundy")
    with pytest.raises(ValueError, match="has no Grundy value"):
        grundy.sum("misere-nim 3", "nim 2")


def test_table_of_a_family_with_a_proved_period():
    t = grundy.table("subtraction 1,3,4", 200)
    plain = brute_nimber(subtraction_moves)
    assert t.nimbers.tolist() == [plain(n) for n in range(201)]
    p = t.pattern
    assert (p.kind, p.period, p.preperiod, p.saltus, p.proved, p.checked_to) == (
        "periodic", 7, 0, 0, True, None
    )
    assert t.p_positions[:4] == [0, 2, 7, 9]
    assert "mod 7" in t.shape


def test_table_of_pairs_and_closed_form():
    t = grundy.table("wythoff", 20)
    # The Beatty pairs (floor(k phi), floor(k phi^2)), a <= b, computed here in integers.
    beatty = []
    for k in range(20):
        a = (k + int(((5 * k * k) ** 0.5))) // 2
        while (2 * (a + 1) - k) ** 2 <= 5 * k * k:  # exact floor(k phi) by integer steps
            a += 1
        while a > 0 and (2 * a - k) ** 2 > 5 * k * k:
            a -= 1
        if a + k <= 20:
            beatty.append((a, a + k))
    assert t.p_positions == beatty
    assert t.cells.dtype == np.bool_ and t.cells[3, 5] and not t.cells[3, 4]
    assert "Wythoff" in t.closed_form and "agrees" in t.closed_form
    assert "to" in t.to_dict()


def test_table_of_a_game_defined_in_python_is_a_conjecture():
    game = grundy.define(subtraction_moves)
    t = grundy.table(game, 100)
    assert t.nimbers.tolist() == grundy.table("subtraction 1,3,4", 100).nimbers.tolist()
    assert (t.pattern.period, t.pattern.proved, t.pattern.checked_to) == (7, False, 101)
    pairs = grundy.table(grundy.game("nim"), 5, pairs=True)
    assert pairs.p_positions == [(n, n) for n in range(6)]


def test_table_errors():
    with pytest.raises(ValueError, match="too large for wythoff"):
        grundy.table("wythoff", 100_000)
    with pytest.raises(TypeError, match="a family's name"):
        grundy.table(3, 10)

    def broken(n):
        if n == 7:
            raise RuntimeError("seven")
        return [n - 1] if n else []

    with pytest.raises(RuntimeError, match="seven"):
        grundy.table(grundy.define(broken), 20)


def test_three_engines_agree_on_a_subtraction_game():
    # Subtraction {1, 3, 4} is the octal code 0.3033 (each take may empty the heap or not).
    table = grundy.table("subtraction 1,3,4", 300).nimbers.tolist()
    octal = grundy.octal("0.3033", to=301).values.tolist()
    game = grundy.game("subtraction", "1,3,4")
    solved = [game.nimber(n) for n in range(0, 301, 7)]
    assert table == octal
    assert solved == table[::7]


def test_a_negative_size_is_a_value_error():
    """As the command line says it (grundy table nim --to -5), not an OverflowError."""
    with pytest.raises(ValueError, match="at least 0, found -5"):
        grundy.table("nim", -5)
