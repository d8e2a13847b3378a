"""What validate warns play would leave undone (check/reads.py), in the coverage: the rule a finding
belongs to is not exact. A victory path no check reaches is skipped (it decides who wins: the report
then names it and earns no win rate); an unread flag or an ignored key makes its rule approximated.
A finding of a rule without a row of its own (a card of an older game, a trigger) is a row. Stdlib only.
"""
from __future__ import annotations

from kitgen.check.reads import Finding
from kitgen.simulate.compile.plan import Coverage


def judge(coverage: list[Coverage], found: list[Finding]) -> None:
    """Each finding into its rule's row, in place (the first row of that rule that is exact)."""
    for finding in found:
        path = finding.owner.startswith("victory ")
        status = "skipped" if path else "approximated"
        note = f"{finding.message} ({finding.where})"
        at = next((i for i, row in enumerate(coverage) if _names(row.rule, finding.owner)), -1)
        if at < 0:
            coverage.append(Coverage(finding.owner, status, note, decides=path))
        elif coverage[at].status == "exact":
            row = coverage[at]
            coverage[at] = row._replace(status=status, note=f"{note}; it says: {row.note}", decides=row.decides or path)
        else:
            coverage[at] = coverage[at]._replace(note=f"{coverage[at].note}; {note}")


def _names(rule: str, owner: str) -> bool:
    """A coverage row's rule is the finding's owner (cards alike in text: "card 'Skip' and 3 more")."""
    return rule == owner or rule.startswith(owner + " and ")
