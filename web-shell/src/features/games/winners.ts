/** The winners board's lines: the biggest wins answer spec §3's items (customerName, gameName, iconUrl,
 * winAmount and the game to start); a hit of the slot's jackpot is shown as one of them. */
import type { WinnerBoardRead, WinnerRead } from "@portal/kit";

export function jackpotLine(hit: WinnerRead): WinnerBoardRead {
  return {
    customerName: hit.player,
    gameName: hit.gameName,
    iconUrl: null,
    winAmount: hit.win,
    currency: hit.currency,
    time: hit.time,
    nodeId: hit.nodeId,
    gameType: hit.gameType,
    vassalage: hit.vendor,
    gameCode: hit.gameCode,
    isGame: "GAME",
  };
}
