/** The lottery drop menu's content, its own chunk (the lottery's texts and rules load with it, on the first
 * opening): every lottery game by family, each with the countdown to its next draw and leading to its betting
 * page, and the vendors' halls. */
import { useEffect, useState } from "react";
import type { LotteryGameRead, VendorRead } from "@portal/kit";
import { Link, useLanguage } from "@portal/kit";
import { useLotteryGames } from "../../features/lottery/api";
import { countdown } from "../../features/lottery/rules";
import { lotteryLabel, lotteryText } from "../../features/lottery/texts";
import { text } from "../../shared/texts";
import { lotteryFamilies, lotteryGamePath, lotteryHalls } from "./lotteryNav";

/** The time now, again every second while shown. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function NextDraw({ game, now }: { game: LotteryGameRead; now: number }) {
  const { language } = useLanguage();
  if (!game.current) return <small className="lottery-menu__draw">{lotteryText(language, "noIssue")}</small>;
  const draws = Date.parse(game.current.drawsAt);
  return (
    <small className="lottery-menu__draw" data-testid="nav-lottery-countdown">
      {draws > now ? (
        <>
          {lotteryText(language, "drawsIn")} <time dateTime={game.current.drawsAt}>{countdown(draws, now)}</time>
        </>
      ) : (
        lotteryText(language, "drawing")
      )}
    </small>
  );
}

/** The panel's content, drawn while it is open: the games are read (and kept fresh) only then. */
export function LotteryPanel({ vendors }: { vendors: VendorRead[] }) {
  const { language } = useLanguage();
  const games = useLotteryGames("all");
  const now = useNow();
  const families = lotteryFamilies(games.data ?? [], vendors);
  const halls = lotteryHalls(vendors);
  return (
    <div className="lottery-menu" aria-busy={games.isPending} data-testid="nav-lottery-menu">
      {games.isPending && <p className="lottery-menu__status">{text(language, "loading")}</p>}
      {games.isError && <p className="lottery-menu__status">{text(language, "loadError")}</p>}
      <div className="lottery-menu__families">
        {families.map(({ family, games: listed }) => (
          <section key={family} className="lottery-menu__family" aria-labelledby={`nav-lottery-family-${family}`} data-testid={`nav-lottery-family-${family}`}>
            <h3 id={`nav-lottery-family-${family}`}>{lotteryLabel(language, family)}</h3>
            <ul className="drop-menu__list">
              {listed.map((game) => (
                <li key={game.gameCode}>
                  <Link to={lotteryGamePath(game)} className="drop-menu__item lottery-menu__game" data-testid={`nav-lottery-${game.gameCode}`}>
                    <span>{game.gameName}</span>
                    <NextDraw game={game} now={now} />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      {halls.length > 0 && (
        <section className="lottery-menu__halls" aria-labelledby="nav-lottery-halls">
          <h3 id="nav-lottery-halls">{text(language, "lotteryHalls")}</h3>
          <ul className="drop-menu__list">
            {halls.map((hall) => (
              <li key={hall.path}>
                <Link to={hall.path} className="drop-menu__item drop-menu__item--all">
                  {hall.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
