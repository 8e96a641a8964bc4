import "../games.css";
import { LoadFailure } from "@portal/kit";
import type { GameRoom } from "../../../shared/ModalContext";
import { useSeeds } from "../api";
import { DiceGame } from "./DiceGame";
import { DragonTigerGame } from "./DragonTigerGame";
import { SlotGame } from "./SlotGame";

/** The in-house games by code (a player-versus-player game in the room it was opened in); any other code is a
 * game this portal does not run itself (null). A game opens once the player's seeds are shown: a first round
 * runs under the commitment the player saw. */
export function InHouseGame({ gameCode, minBet, room }: { gameCode: string; minBet: number; room?: GameRoom | undefined }) {
  const seeds = useSeeds();
  if (!seeds.data) return <LoadFailure error={seeds.error} />;
  if (gameCode === "BGS_FRUIT5") return <SlotGame minBet={minBet} />;
  if (gameCode === "BGS_DICE") return <DiceGame minBet={minBet} room={room} />;
  if (gameCode === "BGS_DRAGON_TIGER") return <DragonTigerGame minBet={minBet} room={room} />;
  return null;
}
