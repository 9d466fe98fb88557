"""grundy.cgt: partizan game values with operators, against the known forms of Winning Ways
(Berlekamp, Conway, Guy) and Siegel, Combinatorial Game Theory (2013), and against the
definitions of sum and order on small games written here in Python."""

from fractions import Fraction
import itertools
import pathlib

import pytest

import grundy


def test_known_forms():
    up = grundy.cgt("^")
    assert up + up == grundy.cgt("{0|^*}")
    assert str(up + up) == "^^"
    assert grundy.cgt("^*") == grundy.cgt("{0,*|0}")
    assert grundy.cgt("{0|1}") == grundy.cgt("1/2")
    assert str(grundy.cgt("{1|-1}")) == "+-1"
    assert repr(grundy.cgt("{2|0||-1}")) == 'grundy.cgt("{2|0||-1}")'
    assert grundy.cgt("^*").canonical == "{0,{0|0}|0}"


def test_operators_and_order():
    half, star, up = grundy.cgt("1/2"), grundy.cgt("*"), grundy.cgt("^")
    assert half + half == grundy.cgt("1")
    assert half + 1 == grundy.cgt("3/2")
    assert 1 - half == half
    assert -up == grundy.cgt("v")
    assert up - up == grundy.cgt("0")
    assert up > grundy.cgt("0")
    assert not (up <= star) and not (star <= up)
    assert up.confused_with(star)
    assert grundy.cgt("0") < up < half
    assert hash(up + up) == hash(grundy.cgt("^^"))
    assert len({up, up + 0, grundy.cgt("{0|*}")}) == 1
    assert up != "^"


def test_measures():
    g = grundy.cgt("{3|-1}")
    assert g.outcome == "N"
    assert g.left_stop == 3 and g.right_stop == -1
    assert g.mean == 1 and g.temperature == 2
    assert isinstance(g.temperature, Fraction)
    assert grundy.cgt("3/4").temperature == Fraction(-1, 4)
    assert grundy.cgt("^^*").atomic_weight == grundy.cgt("2")
    assert grundy.cgt("1/2").atomic_weight is None
    # CGSuite's atomic weight beyond all-small games, and its refusals (CGSuite's tests,
    # lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala).
    assert grundy.cgt("Tiny(3/2)").atomic_weight == 0
    assert grundy.cgt("{^^^|vv}").atomic_weight == grundy.cgt("{1|0}")
    assert grundy.cgt("{1|^^||^}").atomic_weight == 2
    assert grundy.cgt("{1|^^^||^}").atomic_weight is None
    # CGSuite's spellings, read and printed back: Tiny(G), Miny(G), ^<n>, ^[n].
    assert str(grundy.cgt("{0||0|-3/2}")) == "Tiny(3/2)"
    assert grundy.cgt("Miny(1)") == -grundy.cgt("Tiny(1)")
    assert grundy.cgt("{0|^<2>}") == grundy.cgt("{0||0|v*}")
    assert grundy.cgt("^[4]") == grundy.cgt("{0|*||*|||*||||*}")
    # Reduced canonical forms: a number plus an infinitesimal is the number; a hot game's
    # infinitesimal option is its number (Siegel, Combinatorial Game Theory, II.6).
    assert grundy.cgt("1/2 + ^*").reduced_canonical_form == grundy.cgt("1/2")
    assert str(grundy.cgt("{2|^}").reduced_canonical_form) == "{2|0}"
    assert grundy.cgt("1/2").is_number and not up_is_number()
    assert [str(o) for o in grundy.cgt("{2|0||-1}").left_options] == ["{2|0}"]


def up_is_number():
    return grundy.cgt("^").is_number


def test_errors():
    with pytest.raises(ValueError, match="column 5"):
        grundy.cgt("{1|2")
    with pytest.raises(ValueError, match="not a dyadic"):
        grundy.cgt("1/3")
    with pytest.raises(TypeError):
        grundy.cgt("1") + 1.5
    with pytest.raises(OverflowError):
        grundy.cgt(str(2**62)) + grundy.cgt(str(2**62)) + grundy.cgt(str(2**62))


def leq(g, h):
    """G <= H by the definition, on games given as (left options, right options)."""
    return not any(leq(h, gl) for gl in g[0]) and not any(leq(hr, g) for hr in h[1])


def games_born_by_day_two():
    day0 = [((), ())]
    day1 = [(l, r) for l in subsets(day0) for r in subsets(day0)]
    return [(l, r) for l in subsets(day1) for r in subsets(day1)]


def subsets(items):
    return [tuple(c) for n in range(len(items) + 1) for c in itertools.combinations(items, n)]


def text(g):
    return "{" + ",".join(map(text, g[0])) + "|" + ",".join(map(text, g[1])) + "}"


def test_order_against_the_definition_on_day_two():
    games = games_born_by_day_two()[::7]
    values = [grundy.cgt(text(g)) for g in games]
    for (g, a), (h, b) in itertools.product(zip(games, values), repeat=2):
        assert (a <= b) == leq(g, h), (text(g), text(h))


EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples" / "games"


def test_a_partizan_game_file_answers_canonical_forms():
    # Winning Ways, chapter 5: Domineering's 2x3 board is {2|-1/2}; chapter 2: the
    # Hackenbush stalk blue, red, blue is 3/4.
    dom = grundy.load(EXAMPLES / "domineering_values.luau")
    assert dom.kind == "partizan"
    g = dom.canonical(["...", "..."])
    assert g == grundy.cgt("{2|-1/2}")
    assert g.temperature == Fraction(5, 4)
    hackenbush = grundy.load(EXAMPLES / "hackenbush_strings.luau")
    assert hackenbush.canonical(["BRB", "R"]) == grundy.cgt("3/4") - 1
    with pytest.raises(ValueError, match="not partizan"):
        grundy.game("nim").canonical([3])
    with pytest.raises(grundy.TooLargeError):
        dom.canonical(["....", "....", "...."], max_positions=10)


