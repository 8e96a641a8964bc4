"""The in-house games' calls. Playing and the seeds: real accounts with their money, trial accounts with their
play money in the games that have a free demo (``in_need_true_account`` in the others); a round needs its seeds
shown first (``GET /wps/games/bgs/seeds``); a real-money round of a player-versus-player game needs its room.
Verifying a round: anyone."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from games_service.bgs import cards, fair, games, slot
from games_service.bgs.keys import SeedKeys
from games_service.bgs.repository import PlayableGame
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
from games_service.bgs.service import (
    Bet,
    Played,
    jackpot_amount,
    jackpot_winners,
    play,
    playable,
    rotate_seed_pair,
    show_seeds,
)
from games_service.catalogue.service import has_free_demo
from games_service.deps import Brands, Cache, Db, Gambler, InHousePlayer, Language, MerchantCode, Nats
from games_service.rooms.domain import bet_room
from portal_kit.envelope import Envelope, ok, ok_raw, ok_response
from portal_kit.errors import DomainError, Forbidden
from portal_kit.fairness import commitment
from portal_kit.throttle import throttle
from portal_kit.valkey_link import cached_text

router = APIRouter(tags=["in-house games"])


def _keys(request: Request) -> SeedKeys:
    """The keys the players' server seeds are derived under (``GAMES_SEED_KEY`` and the old ones), checked against
    the fingerprints recorded under their ids when the app started."""
    keys: SeedKeys = request.app.state.seed_keys
    return keys


def _fairness(played: Played) -> FairnessRead:
    round_ = played.round
    return FairnessRead(serverSeedHash=round_.server_seed_hash, clientSeed=round_.client_seed, nonce=round_.nonce)


async def _game(db: Db, player: Gambler, game_code: str) -> PlayableGame:
    """The game, open for play (not under maintenance), and for a trial account one with a free demo."""
    game = await playable(db, player.merchant, game_code)
    if player.trial and not has_free_demo(game):
        raise Forbidden("in_need_true_account")
    return game


def _room_stakes(game: PlayableGame, player: Gambler, stake: int, room_id: str | None) -> dict[str, object]:
    """Hold the stake to the room of the round (required for real money in a player-versus-player game) or to the
    game's own limits; the room, when there is one, is part of the bet."""
    room = bet_room(game.game_type, True, game.min_bet, room_id, real_money=not player.trial)
    if room is None:
        games.check_stake(stake, game.min_bet)
        return {}
    room.check_stake(stake)
    return {"room": room.room_id}


async def _bet(
    brands: Brands, player: Gambler, game: PlayableGame, stake: int, request_id: str, params: dict[str, object]
) -> Bet:
    currency = (await brands.brand(player.merchant)).currency
    return Bet(
        player.merchant, player.account_id, player.username, currency, game.game_code, game.game_type, stake,
        request_id, params, player.wallet,
    )  # fmt: skip


@router.post("/wps/games/bgs/slot/spins", operation_id="spinSlot", response_model=Envelope[SlotRoundRead])
async def spin(
    request: Request, db: Db, nc: Nats, brands: Brands, principal: InHousePlayer, body: SpinBody
) -> Response:
    """One spin of the in-house slot, once per ``requestId``: the stake (a multiple of 10, the lines) is
    taken and the win paid through the wallet in one movement."""
    game = await _game(db, principal, slot.GAME_CODE)
    games.check_slot_stake(body.stake, game.min_bet)
    played = await play(db, nc, _keys(request), await _bet(brands, principal, game, body.stake, body.requestId, {}))
    round_ = played.round
    return ok_response(
        SlotRoundRead(
            roundId=str(round_.id), gameCode=round_.game_code, currency=round_.currency, stake=round_.stake,
            win=round_.win or 0, balance=played.balance, fairness=_fairness(played), capped=played.capped,
            slot=SlotOutcome.model_validate(round_.outcome), jackpotWin=round_.jackpot_win or 0,
        )
    )  # fmt: skip


@router.post("/wps/games/bgs/dice/rolls", operation_id="rollDice", response_model=Envelope[DiceRoundRead])
async def roll(
    request: Request, db: Db, nc: Nats, brands: Brands, principal: InHousePlayer, body: DiceBody
) -> Response:
    """One dice roll: over or under ``target`` (hundredths); a win pays the stake times 99 % / chance, at most
    the game's maximum win a round. Real money plays in a room (``roomId``)."""
    games.check_dice(body.target, body.over)
    game = await _game(db, principal, games.DICE_CODE)
    params = {"target": body.target, "over": body.over, **_room_stakes(game, principal, body.stake, body.roomId)}
    played = await play(db, nc, _keys(request), await _bet(brands, principal, game, body.stake, body.requestId, params))
    round_ = played.round
    return ok_response(
        DiceRoundRead(
            roundId=str(round_.id), gameCode=round_.game_code, currency=round_.currency, stake=round_.stake,
            win=round_.win or 0, balance=played.balance, fairness=_fairness(played), capped=played.capped,
            dice=DiceOutcome.model_validate(round_.outcome),
        )
    )  # fmt: skip


