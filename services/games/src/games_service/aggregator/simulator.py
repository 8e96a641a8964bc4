"""The Hub88 simulator, an adapter to an external provider standing in for it in development and tests
(``GAMES_HUB88_SIMULATOR_ENABLED``, off in production): it plays Hub88's side for the vendors connected through
it, as the sandbox payment gateway plays a payment gateway's. The operator asks its Games API for a game's
address (``/operator/generic/v2/game/url``, signed with the operator's key, checked first); the game page it
serves is a simple reel game, or for a sports, e-sports, cockfight or live-table game a betting market
(``simulated_games``), and books each round through the operator's Wallet API at the portal's public address
(``/vendor/HUB88/transaction/bet``, then ``/transaction/win`` closing the round), every body signed with the
aggregator's private key, exactly as Hub88 would. Its HTTP client reaches the portal only at its public
address, as Hub88 from outside would."""

from __future__ import annotations

import html
import json
import secrets
import uuid
from typing import Annotated
from urllib.parse import parse_qs

import httpx
from cryptography.hazmat.primitives.asymmetric import rsa
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field, StrictInt, ValidationError

from games_service.aggregator.domain import OK, UNITS_PER_MINOR
from games_service.aggregator.schemas import GameUrlAnswer, GameUrlRequest, Hub88Answer
from games_service.aggregator.signature import sign, verified
from games_service.aggregator.simulated_games import MARKETS, Market, Outcome, reel_multiplier
from games_service.deps import Cache
from portal_kit.errors import DomainError, NotFound
from portal_kit.valkey_link import as_str

router = APIRouter(prefix="/wps/games/hub88-sim", tags=["hub88 simulator"])
SESSION_SECONDS = 4 * 3600
_random = secrets.SystemRandom()


class SimulatedSession(BaseModel):
    user: str
    token: str
    game_code: str
    currency: str


class SpinBody(BaseModel):
    stake: Annotated[StrictInt, Field(ge=1, le=10_000_000, description="Minor units.")]


class SpinRead(BaseModel):
    status: str  # Hub88's status of the bet (RS_OK, or why it was refused)
    stake: int
    win: int
    balance: int | None  # minor units, after the round
    outcome: str = ""  # a market's winning outcome


def wallet_api_client(public_url: str) -> httpx.AsyncClient:
    """The simulator's client: it reaches the operator's Wallet API only at the portal's public address."""
    return httpx.AsyncClient(base_url=public_url, timeout=10)


def _key(sid: str) -> str:
    return f"games:hub88sim:{sid}"


@router.post("/operator/generic/v2/game/url", operation_id="hub88SimGameUrl", response_model=GameUrlAnswer)
async def game_url(request: Request, cache: Cache) -> GameUrlAnswer:
    """Hub88's Games API: check the operator's signature before anything else, as Hub88 does with the public
    key the operator registered; then remember the operator's game session and answer the game page's address."""
    raw = await request.body()
    if not verified(request.app.state.hub88_sim_operator_key, raw, request.headers.get("X-Hub88-Signature")):
        raise DomainError("signature.invalid", status=401)
    try:
        body = GameUrlRequest.model_validate_json(raw)
    except ValidationError:
        raise DomainError("request.invalid") from None
    sid = secrets.token_urlsafe(24)
    session = SimulatedSession(user=body.user, token=body.token, game_code=body.game_code, currency=body.currency)
    await cache.set(_key(sid), session.model_dump_json(), ex=SESSION_SECONDS)
    return GameUrlAnswer(url=f"/wps/games/hub88-sim/play/{sid}")


async def _session(cache: Cache, sid: str) -> SimulatedSession:
    raw = as_str(await cache.get(_key(sid)))
    if raw is None:
        raise NotFound("game.not_found")
    return SimulatedSession.model_validate_json(raw)


async def _wallet(request: Request, path: str, body: dict[str, object]) -> Hub88Answer:
    """Call the operator's Wallet API as Hub88 does: the raw body signed with the aggregator's key."""
    http: httpx.AsyncClient = request.app.state.hub88_sim_http
    key: rsa.RSAPrivateKey | None = request.app.state.hub88_sim_key
    if key is None:
        raise DomainError("service_unavailable", status=503)
    raw = json.dumps(body).encode()
    answer = await http.post(
        f"/vendor/HUB88{path}",
        content=raw,
        headers={"X-Hub88-Signature": sign(key, raw), "Content-Type": "application/json"},
    )
    return Hub88Answer.model_validate_json(answer.content)


