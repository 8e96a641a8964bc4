"""The header's balance follows the money wherever it moved (issue #49): a member with the portal open plays a Hub88
round in the aggregator's window, and the portal's header, never reloaded, shows the balance the wallet holds after
it (the wallet's balance push, through the notifications socket); a bet through the money API alone (as the lottery
and the in-house games make them) is shown the same way."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import nats
from playwright.sync_api import Page, expect
from test_games_journey import depositing_member, money

from portal_kit.messaging.relay import inbox_prefix
from portal_stack.harness import Stack


async def debit(stack: Stack, account_id: str, amount: int, transaction_id: str) -> int:
    """A bet through the wallet's money API, as a game service asks it; the balance after."""
    nc = await nats.connect(stack.nats_url, inbox_prefix=inbox_prefix(stack.nats_url))
    try:
        body = {"merchant": "turkeyf2", "accountId": account_id, "currency": "TRY", "amount": amount,
                "transactionId": transaction_id}  # fmt: skip
        reply = await nc.request("rpc.wallet.debit", json.dumps(body).encode(), timeout=5)
    finally:
        await nc.close()
    answer = json.loads(reply.data)
    assert answer["success"], answer
    return int(answer["value"]["balance"])


def test_a_hub88_round_and_a_money_api_bet_show_in_the_open_pages_header_without_a_reload(
    stack: Stack, page: Page
) -> None:
    http = depositing_member(page, stack, "liveheader1", "127.0.0.31", 150_000)
    page.goto(f"{stack.url}/rng?vassalage=PG")
    header = page.get_by_test_id("balance")
    expect(header).to_contain_text(f"₺{money(150_000)}", timeout=15_000)
    page.wait_for_timeout(1_500)  # the live socket opens after the first paint
    page.evaluate("window.__notReloaded = true")

    with page.expect_popup() as opened:
        page.locator("[data-code=PG_FORTUNE_OX]").get_by_role("button", name="Play", exact=True).click()
    game = opened.value
    expect(game.get_by_role("heading", name="PG_FORTUNE_OX")).to_be_visible(timeout=20_000)
    game.get_by_role("button", name="Spin").click()
    expect(game.get_by_test_id("sim-result")).not_to_be_empty(timeout=20_000)
    assert http.get("/wps/games/records").json()["value"]["total"] == 1
    after_round = http.get("/wps/v2/wallets/balance").json()["value"]["sum"]

    # The portal's own page, untouched: its header reads the balance again when the wallet says it moved.
    expect(header).to_contain_text(f"₺{money(after_round)}", timeout=5_000)
    member = http.get("/wps/member/info").json()["value"]["id"]
    with ThreadPoolExecutor(1) as aside:  # Playwright's sync API holds this thread's event loop
        after_bet = aside.submit(asyncio.run, debit(stack, member, 1_240, f"e2e-bet-{member}")).result()
    assert after_bet == after_round - 1_240
    expect(header).to_contain_text(f"₺{money(after_bet)}", timeout=5_000)
    assert page.evaluate("window.__notReloaded") is True
    game.close()
