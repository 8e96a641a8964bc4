"""Playing a round of an in-house game: one straight path.

1. One statement opens the round (``bgs_open_round``): it takes the player's next nonce under the pair's row lock
   (which orders a player's parallel rounds and a rotation) and writes the round ``open`` with its bet alone,
   once per ``requestId`` (a replay answers the round as it stands; the same id for another bet is refused). A
   pair whose commitment was never shown is refused (``seeds.not_shown``), and so, before anything is written, is
   a pair made under a key this process does not hold: it is retired (``seeds.retired``, ``retire_seed_pair``).
2. The outcome is computed from the pair's server seed (derived under its key), the client seed and the nonce,
   and one wallet call (``rpc.wallet.settle``, id ``bgs:<round>``) takes the stake and pays the win in one
   wallet transaction: both or neither. A refusal after which nothing moved (``money.NOTHING_MOVED``: the balance
   cannot cover the stake, ...) voids the round; any other leaves it open for the sweep (``round.pending``). The
   outcome becomes a fact only with the stake: until then nothing of it is stored, and the pair cannot be rotated
   (revealed) while the round is open, so a round whose stake timed out is no option on its outcome.
3. A jackpot hit claims the pool once (``claim_jackpot``) and is paid as ``bgs:<round>:jackpot``.
4. One statement closes the round (``bgs_close_round``): settled with its outcome and balance, its bet record and
   ``games.bet.settled.v1`` staged once, its share added to the jackpot; or void.

A round left ``open`` (no answer from the wallet, a stopped process) is settled by the worker's recovery sweep with
the same content: the same nonce gives the same outcome and the wallet answers a repeated id with the original. A
round whose key is no longer held cannot be computed: it is voided when the wallet confirms no money moved for it
(a rollback of its stake, which leaves the wallet's tombstone), else it waits for ops. The sweep takes rounds by
``retry_at`` and puts back one it cannot settle by a growing delay, so such rounds never keep the others waiting.

A player's seed pairs (``show_seeds``, ``rotate_seed_pair``, ``retire_seed_pair``): shown as commitments before any
round, rotated on request, retired when their key is gone. Pair ``n``'s server seed is derived under the key its
``key_id`` names (``keys.SeedKeys``), never stored. Showing the seeds makes the player's first pair if they have none
and marks it shown (rounds wait for that); it shows the commitment of the current seed and of the next pair's, so
the server's next seed is fixed before the player picks the client seed it will be played with. Rotating reveals
the current seed and starts the next pair, whose commitment the player names (``nextServerSeedHash``) as the one
they saw; it is refused while a round under the current seed is open, so no seed is revealed while a round under it
could still be settled or voided. A pair made under a key the service no longer holds (or before key ids) cannot be
revealed nor played: it is retired at its next use, replaced by a new pair under the current key that must be shown
before any round, its seed never revealed (its open rounds are the recovery sweep's: ``settle``). The keys
themselves are checked when a process starts (``verified_keys``).

The progressive pool (``claim_jackpot``, ``jackpot_amount``, ``jackpot_winners``): the claim of a hit (once per
round, with the reset of the pool in the same transaction) and what visitors see of it. Each spin's contribution is
added by the statement that closes it (``bgs_close_round``, migration 0007), only while the pool is below its cap."""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import Any

from nats.aio.client import Client as NATS
from sqlalchemy.ext.asyncio import AsyncSession

from games_service.bgs import fair, games, jackpot, repository
from games_service.bgs.games import Result
from games_service.bgs.keys import SeedKeyChanged, SeedKeyNotHeld, SeedKeys
from games_service.bgs.models import RevealedSeed, SeedPair
from games_service.bgs.repository import Closing, PlayableGame, RoundRow
from games_service.bgs.schemas import RevealedRead, RotatedRead, SeedsRead
from games_service.catalogue.domain import IN_HOUSE_VENDOR
from games_service.catalogue.service import check_open
from games_service.records.domain import SettledBet, masked
from games_service.records.events import bet_settled_event, stamp
from games_service.records.schemas import WinnerRead
from portal_kit import money
from portal_kit.db import Database
from portal_kit.errors import Conflict, DomainError, NotFound
from portal_kit.fairness import commitment
from portal_kit.money import Refused
from portal_kit.telemetry import inject_headers

