"""Built-in games through the front door, and games defined in Python, against plain
search written here in Python and against each other."""

import functools
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import grundy


def mex(values):
    values = set(values)
    n = 0
    while n in values:
        n += 1
    return n


def brute_nimber(moves):
    """The plain recursive Grundy value of a game given by ``moves``."""

    @functools.lru_cache(maxsize=None)
    def nimber(pos):
        return mex(nimber(to) for to in moves(pos))

    return nimber


def subtraction_moves(n, subtract=(1, 3, 4)):
    return [n - s for s in subtract if s <= n]


def test_builtin_subtraction_matches_plain_search():
    game = grundy.game("subtraction", "1,3,4")
    plain = brute_nimber(subtraction_moves)
    for n in range(60):
        assert game.nimber(n) == plain(n), n
    # A row of heaps is the XOR of its heaps (Sprague-Grundy), and the solution says so.
    solution = game.solve([10, 12])
    assert solution.nimber == plain(10) ^ plain(12)
    assert solution.outcome == ("win" if solution.nimber else "loss")


def kayles_row_moves(n):
    """Kayles on one row of n pins: knock down one pin or two adjacent pins."""
    out = []
    for take in (1, 2):
        for left in range(n - take + 1):
            out.append(("row", left, n - take - left))
    return out


def test_codes_are_games_and_play_misere():
    # Kayles (0.77) against plain search written here: a row splits into two rows.
    @functools.lru_cache(maxsize=None)
    def kayles(n):
        return mex(kayles(a) ^ kayles(b) for _, a, b in kayles_row_moves(n))

    game = grundy.game("0.77")
    assert grundy.game("kayles").name == game.name == "0.77"
    for n in range(30):
        assert game.nimber(n) == kayles(n), n
    assert game.solve([3, 5, 7]).nimber == kayles(3) ^ kayles(5) ^ kayles(7)
    table = grundy.table("0.07", 100)
    assert "period 34" in str(table)

    # Misère Kayles on rows of up to 3 heaps of up to 4 pins, against plain misère search.
    @functools.lru_cache(maxsize=None)
    def misere_wins(heaps):
        nexts = []
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1:]
            for _, a, b in kayles_row_moves(h):
                nexts.append(tuple(sorted(x for x in rest + (a, b) if x > 0)))
        if not nexts:
            return True  # who cannot move wins
        return any(not misere_wins(to) for to in nexts)

    misere = grundy.game("0.77", misere=True)
    for heaps in [(1,), (2,), (1, 1), (2, 2), (1, 2, 3), (4, 4), (3, 4, 1)]:
        expected = "win" if misere_wins(tuple(sorted(heaps))) else "loss"
        assert misere.solve(list(heaps)).outcome == expected, heaps
    assert grundy.solve("lasker 1", misere=True).outcome == "loss"
    with pytest.raises(ValueError, match="invalid digit 'x'"):
        grundy.game("0.9x")


def test_solution_fields():
    s = grundy.game("nim").solve([3, 5, 7])
    assert (s.outcome, s.nimber, s.score) == ("win", 1, None)
    assert s.position == (3, 5, 7)
    assert len(s.moves) == 3 + 5 + 7
    assert [m.label for m in s.optimal_moves] == ["heap 1: 3 -> 2", "heap 2: 5 -> 4", "heap 3: 7 -> 6"]
    assert all(m.outcome == "win" and m.nimber == 0 for m in s.winning_moves)
    assert [s.moves[i].label for i in s.optimal] == [m.label for m in s.optimal_moves]
    # The principal line ends the game: every heap emptied, and its length is the remoteness.
    assert len(s.line) == s.remoteness
    assert s.line[-1].to == (0, 0, 0)
    data = s.to_dict()
    assert data["value"]["nimber"] == 1 and len(data["moves"]) == 15

    assert s.all_listed and (s.move_count, s.winning_count) == (15, 3)
    assert [m.index for m in s.moves] == list(range(15))


def test_a_position_with_millions_of_moves_lists_a_few_and_counts_all():
    lasker = grundy.game("lasker")
    # A heap of 10^6: 1.5 M moves (take any, or split in two), valued by the closed form.
    s = lasker.solve([1_000_000])
    assert (s.outcome, s.nimber) == ("win", 999_999)
    assert (s.move_count, s.winning_count, s.all_listed) == (1_500_000, 2, False)
    assert len(s.moves) <= 3 * 1000
    assert [m.to for m in s.winning_moves] == [(0,), (500_000, 500_000)]
    # The moves listed are the first 1000 and the winning ones, each at its own index.
    assert [m.index for m in s.moves][:1000] == list(range(1000))
    assert [m.index for m in s.winning_moves] == [0, 1_499_999]
    small = lasker.moves([2000])
    assert all(small[m.index].to == m.to for m in lasker.solve([2000]).moves)
    # Asked for, every move is listed.
    whole = lasker.solve([2000], all_moves=True)
    assert whole.all_listed and [m.index for m in whole.moves] == list(range(3000))
    assert len(lasker.solve([2000]).moves) < 3000


