import type { GameRead } from "@portal/kit";
import { OutcomeLine, useAction, useLanguage, useSession } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { useSite } from "../../../shared/site";
import { useFavouriteIds, useToggleFavourite } from "../api";
import { showsFreeDemo } from "../rules";
import { gameText } from "../texts";
import { GameTile } from "./GameTile";
import { useGameStart } from "./useGameStart";

/** Tiles that start their game and toggle their heart (a visitor is asked to log in, a trial account told to
 * use a real one); a refused launch or heart shows above them. */
export function GameGrid({ games, layout }: { games: GameRead[]; layout: "hot" | "normal" }) {
  const { language } = useLanguage();
  const session = useSession();
  const modal = useModal();
  const { start, demo, outcome } = useGameStart();
  const { flag } = useSite();
  const favourites = new Set(useFavouriteIds().data?.ids ?? []);
  const toggle = useToggleFavourite();
  const heart = useAction(({ game, favourite }: { game: GameRead; favourite: boolean }) => toggle(game, favourite));
  const onFavourite = (game: GameRead, favourite: boolean) => {
    if (!session.token) return modal.open({ name: "login" });
    if (session.isTrial) return modal.open({ name: "trial" });
    void heart.submit({ game, favourite });
  };
  const who = { signedIn: session.token !== null, trial: session.isTrial };
  const demoFor = (game: GameRead) => (showsFreeDemo(game, flag("FREEPLAY3"), who) ? demo : undefined);
  if (games.length === 0) return <p className="muted">{gameText(language, "noGames")}</p>;
  return (
    <>
      <OutcomeLine outcome={outcome ?? heart.outcome} />
      <div className={`game-grid game-grid--${layout}`}>
        {games.map((game) => (
          <GameTile key={game.nodeId} game={game} layout={layout} favourite={favourites.has(game.nodeId)} onStart={start} onDemo={demoFor(game)} onFavourite={onFavourite} />
        ))}
      </div>
    </>
  );
}
