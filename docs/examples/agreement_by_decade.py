"""How often each family's winner agrees with the records' counted results,
by decade: the committed reports loaded with pandas, pivoted, and drawn
with matplotlib.  Run from the repository's root:

    python docs/examples/agreement_by_decade.py [OUT.png]

(.ci/run runs it into target/; docs/agreement-by-decade.png is its output
on the committed reports.)
"""

import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

out = sys.argv[1] if len(sys.argv) > 1 else "docs/agreement-by-decade.png"

games = pd.read_csv("reports/games.csv", usecols=["seq", "decade", "finished"], low_memory=False)
scores = pd.read_csv(
    "reports/scores.csv.gz", usecols=["seq", "family", "agrees_with_record"], low_memory=False
)
counted = scores.dropna(subset=["agrees_with_record"]).merge(games, on="seq")
counted = counted[counted["finished"] == True]  # noqa: E712 (a boolean column)
counted["agrees"] = counted["agrees_with_record"].astype(bool)

# Decades with enough counted games to read a rate from, in time order.
sizes = counted.groupby("decade")["seq"].nunique()
decades = sorted(
    (d for d, n in sizes.items() if n >= 200),
    key=lambda d: int(str(d).rstrip("s")),
)
families = ["japanese", "chinese", "sci-1-1", "ming-qing", "tang-song"]
rates = (
    counted[counted["decade"].isin(decades) & counted["family"].isin(families)]
    .pivot_table(index="decade", columns="family", values="agrees", aggfunc="mean")
    .reindex(decades)[families]
)
print(rates.round(3).to_string())

fig, ax = plt.subplots(figsize=(8, 4.5))
for family in families:
    ax.plot(rates.index, rates[family] * 100, marker="o", label=family)
ax.set_ylabel("winner agrees with the record (%)")
ax.set_xlabel("decade of the game (decades with 200 counted games or more)")
ax.set_title("Rule families against the records' counted results")
ax.grid(alpha=0.3)
ax.legend()
fig.tight_layout()
fig.savefig(out, dpi=100)
print(f"wrote {out}")