def test_positions_as_text_data_and_one_int():
    game = grundy.game("wythoff")
    assert game.solve([3, 5]).outcome == "loss"
    assert game.solve("3 5").outcome == "loss"
    assert game.parse("3 5") == (3, 5)
    assert game.show((3, 5)) == "3 5"
    assert grundy.game("bash", 3).solve(8).outcome == "loss"
    assert grundy.parse("subtraction 1,3,4 -- 10 12")[1] == (10, 12)
    assert grundy.solve("wythoff 3 5").outcome == "loss"


def test_families_listed_and_opened():
    names = [f["name"] for f in grundy.families()]
    assert names[:3] == ["nim", "misere-nim", "bash"]
    boards = [f["name"] for f in grundy.families() if f["board"]]
    assert "young" in boards and "nim" not in boards
    # A board game opens from its setup and carries its start: kiki's corner of a 3 x 4
    # board (HDU 2147: the first player loses only when both sides are odd).
    kiki = grundy.game("kiki 3 4")
    assert (kiki.name, kiki.start) == ("kiki 3 4", (3, 2))
    assert kiki.solve(kiki.start).outcome == "win"
    assert grundy.game("subtraction", [1, 3, 4]).name == "subtraction 1,3,4"
    assert grundy.game("moore 2").name == "moore 2"
    assert grundy.game("bash-reach 3 30").start == 0


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: grundy.game("foo"), ValueError, 'unknown game "foo"; expected one of: nim,'),
        (lambda: grundy.game("bash", 0), ValueError, 'bash expects K, an integer from 1 to 1000000, found "0"'),
        (lambda: grundy.game("subtraction"), ValueError, "subtraction needs its parameter S"),
        (lambda: grundy.game("nim", 3), ValueError, 'grundy.game takes a family and its parameter; "3" is a position'),
        (lambda: grundy.game("nim").solve([-1]), ValueError, "bad position: expected a heap (an integer from 0 to 16777216), found -1"),
        (lambda: grundy.game("nim").solve(["x"]), ValueError, 'found "x"'),
        (lambda: grundy.game("nim").solve(object()), TypeError, "a position is plain data"),
        (lambda: grundy.game("nim").solve(2**70), ValueError, "fit in 64 bits"),
        (lambda: grundy.solve("wythoff 3 x"), ValueError, 'found "x"'),
        (lambda: grundy.game("nim").choose([3], "9 9"), ValueError, "no move"),
        (lambda: grundy.game("misere-nim").nimber([3]), ValueError, "has no nimbers"),
    ],
)
def test_errors_carry_the_cli_messages(call, error, message):
    with pytest.raises(error) as info:
        call()
    assert message in str(info.value)


def test_budget_refusal_says_the_size():
    with pytest.raises(grundy.TooLargeError, match=r"needs \d+ positions, more than the limit of 10"):
        # Grundy's game: no closed form answers in place of the search (Lasker's Nim has one).
        grundy.game("grundy-game").solve([200, 300], max_positions=10)
    assert issubclass(grundy.TooLargeError, MemoryError)


def _walk():
    """A walk to the corner of a grid, defined in Python: (x, y) moves to (x - 1, y) or
    (x, y - 1); (n, n) reaches (n + 1)^2 positions."""
    return grundy.define(lambda p: [(p[0] - 1, p[1]), (p[0], p[1] - 1)] if min(p) > 0 else [])


def test_max_positions_counts_what_the_call_needs_whatever_came_before():
    # (41, 41) reaches 42^2 = 1764 positions: refused under 1000 on a fresh game, and
    # still refused (not answered) after another call has kept 1681 positions.
    fresh = _walk()
    with pytest.raises(grundy.TooLargeError, match="limit of 1000"):
        fresh.solve((41, 41), max_positions=1000)
    assert fresh.solve((41, 41), max_positions=2000).outcome == "loss"
    warm = _walk()
    warm.solve((40, 40))
    for limit in (100, 1000):
        with pytest.raises(grundy.TooLargeError, match=f"limit of {limit}"):
            warm.solve((41, 41), max_positions=limit)
    # Kept positions never make a small call fail: the search runs again from nothing.
    assert warm.solve((3, 3), max_positions=16).outcome == "loss"


