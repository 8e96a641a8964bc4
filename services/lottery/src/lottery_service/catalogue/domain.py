"""The lottery's games, draws and bet types, read once from ``lottery.toml`` (the data says what each bet type
is; ``bets.domain`` says what each kind of bet type means)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from datetime import time
from decimal import Decimal
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("EN", "TR", "CN")


class Kind(StrEnum):
    EXACT = "exact"
    ANY_N = "any_n"
    BIG_SMALL = "big_small"
    ODD_EVEN = "odd_even"
    SUM_VALUE = "sum_value"
    COLOUR = "colour"
    TRIPLE_ANY = "triple_any"
    TRIPLE = "triple"
    PAIR = "pair"
    TAIL = "tail"


OPTIONS: dict[Kind, tuple[str, ...]] = {Kind.BIG_SMALL: ("BIG", "SMALL"), Kind.ODD_EVEN: ("ODD", "EVEN")}


@dataclass(frozen=True)
class DrawShape:
    """Each ball's range (inclusive); ``distinct``: no value twice."""

    ranges: tuple[tuple[int, int], ...]
    distinct: bool = False

    @property
    def count(self) -> int:
        return len(self.ranges)


@dataclass(frozen=True)
class Prize:
    """A named group of a draw's numbers (the VN prizes): ``count`` numbers of ``digits`` digits each."""

    name: str
    count: int
    digits: int


@dataclass(frozen=True)
class BetType:
    code: str
    kind: Kind
    positions: tuple[int, ...]  # 0-based balls
    pick_position: bool
    names: dict[str, str]
    odds_milli: int  # decimal odds × 1000 (stake included); 0 when the odds are per option
    odds_by_milli: dict[str, int]  # per value (sum_value) or colour
    n: int  # how many numbers the player chooses
    number_range: tuple[int, int]  # the numbers the player may choose
    threshold: int = 0
    lose_values: frozenset[int] = frozenset()
    triple_loses: bool = False
    digits: int = 0
    colours: dict[str, frozenset[int]] = field(default_factory=dict)
    min_stake: int = 0
    max_stake: int = 0

    @property
    def options(self) -> tuple[str, ...]:
        """The options a player chooses among (none: the player chooses numbers)."""
        if self.kind is Kind.COLOUR:
            return tuple(self.odds_by_milli)
        return OPTIONS.get(self.kind, ())

    def odds_for(self, choice: str | None) -> int:
        """The base odds (× 1000) of the choice (a value or an option for the per-option odds)."""
        if self.odds_by_milli:
            return self.odds_by_milli.get(choice or "", 0)
        return self.odds_milli


@dataclass(frozen=True)
class Category:
    code: str
    draw: DrawShape
    bet_types: dict[str, BetType]
    colours: dict[str, frozenset[int]]
    prizes: tuple[Prize, ...]  # named groups of the balls in order (the VN prizes); none for the other draws
    family: str  # what the pages and the lobby call it (both VN draws are ``vn``)


@dataclass(frozen=True)
class Game:
    code: str
    category: Category
    area: str  # the vendor of the catalogue: LOTT, TCG_LOTTO_VN, TCG_SEA
    names: dict[str, str]
    interval_minutes: int  # 0 for a daily game
    daily_at: time | None
    close_seconds: int
    hot: bool
    max_per_issue: int

    def name(self, language: str) -> str:
        return self.names.get(language) or self.names["EN"]


@dataclass(frozen=True)
class Catalogue:
    games: dict[str, Game]
    prize_modes: dict[str, int]  # per mille of the base odds

    def odds(self, bet_type: BetType, choice: str | None, prize_mode: str) -> int:
        """The odds (× 1000) paid under ``prize_mode``, rounded down to 0.001."""
        return bet_type.odds_for(choice) * self.prize_modes.get(prize_mode, 1000) // 1000


def _milli(value: float | int) -> int:
    milli = Decimal(str(value)) * 1000
    if milli != milli.to_integral_value() or milli <= 1000:
        raise ValueError(f"odds {value} must be above 1 with at most three decimals")
    return int(milli)


def _prizes(raw: list[dict[str, Any]]) -> tuple[Prize, ...]:
    prizes = tuple(Prize(str(p["name"]), int(p["count"]), int(p["digits"])) for p in raw)
    if any(p.count < 1 or not 1 <= p.digits <= 9 for p in prizes):
        raise ValueError("a prize has one number or more, of 1 to 9 digits")
    return prizes


