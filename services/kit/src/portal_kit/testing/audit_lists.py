"""The one check of an ops audit list (``portal_kit.audit``): seed rows with known actors, actions and times, then
read the list through the service's call and hold its paging, each filter, the sort and the refusal of bad dates.

    await seed_audit(db, WalletAudit, "turkeyf2")
    await check_audit_list(lambda query: wallet.http.get(AUDIT, params=query, headers=viewer))

The rows are the only ones of the brand (a clean database); one more row of another brand is seeded too, which the
list of a brand never shows and a log every brand shares (``brand_scoped=False``) does."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime
from typing import Any

import httpx

from portal_kit.audit import OpsAuditRecord
from portal_kit.db import Database

# target, actor, action, when (UTC), newest last
SEEDED = (
    ("t1", "ana", "member.status", datetime(2026, 3, 1, 10, 0, tzinfo=UTC)),
    ("t2", "Bob", "member.lock", datetime(2026, 3, 2, 0, 0, tzinfo=UTC)),
    ("t3", "ana", "member.lock", datetime(2026, 3, 2, 18, 0, tzinfo=UTC)),
    ("t4", "carl", "ops.login", datetime(2026, 3, 3, 23, 59, tzinfo=UTC)),
    ("t5", "ana", "member.status", datetime(2026, 3, 4, 8, 0, tzinfo=UTC)),
)
OTHER_BRAND = ("t0", "ana", "member.status", datetime(2026, 3, 2, 12, 0, tzinfo=UTC))

Fetch = Callable[[Mapping[str, str | int]], Awaitable[httpx.Response]]


async def seed_audit(db: Database, model: Callable[..., OpsAuditRecord], merchant: str, other: str = "other") -> None:
    """The five rows of ``merchant`` (``SEEDED``) and one of the brand ``other``."""
    async with db.transaction() as session:
        for brand, (target, actor, action, at) in [(merchant, row) for row in SEEDED] + [(other, OTHER_BRAND)]:
            row = model(merchant=brand, actor=actor, action=action, target=target, reason="seeded", at=at)
            row.after = {"target": target}  # for a call that answers the state but not the target (the site's)
            session.add(row)


async def _page(fetch: Fetch, **query: str | int) -> dict[str, Any]:
    answer = await fetch(query)
    assert answer.status_code == 200, answer.text
    page: dict[str, Any] = answer.json()["value"]
    return page


def _target(row: dict[str, Any]) -> str:
    return str(row["target"] if "target" in row else row["detail"]["target"])


async def _targets(fetch: Fetch, **query: str | int) -> list[str]:
    return [_target(row) for row in (await _page(fetch, pageSize=50, **query))["list"]]


async def check_audit_list(fetch: Fetch, *, brand_scoped: bool = True) -> None:
    newest = ["t5", "t4", "t3", "t2", "t1"] if brand_scoped else ["t5", "t4", "t3", "t0", "t2", "t1"]
    total = len(newest)
    first = await _page(fetch, pageSize=2)
    assert (first["pageNum"], first["total"], first["totalPages"]) == (1, total, 3)
    assert [_target(row) for row in first["list"]] == newest[:2]
    second = await _page(fetch, pageNo=2, pageSize=2)
    assert (second["pageNum"], second["total"]) == (2, total)
    assert [_target(row) for row in second["list"]] == newest[2:4]
    assert await _targets(fetch) == newest
    assert await _targets(fetch, sort="newest") == newest
    assert await _targets(fetch, sort="oldest") == newest[::-1]

    other = [] if brand_scoped else ["t0"]
    assert await _targets(fetch, actor="ANA") == [t for t in newest if t in ("t5", "t3", "t1", *other)]
    assert await _targets(fetch, actor="bob") == ["t2"]
    assert await _targets(fetch, actor="nobody") == []
    assert await _targets(fetch, action="member.lock") == ["t3", "t2"]
    assert await _targets(fetch, action="member.") == [t for t in newest if t != "t4"]  # the start of an action
    assert await _targets(fetch, action="member.%") == []  # taken literally
    both = await _page(fetch, actor="ana", action="member.lock", sort="oldest")
    assert (both["total"], [_target(row) for row in both["list"]]) == (1, ["t3"])

    # UTC days, both included: 2 March 00:00 to 3 March 23:59
    assert await _targets(fetch, **{"from": "2026-03-02", "to": "2026-03-03"}) == [
        t for t in newest if t in ("t4", "t3", "t2", *other)
    ]
    assert await _targets(fetch, **{"from": "2026-03-04"}) == ["t5"]
    assert await _targets(fetch, to="2026-03-01") == ["t1"]
    assert await _targets(fetch, **{"from": "2026-03-03", "to": "2026-03-03"}) == ["t4"]
    counted = await _page(fetch, pageSize=1, **{"from": "2026-03-02", "sort": "oldest"})
    assert (counted["total"], counted["totalPages"], _target(counted["list"][0])) == (total - 1, total - 1, "t2")

    for bad in ({"from": "2026-03-04", "to": "2026-03-03"}, {"from": "2026-02-30"}, {"to": "yesterday"},
                {"sort": "random"}, {"pageNo": 0}):  # fmt: skip
        refused = await fetch(bad)
        assert (refused.status_code, refused.json()["errorCode"]) == (400, "validation.failed"), (bad, refused.text)
