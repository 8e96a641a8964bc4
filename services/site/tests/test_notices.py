"""Who may read the notices (spec §6: the notices need a session): a member, an agent or a trial account reads
every type; a visitor reads only the public announcements a visitor's home page shows, the marquee's broadcasts
(``B``) and the popups meant for anonymous visitors (``PU``, execution ``B``), and is told to log in for the
rest; an ops session is no reader of the member site's notices. Through the real stack."""

from __future__ import annotations

import httpx
import pytest

from portal_kit.sessions import OpsRole, Principal, Role
from portal_kit.testing.plugin import PortalServers, issue_session

NOTICES = "/wps/system/notices"
ANNOUNCEMENTS = "/wps/relay/MCSFE_getListAnnouncements"


async def session_of(redis_url: str, role: Role, account_type: int) -> dict[str, str]:
    principal = Principal(role=role, merchant="turkeyf2", account_id=f"{role.value}-1", account_type=account_type)
    return {"Authorization": await issue_session(redis_url, principal), "Language": "EN"}


@pytest.fixture
async def readers(portal_servers: PortalServers) -> dict[str, dict[str, str]]:
    """A member (type 0), an agent (type 1) and a trial account (type 4), each with a session."""
    url = portal_servers.redis_url
    return {
        "member": await session_of(url, Role.MEMBER, 0),
        "agent": await session_of(url, Role.AGENT, 1),
        "trial": await session_of(url, Role.TRIAL, 4),
    }


@pytest.mark.parametrize("types", ["PL", "PR", "H", "B,PL", None])
async def test_a_visitor_is_asked_to_log_in_for_the_notices(client: httpx.AsyncClient, types: str | None) -> None:
    response = await client.get(NOTICES, params={"types": types} if types else {}, headers={"Language": "EN"})
    assert (response.status_code, response.json()["errorCode"]) == (401, "login.not.session")
    assert response.json()["value"] is None and response.json()["message"]


async def test_members_agents_and_trial_accounts_read_every_notice(
    client: httpx.AsyncClient, readers: dict[str, dict[str, str]]
) -> None:
    for kind, headers in readers.items():
        platform = await client.get(NOTICES, params={"types": "PL"}, headers=headers)
        assert platform.status_code == 200, (kind, platform.text)
        assert [item["title"] for item in platform.json()["value"]] == ["Planned maintenance", "New payment channel"]
        every = (await client.get(NOTICES, headers=headers)).json()["value"]
        assert sorted(item["type"] for item in every) == ["B", "B", "B", "PL", "PL", "PR", "PU"], kind
        assert [item["popupExecution"] for item in every if item["type"] == "PU"] == ["A"], kind


async def test_the_visitors_home_page_keeps_its_marquee_and_popup(client: httpx.AsyncClient) -> None:
    marquee = (await client.get(NOTICES, params={"types": "B"})).json()["value"]
    assert [item["type"] for item in marquee] == ["B", "B", "B"]
    popup = (await client.get(NOTICES, params={"types": "PU"})).json()["value"]
    assert [(item["type"], item["popupExecution"]) for item in popup] == [("PU", "B")]


async def test_the_announcement_list_shows_a_visitor_only_the_public_announcements(
    client: httpx.AsyncClient, readers: dict[str, dict[str, str]]
) -> None:
    visitor = (await client.get(ANNOUNCEMENTS, params={"pageSize": 50})).json()["value"]
    assert visitor["total"] == 4
    assert sorted((item["type"], item["popupExecution"]) for item in visitor["list"]) == [
        ("B", None), ("B", None), ("B", None), ("PU", "B")
    ]  # fmt: skip
    member = (await client.get(ANNOUNCEMENTS, params={"pageSize": 50}, headers=readers["member"])).json()["value"]
    assert member["total"] == 7
    assert {item["type"] for item in member["list"]} == {"B", "PL", "PR", "PU"}


async def test_an_ops_session_or_a_dead_token_reads_no_notices(
    client: httpx.AsyncClient, portal_servers: PortalServers
) -> None:
    ops = await issue_session(
        portal_servers.redis_url,
        Principal(role=Role.OPS, merchant="turkeyf2", username="ops.reader", ops_roles=frozenset({OpsRole.ADMIN})),
    )
    as_ops = await client.get(NOTICES, params={"types": "PL"}, headers={"Authorization": ops})
    assert (as_ops.status_code, as_ops.json()["errorCode"]) == (403, "access.denied")
    dead = await client.get(NOTICES, params={"types": "PL"}, headers={"Authorization": "not-a-session"})
    assert dead.status_code == 401
