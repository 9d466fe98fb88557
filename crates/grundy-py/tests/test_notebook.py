"""Objects as a notebook user meets them: they show themselves (HTML, LaTeX, SVG), have a
length and iterate, convert to numpy and pickle; and the tour notebook under examples/ runs
from top to bottom in a real kernel (nbclient)."""

import pickle
import pathlib

import numpy as np
import pytest

import grundy

ROOT = pathlib.Path(__file__).resolve().parents[3]


def test_a_solution_shows_its_board_and_its_moves_coloured():
    solution = grundy.game("nim").solve([3, 5, 7])
    html = solution._repr_html_()
    assert html.count("<tr>") == len(solution) + 1  # a header, then one row a move
    assert "<svg" in html  # the heaps drawn beside
    # Winning moves are green (the web page's colour), losing ones red; optimal ones starred.
    assert html.count("#dff3e4") == solution.winning_count
    assert html.count("#fde3e1") == len(solution) - solution.winning_count
    assert html.count("&#9733;") == len(solution.optimal)


def test_html_escapes_what_a_game_file_writes():
    game = grundy.define(lambda p: [] if p == "<b>" else ["<b>"], name="tags")
    html = game.solve("<i>")._repr_html_()
    assert "<b>" not in html and "&lt;b&gt;" in html


def test_solutions_and_tables_have_a_length_and_iterate():
    solution = grundy.game("nim").solve([3, 5, 7])
    assert len(solution) == len(solution.moves) == 15
    assert [m.label for m in solution] == [m.label for m in solution.moves]
    table = grundy.table("subtraction 1,3,4", 20)
    assert len(table) == 21
    assert list(table) == table.nimbers.tolist()
    assert repr(solution).startswith("grundy.Solution(position=(3, 5, 7),")


def test_tables_convert_to_numpy():
    table = grundy.table("subtraction 1,3,4", 20)
    assert np.array_equal(np.asarray(table), table.nimbers)
    assert np.asarray(table, dtype=np.int64).dtype == np.int64
    pairs = grundy.table("wythoff", 10, pairs=True)
    cells = np.asarray(pairs)
    assert cells.shape == (11, 11) and cells[0, 0] and cells[1, 2] and cells[2, 1]
    # A game without nimbers: whether each n is a P-position.
    misere = grundy.table(grundy.game("misere-nim"), 5)
    assert np.asarray(misere).dtype == np.bool_


def test_a_table_shows_its_pattern_and_p_positions():
    html = grundy.table("subtraction 1,3,4", 30)._repr_html_()
    assert "period 7" in html and "P-positions" in html
    assert html.count("#fde3e1") == sum(1 for g in grundy.table("subtraction 1,3,4", 30) if g == 0)


def test_an_analysis_shows_why():
    analysis = grundy.analyze("nim 3 5 7")
    html = analysis._repr_html_()
    assert "<li>" in html and "win" in html


@pytest.mark.parametrize(
    "text, latex",
    [
        ("+-1", r"$\pm 1$"),
        ("{2||1|0}", r"$\{2 \| 1 \mid 0\}$"),
        ("^^*", r"$\uparrow \uparrow \ast $"),
        ("v*2", r"$\downarrow \ast 2$"),
        ("-3/4", "$-3/4$"),
    ],
)
def test_cgt_values_show_as_latex(text, latex):
    assert grundy.cgt(text)._repr_latex_() == latex


def test_what_a_user_holds_pickles():
    for value in [
        grundy.game("subtraction", [1, 3, 4]),
        grundy.load(str(ROOT / "examples/games/subtraction.luau"), set=[1, 2]),
    ]:
        again = pickle.loads(pickle.dumps(value))
        assert again.name == value.name
        assert again.solve([10, 12]) == value.solve([10, 12])
    value = grundy.cgt("{2||1|0}")
    assert pickle.loads(pickle.dumps(value)) == value
    table = grundy.table("wythoff", 8, pairs=True)
    again = pickle.loads(pickle.dumps(table))
    assert again.p_positions == table.p_positions
    solution = grundy.game("nim").solve([3, 5])
    assert pickle.loads(pickle.dumps(solution)) == solution
    kayles = grundy.octal("0.77", to=200)
    again = pickle.loads(pickle.dumps(kayles))
    assert again.code == "0.77" and np.array_equal(again.values, kayles.values)
    assert again.verdict.period == 12 and again.verdict.proved


def test_what_cannot_be_made_again_says_so():
    game = grundy.define(lambda n: list(range(n)), name="ordinal")
    with pytest.raises(TypeError, match="defined in Python"):
        pickle.dumps(game)
    with pytest.raises(TypeError, match="table of a grundy.Game"):
        pickle.dumps(grundy.table(game, 5))


def test_the_tour_notebook_runs_in_a_kernel():
    # Installed by .ci/test-python.sh with the kernel: a missing one fails, never skips.
    import nbclient
    import nbformat

    path = ROOT / "examples" / "tour.ipynb"
    notebook = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
    ).execute()
    outputs = [out for cell in notebook.cells if cell.cell_type == "code" for out in cell.outputs]
    assert not [out for out in outputs if out.output_type == "error"]
    shown = {kind for out in outputs for kind in out.get("data", {})}
    assert {"text/html", "text/latex", "image/svg+xml"} <= shown
