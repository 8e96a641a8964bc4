"""The ops console's agents page in Chromium (issue 46): the brand's admin finds a top agent in the console, grants
it a daily wage contract, and the agent sees that contract in its agent centre; a content editor never sees the
page, nor may read its API. The page at 390 px never scrolls sideways (screenshots ops-agents-*.png)."""

from __future__ import annotations

import time

import httpx
from ops_people import OpsTeam
from playwright.sync_api import Browser, Page, expect
from test_agent_journeys import PASSWORD, agent_login
from test_ops_console_journeys import english, no_sideways_scroll, shoot, sign_in

from portal_stack.harness import Stack

AGENT = "opsagtop1"
OPS = "/wps/ops/agent-contracts/merchants/turkeyf2"


def top_agent(stack: Stack) -> str:
    """A top agent made by ops (no upline, no contract), once agent-contracts has placed it in its tree."""
    ops = {"Authorization": stack.ops_token("e2e.agents", "turkeyf2"), "Language": "EN"}
    with httpx.Client(base_url=stack.url, headers=ops) as http:
        made = http.post("/wps/ops/auth/merchants/turkeyf2/agents",
                         json={"username": AGENT, "password": PASSWORD, "accountType": 1, "affiliateCode": "OPSAG1"})  # fmt: skip
        assert made.status_code == 201, made.text
        account = str(made.json()["value"]["id"])
        deadline = time.monotonic() + 30
        while True:  # agent-contracts places the agent from auth's event
            found = http.get(f"{OPS}/agents", params={"search": account})
            assert found.status_code == 200, found.text
            if found.json()["value"]["total"] == 1 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert found.json()["value"]["total"] == 1, found.text
    return account


def agents_page(page: Page) -> None:
    page.get_by_label("Brand code").fill("turkeyf2")  # an admin of every brand types the brand
    page.get_by_label("Brand code").press("Enter")
    page.get_by_role("navigation", name="Console menu").get_by_role("link", name="Agents and contracts").click()
    expect(page.get_by_role("heading", name="Agents", exact=True, level=1)).to_be_visible()


def test_an_admin_grants_a_top_agent_a_contract_and_the_agent_sees_it_in_its_agent_centre(
    stack: Stack, ops_team: OpsTeam, browser: Browser
) -> None:
    account = top_agent(stack)
    context = english(browser, 1366, 768)
    console = context.new_page()
    try:
        sign_in(console, stack, ops_team.root)
        agents_page(console)
        console.get_by_label("Start of the username, or an id").fill(AGENT.upper()[:6])  # the start, any case
        console.get_by_label("Position").select_option("true")
        console.get_by_role("button", name="Filter", exact=True).click()
        row = console.locator(f"[data-agent='{AGENT}']")
        expect(row).to_contain_text("Top agent")
        expect(row).to_contain_text(account)
        shoot(console, "agents-list")
        opened = row.get_by_role("button", name=f"Open agent {AGENT}")
        opened.focus()
        console.keyboard.press("Enter")  # the table is worked with the keyboard
        expect(console.get_by_role("heading", name=f"Agent: {AGENT}")).to_be_visible()
        expect(console.get_by_text("No contracts.")).to_be_visible()

        grant = console.get_by_test_id("grant-contract")
        grant.get_by_label("Contract type").select_option("DAILY_WAGE")
        tier = grant.get_by_role("group", name="Tier 1")
        tier.get_by_label("Rate (%)").fill("3.5")
        grant.get_by_role("button", name="Grant the contract").click()
        expect(grant.get_by_role("alert")).to_have_text("Give a reason.")
        grant.get_by_label("Reason (written to the audit log)").fill("e2e: a top agent's daily wage")
        grant.get_by_role("button", name="Grant the contract").click()
        expect(grant.get_by_role("status")).to_have_text("Contract granted.")
        held = console.get_by_test_id("agent-contracts").locator("[data-contract='DAILY_WAGE']")
        expect(held).to_contain_text("Active")
        expect(held).to_contain_text(f"Ops: {ops_team.root.username}")
        expect(held).to_contain_text("3.5 %")
        shoot(console, "agents-granted")
    finally:
        context.close()

    agent = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        centre = agent.new_page()
        agent_login(centre, stack, AGENT)
        centre.get_by_role("navigation", name="Agent centre menu").get_by_role("link", name="Daily wage").click()
        expect(centre.get_by_test_id("own-contract-status")).to_have_text("Active", timeout=15_000)
        expect(centre.get_by_test_id("own-contract")).to_contain_text("3.5 %")
        shoot(centre, "agents-agent-centre")
    finally:
        agent.close()

    narrow = english(browser, 390, 844)
    try:
        small = narrow.new_page()
        sign_in(small, stack, ops_team.root2)
        agents_page(small)
        expect(small.locator(f"[data-agent='{AGENT}']")).to_be_visible()
        no_sideways_scroll(small)
        small.locator(f"[data-agent='{AGENT}']").get_by_role("button", name=f"Open agent {AGENT}").click()
        expect(small.get_by_test_id("agent-contracts")).to_contain_text("Active")
        no_sideways_scroll(small)
        shoot(small, "agents-detail-390")
    finally:
        narrow.close()


def test_a_content_editor_never_sees_the_agents_page_nor_reads_its_api(
    stack: Stack, ops_team: OpsTeam, browser: Browser
) -> None:
    context = english(browser, 1366, 768)
    try:
        console = context.new_page()
        sign_in(console, stack, ops_team.editor)
        menu = console.get_by_role("navigation", name="Console menu")
        expect(menu.get_by_role("link", name="Banners")).to_be_visible()
        expect(menu.get_by_role("link", name="Agents and contracts")).to_have_count(0)
    finally:
        context.close()
    refused = ops_team.editor.http.get(f"{OPS}/agents", headers=ops_team.editor.sign_in())
    assert (refused.status_code, refused.json()["errorCode"]) == (403, "ops.role_required"), refused.text
