"""The draw queue after issue #43's review (item 3): issues that cannot be drawn never hold back those that can. A
game taken out of ``lottery.toml`` or a key not held leaves its issues waiting, outside the queue; an issue whose
held key does not give its commitment is set aside (``stuck``, audited, its bets given back), never retried first on
every tick."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from lottery_helpers import TEST_SEED_KEY, TEST_SEED_KEY_ID, Lottery
from sqlalchemy import func, select

from lottery_service import worker
from lottery_service.audit.models import LotteryAudit
from lottery_service.draws.models import Issue
from portal_kit.fairness import commitment, derive_seed

BIG = {"betType": "SUM_BIG_SMALL", "option": "BIG", "stake": 1000}
GONE, MISMATCHED, UNHELD = 30, 30, 5  # 60 undrawable issues due before the good one, more than a draw batch (50)


def undrawable(game: str, n: int, due: datetime, seed_hash: str, key_id: str) -> Issue:
    return Issue(
        game_code=game, issue=f"20200101{n:04d}", opens_at=due - timedelta(minutes=1), closes_at=due, draws_at=due,
        seed_hash=seed_hash, seed_key_id=key_id, status="open",
    )  # fmt: skip


async def test_sixty_undrawable_due_issues_do_not_hold_back_a_good_one(
    lottery: Lottery, caplog: pytest.LogCaptureFixture
) -> None:
    account, token = await lottery.member(100_000)
    issue = await lottery.open_issue("SSC_1M")
    assert (await lottery.bet(token, "SSC_1M", issue, [BIG])).status_code == 200
    long_ago = datetime.now(UTC) - timedelta(hours=2)
    key = bytes.fromhex(TEST_SEED_KEY)
    async with lottery.db.transaction() as session:
        for n in range(GONE):  # a game taken out of lottery.toml, committed properly
            label = f"lottery:GONE_1M:20200101{n:04d}"
            session.add(undrawable("GONE_1M", n, long_ago + timedelta(seconds=n), commitment(derive_seed(key, label)),
                                   TEST_SEED_KEY_ID))  # fmt: skip
        for n in range(MISMATCHED):  # a commitment the key held under its id does not give
            session.add(undrawable("K3_1M", n, long_ago + timedelta(seconds=n), "00" * 32, TEST_SEED_KEY_ID))
        for n in range(MISMATCHED, MISMATCHED + UNHELD):  # a key this worker does not hold
            session.add(undrawable("K3_1M", n, long_ago, "11" * 32, "retired"))
    await lottery.make_due("SSC_1M", issue)

    await worker.tick(lottery.db, lottery.nc, lottery.settings, schedule=False)
    async with lottery.db.reader() as session:
        good = await session.get(Issue, ("SSC_1M", issue))
        stuck = await session.execute(
            select(Issue.game_code, func.count()).where(Issue.status == "stuck").group_by(Issue.game_code)
        )
        by_status = {game: int(count) for game, count in stuck}
        due = await session.execute(
            select(Issue.seed_key_id, func.count())
            .where(Issue.status == "open", Issue.draws_at < datetime.now(UTC))
            .group_by(Issue.seed_key_id)
        )
        waiting = {key_id: int(count) for key_id, count in due}
        audited = await session.scalar(
            select(func.count()).select_from(LotteryAudit).where(LotteryAudit.action == "issue.stuck")
        )
    assert good is not None and good.status == "settled" and good.result is not None  # drawn and settled
    assert await lottery.balance(account) in (99_000, 99_000 + 1980)
    assert by_status == {"K3_1M": MISMATCHED} and audited == MISMATCHED  # set aside, each in the ops audit
    assert waiting == {TEST_SEED_KEY_ID: GONE, "retired": UNHELD}  # they wait for their game or their key
    assert "GONE_1M" in caplog.text and "retired" in caplog.text  # and the worker says what they wait for
    assert await lottery.reconciled()