@router.post(
    "/wps/games/bgs/dragon-tiger/rounds", operation_id="playDragonTiger", response_model=Envelope[DragonTigerRoundRead]
)
async def dragon_tiger(
    request: Request, db: Db, nc: Nats, brands: Brands, principal: InHousePlayer, body: DragonTigerBody
) -> Response:
    """One round of Dragon Tiger: a bet on DRAGON or TIGER pays 1:1 (half back on a tie), on TIE 15:1, at most
    the game's maximum win a round. Real money plays in a room (``roomId``)."""
    game = await _game(db, principal, cards.GAME_CODE)
    params = {"side": body.side, **_room_stakes(game, principal, body.stake, body.roomId)}
    played = await play(db, nc, _keys(request), await _bet(brands, principal, game, body.stake, body.requestId, params))
    round_ = played.round
    return ok_response(
        DragonTigerRoundRead(
            roundId=str(round_.id), gameCode=round_.game_code, currency=round_.currency, stake=round_.stake,
            win=round_.win or 0, balance=played.balance, fairness=_fairness(played), capped=played.capped,
            cards=CardsOutcome.model_validate(round_.outcome),
        )
    )  # fmt: skip


@router.get("/wps/games/bgs/seeds", operation_id="currentSeeds", response_model=Envelope[SeedsRead])
async def current_seeds(request: Request, db: Db, principal: InHousePlayer) -> Envelope[SeedsRead]:
    """The commitments of the current server seed and of the next one, the client seed and the rounds played
    under them. Shows the player's first pair (made here if new): rounds wait for it to be shown."""
    return ok(await show_seeds(db, _keys(request), principal.merchant, principal.account_id))


@router.put("/wps/games/bgs/seeds", operation_id="rotateSeeds", response_model=Envelope[RotatedRead])
async def rotate_seeds(
    request: Request, db: Db, cache: Cache, principal: InHousePlayer, body: RotateBody
) -> Envelope[RotatedRead]:
    """Reveal the current server seed and start the next one (``nextServerSeedHash``, shown before: a different
    one is ``seeds.next_changed``) with the player's client seed; refused while a round is open
    (``seeds.round_open``). At most ``GAMES_SEED_ROTATIONS_PER_MINUTE`` (5) a minute per player, counted before
    anything else (429 ``TOO_MANY_REQUESTS``)."""
    where = f"games:seed-rotations:{principal.merchant}:{principal.account_id}"
    await throttle(cache, where, request.app.state.settings.seed_rotations_per_minute, 60)
    return ok(
        await rotate_seed_pair(
            db, _keys(request), principal.merchant, principal.account_id, body.clientSeed, body.nextServerSeedHash
        )
    )


@router.get("/wps/games/bgs/verify", operation_id="verifyRound", response_model=Envelope[VerifyRead])
async def verify(
    gameCode: str = Query(max_length=60),
    serverSeed: str = Query(pattern="^[0-9a-fA-F]{64}$", description="The revealed server seed: 64 hex digits."),
    clientSeed: str = Query(min_length=1, max_length=64),
    nonce: int = Query(ge=1, le=2**63 - 1),
    stake: Annotated[
        int | None,
        Query(ge=1, le=games.MAX_STAKE, description="The slot's stake (a multiple of its 10 lines): its wins and hit."),
    ] = None,
    target: Annotated[int | None, Query(ge=0, le=9_999)] = None,
    over: bool | None = None,
    side: Annotated[str | None, Query(pattern="^(DRAGON|TIGER|TIE)$")] = None,
) -> Envelope[VerifyRead]:
    """Open to anyone: recompute a round from revealed seeds (the same code the game plays with)."""
    seed = bytes.fromhex(serverSeed)
    stream = fair.stream(seed, clientSeed, nonce)
    if gameCode == slot.GAME_CODE:
        if stake is not None and stake % len(slot.LINES):  # 1 to 9 included: a line bet is stake / 10
            raise DomainError("stake.not_line_multiple", lines=len(slot.LINES))
        staked = stake or len(slot.LINES)
        played = games.slot_round(staked, stream)
        outcome = played.outcome if stake else {**played.outcome, "jackpot": False}
        multiplier = sum(line["win"] for line in played.outcome["wins"]) // (staked // len(slot.LINES))
        return ok(
            VerifyRead(
                gameCode=gameCode, serverSeedHash=commitment(seed), slot=SlotOutcome.model_validate(outcome),
                multiplier=multiplier,
            )
        )  # fmt: skip
    if gameCode == games.DICE_CODE:
        if target is None or over is None:
            raise DomainError("dice.target_invalid", min=1, max=98)
        games.check_dice(target, over)
        dice = DiceOutcome.model_validate(games.dice_round(1, target, over, stream).outcome)
        won = dice.roll > target if over else dice.roll < target
        return ok(VerifyRead(gameCode=gameCode, serverSeedHash=commitment(seed), dice=dice, won=won))
    if gameCode == cards.GAME_CODE:
        chosen = side or cards.DRAGON
        dealt = CardsOutcome.model_validate(games.dragon_tiger_round(1, chosen, stream).outcome)
        return ok(
            VerifyRead(gameCode=gameCode, serverSeedHash=commitment(seed), cards=dealt, won=dealt.winner == chosen)
        )
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
            amount=await jackpot_amount(db, merchant, currency),
            winners=await jackpot_winners(db, merchant, language),
        )
        return answer.model_dump_json()

    cached = await cached_text(cache, key, JACKPOT_CACHE_SECONDS, load)
    return Response(ok_raw(cached), media_type="application/json")