log = logging.getLogger("games.bgs")

VENDOR = IN_HOUSE_VENDOR
JACKPOT_WINNERS_SHOWN = 20


class RoundState(StrEnum):
    OPEN = "open"
    SETTLED = "settled"
    VOID = "void"


OPEN, SETTLED, VOID = RoundState
MAIN = "main"


@dataclass(frozen=True)
class Bet:
    merchant: str
    account_id: str
    player_name: str
    currency: str
    game_code: str
    game_type: str
    stake: int
    request_id: str
    params: dict[str, Any]  # what the player chose besides the stake (the dice's target, the room), part of the bet
    wallet: str = MAIN  # freeplay: a trial account's demo round


@dataclass(frozen=True)
class Played:
    """A settled round as its answer shows it."""

    round: RoundRow
    capped: bool  # the win was cut to the game's maximum win a round

    @property
    def balance(self) -> int:
        assert self.round.balance is not None
        return self.round.balance


async def playable(db: Database, merchant: str, game_code: str) -> PlayableGame:
    """The in-house game ``game_code``, open for play (``game.switched_off``, ``vendor.switched_off``,
    ``vendor_under_maintenance``, ``game.unavailable``)."""
    game = await repository.playable(db, merchant, VENDOR, game_code)
    if game is None:
        raise NotFound("game.not_found")
    check_open(game, game.vendor_window)  # the game carries its vendor's switch and maintenance window
    return game


async def play(db: Database, nc: NATS, keys: SeedKeys, bet: Bet) -> Played:
    """Open, then settle, one round of ``bet``."""
    try:
        round_ = await repository.open_round(
            db, bet.merchant, bet.account_id, bet.player_name, bet.request_id, bet.game_code, bet.game_type,
            bet.currency, bet.wallet, bet.stake, bet.params, keys.held,
        )  # fmt: skip
    except Conflict as refused:
        if refused.code == "seeds.retired":  # nothing was written: the player is shown a new pair first
            await retire_seed_pair(db, keys, bet.merchant, bet.account_id)
        raise
    if round_.game_code != bet.game_code or round_.stake != bet.stake or round_.params != bet.params:
        raise Conflict("idempotency.mismatch")
    if round_.state == OPEN:
        round_ = await settle(db, nc, keys, round_)
    if round_.state == VOID:
        raise Refused(round_.refusal or "wallet.refused")
    return Played(round_, bool(round_.outcome.get("capped")))


def outcome_of(keys: SeedKeys, round_: RoundRow) -> Result:
    """What the round pays: computed from its pair's seed, or (a round of the old scheme) as it was stored.
    ``SeedKeyNotHeld`` when its key is not held."""
    if round_.pair is None:
        return Result(int(round_.win or 0), round_.outcome)
    seed = keys.seed(round_.key_id, round_.merchant, round_.account_id, round_.pair)
    if commitment(seed) != round_.server_seed_hash:  # unreachable while keys are verified at start (verified_keys)
        raise DomainError("seeds.unavailable", status=503)
    result = games.play(
        round_.game_code, round_.stake, round_.params, fair.stream(seed, round_.client_seed, round_.nonce)
    )
    return Result(result.win, {**result.outcome, "capped": True} if result.capped else result.outcome, result.capped)


def wins_jackpot(round_: RoundRow, result: Result) -> bool:
    """A real-money spin of the slot whose fair outcome hit the jackpot (play money wins no real pool)."""
    return round_.wallet == MAIN and round_.game_code == jackpot.GAME_CODE and bool(result.outcome.get("jackpot"))


