"""Journeys of the web shell in headless Chromium through Traefik against the real services: register, log
in, the balance and its toggle, languages, logout; a wrong password's translated error; the announcement
popup once per session; a remote that fails to load; no serious accessibility violations; a forgotten
password reset through the e-mailed link."""

from __future__ import annotations

import json
import re

from accessibility import serious_violations
from playwright.sync_api import Browser, Page, Route, expect
from portal_client import registered_member
from redis import Redis

from portal_stack.harness import Stack


def close_popup(page: Page, title: str = "Announcements", close: str = "Close") -> None:
    dialog = page.get_by_role("dialog", name=title)
    dialog.get_by_role("button", name=close).click()
    expect(dialog).to_have_count(0)


def english(page: Page, stack: Stack) -> None:
    page.goto(stack.url)
    page.evaluate("localStorage.setItem('hisLang', 'EN')")
    page.goto(stack.url)


def captcha_answer(stack: Stack, captcha_id: str) -> str:
    with Redis.from_url(stack.redis_url, decode_responses=True) as redis:
        return str(redis.get(f"captcha:{captcha_id}"))


def test_visitor_registers_sees_and_hides_the_balance_changes_language_and_logs_out(stack: Stack, page: Page) -> None:
    english(page, stack)
    close_popup(page)
    with page.expect_response(lambda r: r.url.endswith("/wps/captcha")) as captcha:
        page.get_by_role("button", name="Register").click()
    dialog = page.get_by_role("dialog", name="Register")
    answer = captcha_answer(stack, captcha.value.json()["value"]["captchaId"])
    dialog.get_by_label("Username").fill("shelluser1")
    dialog.get_by_label("Password", exact=True).fill("kabuk2468")
    dialog.get_by_label("Confirm password").fill("kabuk2468")
    dialog.get_by_label("Payment password").fill("246813")
    dialog.get_by_label("Mobile number").fill("5321113344")
    dialog.get_by_label("Birthday").fill("1994-04-04")
    dialog.get_by_label("Verification code").fill(answer)
    dialog.get_by_role("checkbox").check()
    dialog.get_by_role("button", name="Register").click()

    expect(page.get_by_role("button", name="shelluser1")).to_be_visible(timeout=30_000)
    welcome = page.get_by_role("dialog", name="Announcements")
    expect(welcome).to_contain_text("Welcome aboard")  # the first-login popup
    expect(welcome).to_contain_text("Weekend cashback")  # and the members' one
    close_popup(page)
    balance = page.get_by_test_id("balance")
    expect(balance).to_contain_text("₺0.00", timeout=20_000)
    page.get_by_role("button", name="Hide balance").click()
    expect(balance).to_contain_text("******")
    page.get_by_role("button", name="Show balance").click()
    expect(balance).to_contain_text("₺0.00")

    page.get_by_test_id("language").select_option("CN")
    expect(page.get_by_role("button", name="退出")).to_be_visible()
    page.get_by_test_id("language").select_option("EN")
    page.get_by_role("button", name="Log out").click()
    confirm = page.get_by_role("dialog", name="Log out")
    expect(confirm).to_contain_text("Do you really want to log out?")
    confirm.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("form", name="Log in")).to_be_visible()
    assert page.evaluate("sessionStorage.getItem('token')") is None
    close_popup(page)  # logout cleared session storage, so the visitors' popup is due again

    page.get_by_label("Username").fill("shelluser1")
    page.get_by_label("Password").fill("kabuk2468")
    page.get_by_role("form", name="Log in").get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name="shelluser1")).to_be_visible(timeout=30_000)
    expect(page.get_by_test_id("balance")).to_contain_text("₺0.00")


def test_a_wrong_password_shows_the_translated_error(stack: Stack, page: Page) -> None:
    page.goto(stack.url)
    close_popup(page, "Duyurular", "Kapat")
    form = page.get_by_role("form", name="Giriş yap")
    form.get_by_label("Kullanıcı adı").fill("nobodyhere1")
    form.get_by_label("Şifre").fill("yanlis123")
    form.get_by_role("button", name="Giriş yap").click()
    expect(form.get_by_role("alert")).to_have_text("Hesap adı veya şifre hatalı.", timeout=30_000)


def test_the_announcement_popup_shows_once_per_session_unless_closed(stack: Stack, browser: Browser) -> None:
    context = browser.new_context()
    page = context.new_page()
    english(page, stack)
    popup = page.get_by_role("dialog", name="Announcements")
    expect(popup).to_contain_text("Sign up and get a 100% bonus")  # the first one opens by itself
    popup.get_by_role("button", name="Welcome to F2 Türkiye").click()  # the selected item toggles on click
    expect(popup).not_to_contain_text("Sign up and get a 100% bonus")
    close_popup(page)
    page.reload()
    expect(page.locator(".brand")).to_be_visible()
    expect(page.get_by_role("dialog")).to_have_count(0)
    fresh = context.new_page()  # another tab is another session
    english(fresh, stack)
    expect(fresh.get_by_role("dialog", name="Announcements")).to_be_visible()
    context.close()


