"""The header's navigation in Chromium through Traefik (#49 item 3): at 1366×768 in English, Turkish and Chinese
every top entry of the bar is visible, inside the window and clear of the others, and the page never scrolls
sideways; the lottery entry's drop menu lists every lottery game by family with its next draw's countdown, opens
and closes with the keyboard, and leads to a fast game's betting page. At 390×844 a menu button opens the same
entries as a panel. Screenshots: navigation-*.png."""

from __future__ import annotations

import re
from typing import Any

import pytest
from accessibility import AXE
from conftest import SCREENSHOTS
from playwright.sync_api import Browser, Page, expect
from portal_client import registered_member
from test_games_journey import enter

from portal_stack.harness import Stack

MEMBER_ADDRESS = "127.0.0.65"
NAV = "nav.main-nav"
# Every game of the lottery's catalogue (services/lottery/.../lottery.toml), each with its page.
LOTTERY_GAMES = {
    "SSC_1M": "/lottery", "SSC_5M": "/lottery", "11X5_3M": "/lottery", "K3_1M": "/lottery", "PK10_3M": "/lottery",
    "LHC_5M": "/lottery", "PCB_3M": "/lottery", "LF_5M": "/lottery", "SEA_5M": "/seaLottery",
    "VN_NORTH": "/vnLottery", "VN_SOUTH": "/vnLottery",
}  # fmt: skip
FAMILIES = ["ssc", "11x5", "k3", "pk10", "lhc", "pcb", "lf", "sea", "vn"]
TOP_ENTRIES = {
    "EN": ["Home", "Sports betting", "Lottery", "Promotions", "More"],
    "TR": ["Ana sayfa", "Spor bahisleri", "Loto", "Promosyonlar", "Daha fazla"],
    "CN": ["首页", "体育投注", "彩票", "优惠活动", "更多"],
}

BOXES = """nav => [...nav.querySelectorAll('[data-nav-top]')].map(e => {
  const r = e.getBoundingClientRect();
  const s = getComputedStyle(e);
  return {name: e.textContent.trim(), left: r.left, top: r.top, right: r.right, bottom: r.bottom,
          shown: r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'};
})"""


def shoot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"navigation-{name}.png"))


