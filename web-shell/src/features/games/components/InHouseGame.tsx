import { DiceGame } from "./DiceGame";
import { DragonTigerGame } from "./DragonTigerGame";
import { SlotGame } from "./SlotGame";

/** The in-house games by code; any other code is a game this portal does not run itself (null). */
export function InHouseGame({ gameCode, minBet }: { gameCode: string; minBet: number }) {
  if (gameCode === "BGS_FRUIT5") return <SlotGame minBet={minBet} />;
  if (gameCode === "BGS_DICE") return <DiceGame minBet={minBet} />;
  if (gameCode === "BGS_DRAGON_TIGER") return <DragonTigerGame minBet={minBet} />;
  return null;
}
