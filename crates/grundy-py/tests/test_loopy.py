"""grundy.loopy: loopy partizan games in CGSuite's notation, against the values CGSuite's
tests give (github.com/aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/
SidedValueTestCase.scala and CanonicalStopperTestCase.scala) and Winning Ways, ch. 11."""

import pytest

import grundy


def test_sided_values_as_cgsuite_gives_them():
    # SidedValueTestCase.scala: (expression, value, onside, offside, outcome class).
    for text, value, on, off, outcome in [
        ("dud", "dud", "on", "off", "D"),
        ("a{{|a}|}", "1 & 0", "1", "0", "PHat"),
        ("{0|{dud|},*}", "^ & v*", "^", "v*", "NHat"),
    ]:
        g = grundy.loopy(text)
        assert (str(g), g.onside, g.offside, g.outcome) == (value, on, off, outcome)
        assert not g.is_stopper
        assert repr(g) == f'grundy.loopy("{value}")'


def test_bachs_carousel_has_an_outcome_but_no_stopper_sides():
    bach = grundy.loopy("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}")
    assert bach.outcome == "N"
    with pytest.raises(ValueError, match="not found as stoppers"):
        bach.onside


def test_sums_order_and_stoppers():
    on, off, over = grundy.loopy("on"), grundy.loopy("off"), grundy.loopy("over")
    assert str(on + off) == "dud" and (on + off).outcome == "D"
    assert over + over == over and str(over + over) == "over"
    assert over > grundy.loopy("0") and over < grundy.loopy("1/64")
    assert str(-over) == "under" and over.is_stopper
    dud = on + off
    assert not (dud <= grundy.loopy("0")) and not (dud >= grundy.loopy("0"))
    assert dud == grundy.loopy("on & off")
    assert grundy.loopy("over & under") == over - over
    assert grundy.loopy("on + off == dud") is True


def test_bad_input_raises_with_grundys_message():
    with pytest.raises(ValueError, match="column 8"):
        grundy.loopy("{0|pass")
    with pytest.raises(ValueError, match="at least the offside"):
        grundy.loopy("off & on")
    with pytest.raises(TypeError, match="LoopyValue"):
        grundy.loopy("on") + 1
    with pytest.raises(ValueError, match="no game to add"):
        grundy.loopy("on & off") + grundy.loopy("on")


EXAMPLES = __import__("pathlib").Path(__file__).resolve().parents[3] / "examples" / "games"


def test_a_loopy_game_file_gives_sided_values_that_add():
    # roundabout.luau: every cell is over (Winning Ways, ch. 11; derived in the file);
    # over + over = over (CanonicalStopperTestCase.scala: over is idempotent).
    roundabout = grundy.load(EXAMPLES / "roundabout.luau")
    over = roundabout.canonical((3, 1))
    assert isinstance(over, grundy.LoopyValue)
    assert (str(over), over.outcome, over.is_stopper) == ("over", "L", True)
    assert str(over + roundabout.canonical((2, 2))) == "over"
    assert over == grundy.loopy("over")
    # over + under = over & under, drawn whoever starts (CGSuite's documented value).
    assert str(over + grundy.loopy("under")) == "over & under"
    # shuttle.luau: cell C of a track of N is C & C-N (derived in the file); sums add sides.
    shuttle = grundy.load(EXAMPLES / "shuttle.luau")
    bottom = shuttle.canonical((1, 0))
    assert (str(bottom), bottom.onside, bottom.offside, bottom.outcome) == (
        "0 & -1",
        "0",
        "-1",
        "PCheck",
    )
    top = shuttle.canonical((1, 1))
    assert (str(bottom + top), (bottom + top).outcome) == ("1 & -1", "D")
    # A short position is still a canonical form.
    assert str(roundabout.canonical((3, 0))) == "0"
    assert isinstance(roundabout.canonical((3, 0)), grundy.CgtGame)


def test_pow_and_pow_to_are_cgsuites_pow_and_powto():
    # CGSuite's ^.Pow(n) prints ^<n> and ^.PowTo(n) prints ^[n]; ^[n] = ^ + ^<2> + ... + ^<n>
    # (Siegel, Combinatorial Game Theory, 2013, II.4).
    up = grundy.cgt("^")
    for n in range(1, 6):
        assert up.pow(n) == grundy.cgt(f"^.Pow({n})")
        assert up.pow_to(n) == grundy.cgt(f"^.PowTo({n})")
        assert up.pow_to(n) == sum((up.pow(k) for k in range(2, n + 1)), up)
    assert (str(up.pow(2)), str(up.pow_to(3)), str(up.pow(1))) == ("^<2>", "^[3]", "^")
    # Any {0|H}, against the calculator's .Pow and .PowTo.
    g = grundy.cgt("{0|*2}")
    assert g.pow(2) == grundy.cgt("{0|*2}.Pow(2)")
    assert g.pow_to(3) == grundy.cgt("{0|*2}.PowTo(3)")
    with pytest.raises(ValueError, match="is not of the form"):
        grundy.cgt("1").pow(2)
    with pytest.raises(ValueError, match="from 0 to 64"):
        up.pow(65)
    with pytest.raises(ValueError, match="from 0 to 64"):
        up.pow_to(-1)
