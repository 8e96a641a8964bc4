"""The in-house games' calls. Playing and the seeds: real accounts with their money, trial accounts with their
play money in the games that have a free demo (``in_need_true_account`` in the others); verifying a round:
anyone."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Response

from games_service.bgs import cards, fair, games, pool, seeds, slot
from games_service.bgs.models import Round
from games_service.bgs.schemas import (
    CardsOutcome,
    DiceBody,
    DiceOutcome,
    DiceRoundRead,
    DragonTigerBody,
    DragonTigerRoundRead,
    FairnessRead,
    JackpotRead,
    RotateBody,
    RotatedRead,
    SeedsRead,
    SlotOutcome,
    SlotRoundRead,
    SpinBody,
    VerifyRead,
)
from games_service.bgs.service import VENDOR, Bet, play
from games_service.catalogue.models import Game
from games_service.catalogue.service import has_free_demo, playable_game
from games_service.deps import Brands, Cache, Db, Gambler, InHousePlayer, Language, MerchantCode, Nats
from games_service.rooms.service import game_room
from portal_kit.envelope import Envelope, ok, ok_raw
from portal_kit.errors import DomainError, Forbidden
from portal_kit.valkey_link import cached_text

router = APIRouter(tags=["in-house games"])


def _fairness(round_: Round) -> FairnessRead:
    return FairnessRead(serverSeedHash=round_.server_seed_hash, clientSeed=round_.client_seed, nonce=round_.nonce)


async def _bet(
    db: Db, brands: Brands, player: Gambler, game_code: str, stake: int, request_id: str, params: dict[str, object],
    room_id: str | None = None,
) -> tuple[Bet, Game]:  # fmt: skip
    """The bet and its game; a room played in is part of the bet."""
    game = await playable_game(db, player.merchant, VENDOR, game_code)
    if player.trial and not has_free_demo(game):
        raise Forbidden("in_need_true_account")
    currency = (await brands.brand(player.merchant)).currency
    bet = Bet(
        player.merchant,
        player.account_id,
        player.username,
        currency,
        game.game_code,
        game.game_type,
        stake,
        request_id,
        params if room_id is None else {**params, "room": room_id},
        player.wallet,
    )
    return bet, game


def _check_stake(game: Game, stake: int, room_id: str | None) -> None:
    """The stake within the room's limits when played in a room, else within the game's."""
    if room_id is None:
        games.check_stake(stake, game.min_bet)
    else:
        game_room(game, room_id).check_stake(stake)


@router.post("/wps/games/bgs/slot/spins", operation_id="spinSlot", response_model=Envelope[SlotRoundRead])
async def spin(db: Db, nc: Nats, brands: Brands, principal: InHousePlayer, body: SpinBody) -> Envelope[SlotRoundRead]:
    """One spin of the in-house slot, once per ``requestId``: the stake (a multiple of 10, the lines) is
    taken and the win paid through the wallet."""
    bet, game = await _bet(db, brands, principal, slot.GAME_CODE, body.stake, body.requestId, {})
    games.check_slot_stake(body.stake, game.min_bet)
    round_ = await play(db, nc, bet, lambda server, client, nonce: games.slot_round(body.stake, server, client, nonce))
    assert round_.balance is not None
    return ok(
        SlotRoundRead(
            roundId=str(round_.id), gameCode=round_.game_code, currency=round_.currency, stake=round_.stake,
            win=round_.win, balance=round_.balance, fairness=_fairness(round_),
            slot=SlotOutcome.model_validate(round_.outcome), jackpotWin=round_.jackpot_win or 0,
        )
    )  # fmt: skip


@router.post("/wps/games/bgs/dice/rolls", operation_id="rollDice", response_model=Envelope[DiceRoundRead])
async def roll(db: Db, nc: Nats, brands: Brands, principal: InHousePlayer, body: DiceBody) -> Envelope[DiceRoundRead]:
    """One dice roll: over or under ``target`` (hundredths); a win pays the stake times 99 % / chance."""
    games.check_dice(body.target, body.over)
    params: dict[str, object] = {"target": body.target, "over": body.over}
    bet, game = await _bet(db, brands, principal, games.DICE_CODE, body.stake, body.requestId, params, body.roomId)
    _check_stake(game, body.stake, body.roomId)
    round_ = await play(
        db,
        nc,
        bet,
        lambda server, client, nonce: games.dice_round(body.stake, body.target, body.over, server, client, nonce),
    )
    assert round_.balance is not None
    return ok(
        DiceRoundRead(
            roundId=str(round_.id), gameCode=round_.game_code, currency=round_.currency, stake=round_.stake,
            win=round_.win, balance=round_.balance, fairness=_fairness(round_),
            dice=DiceOutcome.model_validate(round_.outcome),
        )
    )  # fmt: skip


@router.post(
    "/wps/games/bgs/dragon-tiger/rounds", operation_id="playDragonTiger", response_model=Envelope[DragonTigerRoundRead]
)
async def dragon_tiger(
    db: Db, nc: Nats, brands: Brands, principal: InHousePlayer, body: DragonTigerBody
) -> Envelope[DragonTigerRoundRead]:
    """One round of Dragon Tiger: a bet on DRAGON or TIGER pays 1:1 (half back on a tie), on TIE 15:1."""
    params: dict[str, object] = {"side": body.side}
    bet, game = await _bet(db, brands, principal, cards.GAME_CODE, body.stake, body.requestId, params, body.roomId)
    _check_stake(game, body.stake, body.roomId)
    round_ = await play(
        db,
        nc,
        bet,
        lambda server, client, nonce: games.dragon_tiger_round(body.stake, body.side, server, client, nonce),
    )
    assert round_.balance is not None
    return ok(
        DragonTigerRoundRead(
            roundId=str(round_.id), gameCode=round_.game_code, currency=round_.currency, stake=round_.stake,
            win=round_.win, balance=round_.balance, fairness=_fairness(round_),
            cards=CardsOutcome.model_validate(round_.outcome),
        )
    )  # fmt: skip


@router.get("/wps/games/bgs/seeds", operation_id="currentSeeds", response_model=Envelope[SeedsRead])
async def current_seeds(db: Db, principal: InHousePlayer) -> Envelope[SeedsRead]:
    """The commitment (hash of the secret server seed), the client seed and the rounds played under them."""
    return ok(await seeds.current(db, principal.merchant, principal.account_id))


@router.put("/wps/games/bgs/seeds", operation_id="rotateSeeds", response_model=Envelope[RotatedRead])
async def rotate_seeds(db: Db, principal: InHousePlayer, body: RotateBody) -> Envelope[RotatedRead]:
    """Reveal the current server seed and start a new pair with the player's client seed."""
    return ok(await seeds.rotate(db, principal.merchant, principal.account_id, body.clientSeed))


