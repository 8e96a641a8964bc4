import "../games.css";
import { useRef } from "react";
import type { GameRead } from "@portal/kit";
import { useLanguage } from "@portal/kit";
import { VendorMark } from "../art/VendorMark";
import { showsHeart } from "../rules";
import { gameText } from "../texts";
import { LazyGameArt } from "./LazyGameArt";

export const HEART_THROTTLE_MS = 1000; // spec §9

interface TileProps {
  game: GameRead;
  layout: "hot" | "normal";
  favourite: boolean;
  onStart: (game: GameRead) => void;
  /** The free demo, only where it is played as a demo (see ``showsFreeDemo``), for a game with one. */
  onDemo?: ((game: GameRead) => void) | undefined;
  onFavourite: (game: GameRead, favourite: boolean) => void;
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" focusable="false">
      <path d="M12 20.5 L3.6 12.4 A4.9 4.9 0 0 1 12 6.2 A4.9 4.9 0 0 1 20.4 12.4 Z" fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth={2} strokeLinejoin="round" />
    </svg>
  );
}

/** One game: the hot layout (art, name, vendor, heart) or the normal one (art, play, free demo, name, heart).
 * Nothing in a tile lies over anything else; the heart toggles at most once a second. */
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
      title={gameText(language, favourite ? "unfavourite" : "favourite")}
      onClick={toggle}
    >
      <Heart filled={favourite} />
    </button>
  );
  return (
    <article className={`game-tile game-tile--${layout}`} data-testid="game-tile" data-code={game.gameCode}>
      <button type="button" className="game-tile__image" onClick={() => onStart(game)} aria-label={`${gameText(language, "play")}: ${game.gameName}`}>
        <LazyGameArt decorative name={game.gameName} vendor={game.vassalage} category={game.gameType} subCategory={game.subCategory} seed={`${game.vassalage}:${game.gameCode}`} />
      </button>
      <div className="game-tile__info">
        <h3 className="game-tile__name" title={game.gameName}>
          {game.gameName}
        </h3>
        {heart}
      </div>
      {layout === "hot" && (
        <span className="game-tile__vendor">
          <VendorMark code={game.vassalage} size={16} decorative /> {game.vassalage}
        </span>
      )}
      {layout === "normal" && (
        <div className="game-tile__actions">
          <button type="button" className="kit-button game-tile__play" onClick={() => onStart(game)}>
            {gameText(language, "play")}
          </button>
          {onDemo && game.supportPlay === 0 && (
            <button type="button" className="kit-button kit-button--ghost game-tile__demo" onClick={() => onDemo(game)}>
              {gameText(language, "freeDemo")}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
