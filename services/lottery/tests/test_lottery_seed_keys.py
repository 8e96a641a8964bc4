"""The seed keys after issue #43's review: the API runs without them (only the worker derives seeds); the worker
refuses the development key unless its environment is named development or test, and refuses to start when a key it
holds is not the key first used under that id (its fingerprint, recorded in the database); a seed written into the
database after migration 0004 is never drawn, so write access to the database chooses no outcome."""

from __future__ import annotations

import asyncio
import os
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from lottery_helpers import TEST_SEED_KEY, TEST_SEED_KEY_ID, Lottery
from sqlalchemy import func, select, update
from sqlalchemy.exc import DBAPIError

from lottery_service import worker
from lottery_service.audit.models import LotteryAudit
from lottery_service.bets.models import Bet
from lottery_service.draws.keys import SeedKeys
from lottery_service.draws.models import Issue
from lottery_service.main import build_app
from lottery_service.settings import LotterySettings
from portal_kit.fairness import commitment

SECRETS = {"secret_key": "s" * 40, "payload_secret": "p" * 40}
OTHER_KEY = "0ddba11" + "0" * 57  # 64 hex digits, not the tests' key
K3_BIG = {"betType": "BIG_SMALL", "option": "BIG", "stake": 1000}


# --- the settings (no I/O) -------------------------------------------------------------------------------------------


def test_the_api_settings_need_no_seed_key_in_production() -> None:
    """The API pods are not given the seed keys (a breach of one reveals no draw): production starts without them."""
    settings = LotterySettings(environment="production", **SECRETS)
    assert settings.is_production and build_app(settings).title == "lottery"


@pytest.mark.parametrize(
    ("environment", "seed_key", "allowed"),
    [
        (None, None, False),  # nothing said: not a development machine for the seeds' sake
        ("development", None, True),
        ("test", None, True),
        ("production", None, False),
        ("staging", None, False),
        ("production", "de" * 32, False),  # the development key named outright
        (None, TEST_SEED_KEY, True),  # a real key needs no environment
        ("production", TEST_SEED_KEY, True),
    ],
)  # fmt: skip
def test_the_worker_takes_the_development_key_only_where_the_environment_says_development(
    environment: str | None, seed_key: str | None, allowed: bool
) -> None:
    given: dict[str, str] = {**SECRETS}
    if environment is not None:
        given["environment"] = environment
    if seed_key is not None:
        given["seed_key"] = seed_key
    settings = LotterySettings(**given)  # the API's settings: always accepted
    if allowed:
        assert SeedKeys.of(settings).held == [settings.seed_key_id]
    else:
        with pytest.raises(ValueError, match="LOTTERY_SEED_KEY"):
            SeedKeys.of(settings)


def test_a_retired_development_key_is_refused_too() -> None:
    settings = LotterySettings(
        environment="production",
        seed_key=TEST_SEED_KEY,
        seed_key_id="2026b",
        old_seed_keys={"dev": "de" * 32},
        **SECRETS,
    )
    with pytest.raises(ValueError, match="development"):
        SeedKeys.of(settings)


# --- the worker as a process ------------------------------------------------------------------------------------------


def worker_env(settings: LotterySettings, **more: str) -> dict[str, str]:
    """The worker's environment as a pod would have it: nothing of this process's environment or keys but ``more``."""
    inherited = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith("LOTTERY_") and not name.endswith("ENVIRONMENT")
    }
    return inherited | {
        "LOTTERY_DATABASE_URL": settings.database_url, "REDIS_URL": settings.redis_url, "NATS_URL": settings.nats_url,
        "LOTTERY_TICK_SECONDS": "0.1", **more,
    }  # fmt: skip