async def settle(db: Database, nc: NATS, keys: SeedKeys, round_: RoundRow) -> RoundRow:
    """Take the stake and pay the win of an open round (again, safely), then close it settled or void. A refusal
    after which money may have moved leaves it open (``round.pending``)."""
    try:
        result = outcome_of(keys, round_)
    except SeedKeyNotHeld:
        return await _void_unless_moved(db, nc, round_)
    try:
        balance = await money.settle(
            nc, round_.merchant, round_.account_id, round_.currency, round_.stake, result.win, f"bgs:{round_.id}",
            round_.wallet,
        )  # fmt: skip
    except Refused as refused:
        if refused.code in money.NOTHING_MOVED:
            return await repository.close_round(db, round_.id, Closing(VOID, datetime.now(UTC), refusal=refused.code))
        log.error(
            "round %s: the wallet refused its settle (%s), money may have moved; left open", round_.id, refused.code
        )
        raise Conflict("round.pending") from None
    if wins_jackpot(round_, result):
        round_ = round_.with_jackpot(await claim_jackpot(db, round_.id, round_.merchant, round_.currency))
        assert round_.jackpot_win is not None
        balance = await money.credit(
            nc, round_.merchant, round_.account_id, round_.currency, round_.jackpot_win, f"bgs:{round_.id}:jackpot"
        )
    return await repository.close_round(db, round_.id, _settling(round_, result, balance))


def _settling(round_: RoundRow, result: Result, balance: int) -> Closing:
    """A settled round's close: a real-money bet writes its record and event; a spin of the slot feeds the pool."""
    now = datetime.now(UTC)
    outcome = None if round_.pair is None else result.outcome
    if round_.wallet != MAIN:  # play money is no bet: no record, no event, no pool
        return Closing(SETTLED, now, win=result.win, outcome=outcome, balance=balance)
    bet = SettledBet(
        vendor=VENDOR, round_id=str(round_.id), merchant=round_.merchant, account_id=round_.account_id,
        player_name=round_.player_name, game_type=round_.game_type, game_code=round_.game_code,
        currency=round_.currency, stake=round_.stake, valid_bet=round_.stake,
        win=result.win + (round_.jackpot_win or 0), settled_at=now,
    )  # fmt: skip
    slot = round_.game_code == jackpot.GAME_CODE
    return Closing(
        SETTLED, now, win=result.win, outcome=outcome, balance=balance,
        event=bet_settled_event(bet).model_dump(mode="json"), headers=dict(inject_headers({})),
        contribution=jackpot.contribution(round_.stake) if slot else 0, shard=jackpot.shard_of(round_.account_id),
        pool_seed=jackpot.SEED, pool_cap=jackpot.CAP,
    )  # fmt: skip


async def _void_unless_moved(db: Database, nc: NATS, round_: RoundRow) -> RoundRow:
    """Void a round whose key is no longer held once the wallet confirms nothing moved for it: a rollback of its
    stake leaves the wallet's tombstone (a settle that comes later is refused whole) or finds it refused; a stake
    that went through is never rolled back alone (``rollback.round_settled``) and the round waits for ops."""
    try:
        await money.rollback(nc, round_.merchant, f"bgs:{round_.id}:bet")
    except Refused as refused:
        log.error("round %s: its key is gone and its stake went through (%s); left open", round_.id, refused.code)
        raise Conflict("round.pending") from None
    return await repository.close_round(db, round_.id, Closing(VOID, datetime.now(UTC), refusal="seeds.retired"))


async def recover(db: Database, nc: NATS, older_than_seconds: float, *, keys: SeedKeys, limit: int = 100) -> int:
    """Settle rounds left open for longer than ``older_than_seconds``, those waiting longest first; how many were
    settled or voided. One that cannot be settled now is put back (``repository.postpone``), so it never keeps
    the others waiting; no answer from the wallet ends the sweep (the next one tries again)."""
    done = 0
    for round_id in await repository.due_rounds(db, datetime.now(UTC) - timedelta(seconds=older_than_seconds), limit):
        round_ = await repository.round_of(db, round_id)
        if round_ is None or round_.state != OPEN:
            continue
        try:
            await settle(db, nc, keys, round_)
            done += 1
        except DomainError as failed:
            if failed.code == "service_unavailable":
                break
            tries = await repository.postpone(db, round_id)
            log.error("open round %s cannot be settled (%s); tried %d time(s), put back", round_id, failed.code, tries)
        except Exception:
            tries = await repository.postpone(db, round_id)
            log.exception("open round %s failed to settle; tried %d time(s), put back", round_id, tries)
    return done


