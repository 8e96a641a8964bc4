"""The web shell in headless Chromium through Traefik."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Page, expect

from portal_stack.harness import Stack


def test_home_page_shows_the_demo_brand_in_turkish_then_english(stack: Stack, page: Page) -> None:
    page.goto(stack.url)
    expect(page.locator(".brand")).to_have_text("F2 Türkiye")
    page.get_by_role("dialog", name="Duyurular").get_by_role("button", name="Kapat").click()
    expect(page.get_by_alt_text("Hoş geldin bonusu %100")).to_be_visible()
    expect(page.locator(".marquee")).to_contain_text("Yeni üyelere %100 hoş geldin bonusu!")
    expect(page.locator(".footer")).to_contain_text("Sorumlu oyun")

    page.get_by_label("Dil").select_option("EN")
    expect(page.locator(".footer")).to_contain_text("Responsible gaming")
    expect(page.get_by_alt_text("100% welcome bonus")).to_be_visible()
    assert page.evaluate("localStorage.getItem('hisLang')") == "EN"
    page.reload()
    expect(page.locator(".footer")).to_contain_text("Responsible gaming")


def test_history_routes_of_services_not_built_say_so(stack: Stack, page: Page) -> None:
    page.goto(f"{stack.url}/seamless")
    expect(page.get_by_text("Bu bölüm henüz kullanılamıyor.")).to_be_visible()


def test_a_lottery_route_without_a_token_opens_the_login_dialog(stack: Stack, page: Page) -> None:
    page.goto(f"{stack.url}/lottery?gameCode=VN")
    expect(page.get_by_role("dialog", name="Giriş yap")).to_be_visible()
    expect(page).to_have_url(f"{stack.url}/")


@pytest.fixture
def maintenance(stack: Stack) -> Iterator[None]:
    headers = {"Authorization": stack.ops_token()}
    base = f"{stack.url}/wps/ops/site/merchants/turkeyf2"
    assert (
        httpx.patch(
            base, json={"maintenance": True, "maintenanceEnd": "2099-01-01T06:00:00Z"}, headers=headers
        ).status_code
        == 200
    )
    yield
    assert httpx.patch(base, json={"maintenance": False}, headers=headers).status_code == 200


def test_maintenance_mode_shows_its_screen(stack: Stack, page: Page, maintenance: None) -> None:
    page.goto(stack.url)
    expect(page.get_by_role("heading", name="Bakımdayız")).to_be_visible()
    expect(page.get_by_test_id("maintenance-end")).to_contain_text(re.compile("2099|99"))
    expect(page.locator(".brand")).to_have_count(0)