async def refused_start(env: dict[str, str], seconds: float = 30) -> str:
    """Start the worker and expect it to stop by itself with a failure; what it said."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "lottery_service.worker", env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    try:
        output, _ = await asyncio.wait_for(process.communicate(), seconds)
    except TimeoutError:
        process.kill()
        output, _ = await process.communicate()
        pytest.fail(f"the worker started and ran:\n{output.decode()[-3000:]}")
    assert process.returncode != 0
    return output.decode()


async def issue_count(lottery: Lottery) -> int:
    async with lottery.db.reader() as session:
        return int(await session.scalar(select(func.count()).select_from(Issue)) or 0)


async def test_the_worker_refuses_to_start_with_the_development_key_when_no_environment_is_named(
    lottery: Lottery,
) -> None:
    said = await refused_start(worker_env(lottery.settings))
    assert "LOTTERY_SEED_KEY" in said
    assert await issue_count(lottery) == 0  # nothing committed under a key anyone can read


async def test_a_worker_holding_another_key_under_a_used_id_refuses_to_start(lottery: Lottery, tmp_path: Path) -> None:
    """The first worker records its key's fingerprint under its id; a second given another key under that id (a
    mistyped Secret, a key swapped in) would make every issue committed under the id undrawable, or a future one
    predictable to whoever chose it: it does not start, and no issue is drawn or set aside."""
    good = worker_env(lottery.settings, LOTTERY_SEED_KEY=TEST_SEED_KEY, LOTTERY_SEED_KEY_ID=TEST_SEED_KEY_ID)
    log = tmp_path / "worker.log"
    with log.open("wb") as output:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "lottery_service.worker", env=good, stdout=output, stderr=output
        )
    try:
        deadline = asyncio.get_running_loop().time() + 60
        while await issue_count(lottery) == 0:  # it started and wrote the issues ahead
            assert process.returncode is None and asyncio.get_running_loop().time() < deadline, log.read_text()
            await asyncio.sleep(0.2)
    finally:
        if process.returncode is None:
            process.terminate()
        await process.wait()
    issue = await lottery.open_issue("K3_1M")
    await lottery.make_due("K3_1M", issue)

    swapped = worker_env(lottery.settings, LOTTERY_SEED_KEY=OTHER_KEY, LOTTERY_SEED_KEY_ID=TEST_SEED_KEY_ID)
    said = await refused_start(swapped)
    assert TEST_SEED_KEY_ID in said and "fingerprint" in said
    async with lottery.db.reader() as session:
        statuses = set(await session.scalars(select(Issue.status)))
    assert statuses == {"open"}  # nothing drawn under the wrong key, nothing set aside as undrawable


# --- a seed written into the database (item 5) ------------------------------------------------------------------------


async def test_a_seed_written_into_the_database_is_never_drawn(lottery: Lottery) -> None:
    """Someone with write access to the lottery's database stores a seed of their choosing on the issue open now (the
    path of issues written before migration 0003). It is not drawn from that seed: the issue is set aside (``stuck``,
    audited) and its bets given back; nor can its commitment be replaced or the issue declared one of those old ones."""
    account, token = await lottery.member(100_000)
    issue = await lottery.open_issue("K3_1M")
    assert (await lottery.bet(token, "K3_1M", issue, [K3_BIG])).status_code == 200
    chosen = bytes(32)
    where = (Issue.game_code == "K3_1M", Issue.issue == issue)
    async with lottery.db.transaction() as session:
        await session.execute(update(Issue).where(*where).values(seed_key_id=None, seed=chosen))
    await lottery.make_due("K3_1M", issue)
    await worker.tick(lottery.db, lottery.nc, lottery.settings, schedule=False)
    async with lottery.db.reader() as session:
        row = await session.get(Issue, ("K3_1M", issue))
        bet_statuses = set(await session.scalars(select(Bet.status)))
        audit = list(await session.scalars(select(LotteryAudit).where(LotteryAudit.action == "issue.stuck")))
    assert row is not None and (row.status, row.result) == ("stuck", None)
    assert bet_statuses == {"cancelled"}  # its stake given back
    assert [(entry.merchant, entry.actor, entry.target, entry.after) for entry in audit] == [
        ("*", "lottery-worker", f"K3_1M:{issue}", {"status": "stuck"})
    ]  # an issue is every brand's (ALL_BRANDS)
    assert await lottery.balance(account) == 100_000 and await lottery.reconciled()
    results = (await lottery.http.get("/lotto/lgw/games/K3_1M/results")).json()["value"]["list"]
    assert issue not in {result["issue"] for result in results}

    with pytest.raises(DBAPIError):
        async with lottery.db.transaction() as session:  # the published commitment is fixed
            await session.execute(update(Issue).where(*where).values(seed_hash=commitment(chosen)))
    with pytest.raises(DBAPIError):
        async with lottery.db.transaction() as session:  # only migration 0004 marked the old issues
            await session.execute(update(Issue).where(*where).values(legacy_seed=True))
    with pytest.raises(DBAPIError):
        async with lottery.db.transaction() as session:  # an issue is written with its commitment alone
            past = datetime.now(UTC) - timedelta(minutes=5)
            session.add(Issue(game_code="K3_1M", issue="202001010001", opens_at=past, closes_at=past, draws_at=past,
                              seed=chosen, seed_hash=commitment(chosen), status="open"))  # fmt: skip