async def verified_keys(db: Database, keys: SeedKeys) -> SeedKeys:
    """``keys``, once each is recorded under its id (the first time it is used) and found to be the key recorded
    there; ``SeedKeyChanged`` when an id names another key."""
    async with db.transaction() as session:
        recorded = await repository.record_seed_keys(
            session, {key_id: keys.fingerprint(key_id) for key_id in keys.held}
        )
    changed = [key_id for key_id in keys.held if recorded.get(key_id) != keys.fingerprint(key_id)]
    if changed:
        raise SeedKeyChanged(
            f"the seed key id(s) {', '.join(changed)} name another key than the one first used under them: give a "
            "new key a new id (GAMES_SEED_KEY_ID) and keep the old one under its id (GAMES_OLD_SEED_KEYS)"
        )
    return keys


async def show_seeds(db: Database, keys: SeedKeys, merchant: str, account_id: str) -> SeedsRead:
    current = keys.current_id
    first = (keys.commitment(current, merchant, account_id, 1), keys.commitment(current, merchant, account_id, 2))
    shown = await repository.show_seeds(db, merchant, account_id, current, first, fair.new_client_seed())
    if not keys.holds(shown.key_id):
        await retire_seed_pair(db, keys, merchant, account_id)
        shown = await repository.show_seeds(db, merchant, account_id, current, first, fair.new_client_seed())
    return SeedsRead(
        serverSeedHash=shown.server_seed_hash, clientSeed=shown.client_seed, nonce=shown.nonce,
        nextServerSeedHash=shown.next_server_seed_hash,
    )  # fmt: skip


def _start_anew(pair: SeedPair, keys: SeedKeys, number: int) -> None:
    """Make ``pair`` the player's ``number``-th, and the next one, under the current key: not shown yet, a fresh
    client seed (the seed its label gives under that key was never shown under another commitment)."""
    current = keys.current_id
    pair.pair, pair.key_id, pair.next_key_id = number, current, current
    pair.server_seed_hash = keys.commitment(current, pair.merchant, pair.account_id, number)
    pair.next_server_seed_hash = keys.commitment(current, pair.merchant, pair.account_id, number + 1)
    pair.client_seed, pair.nonce, pair.shown_at = fair.new_client_seed(), 0, None


async def retire_seed_pair(db: Database, keys: SeedKeys, merchant: str, account_id: str) -> None:
    """Replace the player's pair made under a key no longer held by a new pair under the current key, shown before
    any round; the old seed cannot be revealed (no key derives it)."""
    async with db.transaction() as session:
        pair = await repository.locked_pair(session, merchant, account_id)
        if pair is not None and not keys.holds(pair.key_id):
            _start_anew(pair, keys, pair.pair + 1)


async def rotate_seed_pair(
    db: Database, keys: SeedKeys, merchant: str, account_id: str, client_seed: str, next_hash: str
) -> RotatedRead:
    """Reveal the current server seed and start the next pair with the player's ``client_seed``. The pair's row
    lock waits for a round being opened under it; a round still open under the current seed refuses the rotation.
    A pair under a key no longer held is retired instead (``seeds.retired``), a next pair under one is made again
    under the current key (``seeds.next_changed``: the player looks at it first)."""
    changed, answer = "", None
    async with db.transaction() as session:
        pair = await repository.locked_pair(session, merchant, account_id)
        if pair is None or pair.shown_at is None:
            raise Conflict("seeds.not_shown")
        if not keys.holds(pair.key_id):
            _start_anew(pair, keys, pair.pair + 1)
            changed = "seeds.retired"
        elif not keys.holds(pair.next_key_id):
            pair.next_key_id = keys.current_id
            pair.next_server_seed_hash = keys.commitment(keys.current_id, merchant, account_id, pair.pair + 1)
            changed = "seeds.next_changed"
        else:
            answer = await _reveal(session, keys, pair, client_seed, next_hash)
    if answer is None:  # committed: the player is shown the new commitments first
        raise Conflict(changed)
    return answer


