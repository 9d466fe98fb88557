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
