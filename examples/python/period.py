"""A notebook in a script: tabulate a game, find its period, plot it.

Run it as ``python examples/python/period.py [OUT.png]`` (each ``# %%`` cell also runs on
its own in Jupyter or VS Code). The tests run it too (crates/grundy-py/tests/test_example.py).
"""

# %% Setup: a non-interactive backend, so the script runs anywhere.
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import grundy  # noqa: E402

out = sys.argv[1] if len(sys.argv) > 1 else "period.png"

# %% A subtraction game: tabulate it and read the pattern the library found.
table = grundy.table("subtraction 2,5,6", 120)
print(table.game, "->", table.pattern)
print("P-positions:", table.p_positions[:12], "...")
print("shape:", table.shape)

# %% Kayles (octal 0.77): values until the Octal Game Periodicity Theorem proves the period.
kayles = grundy.octal("0.77")
verdict = kayles.verdict
print(f"Kayles: period {verdict.period} from n = {verdict.preperiod}, "
      f"proved by the values up to n = {verdict.proved_at}")
print("repeating part:", kayles.pattern.tolist())

# %% Officers (0.6): no period known; a million values as one numpy array.
officers = grundy.octal("0.6", to=1 << 20)
values = officers.values
print(f"Officers: {len(values)} values, largest {values.max()}, {officers.verdict}")
d = officers.distribution
print(f"{len(d.rare_values)} rare values occur {d.rare_positions} times, the last at n = {d.last_rare}")

# %% Plot: the subtraction game's values, Kayles with its period marked, Officers' growth.
fig, axes = plt.subplots(3, 1, figsize=(9, 9))
n = np.arange(len(table.nimbers))
axes[0].step(n, table.nimbers, where="mid")
axes[0].set_title(f"{table.game}: {table.pattern}", fontsize=8)
k = np.arange(len(kayles.values))
axes[1].plot(k, kayles.values, ".", markersize=3)
axes[1].axvline(verdict.preperiod, color="red", linewidth=0.8)
axes[1].set_title(f"Kayles 0.77: {verdict}", fontsize=8)
step = 1 << 10
axes[2].plot(np.arange(0, len(values), step), np.maximum.accumulate(values)[::step])
axes[2].set_title("Officers 0.6: the largest value so far", fontsize=8)
for ax in axes:
    ax.set_xlabel("n")
    ax.set_ylabel("G(n)")
fig.tight_layout()
fig.savefig(out, dpi=80)
print("wrote", out)
