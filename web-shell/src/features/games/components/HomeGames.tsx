import { useState } from "react";
import type { WinnerRead } from "@portal/kit";
import { formatMoney, Link, useLanguage, useSession } from "@portal/kit";
import { useSite } from "../../../site";
import { useGameList, useHotGames, useWinners } from "../api";
import { hotWindow, HOT_PER_VIEW, nextHotStart, recommended } from "../rules";
import { gameText } from "../texts";
import { GameGrid } from "./GameGrid";
import { useGameStart } from "./useGameStart";

export const BIGGEST_SHOWN = 9; // spec §9

function SectionTitle({ title, more }: { title: string; more?: string }) {
  const { language } = useLanguage();
  return (
    <header className="section-title">
      <h2>{title}</h2>
      {more && <Link to={more}>{gameText(language, "more")} ›</Link>}
    </header>
  );
}

/** The hot games scroller: 5 per view, moving 4 at a time. */
function HotScroller() {
  const { language } = useLanguage();
  const games = useHotGames().data ?? [];
  const [start, setStart] = useState(0);
  if (games.length === 0) return null;
  return (
    <section className="home-games" aria-label={gameText(language, "hotGames")}>
      <SectionTitle title={gameText(language, "hotGames")} more="/hot" />
      <div className="scroller">
        <button type="button" className="kit-icon-button" aria-label="‹" disabled={start === 0} onClick={() => setStart(nextHotStart(games.length, start, -1))}>
          ‹
        </button>
        <GameGrid games={hotWindow(games, start)} layout="hot" />
        <button type="button" className="kit-icon-button" aria-label="›" disabled={start + HOT_PER_VIEW >= games.length} onClick={() => setStart(nextHotStart(games.length, start, 1))}>
          ›
        </button>
      </div>
    </section>
  );
}

/** Recommended (first 12 without the top flag, more: /rng) and PG Soft (first 12, more: /rng?vassalage=PG);
 * both read the game list, which needs a session. */
function SignedInLists() {
  const { language } = useLanguage();
  const all = useGameList({ gameType: "RNG" }, 1).data?.list ?? [];
  const pg = useGameList({ gameType: "RNG", vassalage: "PG" }, 1).data?.list ?? [];
  return (
    <>
      {all.length > 0 && (
        <section className="home-games" aria-label={gameText(language, "recommended")}>
          <SectionTitle title={gameText(language, "recommended")} more="/rng" />
          <GameGrid games={recommended(all)} layout="normal" />
        </section>
      )}
      {pg.length > 0 && (
        <section className="home-games" aria-label={gameText(language, "pgGames")}>
          <SectionTitle title={gameText(language, "pgGames")} more="/rng?vassalage=PG" />
          <GameGrid games={pg.slice(0, 12)} layout="normal" />
        </section>
      )}
    </>
  );
}

/** The winners board: the biggest wins of the week (9 shown, scrolling); pressing one starts its game. The
 * jackpot list waits for the jackpot pool, which is not built. */
function WinnersBoard() {
  const { language } = useLanguage();
  const { config } = useSite();
  const winners = useWinners().data ?? [];
  const { start, outcome } = useGameStart();
  const open = (winner: WinnerRead) => {
    if (winner.nodeId === null) return;
    start({ nodeId: winner.nodeId, gameType: winner.gameType, vassalage: winner.vendor, gameCode: winner.gameCode, isGame: "GAME", gameName: winner.gameName });
  };
  return (
    <section className="panel winners" aria-label={gameText(language, "winners")} data-testid="winners">
      <h2>{gameText(language, "biggestWins")}</h2>
      {outcome && <p role="alert">{outcome.text}</p>}
      {winners.length === 0 ? (
        <p className="muted">{gameText(language, "noWinners")}</p>
      ) : (
        <div className="winners__window">
          <ol className={winners.length > BIGGEST_SHOWN ? "winners__list winners__list--scrolling" : "winners__list"}>
            {winners.map((winner, index) => (
              <li key={`${winner.time}-${index}`}>
                <button type="button" onClick={() => open(winner)}>
                  <span className="winners__player">{winner.player}</span> {gameText(language, "won")}{" "}
                  <strong>{formatMoney(winner.win, config.currencySymbol)}</strong> · {winner.gameName}
                </button>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

/** The home page's game sections. */
export function HomeGames() {
  const session = useSession();
  return (
    <>
      <WinnersBoard />
      <HotScroller />
      {session.token && <SignedInLists />}
    </>
  );
}
