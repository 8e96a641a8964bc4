"""Game art and tiles in Chromium through Traefik (#49): on the slots page at 1366×768 and at 390×844 every tile
shows its generated SVG art with the game's name set in it (no two-letter picture), no heart is covered by anything (the point at its centre is
the heart), the page does not scroll sideways and the slot's dialog fits the screen with SVG reels (no emoji).
A real member sees no "free demo" (it played for real money); a free-play account does, and its game frame says
it is a demo."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from portal_client import Browser, registered_member

from portal_stack.harness import Stack

ADDRESS = "127.0.0.67"  # unique across the e2e tests
SIZES = ((1366, 768), (390, 844))

# Every heart on the page, scrolled into view one by one: what the point at its centre shows (the heart or a
# part of it, else the element lying over it).
COVERED_HEARTS = """() => {
  const covered = [];
  for (const heart of document.querySelectorAll('.game-tile__heart')) {
    heart.scrollIntoView({ block: 'center' });
    const box = heart.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!top || !(top === heart || heart.contains(top))) {
      const tile = heart.closest('[data-code]')?.getAttribute('data-code');
      covered.push(`${tile}: ${top ? top.outerHTML.slice(0, 120) : 'nothing'}`);
    }
  }
  return covered;
}"""

# Tiles whose boxes intersect another tile's box (a tile's buttons spilling into its neighbour).
OVERLAPPING_TILES = """() => {
  const boxes = [...document.querySelectorAll('[data-testid=game-tile]')].map((tile) => [tile.dataset.code, tile.getBoundingClientRect()]);
  const overlaps = [];
  boxes.forEach(([a, p], i) => boxes.slice(i + 1).forEach(([b, q]) => {
    if (p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5) overlaps.push(`${a}/${b}`);
  }));
  for (const tile of document.querySelectorAll('[data-testid=game-tile]')) {
    const box = tile.getBoundingClientRect();
    for (const part of tile.querySelectorAll('*:not(svg *)')) {  // an SVG's own shapes are clipped by it
      const inner = part.getBoundingClientRect();
      if (inner.width && (inner.right > box.right + 0.5 || inner.left < box.left - 0.5)) overlaps.push(`${tile.dataset.code} spills`);
    }
  }
  return overlaps;
}"""

# The open dialog's box against the viewport, and anything inside it wider than the dialog.
DIALOG_FIT = """() => {
  const dialog = document.querySelector('[role=dialog]');
  const box = dialog.getBoundingClientRect();
  const wider = [...dialog.querySelectorAll('*:not(svg *)')].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5);
  }).map((el) => el.className || el.tagName);
  return { left: box.left, right: box.right, top: box.top, bottom: box.bottom, vw: innerWidth, vh: innerHeight,
           scroll: dialog.scrollWidth - dialog.clientWidth, wider: wider.slice(0, 5) };
}"""

EMOJI = r"/[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}\u{FE0F}]/u"


def enter(page: Page, stack: Stack, token: str) -> None:
    page.goto(stack.url)
    page.evaluate(
        "localStorage.setItem('hisLang', 'EN');"
        "['member', 'visitor', 'trial'].forEach((kind) => sessionStorage.setItem('popupClosed:' + kind, '1'));"
        f"sessionStorage.setItem('token', '{token}');"
    )


def sideways(page: Page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"))


def test_slot_tiles_have_art_and_free_hearts_and_the_slot_dialog_fits_at_1366_and_390(stack: Stack, page: Page) -> None:
    token = registered_member(stack, "artlobby1", ADDRESS)
    enter(page, stack, token)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{stack.url}/rng")
        expect(page.get_by_role("heading", name="Slots")).to_be_visible(timeout=20_000)
        tiles = page.get_by_test_id("game-tile")
        expect(tiles.first).to_be_visible(timeout=20_000)
        count = tiles.count()
        assert count >= 10, count
        for index in range(count):  # every tile: its SVG art (drawn as it nears the screen), named by the game
            tiles.nth(index).scroll_into_view_if_needed()
            art = tiles.nth(index).locator(".game-tile__image svg.game-art")
            expect(art).to_have_count(1, timeout=10_000)
            name = tiles.nth(index).locator(".game-tile__name").inner_text()
            drawn = art.locator("text").all_text_contents()
            assert name.replace(" ", "") in "".join(drawn).replace(" ", ""), (name, drawn)  # the name set in the art
        assert tiles.locator(".game-tile__image img").count() == 0  # no two-letter picture left
        assert page.evaluate(OVERLAPPING_TILES) == [], width
        assert page.evaluate(COVERED_HEARTS) == [], width
        assert sideways(page) == 0, width
        # A real member has no demo launch: no "free demo" that would play for real money.
        expect(page.get_by_role("button", name="Free demo")).to_have_count(0)

        page.locator("[data-code=BGS_FRUIT5]").get_by_role("button", name="Play", exact=True).click()
        frame = page.get_by_test_id("game-frame")
        expect(frame).to_be_visible(timeout=20_000)
        expect(frame.get_by_test_id("slot-reels").locator("svg[role=img]")).to_have_count(15)
        expect(frame.get_by_test_id("demo-mark")).to_have_count(0)  # real money: no demo mark
        frame.locator("summary").click()  # the fairness panel open, with its long hashes
        fit = page.evaluate(DIALOG_FIT)
        assert fit["left"] >= 0 and fit["right"] <= fit["vw"] and fit["top"] >= 0 and fit["bottom"] <= fit["vh"], fit
        assert fit["scroll"] <= 0 and fit["wider"] == [], fit
        assert not page.evaluate(f"{EMOJI}.test(document.querySelector('[role=dialog]').textContent)")
        assert sideways(page) == 0, width
        page.get_by_role("button", name="Close").click()


def test_a_free_play_account_gets_the_free_demo_and_sees_its_demo_mark(stack: Stack, page: Page) -> None:
    trial = Browser(stack, ADDRESS).http.post("/wps/session/login/freeplay", json={"os": "Linux", "platform": "W"})
    assert trial.status_code == 200, trial.text
    enter(page, stack, trial.json()["value"]["token"])
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{stack.url}/pvp")
    page.locator("[data-code=BGS_DRAGON_TIGER]").get_by_role("button", name="Free demo").click()
    frame = page.get_by_test_id("game-frame")
    expect(frame.get_by_test_id("demo-mark")).to_contain_text("DEMO", timeout=20_000)
    frame.get_by_role("button", name="Tiger 1:1").click()
    result = frame.get_by_test_id("dragon-tiger-result")
    expect(result).to_contain_text(" of ", timeout=20_000)  # "Dragon: Queen of hearts · Tiger: ..."
    expect(frame.get_by_test_id("card-dragon").locator("svg[role=img]")).to_have_attribute(
        "aria-label", result.inner_text().split(" · ")[0].split(": ")[1]
    )
    fit = page.evaluate(DIALOG_FIT)
    assert fit["left"] >= 0 and fit["right"] <= fit["vw"] and fit["wider"] == [], fit
    assert sideways(page) == 0
