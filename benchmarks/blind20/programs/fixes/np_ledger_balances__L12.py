"""End-of-quarter ledger audit for a bank's current accounts: synthetic transactions are
generated for each account, running balances are computed, accounts that went overdrawn are
counted with their deepest point, and totals per branch are reported."""
import numpy as np

BRANCHES = ("north", "south", "east", "west", "central", "online")


def running_balance(opening, amounts):
    return opening + np.cumsum(amounts)


def audit(accounts):
    report = {"overdrawn": 0, "deepest": 0.0, "closing": []}
    for acc in accounts:
        bal = running_balance(acc["opening"], acc["amounts"])
        low = bal.min()
        if low < 0:
            report["overdrawn"] += 1
            report["deepest"] = min(report["deepest"], low)
        report["closing"].append(bal[-1])
    return report


def main():
    rng = np.random.default_rng(21)
    accounts = []
    for a in range(6000):
        n_tx = int(rng.integers(2500, 3500))
        amounts = np.round(rng.normal(0.0, 120.0, n_tx), 2)
        accounts.append({"opening": float(rng.uniform(0, 2000)), "amounts": amounts,
                         "branch": BRANCHES[a % len(BRANCHES)]})
    report = audit(accounts)
    closing = np.array(report["closing"])
    branch_of = np.array([acc["branch"] for acc in accounts])
    per_branch = {b: closing[branch_of == b].sum() for b in BRANCHES}
    for b, total in per_branch.items():
        print(f"{b:>8}: {total:14.2f}")
    print(f"overdrawn: {report['overdrawn']}, deepest: {report['deepest']:.2f}")
    print(f"result: {closing.sum() + report['deepest'] + report['overdrawn']:.10e}")


main()
