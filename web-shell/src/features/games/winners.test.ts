import { describe, expect, it } from "vitest";
import type { WinnerRead } from "@portal/kit";
import { jackpotLine } from "./winners";

describe("the winners board's lines", () => {
  it("shows a jackpot hit with the board's fields and the game to start", () => {
    const hit: WinnerRead = {
      player: "lu***r", nodeId: 7, vendor: "BGS", gameType: "RNG", gameCode: "BGS_FRUIT5", gameName: "Fruit Five",
      currency: "TRY", stake: 100, win: 1_234_567, time: "2026-11-26T20:00:00Z",
    };
    expect(jackpotLine(hit)).toEqual({
      customerName: "lu***r", gameName: "Fruit Five", iconUrl: null, winAmount: 1_234_567, currency: "TRY",
      time: "2026-11-26T20:00:00Z", nodeId: 7, gameType: "RNG", vassalage: "BGS", gameCode: "BGS_FRUIT5", isGame: "GAME",
    });
  });
});
