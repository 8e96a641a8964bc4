"""The games in Chromium through Traefik: a member who deposited in the sandbox opens /rng, plays the
in-house slot in the game frame, sees the header balance follow the spins, the spins in the betting record
and a win on the home page's winners board; a trial account is stopped at the game start and a visitor is
asked to log in."""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Page, expect
from portal_client import Browser, registered_member

from portal_stack.harness import Stack


def money(minor: int) -> str:
    return f"{minor // 100:,}.{minor % 100:02d}"


def enter(page: Page, stack: Stack, token: str | None) -> None:
    page.goto(stack.url)
    script = "localStorage.setItem('hisLang', 'EN');"
    script += "sessionStorage.setItem('popupClosed:member', '1'); sessionStorage.setItem('popupClosed:visitor', '1');"
    script += "sessionStorage.setItem('popupClosed:trial', '1');"
    if token:
        script += f"sessionStorage.setItem('token', '{token}');"
    page.evaluate(script)


def deposit(page: Page, stack: Stack, token: str, amount: int) -> None:
    http = httpx.Client(base_url=stack.url, headers={"Authorization": token})
    deadline = time.monotonic() + 30
    while http.get("/wps/v2/wallets/balance").status_code != 200:  # the wallet opens from auth's event
        assert time.monotonic() < deadline, "no wallet within 30 s"
        time.sleep(0.2)
    order = http.post(
        "/wps/v2/wallets/deposits", json={"channel": "SANDBOX", "amount": amount, "requestId": f"games-{token[:8]}"}
    )
    assert order.status_code == 200, order.text
    page.goto(stack.url + order.json()["value"]["checkoutUrl"])
    page.get_by_role("button", name="Pay").click()
    deadline = time.monotonic() + 30
    while http.get("/wps/v2/wallets/balance").json()["value"]["sum"] != amount:
        assert time.monotonic() < deadline, "the deposit was not credited within 30 s"
        time.sleep(0.2)


def depositing_member(page: Page, stack: Stack, username: str, address: str, amount: int) -> httpx.Client:
    """A registered member with ``amount`` deposited, signed in on ``page`` in English: their HTTP client (its
    ``Authorization`` header is the session token)."""
    token = registered_member(stack, username, address)
    deposit(page, stack, token, amount)
    enter(page, stack, token)
    return httpx.Client(base_url=stack.url, headers={"Authorization": token, "Language": "EN"})


def test_a_member_plays_the_slot_and_finds_it_in_the_header_the_record_and_the_winners_board(
    stack: Stack, page: Page
) -> None:
    http = depositing_member(page, stack, "slotfan1", "127.0.0.21", 250_000)
    page.goto(f"{stack.url}/rng")
    expect(page.get_by_role("heading", name="Slots")).to_be_visible(timeout=20_000)
    expect(page.get_by_test_id("balance")).to_contain_text("₺2,500.00", timeout=20_000)
    page.locator("[data-code=BGS_FRUIT5]").get_by_role("button", name="Play", exact=True).click()
    frame = page.get_by_test_id("game-frame")
    expect(frame).to_be_visible(timeout=20_000)
    frame.get_by_test_id("slot-stake").select_option("1000")

    won = None
    for spins in range(1, 41):  # a spin pays more than its stake about 28 % of the time
        spin = frame.get_by_role("button", name="Spin")
        expect(spin).to_be_enabled(timeout=20_000)
        spin.click()
        deadline = time.monotonic() + 20
        while (records := http.get("/wps/games/records", params={"pageSize": 100}).json()["value"])["total"] < spins:
            assert time.monotonic() < deadline, frame.inner_text()
            time.sleep(0.1)
        won = next((row for row in records["list"] if row["win"] > row["stake"]), None)
        if won:
            break
    assert won is not None, "forty spins without a win above the stake"
    balance = http.get("/wps/v2/wallets/balance").json()["value"]["sum"]
    assert balance == 250_000 + sum(row["profit"] for row in records["list"])
    expect(page.get_by_test_id("balance")).to_contain_text(f"₺{money(balance)}", timeout=10_000)

    page.goto(f"{stack.url}/member/personalHistoryCopy")
    table = page.get_by_test_id("bet-records")
    expect(table.get_by_text("Fruit Five").first).to_be_visible(timeout=30_000)
    expect(table.locator("tbody tr")).to_have_count(min(records["total"], 20))

    deadline = time.monotonic() + 40  # the board is cached for 10 s
    while True:
        page.goto(stack.url)
        board = page.get_by_test_id("winners")
        expect(board).to_be_visible(timeout=20_000)
        if "sl***1" in board.inner_text():
            break
        assert time.monotonic() < deadline, board.inner_text()
        page.wait_for_timeout(2_000)
    assert "slotfan1" not in board.inner_text()


