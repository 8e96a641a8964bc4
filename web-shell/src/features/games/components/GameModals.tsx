import "../games.css";
import { Dialog, formatMoney, LoadFailure, OutcomeLine, useAction, useLanguage } from "@portal/kit";
import type { GameRoom } from "../../../shared/ModalContext";
import { useModal } from "../../../shared/ModalContext";
import { useSite } from "../../../shared/site";
import { launchInRoom, useGameList, useRooms } from "../api";
import { gameText, roomName } from "../texts";
import { DemoMark } from "./DemoMark";
import { GameGrid } from "./GameGrid";
import { InHouseGame } from "./InHouseGame";

/** The game popup: the game itself, over the page (the header balance stays in view behind it). */
export function GameFrameModal({ gameCode, title, minBet, room }: { gameCode: string; title: string; minBet: number; room?: GameRoom | undefined }) {
  const { language } = useLanguage();
  const modal = useModal();
  const heading = room ? `${title} · ${roomName(language, room.roomId)}` : title;
  return (
    <Dialog title={heading} onClose={modal.close} closeLabel={gameText(language, "close")} wide>
      <div className="game-frame" data-testid="game-frame">
        <DemoMark />
        <InHouseGame gameCode={gameCode} minBet={minBet} room={room} />
      </div>
    </Dialog>
  );
}

/** A player-versus-player game's rooms: the stakes each takes and the balance it needs; entering one opens the
 * game in it (a balance below the room's entry is refused with the amount). */
export function RoomsModal({ nodeId, title }: { nodeId: number; title: string }) {
  const { language } = useLanguage();
  const { config } = useSite();
  const modal = useModal();
  const rooms = useRooms(nodeId);
  const enter = useAction((roomId: string) => launchInRoom(language, nodeId, roomId), {
    onDone: (answer) =>
      modal.open({ name: "game", gameCode: answer.gameCode, title, minBet: answer.minBet, room: { roomId: answer.roomId ?? "", maxBet: answer.maxBet ?? answer.minBet } }),
  });
  const money = (minor: number) => formatMoney(minor, config.currencySymbol);
  return (
    <Dialog title={`${title} · ${gameText(language, "rooms")}`} onClose={modal.close} closeLabel={gameText(language, "close")} wide>
      <LoadFailure error={rooms.error} />
      <ul className="rooms" data-testid="rooms">
        {(rooms.data?.rooms ?? []).map((room) => (
          <li key={room.roomId} className="rooms__room">
            <strong>{roomName(language, room.roomId)}</strong>
            <span>
              {gameText(language, "roomStakes")}: {money(room.minBet)} – {money(room.maxBet)}
            </span>
            <span>
              {gameText(language, "roomEntry")}: {money(room.minBalance)}
            </span>
            <button type="button" className="kit-button" disabled={enter.pending} onClick={() => void enter.submit(room.roomId)} aria-label={`${gameText(language, "enterRoom")} ${roomName(language, room.roomId)}`}>
              {gameText(language, "enterRoom")}
            </button>
          </li>
        ))}
      </ul>
      <OutcomeLine outcome={enter.outcome} />
    </Dialog>
  );
}

/** A vendor's games in a popup list (a vendor launcher of a type without its own list page). */
export function VendorGamesModal({ vassalage, gameType }: { vassalage: string; gameType: string }) {
  const { language } = useLanguage();
  const modal = useModal();
  const games = useGameList({ vassalage, gameType }, 1);
  return (
    <Dialog title={`${vassalage} · ${gameText(language, "vendorGames")}`} onClose={modal.close} closeLabel={gameText(language, "close")} wide>
      <LoadFailure error={games.error} />
      <GameGrid games={games.data?.list ?? []} layout="normal" />
    </Dialog>
  );
}
