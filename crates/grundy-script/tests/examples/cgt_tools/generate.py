"""Writes the boards whose canonical forms cgt-tools is asked for (seeded: the same boards
every run), one `GAME<TAB>BOARD` line each, in grundy's notation (rows joined by "/").

    python3 generate.py | cgt-boards > values.tsv

`cgt-boards` is a small bin over cgt-tools (github.com/t4ccer/cgt-tools, commit
17fa9f32c204d01248bafa8399bbb06b8d444cff): for each line it parses the board with the
game's `FromStr`, replacing "/" by "|", and prints `GAME, BOARD, canonical form, seconds`
from `PartizanGame::canonical_form` with a fresh transposition table; for Ski Jumps it
prints SKIP where the board's game tree reaches a position its model gets wrong (see
values.tsv's header).
"""

import random

rng = random.Random(37)


def board(rows, cols, pieces):
    cells = ["."] * (rows * cols)
    for piece in pieces:
        free = [i for i, cell in enumerate(cells) if cell == "."]
        cells[rng.choice(free)] = piece
    return "/".join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows))


seen = set()


def emit(game, text):
    if (game, text) not in seen:
        seen.add((game, text))
        print(f"{game}\t{text}")


for _ in range(400):
    rows, cols = rng.choice([(2, 4), (3, 3), (3, 4), (4, 3), (3, 5), (4, 4)])
    pieces = [rng.choice("LlRr") for _ in range(rng.randint(1, 4))]
    emit("ski_jumps", board(rows, cols, pieces))

for _ in range(300):
    rows, cols = rng.choice([(3, 3), (3, 4), (4, 3), (4, 4), (2, 5), (5, 2)])
    pieces = ["x"] * rng.randint(1, 4) + ["#"] * rng.randint(0, 3)
    emit("fission", board(rows, cols, pieces))

for _ in range(150):
    rows, cols = rng.choice([(1, 5), (2, 3), (3, 2), (2, 4), (3, 3), (4, 2)])
    pieces = [rng.choice("xo") for _ in range(rng.randint(1, 3))] + ["#"] * rng.randint(0, 2)
    emit("amazons", board(rows, cols, pieces))

# A few larger boards, for richer values.
for _ in range(10):
    emit("ski_jumps", board(4, 5, [rng.choice("LR") for _ in range(4)] + [rng.choice("lr")]))
for _ in range(10):
    emit("fission", board(5, 4, ["x"] * rng.randint(2, 4) + ["#"] * rng.randint(1, 3)))
for _ in range(4):
    emit("amazons", board(3, 4, ["x", "o", "#", "#"]))

# The boards of cgt-tools' own Ski Jumps test, which it takes from Winning Ways.
for text in ["...L..../..R...../........", "......../...l..../.......R/......../......L.",
             ".L.../.R.../.....", "...R./...L./.....", "L..../....R/.....", "L..../R..../.....",
             "L..../....R/l...."]:
    emit("ski_jumps", text)