def test_a_trial_account_is_stopped_at_the_game_start_and_a_visitor_is_asked_to_log_in(
    stack: Stack, page: Page
) -> None:
    visitor = Browser(stack, "127.0.0.22")
    enter(page, stack, None)
    page.goto(f"{stack.url}/hot")
    page.locator("[data-code=BGS_FRUIT5]").get_by_role("button", name="Play: Fruit Five").click()
    expect(page.get_by_role("dialog")).to_be_visible(timeout=10_000)
    expect(page.get_by_test_id("game-frame")).to_have_count(0)

    trial = visitor.http.post("/wps/session/login/freeplay", json={"os": "Linux", "platform": "W"})
    assert trial.status_code == 200, trial.text
    enter(page, stack, trial.json()["value"]["token"])
    page.goto(f"{stack.url}/rng")
    page.locator("[data-code=BGS_FRUIT5]").get_by_role("button", name="Play", exact=True).click()
    expect(page.get_by_test_id("in_need_true_account")).to_be_visible(timeout=10_000)
    expect(page.get_by_test_id("game-frame")).to_have_count(0)


def test_a_free_play_account_plays_the_free_demo_with_its_play_money(stack: Stack, page: Page) -> None:
    trial = Browser(stack, "127.0.0.23").http.post("/wps/session/login/freeplay", json={"os": "Linux", "platform": "W"})
    token = trial.json()["value"]["token"]
    enter(page, stack, token)
    page.goto(f"{stack.url}/rng")
    page.locator("[data-code=BGS_FRUIT5]").get_by_role("button", name="Free demo").click()
    frame = page.get_by_test_id("game-frame")
    expect(frame).to_be_visible(timeout=20_000)
    expect(page.get_by_test_id("balance")).to_contain_text("₺2,000.00", timeout=20_000)  # the trial's play money
    frame.get_by_test_id("slot-stake").select_option("1000")
    http = httpx.Client(base_url=stack.url, headers={"Authorization": token, "Language": "EN"})
    for _ in range(5):  # a spin that pays back exactly its stake leaves the balance as it was
        spin = frame.get_by_role("button", name="Spin")
        expect(spin).to_be_enabled(timeout=20_000)
        spin.click()
        expect(spin).to_be_enabled(timeout=20_000)
        if (balance := http.get("/wps/v2/wallets/balance").json()["value"])["sum"] != 200_000:
            break
    assert balance["sum"] != 200_000, frame.inner_text()
    assert [wallet["wallet"] for wallet in balance["wallets"]] == ["freeplay"]
    expect(page.get_by_test_id("balance")).to_contain_text(f"₺{money(balance['sum'])}", timeout=10_000)
    refused = http.get("/wps/games/records")  # play money is no bet: there is no betting record of it
    assert refused.json()["errorCode"] == "in_need_true_account"