def nav_violations(page: Page) -> list[dict[str, Any]]:
    """axe's serious and critical violations inside the navigation (its open menu included); the page's other parts
    are their journeys' to check."""
    page.add_script_tag(path=str(AXE))
    result: dict[str, Any] = page.evaluate(f"axe.run(document.querySelector('{NAV}'), {{resultTypes: ['violations']}})")
    return [
        {"id": v["id"], "nodes": [n["target"] for n in v["nodes"]][:3]}
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def no_sideways_scroll(page: Page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow} px at {page.url}"


def inside(box: dict[str, Any], width: float, height: float) -> bool:
    return box["left"] >= 0 and box["top"] >= 0 and box["right"] <= width and box["bottom"] <= height


def intersect(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (
        a["left"] < b["right"] - 0.5
        and b["left"] < a["right"] - 0.5
        and a["top"] < b["bottom"] - 0.5
        and b["top"] < a["bottom"] - 0.5
    )


def the_bar_fits(page: Page, language: str) -> list[str]:
    """Every top entry shown, inside the window, none overlapping another; no sideways scroll. Their names."""
    nav = page.locator(NAV)
    expect(nav.locator("[data-nav-top]").filter(has_text=TOP_ENTRIES[language][2])).to_be_visible(timeout=20_000)
    width, height = page.evaluate("[document.documentElement.clientWidth, window.innerHeight]")
    boxes: list[dict[str, Any]] = nav.evaluate(BOXES)
    names = [box["name"] for box in boxes]
    for expected in TOP_ENTRIES[language]:
        assert expected in names, f"{expected} is not in the bar: {names}"
    assert len(boxes) >= 10, names  # home, the seeded brand's eight categories, promotions, More
    for box in boxes:
        assert box["shown"], f"{box['name']} is not shown"
        assert inside(box, width, height), f"{box['name']} is outside the {width}×{height} window: {box}"
    for n, a in enumerate(boxes):
        for b in boxes[n + 1 :]:
            assert not intersect(a, b), f"{a['name']} and {b['name']} overlap: {a} {b}"
    no_sideways_scroll(page)
    return names


def the_lottery_menu_lists_every_game(page: Page, drawn_in: str) -> None:
    panel = page.get_by_test_id("nav-lottery-menu")
    expect(panel).to_be_visible()
    for code, path in LOTTERY_GAMES.items():
        link = panel.get_by_test_id(f"nav-lottery-{code}")
        expect(link).to_be_visible(timeout=20_000)
        assert link.get_attribute("href") == f"{path}?gameCode={code}"
    family_ids = panel.locator("[data-testid^='nav-lottery-family-']").evaluate_all(
        "all => all.map(e => e.dataset.testid)"
    )
    families = [family.removeprefix("nav-lottery-family-") for family in family_ids]
    assert families == FAMILIES
    countdown = panel.get_by_test_id("nav-lottery-SSC_1M").get_by_test_id("nav-lottery-countdown")
    expect(countdown).to_have_text(re.compile(rf"{drawn_in} \d\d:\d\d"))
    first = countdown.inner_text()
    page.wait_for_timeout(1_100)
    assert countdown.inner_text() != first, "the countdown does not tick"
    box = panel.bounding_box()
    width = page.evaluate("document.documentElement.clientWidth")
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, (
        f"the lottery menu leaves the window: {box}"
    )
    no_sideways_scroll(page)


@pytest.fixture(scope="module")
def token(stack: Stack) -> str:
    """A member (the lottery's pages need a session), registered once from this journey's own address."""
    return registered_member(stack, "navfan1", MEMBER_ADDRESS)


def test_the_bar_fits_1366_in_every_language_and_the_lottery_menu_leads_to_a_fast_game(
    stack: Stack, browser: Browser, token: str
) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768}, bypass_csp=True)  # axe is injected
    try:
        page = context.new_page()
        enter(page, stack, token)
        for language in ("TR", "CN", "EN"):
            page.evaluate(f"localStorage.setItem('hisLang', '{language}')")
            page.goto(stack.url + "/")
            the_bar_fits(page, language)
            shoot(page, f"1366-{language.lower()}")

        # the keyboard: Enter opens the lottery's menu, Escape closes it and gives focus back
        lottery = page.locator(NAV).get_by_role("button", name="Lottery")
        lottery.focus()
        page.keyboard.press("Enter")
        expect(lottery).to_have_attribute("aria-expanded", "true")
        the_lottery_menu_lists_every_game(page, "Draw in")
        shoot(page, "1366-en-lottery")
        assert nav_violations(page) == []
        page.keyboard.press("ArrowDown")
        expect(page.get_by_test_id("nav-lottery-SSC_1M")).to_be_focused()
        page.keyboard.press("Escape")
        expect(lottery).to_have_attribute("aria-expanded", "false")
        expect(lottery).to_be_focused()
        page.keyboard.press("ArrowRight")  # to the next entry of the bar
        expect(lottery).not_to_be_focused()

        # a mouse opens a category's menu on hover
        slots = page.locator(NAV).get_by_role("button", name="Slots")
        slots.hover()
        expect(slots).to_have_attribute("aria-expanded", "true")
        expect(page.locator(NAV).get_by_role("link", name="PG Soft")).to_be_visible()
        no_sideways_scroll(page)
        shoot(page, "1366-en-slots")
        page.locator(NAV).get_by_role("button", name="More").hover()
        expect(slots).to_have_attribute("aria-expanded", "false")
        expect(page.locator(NAV).get_by_role("link", name="Points mall")).to_be_visible()
        no_sideways_scroll(page)

        # a click on a fast game leads to its betting page
        lottery.click()
        page.get_by_test_id("nav-lottery-K3_1M").click()
        expect(page).to_have_url(stack.url + "/lottery?gameCode=K3_1M")
        expect(page.get_by_role("heading", level=1)).to_have_text("Speed Dice 1'", timeout=20_000)
        expect(page.get_by_test_id("lottery-issue")).to_be_visible()
        expect(lottery).to_have_attribute("aria-expanded", "false")
        expect(lottery).to_have_class(re.compile(r"\bactive\b"))
        the_bar_fits(page, "EN")

        # a click (after the hover it starts with) keeps a menu open on the way to its link, as other journeys go
        more = page.locator(NAV).get_by_role("button", name="More")
        more.click()
        expect(more).to_have_attribute("aria-expanded", "true")
        page.locator(NAV).get_by_role("link", name="Points mall").click()
        expect(page).to_have_url(stack.url + "/pointMall")
        expect(more).to_have_attribute("aria-expanded", "false")
        expect(more).to_have_class(re.compile(r"\bactive\b"))
    finally:
        context.close()


