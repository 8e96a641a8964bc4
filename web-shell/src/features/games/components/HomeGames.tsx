import { useState } from "react";
import { Link, useLanguage, useSession } from "@portal/kit";
import { useGameList, useHotGames } from "../api";
import { hotWindow, HOT_PER_VIEW, nextHotStart, recommended } from "../rules";
import { gameText } from "../texts";
import { GameGrid } from "./GameGrid";
import { JackpotCounter, WinnersBoard } from "./Winners";

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

/** The home page's game sections. */
export function HomeGames() {
  const session = useSession();
  return (
    <>
      <JackpotCounter />
      <WinnersBoard />
      <HotScroller />
      {session.token && <SignedInLists />}
    </>
  );
}