def test_a_vendor_game_opens_at_the_aggregator_and_settles_through_the_hub88_wallet_api(
    stack: Stack, page: Page
) -> None:
    http = depositing_member(page, stack, "oxfan1", "127.0.0.23", 100_000)
    token = http.headers["Authorization"]
    page.goto(f"{stack.url}/rng?vassalage=PG")
    with page.expect_popup() as opened:
        page.locator("[data-code=PG_FORTUNE_OX]").get_by_role("button", name="Play", exact=True).click()
    game = opened.value
    expect(game.get_by_role("heading", name="PG_FORTUNE_OX")).to_be_visible(timeout=20_000)
    assert token not in game.url
    game.get_by_role("button", name="Spin").click()
    expect(game.get_by_test_id("sim-result")).not_to_be_empty(timeout=20_000)
    records = http.get("/wps/games/records").json()["value"]
    assert records["total"] == 1 and records["list"][0]["vendor"] == "PG" and records["list"][0]["stake"] == 1_000
    balance = http.get("/wps/v2/wallets/balance").json()["value"]["sum"]
    assert balance == 100_000 + records["list"][0]["profit"]
    expect(game.get_by_test_id("sim-balance")).to_have_text(f"Balance {money(balance)}")


def test_cockfight_starts_from_the_header_and_the_sportsbook_from_the_game_centre_both_settling_through_hub88(
    stack: Stack, page: Page
) -> None:
    http = depositing_member(page, stack, "sabong1", "127.0.0.24", 100_000)
    page.goto(stack.url)
    with page.expect_popup() as opened:  # cockfight has no page: its header entry opens the game
        page.get_by_role("navigation", name="Main menu").get_by_role("button", name="Cockfight").click()
    fight = opened.value
    expect(fight.get_by_role("heading", name="DS88_SABONG")).to_be_visible(timeout=20_000)
    fight.get_by_role("radio", name="Wala · 1.88").check()
    fight.get_by_role("button", name="Place bet").click()
    expect(fight.get_by_test_id("sim-result")).to_contain_text(" won · ", timeout=20_000)

    page.goto(f"{stack.url}/sports")
    page.get_by_test_id("game-centre").get_by_role("button", name="BTi Sports").click()
    with page.expect_popup() as opened:
        page.locator("[data-code=BTI_SPORTSBOOK]").get_by_role("button", name="Play", exact=True).click()
    book = opened.value
    book.get_by_role("radio", name="Draw · 3.30").check()
    book.get_by_role("button", name="Place bet").click()
    expect(book.get_by_test_id("sim-result")).to_contain_text(" won · ", timeout=20_000)

    records = http.get("/wps/games/records").json()["value"]
    assert records["total"] == 2
    assert sorted(record["vendor"] for record in records["list"]) == ["BTI", "DS88"]
    balance = http.get("/wps/v2/wallets/balance").json()["value"]["sum"]
    assert balance == 100_000 + sum(record["profit"] for record in records["list"])
    expect(book.get_by_test_id("sim-balance")).to_have_text(f"Balance {money(balance)}")


def test_a_member_picks_a_room_of_the_dice_plays_within_its_stakes_and_is_kept_out_of_a_room_above_the_balance(
    stack: Stack, page: Page
) -> None:
    http = depositing_member(page, stack, "pvpfan1", "127.0.0.25", 50_000)
    page.goto(f"{stack.url}/pvp")
    page.locator("[data-code=BGS_DICE]").get_by_role("button", name="Play", exact=True).click()
    rooms = page.get_by_test_id("rooms")
    expect(rooms).to_contain_text("Balance to enter: ₺1,000.00")  # VIP: ten stakes of 100.00
    rooms.get_by_role("button", name="Enter VIP").click()
    expect(page.get_by_role("alert")).to_contain_text("100000")  # the entry the balance does not reach
    rooms.get_by_role("button", name="Enter Standard").click()
    frame = page.get_by_test_id("game-frame")
    expect(page.get_by_role("heading", name="Dice 99 · Standard")).to_be_visible(timeout=20_000)
    frame.get_by_label("Stake").fill("2000")  # above the room's 1,000.00
    frame.get_by_role("button", name="Roll").click()
    expect(frame.get_by_role("alert")).to_contain_text("1,000.00")
    frame.get_by_label("Stake").fill("20")
    frame.get_by_role("button", name="Roll").click()
    expect(frame.get_by_test_id("dice-result")).to_contain_text("Rolled", timeout=20_000)
    records = http.get("/wps/games/records").json()["value"]
    assert records["total"] == 1 and records["list"][0]["stake"] == 2_000