def test_a_partizan_board_is_drawn():
    # The board as data and SVG, a rectangle a cell; no cell is a click (no one is to move).
    dom = grundy.load(EXAMPLES / "domineering_values.luau")
    drawing = dom.draw(["..#", "..."])
    cells = drawing.data["grid"]["cells"]
    assert [[c["fill"] for c in row] for row in cells] == [
        ["empty", "empty", "filled"],
        ["empty", "empty", "empty"],
    ]
    assert all(c["move"] is None for row in cells for c in row)
    assert drawing._repr_svg_().count("<rect") == 6


def test_operations_as_cgsuite_has_them():
    """Cooling, heating, overheating, Norton multiplication, ordinal sums, birthdays,
    incentives and the thermograph as data (Siegel II.5-II.6; worked by hand)."""
    g = grundy.cgt("{2|-1}")
    assert g.cool(1) == grundy.cgt("{1|0}")
    assert g.cool(Fraction(3, 2)) == grundy.cgt("1/2*")
    assert g.cool("2") == grundy.cgt("1/2")
    assert grundy.cgt("*").heat(1) == grundy.cgt("+-1")
    assert grundy.cgt("*").overheat("1*", 1) == grundy.cgt("+-1")
    assert grundy.cgt("1").ordinal_sum(-1) == grundy.cgt("1/2")
    assert grundy.cgt("3").norton_multiply("^") == grundy.cgt("^^^")
    assert grundy.cgt("^").birthday == 2
    assert [str(x) for x in grundy.cgt("^").left_incentives] == ["v"]
    assert [str(x) for x in grundy.cgt("^").right_incentives] == ["^*"]
    thermograph = grundy.cgt("{1|0,+-1}").thermograph
    assert thermograph.temperature == Fraction(1, 2)
    assert thermograph.mast == Fraction(1, 2)
    assert thermograph.left == [(Fraction(-1), Fraction(2), -1), (Fraction(1, 2), Fraction(1, 2), 0)]
    assert thermograph.right == [(Fraction(-1), Fraction(-1), 1), (Fraction(1, 2), Fraction(1, 2), 0)]
    assert thermograph.corners == [
        [(Fraction(-1), Fraction(2)), (Fraction(1, 2), Fraction(1, 2))],
        [(Fraction(-1), Fraction(-1)), (Fraction(1, 2), Fraction(1, 2))],
    ]
    assert repr(thermograph) == "Thermograph(temperature 1/2, mast 1/2)"
    # A notebook draws it, as the library draws it for every front end: the two axes, the
    # two walls and the mast as SVG paths, the mast's value and the temperature written.
    svg = thermograph._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<path") == 5 and 'class="left-wall"' in svg and 'class="right-wall"' in svg
    assert "mast 1/2, temperature 1/2" in svg
    with pytest.raises(ValueError, match="not a dyadic rational"):
        g.cool(Fraction(1, 3))
    with pytest.raises(ValueError, match=r"a number is needed here, not \*"):
        g.cool("*")
    with pytest.raises(TypeError):
        g.heat(1.5)


def test_values_compare_with_numbers_as_their_hashes_say():
    """Issue 44: ``cgt("0") == 0`` was False while the hashes agreed, and ``cgt("1") > 0``
    raised TypeError."""
    assert grundy.cgt("0") == 0 and 0 == grundy.cgt("0")
    assert grundy.cgt("1") > 0 and 0 < grundy.cgt("1")
    assert grundy.cgt("1/2") == Fraction(1, 2) and grundy.cgt("1/2") == 0.5
    assert grundy.cgt("-3/4") < -0.5 <= grundy.cgt("-1/2")
    assert grundy.cgt("^") > 0 and not grundy.cgt("^") > Fraction(1, 1024)
    assert not (grundy.cgt("*") >= 0) and not (grundy.cgt("*") <= 0) and grundy.cgt("*") != 0
    for text, number in [("0", 0), ("5", 5), ("-2", -2), ("1/2", Fraction(1, 2)), ("3/8", 0.375)]:
        game = grundy.cgt(text)
        assert game == number and hash(game) == hash(number)
    assert len({grundy.cgt("1/2"), Fraction(1, 2), 0.5}) == 1
    assert grundy.cgt("1") != "1" and grundy.cgt("1") != Fraction(1, 3)
    with pytest.raises(TypeError):
        grundy.cgt("1") < Fraction(1, 3)
    with pytest.raises(TypeError):
        grundy.cgt("1") < "2"


def test_numbers_make_games_as_their_expressions_do():
    """grundy.cgt takes an int, a dyadic Fraction or a game as it takes a string."""
    from fractions import Fraction

    assert grundy.cgt(0) == grundy.cgt("0") == 0
    assert grundy.cgt(-7) == grundy.cgt("-7")
    assert str(grundy.cgt(Fraction(-5, 8))) == "-5/8"
    up = grundy.cgt("^")
    assert grundy.cgt(up) is not up and grundy.cgt(up) == up
    with pytest.raises(ValueError, match="not a dyadic rational"):
        grundy.cgt(Fraction(1, 3))
    with pytest.raises(TypeError, match="not list"):
        grundy.cgt([1])