def test_the_popup_works_before_the_application_loads_and_the_shell_keeps_it_as_left(stack: Stack, page: Page) -> None:
    held: list[Route] = []
    application = re.compile(r"/assets/main-[^/]+\.js$")

    def hold(route: Route) -> None:
        held.append(route)

    english(page, stack)
    expect(page.locator(".brand")).to_be_visible()  # that page's application has loaded: the next load is held
    page.route(application, hold)  # the application's chunk, held back
    page.reload()
    popup = page.get_by_role("dialog", name="Announcements")
    expect(popup).to_contain_text("Sign up and get a 100% bonus")  # drawn by the page's entry, before React
    expect(page.locator(".brand")).to_have_count(0)
    popup.get_by_role("button", name="Welcome to F2 Türkiye").click()  # the visitor closes the open notice
    expect(popup).not_to_contain_text("Sign up and get a 100% bonus")
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator(".brand")).to_be_visible()  # the application has taken over the page
    expect(popup).to_be_visible()
    expect(popup).not_to_contain_text("Sign up and get a 100% bonus")  # where the visitor left it
    page.keyboard.press("Escape")  # the shell's own dialog now
    expect(popup).to_have_count(0)
    assert page.evaluate("sessionStorage.getItem('popupClosed:visitor')") == "1"


def test_a_remote_that_fails_to_load_shows_the_fallback_and_the_shell_keeps_working(stack: Stack, page: Page) -> None:
    def broken_manifest(route: Route) -> None:
        route.fulfill(status=200, content_type="application/json",
                      body=json.dumps({"memberCentre": {"entry": "/remotes/nowhere/remoteEntry.js"}}))  # fmt: skip

    page.route("**/remotes.json", broken_manifest)
    english(page, stack)
    close_popup(page)
    token = registered_member(stack, "remoteless1", "127.0.0.7")
    page.evaluate(f"sessionStorage.setItem('token', '{token}')")
    page.goto(f"{stack.url}/member/depositv2")
    expect(page.get_by_test_id("remote-failed")).to_contain_text("could not be loaded", timeout=30_000)
    page.get_by_test_id("language").select_option("TR")
    expect(page.get_by_test_id("remote-failed")).to_contain_text("yüklenemedi")


def test_home_and_dialogs_have_no_serious_accessibility_violations(stack: Stack, browser: Browser) -> None:
    context = browser.new_context(bypass_csp=True)  # axe is injected as a script; the portal's CSP forbids that
    page = context.new_page()
    english(page, stack)
    expect(page.get_by_role("dialog", name="Announcements")).to_be_visible()
    assert serious_violations(page) == []
    close_popup(page)
    assert serious_violations(page) == []
    page.get_by_role("button", name="Register").click()
    expect(page.get_by_role("dialog", name="Register").get_by_label("Username")).to_be_visible()
    assert serious_violations(page) == []
    page.get_by_role("dialog", name="Register").get_by_role("button", name="Close").click()
    page.goto(f"{stack.url}/login")
    expect(page.get_by_role("dialog", name="Log in")).to_be_visible()
    assert serious_violations(page) == []
    context.close()


def test_a_forgotten_password_is_reset_through_the_emailed_link(stack: Stack, page: Page) -> None:
    registered_member(stack, "resetuser1", "127.0.0.21", email="reset.user@example.com")
    english(page, stack)
    close_popup(page)
    page.goto(f"{stack.url}/login")
    page.get_by_role("dialog", name="Log in").get_by_role("button", name="Forgot password").click()
    forgot = page.get_by_role("dialog", name="Forgot password")
    forgot.get_by_label("Username").fill("resetuser1")
    forgot.get_by_label("E-mail").fill("reset.user@example.com")
    forgot.get_by_role("button", name="Submit").click()
    expect(forgot.get_by_role("status")).to_contain_text("Follow the link in your e-mail")

    lines = (stack.data_dir / "dev-messages.jsonl").read_text(encoding="utf-8").splitlines()
    mails = [json.loads(line) for line in lines if json.loads(line)["to"] == "reset.user@example.com"]
    link = re.search(r"\S*#resetToken=\S+", mails[-1]["text"])
    assert link and link.group(0).startswith(f"{stack.url}/#resetToken="), mails[-1]["text"]

    page.goto(link.group(0))
    reset = page.get_by_role("dialog", name="Set a new password")
    expect(reset).to_be_visible()
    assert "resetToken" not in page.url  # taken out of the address at once
    reset.get_by_label("New password").fill("yeniSifre77")
    reset.get_by_label("Confirm password").fill("yeniSifre77")
    reset.get_by_role("button", name="Submit").click()
    expect(page.get_by_role("button", name="resetuser1")).to_be_visible(timeout=30_000)

    page.goto(link.group(0))  # the link works once
    again = page.get_by_role("dialog", name="Set a new password")
    again.get_by_label("New password").fill("baskaSifre88")
    again.get_by_label("Confirm password").fill("baskaSifre88")
    again.get_by_role("button", name="Submit").click()
    expect(again).to_contain_text("The password reset link is invalid or has expired.")
