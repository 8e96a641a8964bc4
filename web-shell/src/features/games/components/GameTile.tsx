import "../games.css";
import { useRef } from "react";
import type { GameRead } from "@portal/kit";
import { useLanguage } from "@portal/kit";
import { showsHeart } from "../rules";
import { gameText } from "../texts";

export const HEART_THROTTLE_MS = 1000; // spec §9

interface TileProps {
  game: GameRead;
  layout: "hot" | "normal";
  favourite: boolean;
  onStart: (game: GameRead) => void;
  /** The free demo, when free play is on (shown only for a game with a demo, supportPlay 0). */
  onDemo?: ((game: GameRead) => void) | undefined;
  onFavourite: (game: GameRead, favourite: boolean) => void;
}

/** One game: the hot layout (image, name, vendor, heart) or the normal one (image, play, free demo, name,
 * heart). The heart toggles at most once a second. */
export function GameTile({ game, layout, favourite, onStart, onDemo, onFavourite }: TileProps) {
  const { language } = useLanguage();
  const last = useRef(0);
  const toggle = () => {
    const now = Date.now();
    if (now - last.current < HEART_THROTTLE_MS) return;
    last.current = now;
    onFavourite(game, favourite);
  };
  const heart = showsHeart(layout, game.gameType) && (
    <button
      type="button"
      className="game-tile__heart"
      aria-pressed={favourite}
      aria-label={gameText(language, favourite ? "unfavourite" : "favourite")}
      onClick={toggle}
    >
      {favourite ? "♥" : "♡"}
    </button>
  );
  return (
    <article className={`game-tile game-tile--${layout}`} data-testid="game-tile" data-code={game.gameCode}>
      <button type="button" className="game-tile__image" onClick={() => onStart(game)} aria-label={`${gameText(language, "play")}: ${game.gameName}`}>
        <img src={game.iconUrl} alt="" width={160} height={160} loading="lazy" />
      </button>
      <div className="game-tile__info">
        <h3 className="game-tile__name">{game.gameName}</h3>
        {layout === "hot" && <span className="game-tile__vendor">{game.vassalage}</span>}
        {heart}
      </div>
      {layout === "normal" && (
        <div className="game-tile__actions">
          <button type="button" className="kit-button" onClick={() => onStart(game)}>
            {gameText(language, "play")}
          </button>
          {onDemo && game.supportPlay === 0 && (
            <button type="button" className="kit-button kit-button--ghost" onClick={() => onDemo(game)}>
              {gameText(language, "freeDemo")}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
