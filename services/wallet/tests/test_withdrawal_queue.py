"""The ops withdrawal queue, paged on the server: a state's queue oldest first (the longest wait on top), every
other list newest first, a member's alone; a state the wallet does not know is refused with an envelope."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import update
from test_withdrawals import OPS, ask, funded_member
from wallet_http import WalletClient

from wallet_service.withdrawals.models import Withdrawal


async def test_the_queue_is_paged_oldest_first_while_waiting_and_newest_first_otherwise(wallet: WalletClient) -> None:
    _, token, bank = await funded_member(wallet, "queue", 500_000)
    answers = [(await ask(wallet, token, bank, 10_000 * (n + 1), f"q{n}")).json() for n in range(5)]
    assert all(answer["success"] for answer in answers), answers
    asked = [answer["value"]["withdrawalId"] for answer in answers]
    start = datetime(2026, 11, 1, tzinfo=UTC)
    async with wallet.db.transaction() as session:  # one a day, in the order asked
        for day, withdrawal in enumerate(asked):
            await session.execute(
                update(Withdrawal).where(Withdrawal.id == withdrawal).values(created_at=start + timedelta(days=day))
            )
    ops = await wallet.ops()
    assert (
        await wallet.call("POST", f"{OPS}/{asked[4]}/reject", ops, json={"reason": "name differs"})
    ).status_code == 200

    first = (await wallet.call("GET", f"{OPS}?status=pending&pageSize=3", ops)).json()["value"]
    second = (await wallet.call("GET", f"{OPS}?status=pending&pageSize=3&pageNo=2", ops)).json()["value"]
    assert (first["total"], first["totalPages"], second["pageNum"]) == (4, 2, 2)
    assert [w["withdrawalId"] for w in first["list"] + second["list"]] == asked[:4]  # the oldest waits on top
    everything = (await wallet.call("GET", f"{OPS}?pageSize=10", ops)).json()["value"]["list"]
    assert [w["withdrawalId"] for w in everything] == asked[::-1]  # newest first
    rejected = (await wallet.call("GET", f"{OPS}?status=rejected", ops)).json()["value"]["list"]
    assert [(w["withdrawalId"], w["reason"]) for w in rejected] == [(asked[4], "name differs")]

    other, other_token, other_bank = await funded_member(wallet, "other", 50_000)
    theirs = (await ask(wallet, other_token, other_bank, 20_000, "o1")).json()["value"]
    mine = (await wallet.call("GET", f"{OPS}?accountId={other}", ops)).json()["value"]
    assert [w["withdrawalId"] for w in mine["list"]] == [theirs["withdrawalId"]]


async def test_an_unknown_state_or_page_is_refused_with_an_envelope(wallet: WalletClient) -> None:
    ops = await wallet.ops()
    for query in ("status=lost", "pageSize=101", "pageNo=0"):
        refused = await wallet.call("GET", f"{OPS}?{query}", ops)
        assert (refused.status_code, refused.json()["errorCode"]) == (400, "validation.failed"), query
