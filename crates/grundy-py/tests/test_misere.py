"""Misère play beyond Nim (issue 41): misère tables with genera, misère quotients, and
misère sums of a code's heaps answered by the quotient, each checked against a plain
misère search written here and against the library's search (``remoteness=True``)."""

import itertools
import pickle
from functools import lru_cache

import pytest

import grundy


def octal_moves(code):
    """The moves of a heap under an octal code ("0.07"), as tuples of heaps left."""
    digits = [int(d) for d in code.split(".")[1]]

    def moves(n):
        out = set()
        for k, d in enumerate(digits, start=1):
            if k > n:
                break
            rest = n - k
            if d & 1 and rest == 0:
                out.add(())
            if d & 2 and rest > 0:
                out.add((rest,))
            if d & 4 and rest > 1:
                for a in range(1, rest // 2 + 1):
                    out.add((a, rest - a))
        return out

    return moves


def brute_misere(code):
    """Whether the player to move loses a sum of heaps under misère play, by plain search."""
    moves = octal_moves(code)

    @lru_cache(maxsize=None)
    def loses(heaps):
        options = []
        for i, h in enumerate(heaps):
            for left in moves(h):
                rest = heaps[:i] + left + heaps[i + 1:]
                options.append(tuple(sorted(x for x in rest if x > 0)))
        if not options:
            return False  # no move: the player to move wins under misère play
        return all(not loses(o) for o in options)

    return lambda heaps: loses(tuple(sorted(h for h in heaps if h > 0)))


def sums(n, total):
    """Every multiset of heaps 1..n with total at most `total`."""
    for k in range(0, total + 1):
        for combo in itertools.combinations_with_replacement(range(1, n + 1), k):
            if sum(combo) <= total:
                yield list(combo)


def test_misere_nim_quotients_derived_by_hand():
    # Hand-derived from Bouton's misère rule in crates/grundy/src/misere/quotient/tests.rs
    # (misere_nim_quotients_derived_by_hand): T_2 of Plambeck and Siegel, "Misère quotients
    # for impartial games", J. Combin. Theory A 115 (2008), section 3.
    q = grundy.quotient("0.1", max_heap=1)
    assert (q.order, q.p_portion, q.relations) == (2, ["a"], ["a^2 = 1"])
    q = grundy.quotient("0.33", max_heap=2)
    assert (q.order, q.p_portion, q.relations) == (6, ["a", "b^2"], ["a^2 = 1", "b^3 = b"])
    assert q.elements == ["1", "a", "b", "ab", "b^2", "ab^2"]
    assert q.pretending == {1: "a", 2: "b"}
    assert q.generators == {"a": 1, "b": 2}
    assert q.orders == [2, 6]
    q = grundy.quotient("0.3333", max_heap=4)
    assert (q.order, q.p_portion, q.pretending[3]) == (10, ["a", "b^2"], "ab")


def test_products_and_the_table_agree():
    q = grundy.quotient("0.33", max_heap=2)
    names = q.elements
    for i, row in enumerate(q.table):
        for j, k in enumerate(row):
            assert q.product(names[i], names[j]) == names[k]
    assert q.product("b", "b") == "b^2"
    assert q.product("b^2", "b") == "b"  # b^3 = b
    assert q.element([1, 2, 2]) == "ab^2"
    with pytest.raises(ValueError, match="no element"):
        q.product("c", "a")


@pytest.mark.parametrize("code,n,total", [("0.07", 8, 12), ("0.77", 6, 11), ("0.137", 7, 11)])
def test_quotient_outcomes_and_moves_are_the_plain_searchs(code, n, total):
    q = grundy.quotient(code, max_heap=n)
    assert q.order % 2 == 0
    loses = brute_misere(code)
    moves = octal_moves(code)
    checked = 0
    for heaps in sums(n, total):
        lost = loses(heaps)
        assert q.outcome(heaps) == ("loss" if lost else "win"), heaps
        assert (q.element(heaps) in q.p_portion) == lost
        # The winning moves: exactly the distinct moves to a P-position.
        wins = set()
        for i, h in enumerate(heaps):
            for left in moves(h):
                rest = heaps[:i] + list(left) + heaps[i + 1:]
                if loses(rest):
                    wins.add((h, tuple(sorted(left))))
        got = {(m["heap"], tuple(sorted(m["leaves"]))) for m in q.winning_moves(heaps)}
        assert got == wins, heaps
        checked += 1
    assert checked > 100


def test_explain_names_the_product_and_the_portion():
    q = grundy.quotient("0.33", max_heap=2)
    # The library's reasons, as `grundy solve` and `grundy analyze` write them.
    lines = q.explain([2, 2, 1])
    assert lines[0] == (
        "the misère quotient of 0.33 for heaps up to 2 (order 6, proved for every sum of "
        "such heaps): 2 ×2: b, 1: a; their product is ab^2, not in the P-portion {a, b^2}"
    )
    assert lines[1].startswith("Plambeck and Siegel, misère quotients (2008)")
    assert lines[2] == (
        "winning moves, each leaving a product in the P-portion: a heap of 1 -> nothing "
        "(product b^2)"
    )
    lost = q.explain([1, 1, 1])
    assert lost[0].endswith("1 ×3: a; their product is a, in the P-portion {a, b^2}")
    assert len(lost) == 2


def test_quotient_errors_are_python_exceptions():
    with pytest.raises(ValueError, match="past this quotient's bound of 2"):
        grundy.quotient("0.33", max_heap=2).outcome([3])
    with pytest.raises(ValueError, match="at least 0"):
        grundy.quotient("0.33", max_heap=2).outcome([-1])
    with pytest.raises(grundy.TooLargeError, match="more than 8 elements"):
        grundy.quotient("0.77", max_heap=12, max_order=8)
    with pytest.raises(ValueError, match="heap bound must be at least 1"):
        grundy.quotient("0.77", max_heap=0)
    with pytest.raises(ValueError):
        grundy.quotient("0.9x")


def test_quotient_pickles_and_shows_itself():
    q = grundy.quotient("kayles", max_heap=5)
    again = pickle.loads(pickle.dumps(q))
    assert (again.code, again.order, again.p_portion) == (q.code, q.order, q.p_portion)
    d = q.to_dict()
    assert d["order"] == q.order and d["p_portion"] == q.p_portion
    assert d["pretending"] == [q.pretending[h] for h in range(1, 6)]
    html = q._repr_html_()
    assert "P-portion" in html and "&times;" in html
    assert repr(q).startswith("grundy.Quotient('0.77', max_heap=5")


@pytest.mark.parametrize("code", ["0.07", "0.77", "0.137"])
def test_misere_solve_by_the_quotient_is_the_searchs(code):
    g = grundy.game(code, misere=True)
    loses = brute_misere(code)
    for heaps in ([1], [2, 2], [3, 5], [1, 4, 6], [7, 7, 2, 1], [12, 3], [5, 5, 5, 5]):
        s = g.solve(heaps)
        assert s.explanation, heaps  # answered by the quotient
        assert s.outcome == ("loss" if loses(heaps) else "win"), heaps
        searched = g.solve(heaps, remoteness=True)
        assert searched.explanation == []  # remoteness: the search
        assert s.outcome == searched.outcome
        assert [m.outcome for m in s.moves] == [m.outcome for m in searched.moves]
        # Optimal: every move that keeps the outcome (the search's, by remoteness, are
        # the quickest of these).
        assert s.optimal == [i for i, m in enumerate(s.moves) if m.outcome == s.outcome]
        assert set(searched.optimal) <= set(s.optimal)


# Outcomes of `grundy solve CODE HEAPS --misere` (the CLI answers by the same quotient,
# `compute_within` for heaps up to the largest): 0.07 13 17 20 is a win whose one winning
# move leaves 13 4 11 20; 0.77 13 17 20 is a win, one winning move leaving 12 17 20.
@pytest.mark.parametrize(
    "code, heaps, lost",
    [("0.07", [13, 17, 20], [13, 4, 11, 20]), ("0.77", [13, 17, 20], [12, 17, 20])],
)
def test_misere_solve_past_heap_12_by_the_quotient_as_the_cli(code, heaps, lost):
    g = grundy.game(code, misere=True)
    s = g.solve(heaps)
    assert s.explanation[0].startswith(f"the misère quotient of {code} for heaps up to 20")
    assert s.outcome == "win"
    loss = g.solve(lost)
    assert "quotient" in loss.explanation[0] and loss.outcome == "loss"
    # Each move's outcome is that of the sum it leaves, answered by the quotient too.
    for m in s.moves:
        assert m.outcome == ("win" if g.solve(list(m.to)).outcome == "loss" else "loss")


@pytest.mark.parametrize("code", ["0.07", "0.77"])
def test_misere_solve_past_heap_12_is_the_plain_searchs(code):
    g = grundy.game(code, misere=True)
    loses = brute_misere(code)
    sums = [[h, k] for h in range(13, 16) for k in range(1, h + 1)]
    sums += [[13], [14], [15], [13, 17], [13, 4, 6]]
    for heaps in sums:
        s = g.solve(heaps)
        assert "quotient" in s.explanation[0], heaps
        assert s.outcome == ("loss" if loses(heaps) else "win"), heaps


def test_misere_table_rows_and_genera():
    # Kayles' genera as published: Winning Ways (2nd ed., vol. 2, ch. 13) tabulates misère
    # Kayles (heap 5: 4^146); CGSuite 2.2 writes the same rows, heap 5 the first that is
    # not tame (the KAYLES rows of crates/grundy/src/misere/genus/tests.rs).
    t = grundy.table("kayles", 12, misere=True)
    assert t.genera[:6] == ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146"]
    assert t.first_wild == 5
    row = t.rows[5]
    assert set(row) == {"heap", "nimber", "misere_nimber", "genus", "tame"}
    assert (row["nimber"], row["misere_nimber"], row["tame"]) == (4, 1, False)
    # The misère values are the plain search's: 0 exactly on misère P-positions.
    loses = brute_misere("0.77")
    assert [m == 0 for m in t.misere_nimbers] == [loses([n]) if n else False for n in range(13)]
    assert t.to_dict()["heaps"][5]["genus"] == "4^146"
    assert len(t) == 13 and list(t)[0]["heap"] == 0
    assert "4^146" in t._repr_html_()
    again = pickle.loads(pickle.dumps(t))
    assert again.genera == t.genera


def test_misere_table_of_nim_and_of_a_game():
    t = grundy.table("nim", 3, misere=True)
    assert t.genera == ["0^120", "1^031", "2^20", "3^31"]
    assert all(t.tame) and t.first_wild is None
    g = grundy.game("0.07")
    assert grundy.table(g, 6, misere=True).genera == grundy.table("0.07", 6, misere=True).genera
    with pytest.raises(ValueError, match="not a heap game"):
        grundy.table("wythoff", 3, misere=True)
    with pytest.raises(ValueError, match="pairs"):
        grundy.table("nim", 3, misere=True, pairs=True)


def test_misere_solve_searches_with_a_note_when_no_quotient_answers():
    # A heap of 1,001 is past the heaps a quotient is computed for (as `grundy solve 0.1
    # 1001 1 --misere` notes): the search answers, and says why. Under 0.1 only a heap of 1
    # can move, so the search is at once: taking the 1 leaves the opponent no move, a loss.
    s = grundy.game("0.1", misere=True).solve([1001, 1])
    assert s.explanation[0].startswith("no misère quotient answers this sum"), s.explanation
    assert "1001" in s.explanation[0] and "searched it whole" in s.explanation[0]
    assert s.outcome == "loss"
