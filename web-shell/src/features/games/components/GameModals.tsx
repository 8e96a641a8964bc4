import { Dialog, LoadFailure, useLanguage } from "@portal/kit";
import { useModal } from "../../../modals/ModalContext";
import { useGameList } from "../api";
import { gameText } from "../texts";
import { GameGrid } from "./GameGrid";
import { InHouseGame } from "./InHouseGame";

/** The game popup: the game itself, over the page (the header balance stays in view behind it). */
export function GameFrameModal({ gameCode, title, minBet }: { gameCode: string; title: string; minBet: number }) {
  const { language } = useLanguage();
  const modal = useModal();
  return (
    <Dialog title={title} onClose={modal.close} closeLabel={gameText(language, "close")} wide>
      <div className="game-frame" data-testid="game-frame">
        <InHouseGame gameCode={gameCode} minBet={minBet} />
      </div>
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
