import { describe, expect, it } from "vitest";
import type { GameRead, MenuRead } from "@portal/kit";
import { gameListCenterPath, jackpotStep, navEntries, nextHotStart, playsForPlayMoney, recommended, showsFreeDemo, showsHeart, startStep } from "./rules";

const vendor = (vassalage: string, gameType: string) => ({
  vassalage, gameType, gameCategory: "X", name: vassalage, maintenance: false, maintenanceEnd: null,
});
const game = (overrides: Partial<GameRead>): GameRead => ({
  nodeId: 1, gameType: "RNG", vassalage: "BGS", gameCode: "BGS_FRUIT5", gameName: "Fruit Five", isTop: false, isGame: "GAME",
  iconUrl: "/x.svg", supportPlay: 1, subCategory: null, minBet: 100, lines: 10, playable: true, ...overrides,
});
const member = { signedIn: true, trial: false };

describe("game start (spec §4)", () => {
  it("asks a visitor to log in and tells a trial account to use a real one, before anything else", () => {
    expect(startStep(game({}), { signedIn: false, trial: false })).toEqual({ kind: "login" });
    expect(startStep(game({ vassalage: "TCG_SEA" }), { signedIn: true, trial: true })).toEqual({ kind: "trial" });
  });
  it("sends lottery vendors to their lottery page, with the game code for LOTT and ELOTT", () => {
    expect(startStep(game({ vassalage: "TCG_LOTTO_VN" }), member)).toEqual({ kind: "navigate", to: "/vnLottery" });
    expect(startStep(game({ vassalage: "TCG_SEA" }), member)).toEqual({ kind: "navigate", to: "/seaLottery" });
    expect(startStep(game({ vassalage: "LOTT", gameType: "LOTT", gameCode: "VN 5D" }), member)).toEqual({
      kind: "navigate",
      to: "/lottery?gameCode=VN%205D",
    });
  });
  it("opens a vendor's own list for list types and its popup list for the others", () => {
    expect(startStep(game({ vassalage: "PG", isGame: "VASSALAGE", gameType: "RNG" }), member)).toEqual({
      kind: "navigate",
      to: "/gameListCenter/pg/rng",
    });
    expect(startStep(game({ vassalage: "XY", isGame: "VASSALAGE", gameType: "ARCADE" }), member)).toEqual({
      kind: "vendorList",
      vassalage: "XY",
      gameType: "ARCADE",
    });
  });
  it("opens the rooms of an in-house player-versus-player game, and launches a vendor's one directly", () => {
    expect(startStep(game({ nodeId: 7, vassalage: "BGS", gameType: "PVP" }), member)).toEqual({ kind: "rooms", nodeId: 7 });
    expect(startStep(game({ nodeId: 8, vassalage: "XY", gameType: "PVP" }), member)).toEqual({ kind: "launch", nodeId: 8 });
  });
  it("launches any other game directly", () => {
    expect(startStep(game({ nodeId: 42 }), member)).toEqual({ kind: "launch", nodeId: 42 });
  });
});

describe("header entries", () => {
  it("has one entry per category with a vendor, sports first when BTI serves it, cockfight without a page", () => {
    const menus: MenuRead[] = [
      { gameType: "LOTT", vendors: [vendor("TCG_SEA", "LOTT")] },
      { gameType: "LIVE", vendors: [vendor("AV", "LIVE")] },
      { gameType: "FISH", vendors: [] },
      { gameType: "RNG", vendors: [vendor("PG", "RNG")] },
      { gameType: "SPORTS", vendors: [vendor("BTI", "SPORTS")] },
      { gameType: "COCKFIGHT", vendors: [vendor("WGB", "COCKFIGHT")] },
    ];
    expect(navEntries(menus)).toEqual([
      { gameType: "SPORTS", to: "/btiSports" },
      { gameType: "LOTT", to: "/seaLottery" },
      { gameType: "LIVE", to: "/live" },
      { gameType: "RNG", to: "/rng" },
      { gameType: "COCKFIGHT", to: null },
    ]);
    expect(navEntries([{ gameType: "SPORTS", vendors: [vendor("IMES", "SPORTS")] }])).toEqual([{ gameType: "SPORTS", to: "/sports" }]);
  });
});

describe("tiles and home lists", () => {
  it("hides the heart on the hot layout for lottery only", () => {
    expect(showsHeart("hot", "LOTT")).toBe(false);
    expect(showsHeart("hot", "ELOTT")).toBe(false);
    expect(showsHeart("normal", "LOTT")).toBe(true);
    expect(showsHeart("hot", "RNG")).toBe(true);
  });
  it("recommends the first 12 games without the top flag", () => {
    const list = Array.from({ length: 20 }, (_, index) => game({ nodeId: index, isTop: index % 3 === 0 }));
    const picked = recommended(list);
    expect(picked).toHaveLength(12);
    expect(picked.every((item) => !item.isTop)).toBe(true);
    expect(picked[0]?.nodeId).toBe(1);
  });
  it("moves the hot scroller in groups of 4 and never past the last full view", () => {
    expect(nextHotStart(12, 0, 1)).toBe(4);
    expect(nextHotStart(12, 4, 1)).toBe(7);
    expect(nextHotStart(12, 4, -1)).toBe(0);
    expect(nextHotStart(3, 0, 1)).toBe(0);
  });
  it("lower-cases the gameListCenter parameters", () => {
    expect(gameListCenterPath("PG", "RNG")).toBe("/gameListCenter/pg/rng");
  });
});

describe("the jackpot counter", () => {
  it("starts at the pool, counts up toward a new amount a twentieth at a time and never passes it", () => {
    expect(jackpotStep(null, 1_000_200)).toBe(1_000_200);
    expect(jackpotStep(1_000_000, 1_000_200)).toBe(1_000_010);
    expect(jackpotStep(1_000_199, 1_000_200)).toBe(1_000_200);
    expect(jackpotStep(1_000_300, 1_000_000)).toBe(1_000_000); // a hit emptied the pool: shown at once
  });
});

describe("free demo (#49: it played for real money for a member)", () => {
  const demo = game({ supportPlay: 0 });
  const visitor = { signedIn: false, trial: false };
  const trial = { signedIn: true, trial: true };
  it("is offered only where the launch is a demo: a visitor (a free-play session first) or a trial account", () => {
    expect(showsFreeDemo(demo, true, visitor)).toBe(true);
    expect(showsFreeDemo(demo, true, trial)).toBe(true);
  });
  it("is never offered to a real member: the games API has no demo launch for one", () => {
    expect(showsFreeDemo(demo, true, member)).toBe(false);
  });
  it("needs free play on and a game with a demo (supportPlay 0)", () => {
    expect(showsFreeDemo(demo, false, trial)).toBe(false);
    expect(showsFreeDemo(game({ supportPlay: 1 }), true, trial)).toBe(false);
  });
  it("marks the play as play money for a trial account only", () => {
    expect(playsForPlayMoney(trial)).toBe(true);
    expect(playsForPlayMoney(member)).toBe(false);
    expect(playsForPlayMoney(visitor)).toBe(false);
  });
});