async def _reveal(
    session: AsyncSession, keys: SeedKeys, pair: SeedPair, client_seed: str, next_hash: str
) -> RotatedRead:
    merchant, account_id = pair.merchant, pair.account_id
    if pair.next_server_seed_hash != next_hash:
        raise Conflict("seeds.next_changed")
    seed = keys.seed(pair.key_id, merchant, account_id, pair.pair)
    following = keys.commitment(pair.next_key_id, merchant, account_id, pair.pair + 1)
    if commitment(seed) != pair.server_seed_hash or following != pair.next_server_seed_hash:
        # The keys' fingerprints are checked when the service starts (verified_keys): only a broken row gets here.
        raise DomainError("seeds.unavailable", status=503)
    if await repository.round_open_under(session, merchant, account_id, pair.server_seed_hash):
        raise Conflict("seeds.round_open")
    previous = RevealedRead(
        serverSeed=seed.hex(), serverSeedHash=pair.server_seed_hash, clientSeed=pair.client_seed, rounds=pair.nonce
    )
    repository.add_revealed_seed(
        session,
        RevealedSeed(
            server_seed_hash=pair.server_seed_hash, merchant=merchant, account_id=account_id,
            server_seed=previous.serverSeed, client_seed=pair.client_seed, rounds=pair.nonce,
            revealed_at=datetime.now(UTC),
        ),
    )  # fmt: skip
    pair.pair += 1
    pair.key_id, pair.server_seed_hash = pair.next_key_id, following
    pair.next_key_id = keys.current_id
    pair.next_server_seed_hash = keys.commitment(keys.current_id, merchant, account_id, pair.pair + 1)
    pair.client_seed, pair.nonce, pair.shown_at = client_seed, 0, datetime.now(UTC)
    current = SeedsRead(
        serverSeedHash=pair.server_seed_hash, clientSeed=client_seed, nonce=0,
        nextServerSeedHash=pair.next_server_seed_hash,
    )  # fmt: skip
    return RotatedRead(previous=previous, current=current)


async def claim_jackpot(db: Database, round_id: uuid.UUID, merchant: str, currency: str) -> int:
    """What the hit of round ``round_id`` wins: the pool now (``SEED`` and every shard, at most ``CAP``), which
    starts again from ``SEED`` (what was above the cap stays with the house); a round that claimed already gets its
    amount again and empties nothing."""
    async with db.transaction() as session:
        claimed = await repository.claimed_jackpot(session, round_id)
        if claimed is not None:
            return claimed
        shares = await repository.empty_pool(session, merchant, currency)
        won = jackpot.payable(jackpot.SEED + sum(shares))
        await repository.set_jackpot_win(session, round_id, won)
        return won


async def jackpot_amount(db: Database, merchant: str, currency: str) -> int:
    """What a hit of the brand's pool pays now."""
    async with db.reader() as session:
        shares = await repository.pool_shares(session, merchant, currency)
    return jackpot.payable(jackpot.SEED + shares)


async def jackpot_winners(db: Database, merchant: str, language: str) -> list[WinnerRead]:
    """The latest hits, names masked."""
    async with db.reader() as session:
        rows = await repository.jackpot_hits(session, merchant, VENDOR, JACKPOT_WINNERS_SHOWN)
    return [
        WinnerRead(
            player=masked(round_.player_name), nodeId=game.node_id if game else None, vendor=VENDOR,
            gameType=round_.game_type, gameCode=round_.game_code,
            gameName=str(game.names.get(language) or game.names.get("EN") or round_.game_code) if game else round_.game_code,
            currency=round_.currency, stake=round_.stake, win=int(round_.jackpot_win or 0),
            time=stamp(round_.settled_at) if round_.settled_at else "",
        )
        for round_, game in rows
    ]  # fmt: skip