def test_default_memory_follows_the_address_space_limit():
    # A kernel limited to its mapped memory and 160 MiB more: the default budget follows the
    # limit (as the command line's does), so the search is refused with TooLargeError and
    # the process lives; with a fixed default it would die allocating.
    script = textwrap.dedent(
        """
        import resource
        import grundy

        def mapped():
            for line in open("/proc/self/status"):
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024

        limit = mapped() + (160 << 20)
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        walk = grundy.define(lambda p: [(p[0] - 1, p[1]), (p[0], p[1] - 1)] if min(p) > 0 else [])
        try:
            walk.solve((4000, 4000))
            print("solved")
        except grundy.TooLargeError as err:
            print("refused:", err)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("refused: the game needs"), done.stdout
    assert "bytes, more than the limit of" in done.stdout


def test_self_nested_list_is_refused_not_a_crash():
    nested = []
    nested.append(nested)
    with pytest.raises(ValueError, match="nests lists at most"):
        grundy.game("nim").solve(nested)


# Games defined in Python.


def test_python_game_against_the_same_game_built_in():
    python = grundy.define(subtraction_moves, name="take 1, 3 or 4")
    builtin = grundy.game("subtraction", "1,3,4")
    assert python.kind == "impartial" and python.play == "normal"
    for n in range(80):
        p, b = python.solve(n), builtin.solve([n])
        assert (p.outcome, p.nimber, p.remoteness) == (b.outcome, b.nimber, b.remoteness), n
        assert sorted(m.to for m in p.optimal_moves) == sorted(m.to[0] for m in b.optimal_moves)


def test_python_game_as_a_class_with_components():
    class Nim:
        name = "nim in Python"

        def moves(self, heaps):
            return [
                heaps[:i] + (k,) + heaps[i + 1 :] for i, h in enumerate(heaps) for k in range(h)
            ]

        def components(self, heaps):
            return [(h,) for h in heaps if h]

    game = grundy.define(Nim())
    assert game.name == "nim in Python"
    for heaps in [(3, 5, 7), (1, 2, 3), (4, 4), (9, 2, 6, 1)]:
        expected = 0
        for h in heaps:
            expected ^= h
        assert game.nimber(heaps) == expected == grundy.game("nim").nimber(list(heaps))


TTT_LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
# The board's 8 turns and mirrors, each as the cell that lands on cells 0..8.
TTT_SYMMETRIES = [
    (0, 1, 2, 3, 4, 5, 6, 7, 8), (2, 5, 8, 1, 4, 7, 0, 3, 6), (8, 7, 6, 5, 4, 3, 2, 1, 0),
    (6, 3, 0, 7, 4, 1, 8, 5, 2), (2, 1, 0, 5, 4, 3, 8, 7, 6), (6, 7, 8, 3, 4, 5, 0, 1, 2),
    (0, 3, 6, 1, 4, 7, 2, 5, 8), (8, 5, 2, 7, 4, 1, 6, 3, 0),
]


def tictactoe(seen):
    """Tic-tac-toe on a 9-letter board, scored; ``seen`` collects the boards searched."""

    def won(board, mark):
        return any(all(board[i] == mark for i in line) for line in TTT_LINES)

    def moves(board):
        seen.add(board)
        mark = "x" if board.count("x") == board.count("o") else "o"
        if won(board, "o" if mark == "x" else "x"):
            return []
        out = []
        for i, cell in enumerate(board):
            if cell == ".":
                after = board[:i] + mark + board[i + 1 :]
                out.append(grundy.Move(after, points=int(won(after, mark))))
        return out

    return moves


def ttt_canonical(board):
    return min("".join(board[i] for i in sym) for sym in TTT_SYMMETRIES)


def test_canonical_stores_classes_with_the_same_answers():
    plain_seen, classes_seen = set(), set()
    plain = grundy.define(tictactoe(plain_seen), kind="scoring")
    classes = grundy.define(tictactoe(classes_seen), kind="scoring", canonical=ttt_canonical)
    classes.solve(".........")
    plain.solve(".........")
    # 5478 boards are reachable from the empty one, 765 up to turns and mirrors (as counted,
    # e.g., in the Wikipedia article "Tic-tac-toe"); the boards of the principal line (9
    # moves) are listed as played too.
    assert len(plain_seen) == 5478 and 765 <= len(classes_seen) <= 765 + 9
    for board in [".........", "x........", "x...o....", "xo.......", "xx.oo...."]:
        with_classes = classes.solve(board, remoteness=True)
        expected = plain.solve(board, remoteness=True)
        assert with_classes.score == expected.score
        assert with_classes.remoteness == expected.remoteness
        # Every move as played (its label and board, not its class's) with its value.
        assert with_classes.moves == expected.moves
        # The principal line is played from the board given: each step one of its moves.
        current = board
        for step in with_classes.line:
            assert step in plain.moves(current)
            current = step.to


def test_a_canonical_that_returns_no_position_raises():
    game = grundy.define(subtraction_moves, canonical=lambda n: {n})
    with pytest.raises(TypeError, match="a position is plain data"):
        game.solve(5)
    with pytest.raises(TypeError, match="canonical must be callable"):
        grundy.define(subtraction_moves, canonical=3)


def test_python_misere_and_win_loss_and_scoring_and_loopy():
    # Misère Nim on one row, against the built-in family.
    def nim_moves(heaps):
        return [tuple(sorted(heaps[:i] + (k,) + heaps[i + 1 :])) for i, h in enumerate(heaps) for k in range(h)]

    misere = grundy.define(nim_moves, misere=True)
    builtin = grundy.game("misere-nim")
    for heaps in [(1,), (1, 1), (2, 2), (1, 2, 3), (3, 3, 1)]:
        assert misere.solve(heaps).outcome == builtin.solve(list(heaps)).outcome, heaps

    # Scoring: take 1 or 2 coins from a row, scoring them; the mover's best difference.
    def coins(pos):
        return [grundy.Move(pos - k, points=k) for k in (1, 2) if k <= pos]

    scoring = grundy.define(coins, kind="scoring")
    brute = functools.lru_cache(maxsize=None)(
        lambda n: max((k - brute(n - k) for k in (1, 2) if k <= n), default=0)
    )
    for n in range(15):
        assert scoring.solve(n).score == brute(n), n

    # Loopy: a token on a cycle of three cells with an exit from cell 0: draws are found.
    def cycle(cell):
        return {0: [1, "out"], 1: [2], 2: [0], "out": []}[cell]

    loopy = grundy.define(cycle, kind="loopy")
    assert loopy.solve(0).outcome == "win"
    assert loopy.solve(2).outcome == "loss"

    # A partizan game (win-loss) with whose turn it is in the position.
    def race(pos):
        n, left_to_move = pos
        steps = (1, 2) if left_to_move else (1,)
        return [(n - s, not left_to_move) for s in steps if s <= n]

    partizan = grundy.define(race, kind="win-loss")
    assert partizan.solve((2, True)).outcome == "win"
    assert partizan.solve((2, False)).outcome == "loss"
    assert partizan.solve((2, True)).nimber is None


def test_exception_in_moves_surfaces_with_the_position():
    def moves(n):
        if n == 5:
            raise ZeroDivisionError("no moves from five")
        return [n - 1] if n else []

    game = grundy.define(moves)
    with pytest.raises(ZeroDivisionError, match="no moves from five") as info:
        game.solve(9)
    assert "in moves(5) of a grundy game" in info.value.__notes__
    # The game stays usable: positions below five solve.
    assert game.solve(4).outcome == "loss"

    def bad_move(n):
        return [{"not": "data"}]

    with pytest.raises(TypeError, match="a position is plain data") as info:
        grundy.define(bad_move).solve(1)
    assert "in moves(1) of a grundy game" in info.value.__notes__


def test_keyboard_interrupt_inside_moves_stops_the_search():
    calls = []

    def moves(n):
        calls.append(n)
        if len(calls) == 50:
            raise KeyboardInterrupt
        return [n - 1] if n else []

    with pytest.raises(KeyboardInterrupt):
        grundy.define(moves).solve(10_000)
    assert len(calls) == 50


def test_define_refuses_bad_arguments():
    with pytest.raises(TypeError, match="a function moves"):
        grundy.define(42)
    with pytest.raises(ValueError, match="kind is 'impartial'"):
        grundy.define(subtraction_moves, kind="partizan")


def test_game_files_load_and_solve_like_the_built_in_game():
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[3]
    game = grundy.load(root / "examples" / "games" / "subtraction.luau", set="1,3,4")
    builtin = grundy.game("subtraction", "1,3,4")
    for heaps in ([10, 12], [7], [3, 5, 9]):
        assert game.solve(heaps).nimber == builtin.solve(heaps).nimber, heaps
    with pytest.raises(FileNotFoundError, match="cannot read the game file"):
        grundy.load(root / "missing.luau")
    # A list sets a list parameter, as grundy.game takes one (and as --param set=1,3,4).
    as_list = grundy.load(root / "examples" / "games" / "subtraction.luau", set=[1, 3, 4])
    assert as_list.solve([10, 12]).nimber == builtin.solve([10, 12]).nimber


# Issue 22: the value first, remoteness on request, one search per table, Ctrl-C and
# progress while a Python game's search runs.


def kayles_moves(rows):
    """Kayles on a row of rows: knock down one pin or two adjacent ones."""
    out = []
    for i, row in enumerate(rows):
        rest = rows[:i] + rows[i + 1 :]
        for take in (1, 2):
            for left in range(row - take + 1):
                right = row - take - left
                out.append(tuple(sorted(rest + tuple(p for p in (left, right) if p))))
    return out


def kayles_components(rows):
    return [(row,) for row in rows if row]


def kayles():
    return grundy.define(
        kayles_moves, components=kayles_components, position_of=tuple, name="kayles"
    )


def brute_kayles(n):
    """Plain memoized mex over the same moves, by components (Sprague-Grundy)."""

    @functools.lru_cache(maxsize=None)
    def row(k):
        values = set()
        for to in kayles_moves((k,)):
            value = 0
            for part in kayles_components(to):
                value ^= row(part[0])
            values.add(value)
        return mex(values)

    return [row(k) for k in range(n + 1)]


def test_kayles_table_shares_one_search_and_agrees_with_plain_mex():
    table = grundy.table(kayles(), 100)
    assert table.nimbers.tolist() == brute_kayles(100)
    # Published: Kayles' nimbers from 0 (Guy and Smith 1956; OEIS A002186).
    assert table.nimbers[:12].tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]


def test_remoteness_is_skipped_for_large_sums_and_given_when_asked():
    game = kayles()
    big = game.solve((40, 41))
    assert big.skipped and big.remoteness is None
    expected = brute_kayles(41)
    assert big.nimber == expected[40] ^ expected[41]
    assert game.nimber((40, 41)) == big.nimber
    small = game.solve((3, 4), remoteness=True)
    assert not small.skipped and small.remoteness is not None
    assert len(small.line) == small.remoteness
    assert game.solve((3, 4)).to_dict() == small.to_dict()


def test_progress_is_called_while_a_python_game_is_searched():
    def slow(n):
        time.sleep(0.002)
        return [n - 1] if n > 0 else []

    calls = []
    nimber = grundy.define(slow).nimber(700, progress=lambda n, t: calls.append((n, t)))
    assert nimber == 700 % 2
    assert calls, "called at least once in about 1.4 s"
    # One signature for every progress callback: (done, total), total None for a search.
    assert {t for _, t in calls} == {None}
    assert [n for n, _ in calls] == sorted(n for n, _ in calls)

    def stop(n, total):
        raise KeyError("stop")

    with pytest.raises(KeyError, match="stop"):
        grundy.define(slow).nimber(10_000, progress=stop)


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_stops_a_python_game_with_slow_moves_at_once():
    child = textwrap.dedent(
        """
        import signal, sys, time
        import grundy

        fired = False
        after = 0

        def on_interrupt(sig, frame):
            global fired
            fired = True
            raise KeyboardInterrupt

        signal.signal(signal.SIGINT, on_interrupt)

        def moves(n):
            global after
            if fired:
                after += 1
            time.sleep(0.001)
            return [n - 1] if n > 0 else []

        print("ready", flush=True)
        try:
            grundy.define(moves).nimber(10 ** 6)
        except KeyboardInterrupt:
            print("stopped", after, flush=True)
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", child], stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        line = proc.stdout.readline().strip()
        waited = time.monotonic() - sent
    finally:
        proc.kill()
        proc.wait()
    # The search stops at the call the signal interrupted: `moves` is never called again
    # (it used to be called for over a minute: the flag was read every 65,536 positions).
    # That is within one 1 ms call of the signal, whatever the machine's load; the wall
    # time is bounded loosely, for a loaded test machine.
    assert line == "stopped 0", line
    assert waited < 1.0, waited

def test_drawings_as_data_and_svg():
    """Issue 24: a game's drawing as data (the move each click makes) and as SVG."""
    nim = grundy.game("nim")
    drawing = nim.draw([2, 1])
    assert drawing.kind == "heaps"
    assert drawing.data["heaps"][0]["clicks"] == ["heap 1: 2 -> 0", "heap 1: 2 -> 1"]
    svg = drawing._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<circle") == 3
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[3]
    board = grundy.load(root / "examples" / "games" / "tictactoe.luau")
    grid = board.draw(board.start)
    cells = grid.data["grid"]["cells"]
    assert [c["move"] for row in cells for c in row][:3] == ["a1", "b1", "c1"]
    assert grid._repr_svg_().count("<rect") == 9
