import type { GameRoom } from "../../../modals/ModalContext";
import { DiceGame } from "./DiceGame";
import { DragonTigerGame } from "./DragonTigerGame";
import { SlotGame } from "./SlotGame";

/** The in-house games by code (a player-versus-player game in the room it was opened in); any other code is a
 * game this portal does not run itself (null). */
export function InHouseGame({ gameCode, minBet, room }: { gameCode: string; minBet: number; room?: GameRoom | undefined }) {
  if (gameCode === "BGS_FRUIT5") return <SlotGame minBet={minBet} />;
  if (gameCode === "BGS_DICE") return <DiceGame minBet={minBet} room={room} />;
  if (gameCode === "BGS_DRAGON_TIGER") return <DragonTigerGame minBet={minBet} room={room} />;
  return null;
}
