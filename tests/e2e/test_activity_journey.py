"""The activity centre in Chromium through Traefik (issue #47 items 4 and 6): a content editor makes a red envelope
of 50.00 in one share in the ops console and sees it listed; a member who has never deposited opens /activity from the
header, takes a ticket in a raffle (its seed's hash shown from the start) and opens the envelope: the 50.00 is in the
main wallet and the header at once. The page fits at 1366 and 390 px, in English and in Turkish."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import httpx
from conftest import SCREENSHOTS
from ops_people import OpsTeam
from playwright.sync_api import Browser, Page, expect
from portal_client import registered_member
from test_games_journey import enter
from test_ops_console_journeys import english, no_sideways_scroll, shoot, sign_in

from portal_stack.harness import Stack

MEMBER_ADDRESS = "127.0.0.61"
ENVELOPE = "E2E holiday envelope"
RAFFLES = "/wps/ops/points/merchants/turkeyf2/raffles"


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"activity-{name}.png"), full_page=True)


def utc_minute(at: datetime) -> str:
    return at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M")


def test_an_editor_makes_a_red_envelope_and_a_member_opens_it_on_the_activity_page(
    stack: Stack, ops_team: OpsTeam, browser: Browser, page: Page
) -> None:
    now = datetime.now(UTC)
    editor_context = english(browser, 1366, 768)
    console = editor_context.new_page()
    try:
        sign_in(console, stack, ops_team.editor)
        console.get_by_role("navigation", name="Console menu").get_by_role("link", name="Raffles and envelopes").click()
        form = console.get_by_role("form", name="Add a red envelope")
        form.get_by_label("Name (TR)").fill("E2E bayram zarfı")
        form.get_by_label("Name (EN)").fill(ENVELOPE)
        form.get_by_label("Pool (e.g. 1000.00)").fill("50.00")
        form.get_by_label("Shares").fill("1")
        form.get_by_label("Opens (UTC)").fill(utc_minute(now - timedelta(minutes=5)))
        form.get_by_label("Ends (UTC, excluded)").fill(utc_minute(now + timedelta(days=1)))
        form.get_by_label("Reason (written to the audit log)").fill("e2e activity journey")
        form.get_by_role("button", name="Add").click()
        expect(form.get_by_role("status")).to_contain_text("the pool is split into 1 shares")
        row = console.get_by_test_id("red-envelopes").locator("tr", has_text=ENVELOPE)
        expect(row).to_contain_text("50.00")
        expect(row).to_contain_text("Open")
        shoot(console, "raffles-and-envelopes")
        console.set_viewport_size({"width": 390, "height": 844})
        no_sideways_scroll(console)
    finally:
        editor_context.close()

    ops = httpx.Client(base_url=stack.url, headers={"Authorization": stack.ops_token("e2e.activity", "turkeyf2")})
    raffle = ops.post(RAFFLES, json={
        "names": {"TR": "E2E yılbaşı çekilişi", "EN": "E2E new year raffle", "CN": "E2E 新年抽奖"},
        "opensAt": (now - timedelta(minutes=5)).isoformat(), "closesAt": (now + timedelta(days=1)).isoformat(),
        "prizes": [100_000, 50_000], "reason": "e2e activity journey",
    })  # fmt: skip
    assert raffle.status_code == 200, raffle.text
    raffle_id, seed_hash = raffle.json()["value"]["raffleId"], raffle.json()["value"]["seedHash"]

    token = registered_member(stack, "envelopefan1", MEMBER_ADDRESS)
    wallet = httpx.Client(base_url=stack.url, headers={"Authorization": token})
    deadline = time.monotonic() + 30
    while wallet.get("/wps/v2/wallets/balance").status_code != 200:  # the wallet opens from auth's event
        assert time.monotonic() < deadline, "no wallet within 30 s"
        time.sleep(0.2)
    enter(page, stack, token)
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(stack.url + "/")
    expect(page.get_by_test_id("balance")).to_contain_text("0.00", timeout=20_000)
    page.get_by_role("navigation", name="Main menu").get_by_role("button", name="More").click()  # its drop menu
    page.get_by_role("navigation", name="Main menu").get_by_role("link", name="Activity centre").click()
    expect(page).to_have_url(stack.url + "/activity")

    card = page.get_by_test_id(f"raffle-{raffle_id}")
    expect(card.get_by_test_id("seed-hash")).to_have_text(seed_hash)
    card.get_by_role("button", name="Get a ticket").click()
    expect(card.get_by_test_id("my-ticket")).to_have_text("Your ticket: #1")

    envelope = page.locator("[data-testid^='envelope-']", has_text=ENVELOPE)
    expect(envelope).to_contain_text("1 of 1 shares left")
    envelope.get_by_role("button", name="Open the envelope").click()
    expect(envelope.get_by_test_id("envelope-won")).to_contain_text("You got ₺50.00")
    expect(envelope.get_by_test_id("envelope-won")).to_contain_text("Added to your main wallet.")
    expect(page.get_by_test_id("balance")).to_contain_text("₺50.00", timeout=20_000)
    assert wallet.get("/wps/v2/wallets/balance").json()["value"]["sum"] == 5_000
    listed = wallet.get("/wps/relay/MCSFE_getRedEnvelopes").json()["value"]
    envelope_id = next(e["envelopeId"] for e in listed if e["mine"])
    again = wallet.post(
        "/wps/relay/MCSFE_claimRedEnvelope", json={"envelopeId": envelope_id, "requestId": "e2e-again-1"}
    )
    assert (again.status_code, again.json()["value"]["amount"]) == (200, 5_000)  # the same share, not a second one
    assert wallet.get("/wps/v2/wallets/balance").json()["value"]["sum"] == 5_000
    shot(page, "1366")
    no_sideways_scroll(page)

    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    expect(card.get_by_test_id("my-ticket")).to_be_visible()
    no_sideways_scroll(page)
    page.evaluate("localStorage.setItem('hisLang', 'TR')")
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text("Etkinlik merkezi")
    expect(page.get_by_test_id(f"envelope-{envelope_id}")).to_contain_text(
        "Zarftan ₺50,00 çıktı"
    )  # a Turkish page writes a decimal comma
    shot(page, "390-tr")
    no_sideways_scroll(page)