def _draw(raw: dict[str, Any], prizes: tuple[Prize, ...]) -> DrawShape:
    if prizes:
        return DrawShape(tuple((0, 10**prize.digits - 1) for prize in prizes for _ in range(prize.count)))
    low, high = int(raw["low"]), int(raw["high"])
    distinct = bool(raw.get("distinct", False))
    if distinct and raw["count"] > high - low + 1:
        raise ValueError("more distinct balls than values")
    return DrawShape(tuple((low, high) for _ in range(int(raw["count"]))), distinct)


def _names(raw: dict[str, str]) -> dict[str, str]:
    if set(raw) != set(LANGUAGES):
        raise ValueError(f"names need {LANGUAGES}")
    return dict(raw)


def _bet_type(
    raw: dict[str, Any], draw: DrawShape, colours: dict[str, frozenset[int]], limits: dict[str, int]
) -> BetType:
    kind = Kind(raw["kind"])
    positions = tuple(int(p) - 1 for p in raw["positions"])
    if not positions or any(not 0 <= p < draw.count for p in positions):
        raise ValueError(f"{raw['code']}: positions outside the draw")
    odds_by = {str(key): _milli(value) for key, value in raw.get("odds_by", {}).items()}
    odds = _milli(raw["odds"]) if "odds" in raw else 0
    if bool(odds) == bool(odds_by):
        raise ValueError(f"{raw['code']}: give odds or odds_by")
    if kind is Kind.COLOUR and set(odds_by) != set(colours):
        raise ValueError(f"{raw['code']}: odds for every colour")
    low = min(draw.ranges[p][0] for p in positions)
    high = max(draw.ranges[p][1] for p in positions)
    digits = int(raw.get("digits", 0))
    if kind is Kind.TAIL:
        low, high = 0, 10**digits - 1
    n = {
        Kind.EXACT: 1 if raw.get("pick_position") else len(positions),
        Kind.ANY_N: int(raw.get("n", 1)),
        Kind.TRIPLE_ANY: 0,
    }.get(kind, 1)
    return BetType(
        code=raw["code"], kind=kind, positions=positions, pick_position=bool(raw.get("pick_position", False)),
        names=_names(raw["names"]), odds_milli=odds, odds_by_milli=odds_by, n=n, number_range=(low, high),
        threshold=int(raw.get("threshold", 0)), lose_values=frozenset(raw.get("lose_values", ())),
        triple_loses=bool(raw.get("triple_loses", False)), digits=digits,
        colours=colours if kind is Kind.COLOUR else {},
        min_stake=int(raw.get("min_stake", limits["min_stake"])), max_stake=int(raw.get("max_stake", limits["max_stake"])),
    )  # fmt: skip


def parse(raw: dict[str, Any]) -> Catalogue:
    limits = {key: int(value) for key, value in raw["limits"].items()}
    categories: dict[str, Category] = {}
    for code, body in raw["categories"].items():
        prizes = _prizes(body.get("prizes", []))
        if bool(prizes) == ("draw" in body):
            raise ValueError(f"{code}: give a draw or prizes")
        draw = _draw(body.get("draw", {}), prizes)
        colours = {name: frozenset(values) for name, values in body.get("colours", {}).items()}
        bet_types = {bt["code"]: _bet_type(bt, draw, colours, limits) for bt in body["bet_types"]}
        categories[code] = Category(code, draw, bet_types, colours, prizes, str(body.get("family", code)))
    games: dict[str, Game] = {}
    for body in raw["games"]:
        interval = int(body.get("interval_minutes", 0))
        daily = time.fromisoformat(body["daily_at"]) if "daily_at" in body else None
        if (interval == 0) == (daily is None) or (interval and 1440 % interval):
            raise ValueError(f"{body['code']}: an interval dividing the day or a daily time")
        close = int(body["close_seconds"])
        if not 0 < close < (interval * 60 if interval else 86_400):
            raise ValueError(f"{body['code']}: betting must close within the issue")
        games[body["code"]] = Game(
            code=body["code"], category=categories[body["category"]], area=body["area"], names=_names(body["names"]),
            interval_minutes=interval, daily_at=daily, close_seconds=close, hot=bool(body.get("hot", False)),
            max_per_issue=int(body.get("max_per_issue", limits["max_per_issue"])),
        )  # fmt: skip
    return Catalogue(games, {mode: int(rate) for mode, rate in raw["prize_modes"].items()})


@cache
def catalogue() -> Catalogue:
    text = resources.files("lottery_service.catalogue").joinpath("lottery.toml").read_text(encoding="utf-8")
    return parse(tomllib.loads(text))
