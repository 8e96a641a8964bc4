"""Platform messages to one member, in Chromium (issue 46): a content editor writes a message to one member in the
ops console (by account id: auth's member search is not a content editor's); that member's inbox in the member
centre lists it, another member's does not; an admin finds a member by username and picks them."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest
from ops_people import OpsTeam
from playwright.sync_api import Browser, Page, expect
from portal_client import registered_member
from test_ops_console_journeys import english, shoot, sign_in

from portal_stack.harness import Stack

BROADCASTS = "/wps/ops/notifications/merchants/turkeyf2/broadcasts"


def member_of(stack: Stack, username: str, address: str) -> tuple[str, str]:
    """A registered member's token and account id."""
    token = registered_member(stack, username, address)
    with httpx.Client(base_url=stack.url, headers={"Authorization": token}, timeout=10) as http:
        account = http.get("/wps/member/info").json()["value"]["id"]
    return token, str(account)


def inbox_page(browser: Browser, stack: Stack, token: str) -> Page:
    """The member centre's platform information of the member holding ``token``, in English."""
    context = english(browser, 1366, 768)
    page = context.new_page()
    page.goto(stack.url)
    page.evaluate(f"sessionStorage.setItem('token', '{token}'); sessionStorage.setItem('popupClosed:member', '1')")
    page.goto(f"{stack.url}/member/messageV2")
    return page


def unread(stack: Stack, token: str) -> int:
    with httpx.Client(base_url=stack.url, headers={"Authorization": token}, timeout=10) as http:
        return int(http.get("/wps/relay/CSP_unreadCount").json()["value"]["count"])


@pytest.fixture
def console(browser: Browser) -> Iterator[Page]:
    context = english(browser, 1366, 768)
    yield context.new_page()
    context.close()


@pytest.fixture
def written(ops_team: OpsTeam) -> Iterator[list[str]]:
    """The titles the test sends, withdrawn afterwards (the brand's broadcasts as they were)."""
    titles: list[str] = []
    yield titles
    editor = ops_team.editor
    for title in titles:
        found = editor.http.get(BROADCASTS, params={"search": title, "pageSize": 100}, headers=editor.sign_in())
        for broadcast in found.json()["value"]["list"]:
            if broadcast["title"] == title:
                editor.http.delete(f"{BROADCASTS}/{broadcast['id']}", headers=editor.sign_in())


def test_an_editor_writes_to_one_member_whose_inbox_alone_lists_it(
    stack: Stack, ops_team: OpsTeam, browser: Browser, console: Page, written: list[str]
) -> None:
    chosen_token, chosen = member_of(stack, "msgchosen1", "127.0.0.41")
    other_token, _ = member_of(stack, "msgother1", "127.0.0.42")
    before = unread(stack, other_token)
    title = f"Only for you {int(time.time())}"
    written.append(title)

    sign_in(console, stack, ops_team.editor)
    console.get_by_role("navigation", name="Console menu").get_by_role("link", name="Broadcasts").click()
    form = console.get_by_role("form", name="Write a broadcast")
    form.get_by_role("radio", name="One member").check()
    expect(form.get_by_text("Your role may not search members")).to_be_visible()
    form.get_by_label("Account id").fill(chosen)
    form.get_by_role("button", name="Use this account").click()
    expect(form.get_by_test_id("chosen-member")).to_contain_text(chosen)
    form.get_by_label("Title").fill(title)
    form.get_by_label("Text", exact=True).fill("A table at the VIP tournament is kept for you.")
    form.get_by_role("button", name="Send").click()
    expect(form.get_by_role("status")).to_contain_text("Broadcast sent.")
    row = console.get_by_test_id("broadcasts").locator("tr", has_text=title)
    expect(row).to_contain_text(f"One member · {chosen}")
    shoot(console, "broadcast-one-member")

    chosen_page = inbox_page(browser, stack, chosen_token)
    try:
        expect(chosen_page.get_by_test_id("message").filter(has_text=title)).to_have_count(1, timeout=15_000)
    finally:
        chosen_page.context.close()
    other_page = inbox_page(browser, stack, other_token)
    try:
        expect(other_page.get_by_test_id("message").first).to_be_visible(timeout=15_000)  # the welcome broadcast
        expect(other_page.get_by_test_id("message").filter(has_text=title)).to_have_count(0)
    finally:
        other_page.context.close()
    assert unread(stack, other_token) == before


def test_an_admin_finds_the_member_by_username_and_picks_them(
    stack: Stack, ops_team: OpsTeam, console: Page, written: list[str]
) -> None:
    chosen_token, chosen = member_of(stack, "msgfound1", "127.0.0.43")
    title = f"Found by name {int(time.time())}"
    written.append(title)
    sign_in(console, stack, ops_team.root)  # an admin of every brand: the brand typed
    console.get_by_label("Brand code").fill("turkeyf2")
    console.get_by_role("navigation", name="Console menu").get_by_role("link", name="Broadcasts").click()
    form = console.get_by_role("form", name="Write a broadcast")
    form.get_by_role("radio", name="One member").check()
    form.get_by_label("Username").fill("msgfound")
    form.get_by_role("button", name="Find a member").click()
    form.get_by_role("button", name="Choose msgfound1").click()
    expect(form.get_by_test_id("chosen-member")).to_contain_text(chosen)
    form.get_by_label("Title").fill(title)
    form.get_by_label("Text", exact=True).fill("Found by name.")
    form.get_by_role("button", name="Send").click()
    expect(form.get_by_role("status")).to_contain_text("Broadcast sent.")
    with httpx.Client(base_url=stack.url, headers={"Authorization": chosen_token}, timeout=10) as http:
        titles = [m["title"] for m in http.get("/wps/notifications/messages").json()["value"]["list"]]
    assert title in titles