def test_at_390_a_menu_button_opens_the_same_entries(stack: Stack, browser: Browser, token: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, bypass_csp=True)
    try:
        page = context.new_page()
        enter(page, stack, token)
        for language, menu, lottery_name, drawn_in in (
            ("TR", "Menü", "Loto", "Çekilişe"),
            ("EN", "Menu", "Lottery", "Draw in"),
        ):
            page.evaluate(f"localStorage.setItem('hisLang', '{language}')")
            page.goto(stack.url + "/")
            button = page.locator(NAV).get_by_role("button", name=menu)
            expect(button).to_be_visible(timeout=20_000)
            expect(button).to_have_attribute("aria-expanded", "false")
            expect(page.locator(NAV).get_by_role("link", name=TOP_ENTRIES[language][0])).to_be_hidden()
            no_sideways_scroll(page)
            shoot(page, f"390-{language.lower()}")
            button.tap()
            names = the_bar_fits(page, language)
            assert names[-1] == TOP_ENTRIES[language][-1]
            shoot(page, f"390-{language.lower()}-menu")
            page.locator(NAV).get_by_role("button", name=lottery_name).tap()
            the_lottery_menu_lists_every_game(page, drawn_in)
            page.get_by_test_id("nav-lottery-SSC_1M").scroll_into_view_if_needed()
            shoot(page, f"390-{language.lower()}-lottery")
            assert nav_violations(page) == []
        page.get_by_test_id("nav-lottery-SSC_1M").tap()
        expect(page).to_have_url(stack.url + "/lottery?gameCode=SSC_1M")
        expect(page.get_by_role("heading", level=1)).to_have_text("Speed SSC 1'", timeout=20_000)
        expect(page.locator(NAV).get_by_role("button", name="Menu")).to_have_attribute("aria-expanded", "false")
        no_sideways_scroll(page)
    finally:
        context.close()


def test_a_visitor_sees_the_bar_fit_and_a_wrong_logins_error_clear_of_it(stack: Stack, browser: Browser) -> None:
    """The login form in the header: the bar still fits, and a refused login's error pushes the bar down instead of
    covering it (it used to lie over the navigation)."""
    for width, height, username in ((1366, 768, "navnobody1"), (768, 1024, "navnobody3"), (390, 844, "navnobody2")):
        context = browser.new_context(viewport={"width": width, "height": height})
        try:
            page = context.new_page()
            enter(page, stack, None)
            page.evaluate("localStorage.setItem('hisLang', 'TR')")
            page.goto(stack.url + "/")
            if width < 1200:
                expect(page.locator(NAV).locator("[data-nav-top]").filter(has_text="Loto")).to_be_attached(
                    timeout=20_000
                )
                menu = page.locator(NAV).get_by_role("button", name="Menü")
                menu.click()
                expect(menu).to_have_attribute("aria-expanded", "true")
            the_bar_fits(page, "TR")
            form = page.get_by_role("form", name="Giriş yap")
            form.get_by_label("Kullanıcı adı").fill(username)
            form.get_by_label("Şifre").fill("yanlis123")
            form.get_by_role("button", name="Giriş yap").click()
            alert = form.get_by_role("alert")
            expect(alert).to_have_text("Hesap adı veya şifre hatalı.", timeout=30_000)
            error, nav = alert.bounding_box(), page.locator(NAV).bounding_box()
            assert error is not None and nav is not None
            assert error["y"] + error["height"] <= nav["y"], f"the login error covers the navigation: {error} {nav}"
            if width < 1200:  # the tap on the form closed the panel, as a tap anywhere outside it does
                menu = page.locator(NAV).get_by_role("button", name="Menü")
                expect(menu).to_have_attribute("aria-expanded", "false")
                menu.click()
            the_bar_fits(page, "TR")
            shoot(page, f"{width}-tr-visitor")
        finally:
            context.close()