@router.get("/wps/games/bgs/verify", operation_id="verifyRound", response_model=Envelope[VerifyRead])
async def verify(
    gameCode: str = Query(max_length=60),
    serverSeed: str = Query(min_length=1, max_length=128),
    clientSeed: str = Query(min_length=1, max_length=64),
    nonce: int = Query(ge=1, le=2**63 - 1),
    target: Annotated[int | None, Query(ge=0, le=9_999)] = None,
    over: bool | None = None,
    side: Annotated[str | None, Query(pattern="^(DRAGON|TIGER|TIE)$")] = None,
) -> Envelope[VerifyRead]:
    """Open to anyone: recompute a round from revealed seeds (the same code the game plays with)."""
    commitment = fair.commitment(serverSeed)
    if gameCode == slot.GAME_CODE:
        spin_ = slot.play(serverSeed, clientSeed, nonce)
        outcome = games.slot_round(len(slot.LINES), serverSeed, clientSeed, nonce).outcome
        return ok(
            VerifyRead(
                gameCode=gameCode, serverSeedHash=commitment, slot=SlotOutcome.model_validate(outcome),
                multiplier=spin_.multiplier,
            )
        )  # fmt: skip
    if gameCode == games.DICE_CODE:
        if target is None or over is None:
            raise DomainError("dice.target_invalid", min=1, max=98)
        games.check_dice(target, over)
        result = games.dice_round(1, target, over, serverSeed, clientSeed, nonce)
        dice = DiceOutcome.model_validate(result.outcome)
        won = dice.roll > target if over else dice.roll < target
        return ok(VerifyRead(gameCode=gameCode, serverSeedHash=commitment, dice=dice, won=won))
    if gameCode == cards.GAME_CODE:
        chosen = side or cards.DRAGON
        result = games.dragon_tiger_round(1, chosen, serverSeed, clientSeed, nonce)
        dealt = CardsOutcome.model_validate(result.outcome)
        return ok(VerifyRead(gameCode=gameCode, serverSeedHash=commitment, cards=dealt, won=dealt.winner == chosen))
    raise DomainError("game.not_found", status=404)


JACKPOT_CACHE_SECONDS = 3


@router.get("/wps/games/jackpot", operation_id="jackpot", response_model=Envelope[JackpotRead])
async def jackpot_pool(db: Db, cache: Cache, brands: Brands, merchant: MerchantCode, language: Language) -> Response:
    """Open to visitors: the slot's progressive pool of the brand and its latest hits (cached a few seconds)."""
    key = f"games:jackpot:{merchant}:{language}"

    async def load() -> str:
        currency = (await brands.brand(merchant)).currency
        answer = JackpotRead(
            currency=currency,
            amount=await pool.amount(db, merchant, currency),
            winners=await pool.winners(db, merchant, language),
        )
        return answer.model_dump_json()

    cached = await cached_text(cache, key, JACKPOT_CACHE_SECONDS, load)
    return Response(ok_raw(cached), media_type="application/json")