async def _play(request: Request, session: SimulatedSession, stake: int, pick: Outcome | None) -> SpinRead:
    """One round: the bet, then the win (0 for a loss) closing the round. The reel game draws its multiplier;
    a market draws its winner, and a winning ``pick`` pays the stake at its odds."""
    round_id = str(uuid.uuid4())
    common = {
        "user": session.user,
        "token": session.token,
        "round": round_id,
        "game_code": session.game_code,
        "currency": session.currency,
    }
    bet = {
        **common,
        "request_uuid": str(uuid.uuid4()),
        "transaction_uuid": str(uuid.uuid4()),
        "round_closed": False,
        "amount": stake * UNITS_PER_MINOR,
        "bet": "spin" if pick is None else f"{pick.name} @ {pick.odds / 100:.2f}",
    }
    placed = await _wallet(request, "/transaction/bet", bet)
    if placed.status != OK:
        balance = None if placed.balance is None else placed.balance // UNITS_PER_MINOR
        return SpinRead(status=placed.status, stake=stake, win=0, balance=balance)
    outcome = ""
    if pick is None:
        win = stake * reel_multiplier(_random.randrange(1000))
    else:  # a pick is only ever one of this game's market
        winner = MARKETS[session.game_code].winner(_random.random())
        win, outcome = (pick.pays(stake) if winner == pick else 0), winner.name
    paid = await _wallet(
        request,
        "/transaction/win",
        {**common, "request_uuid": str(uuid.uuid4()), "transaction_uuid": str(uuid.uuid4()), "round_closed": True,
         "amount": win * UNITS_PER_MINOR, "reference_transaction_uuid": bet["transaction_uuid"]},
    )  # fmt: skip
    balance = None if paid.balance is None else paid.balance // UNITS_PER_MINOR
    return SpinRead(status=paid.status, stake=stake, win=win, balance=balance, outcome=outcome)


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{game} · Hub88 simulator</title>
<style>
body{{font-family:system-ui,sans-serif;background:#111827;color:#f9fafb;display:grid;place-items:center;min-height:100vh;margin:0}}
main{{background:#1f2937;padding:2rem;border-radius:12px;min-width:320px;display:grid;gap:1rem}}
h1{{font-size:1.2rem;margin:0}} .result{{font-size:1.6rem;font-weight:700;min-height:2rem}}
button{{font-size:1rem;padding:.7rem 1.2rem;border:0;border-radius:8px;background:#f59e0b;color:#111827;cursor:pointer}}
select{{font-size:1rem;padding:.4rem}} fieldset{{border:1px solid #374151;border-radius:8px;display:grid;gap:.4rem}}
</style></head><body><main>
<h1>{game}</h1><p>Hub88 simulator · {currency}</p>
<form method="post" action="/wps/games/hub88-sim/play/{sid}">
{market}<label>Stake <select name="stake"><option value="100">1.00</option><option value="500">5.00</option>
<option value="1000" selected>10.00</option></select></label>
<button type="submit">{action}</button>
</form>
<div class="result" role="status" data-testid="sim-result">{result}</div>
<div data-testid="sim-balance">{balance}</div>
</main></body></html>"""


def _money(minor: int) -> str:
    return f"{minor // 100:,}.{minor % 100:02d}"


def _market_fields(market: Market) -> str:
    """The market's outcomes as radio buttons, the first chosen."""
    choices = "".join(
        f'<label><input type="radio" name="pick" value="{html.escape(outcome.name)}"{" checked" if index == 0 else ""}>'
        f" {html.escape(outcome.name)} · {outcome.odds / 100:.2f}</label>"
        for index, outcome in enumerate(market.outcomes)
    )
    return f"<fieldset><legend>{html.escape(market.event)}</legend>{choices}</fieldset>"


def _page(session: SimulatedSession, sid: str, played: SpinRead | None = None) -> HTMLResponse:
    market = MARKETS.get(session.game_code)
    result, balance = "", ""
    if played is not None:
        result = (f"Win {_money(played.win)}" if played.win else "No win") if played.status == OK else played.status
        if played.outcome:
            result = f"{played.outcome} won · {result}"
        balance = "" if played.balance is None else f"Balance {_money(played.balance)}"
    page = _PAGE.format(
        game=html.escape(session.game_code), currency=html.escape(session.currency), sid=html.escape(sid),
        result=html.escape(result), balance=html.escape(balance),
        market="" if market is None else _market_fields(market), action="Spin" if market is None else "Place bet",
    )  # fmt: skip
    return HTMLResponse(page, headers={"Cache-Control": "no-store"})


@router.get("/play/{sid}", operation_id="hub88SimGame", response_class=HTMLResponse)
async def game_page(cache: Cache, sid: str) -> HTMLResponse:
    return _page(await _session(cache, sid), sid)


@router.post("/play/{sid}", operation_id="hub88SimSpin", response_class=HTMLResponse)
async def spin(request: Request, cache: Cache, sid: str) -> HTMLResponse:
    """The game page's Spin (or a market's Place bet on the chosen outcome): one round booked through the
    operator's Wallet API, then the page again."""
    session = await _session(cache, sid)
    form = parse_qs((await request.body()).decode("utf-8", errors="replace"))
    try:
        stake = SpinBody(stake=int(form.get("stake", [""])[0])).stake
    except (ValueError, ValidationError):
        raise DomainError("stake.out_of_limits", min=1, max=10_000_000) from None
    market, pick = MARKETS.get(session.game_code), None
    if market is not None:
        pick = market.outcome(form.get("pick", [""])[0])
        if pick is None:
            raise DomainError("request.invalid")
    return _page(session, sid, await _play(request, session, stake, pick))
