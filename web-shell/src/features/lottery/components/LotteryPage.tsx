/** The lottery routes (/lottery, /seaLottery, /vnLottery): without ``gameCode`` the lobby of the route's
 * vendor by category; with it the betting view - the open issue with its countdowns and seed hash, the bet
 * types with the brand's odds, the slip, the results with their balls and seeds, the trend and my bets. */
import { useEffect, useState } from "react";
import type { BetRead, BetTypeRead, Language, LotteryGameDetailRead, LotteryGameRead, ResultRead } from "@portal/kit";
import { formatDateTime, formatMoney, Link, moneyInputProblem, OutcomeLine, parseMoney, useAction, useLanguage, useQueryClient, useSearchParams, useSession } from "@portal/kit";
import { useSite } from "../../../shared/site";
import type { SlipBet } from "../api";
import { cancelBet, placeSlip, useLotteryGame, useLotteryGames, useLotteryResults, useMyLotteryBets } from "../api";
import { ballClass, ballText, countdown, pcbSum, possibleWin, prizeText, slipTotals, trendPoints } from "../rules";
import { frequencyText, lotteryLabel, lotteryText, oddsText } from "../texts";

const AREAS: Record<string, string> = { "/vnLottery": "TCG_LOTTO_VN", "/seaLottery": "TCG_SEA", "/lottery": "LOTT" };
const LOBBY_TABS = ["all", "time", "hot", "ssc", "11x5", "k3", "pk10", "lhc", "pcb", "lf"];

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function LotteryPage({ path }: { path: string }) {
  const [search] = useSearchParams();
  const gameCode = search.get("gameCode");
  return gameCode ? <BettingView gameCode={gameCode} path={path} /> : <Lobby area={AREAS[path] ?? "LOTT"} path={path} />;
}

function Balls({ category, balls, colours }: { category: string; balls: number[]; colours: Record<string, number[]> }) {
  return (
    <span className="lot-balls">
      {balls.map((ball, index) => (
        <span key={index} className={ballClass(category, ball, colours)}>
          {ballText(category, ball)}
        </span>
      ))}
      {category === "pcb" && <span className={ballClass(category, pcbSum(balls), colours)}>= {pcbSum(balls)}</span>}
    </span>
  );
}

function Lobby({ area, path }: { area: string; path: string }) {
  const { language } = useLanguage();
  const now = useNow();
  const [tab, setTab] = useState("all");
  const games = useLotteryGames(tab);
  const listed = (games.data ?? []).filter((game) => game.area === area);
  return (
    <section className="lot-lobby" aria-label={lotteryText(language, "lottery")}>
      <h1>{lotteryText(language, area === "TCG_LOTTO_VN" ? "vn" : area === "TCG_SEA" ? "sea" : "lottery")}</h1>
      {area === "LOTT" && (
        <nav className="lot-tabs" role="tablist">
          {LOBBY_TABS.map((name) => (
            <button key={name} type="button" role="tab" aria-selected={tab === name} className="kit-button" onClick={() => setTab(name)}>
              {lotteryLabel(language, name)}
            </button>
          ))}
        </nav>
      )}
      <ul className="lot-games">
        {listed.map((game: LotteryGameRead) => (
          <li key={game.gameCode} className="lot-card" data-testid={`lottery-${game.gameCode}`}>
            <Link to={`${path}?gameCode=${encodeURIComponent(game.gameCode)}`}>
              <strong>{game.gameName}</strong>
            </Link>
            <span>{frequencyText(language, game.intervalMinutes)}</span>
            {game.current ? (
              <span>
                {lotteryText(language, "issue")} {game.current.issue} · {lotteryText(language, "closesIn")} {countdown(Date.parse(game.current.closesAt), now)}
              </span>
            ) : (
              <span>{lotteryText(language, "noIssue")}</span>
            )}
            {game.last && <Balls category={game.category} balls={game.last.result} colours={{}} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface Line {
  key: string;
  betType: BetTypeRead;
  position: number | null;
  numbers: number[];
  option: string | null;
  stake: number;
  odds: string;
}

/** A bet's choice as the slip and my bets show it: the position, the numbers, the option. */
function choiceText(language: Language, choice: { position: number | null; numbers: number[]; option: string | null }): string {
  const parts = [choice.position ? `#${choice.position}` : "", choice.numbers.join(","), choice.option ? lotteryLabel(language, choice.option) : ""];
  return parts.filter(Boolean).join(" ");
}

function IssueHeader({ game, now }: { game: LotteryGameDetailRead; now: number }) {
  const { language } = useLanguage();
  const current = game.current;
  if (!current) return <p>{lotteryText(language, "noIssue")}</p>;
  const closes = Date.parse(current.closesAt);
  return (
    <div className="lot-issue" data-testid="lottery-issue">
      <strong>
        {lotteryText(language, "issue")} {current.issue}
      </strong>
      <span data-testid="lottery-closes">
        {closes > now ? `${lotteryText(language, "closesIn")} ${countdown(closes, now)}` : lotteryText(language, "closed")}
      </span>
      <span>
        {lotteryText(language, "drawsIn")} {countdown(Date.parse(current.drawsAt), now)} ·{" "}
        <time dateTime={current.drawsAt}>{formatDateTime(language, current.drawsAt)}</time>
      </span>
      <small>
        {lotteryText(language, "seedHash")}: <code>{current.seedHash}</code>
      </small>
    </div>
  );
}

function BettingView({ gameCode, path }: { gameCode: string; path: string }) {
  const { language } = useLanguage();
  const { config } = useSite();
  const now = useNow();
  const detail = useLotteryGame(gameCode);
  const results = useLotteryResults(gameCode);
  const [lines, setLines] = useState<Line[]>([]);
  const game: LotteryGameDetailRead | undefined = detail.data;
  if (!game) return <section className="lot-view" aria-busy="true" />;
  return (
    <section className="lot-view" aria-label={game.gameName}>
      <p>
        <Link to={path}>{lotteryText(language, "back")}</Link>
      </p>
      <h1>{game.gameName}</h1>
      <IssueHeader game={game} now={now} />
      {game.last && (
        <p className="lot-last">
          {lotteryText(language, "lastResult")} {game.last.issue}: <Balls category={game.category} balls={game.last.result} colours={game.colours} />
        </p>
      )}
      <BetPicker game={game} currency={config.currencySymbol} onAdd={(line) => setLines((all) => [...all, line])} />
      <SlipPanel game={game} lines={lines} setLines={setLines} />
      <Results game={game} results={results.data?.list ?? []} />
      <MyBets game={game} now={now} />
    </section>
  );
}

function SlipPanel({ game, lines, setLines }: { game: LotteryGameDetailRead; lines: Line[]; setLines: (update: (all: Line[]) => Line[]) => void }) {
  const { language } = useLanguage();
  const { config } = useSite();
  const session = useSession();
  const client = useQueryClient();
  const bets: SlipBet[] = lines.map((line) => ({ betType: line.betType.code, position: line.position, numbers: line.numbers, option: line.option, stake: line.stake }));
  const place = useAction(() => placeSlip(language, game.gameCode, game.current?.issue ?? "", bets), {
    onDone: async () => {
      setLines(() => []);
      await session.refreshBalance();
      await client.invalidateQueries({ queryKey: ["lotteryBets", game.gameCode] });
    },
    doneText: lotteryText(language, "placed"),
  });
  const totals = slipTotals(lines);
  return (
    <section className="lot-slip" aria-label={lotteryText(language, "slip")}>
      <h2>{lotteryText(language, "slip")}</h2>
      {lines.length === 0 ? (
        <p>{lotteryText(language, "emptySlip")}</p>
      ) : (
        <ul>
          {lines.map((line) => (
            <li key={line.key}>
              {line.betType.name} {choiceText(language, line)} · {formatMoney(line.stake, config.currencySymbol, language)} × {oddsText(language, line.odds)}
              <button type="button" className="kit-link" onClick={() => setLines((all) => all.filter((other) => other.key !== line.key))}>
                {lotteryText(language, "remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p data-testid="lottery-slip-total">
        {lotteryText(language, "total")}: {formatMoney(totals.total, config.currencySymbol, language)} · {lotteryText(language, "possibleWin")}:{" "}
        {formatMoney(totals.possibleWin, config.currencySymbol, language)}
      </p>
      <button type="button" className="kit-button" disabled={!lines.length || !game.current || place.pending} onClick={() => void place.submit(undefined)}>
        {lotteryText(language, "place")}
      </button>
      <OutcomeLine outcome={place.outcome} />
    </section>
  );
}

function MyBets({ game, now }: { game: LotteryGameDetailRead; now: number }) {
  const { language } = useLanguage();
  const { config } = useSite();
  const session = useSession();
  const client = useQueryClient();
  const bets = useMyLotteryBets(game.gameCode);
  const list = bets.data?.list ?? [];
  const cancel = useAction((betId: string) => cancelBet(language, betId), {
    onDone: async () => {
      await session.refreshBalance();
      await client.invalidateQueries({ queryKey: ["lotteryBets", game.gameCode] });
    },
  });
  const settledCount = list.filter((bet) => bet.status === "won" || bet.status === "lost").length;
  useEffect(() => {
    if (settledCount) void session.refreshBalance();
  }, [settledCount, session]);
  const current = game.current;
  const open = (bet: BetRead) => bet.status === "accepted" && current?.issue === bet.issue && Date.parse(current.closesAt) > now;
  return (
    <section className="lot-bets" aria-label={lotteryText(language, "myBets")}>
      <h2>{lotteryText(language, "myBets")}</h2>
      {list.length === 0 ? (
        <p>{lotteryText(language, "noBets")}</p>
      ) : (
        <table className="kit-table">
          <thead>
            <tr>
              {(["issue", "betType", "stake", "odds", "status", "win"] as const).map((key) => (
                <th key={key}>{lotteryText(language, key)}</th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {list.map((bet) => (
              <tr key={bet.betId} data-testid="lottery-bet">
                <td>
                  {bet.issue}
                  <br />
                  <small data-testid="lottery-bet-time">{formatDateTime(language, bet.createdAt)}</small>
                </td>
                <td>
                  {bet.betTypeName} {choiceText(language, bet)}
                </td>
                <td>{formatMoney(bet.stake, config.currencySymbol, language)}</td>
                <td>{oddsText(language, bet.odds)}</td>
                <td data-testid="lottery-bet-status">{lotteryLabel(language, bet.status)}</td>
                <td>{formatMoney(bet.win, config.currencySymbol, language)}</td>
                <td>
                  {open(bet) && (
                    <button type="button" className="kit-link" onClick={() => void cancel.submit(bet.betId)}>
                      {lotteryText(language, "cancel")}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <OutcomeLine outcome={cancel.outcome} />
    </section>
  );
}

function BetPicker({ game, currency, onAdd }: { game: LotteryGameDetailRead; currency: string; onAdd: (line: Line) => void }) {
  const { language } = useLanguage();
  const [code, setCode] = useState(game.betTypes[0]?.code ?? "");
  const betType = game.betTypes.find((bt) => bt.code === code) ?? game.betTypes[0];
  const [position, setPosition] = useState<number | null>(null);
  const [numbers, setNumbers] = useState<number[]>([]);
  const [option, setOption] = useState<string | null>(null);
  const [amount, setAmount] = useState("10");
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!betType) return null;
  const sums = Object.keys(betType.oddsBy).filter(() => betType.kind === "sum_value").map(Number);
  const [low = 0, high = 9] = betType.numberRange;
  const choices = sums.length ? sums : Array.from({ length: Math.min(high - low + 1, 100) }, (_, i) => low + i);
  const odds = betType.odds ?? betType.oddsBy[option ?? String(numbers[0] ?? "")] ?? "";
  const choose = (betTypeCode: string) => {
    setCode(betTypeCode);
    setPosition(null);
    setNumbers([]);
    setOption(null);
  };
  const toggle = (value: number) =>
    setNumbers((chosen) => (chosen.includes(value) ? chosen.filter((n) => n !== value) : [...chosen, value].slice(-betType.n)));
  const add = () => {
    if (moneyInputProblem(amount, language) === "decimals") return setRefusal(lotteryText(language, "stakeDecimals"));
    const stake = parseMoney(amount, language);
    if (stake === null || stake < betType.minStake || stake > betType.maxStake) {
      return setRefusal(`${lotteryText(language, "stake")}: ${formatMoney(betType.minStake, currency, language)} - ${formatMoney(betType.maxStake, currency, language)}`);
    }
    if ((betType.options.length && !option) || (!betType.options.length && numbers.length !== betType.n) || (betType.pickPosition && !position) || !odds) {
      return setRefusal(lotteryText(language, "chooseNumbers"));
    }
    setRefusal(null);
    onAdd({ key: crypto.randomUUID(), betType, position, numbers, option, stake, odds });
  };
  return (
    <section className="lot-picker" aria-label={lotteryText(language, "betType")}>
      <label className="kit-field">
        {lotteryText(language, "betType")}
        <select value={betType.code} onChange={(event) => choose(event.target.value)}>
          {game.betTypes.map((bt) => (
            <option key={bt.code} value={bt.code}>
              {bt.name}
            </option>
          ))}
        </select>
      </label>
      {betType.pickPosition && (
        <div role="radiogroup" aria-label={lotteryText(language, "position")} className="lot-choices">
          {betType.positions.map((p) => (
            <button key={p} type="button" aria-pressed={position === p} className="kit-button" onClick={() => setPosition(p)}>
              #{p}
            </button>
          ))}
        </div>
      )}
      {betType.options.length > 0 ? (
        <div role="radiogroup" aria-label={lotteryText(language, "betType")} className="lot-choices">
          {betType.options.map((name) => (
            <button key={name} type="button" aria-pressed={option === name} className="kit-button" onClick={() => setOption(name)}>
              {lotteryLabel(language, name)} {betType.oddsBy[name] ? `×${betType.oddsBy[name]}` : ""}
            </button>
          ))}
        </div>
      ) : (
        betType.n > 0 && (
          <div aria-label={lotteryText(language, "numbers")} className="lot-choices">
            {choices.map((value) => (
              <button key={value} type="button" aria-pressed={numbers.includes(value)} className={ballClass(game.category, value, game.colours)} onClick={() => toggle(value)}>
                {ballText(game.category, value)}
              </button>
            ))}
          </div>
        )
      )}
      <label className="kit-field">
        {lotteryText(language, "stake")}
        <input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </label>
      <span>
        {lotteryText(language, "odds")}: {odds ? oddsText(language, odds) : "-"} · {lotteryText(language, "possibleWin")}:{" "}
        {odds && parseMoney(amount, language) !== null ? formatMoney(possibleWin(parseMoney(amount, language) ?? 0, odds), currency, language) : "-"}
      </span>
      <button type="button" className="kit-button" onClick={add}>
        {lotteryText(language, "add")}
      </button>
      {refusal && <p role="alert">{refusal}</p>}
    </section>
  );
}

function Results({ game, results }: { game: LotteryGameDetailRead; results: ResultRead[] }) {
  const { language } = useLanguage();
  const positions = Math.min(game.balls, 5);
  const [low = 0, high = 9] = game.ballRange;
  return (
    <section className="lot-results" aria-label={lotteryText(language, "results")}>
      <h2>{lotteryText(language, "results")}</h2>
      {results.length > 1 && game.category !== "vn" && (
        <figure aria-label={lotteryText(language, "trend")}>
          <svg viewBox="0 0 200 60" width="100%" height="80" role="img">
            {Array.from({ length: positions }, (_, p) => (
              <polyline key={p} points={trendPoints(results.map((r) => r.result), p, low, high, 200, 60)} className={`lot-trend lot-trend--${p + 1}`} fill="none" />
            ))}
          </svg>
          <figcaption>{lotteryText(language, "trend")}</figcaption>
        </figure>
      )}
      <ul>
        {results.map((result) => (
          <li key={result.issue} data-testid="lottery-result">
            <strong>{result.issue}</strong>{" "}
            <time dateTime={result.drawsAt} data-testid="lottery-result-time">{formatDateTime(language, result.drawsAt)}</time>{" "}
            {result.tiers[0] ? (
              <>
                <span className="lot-ball">{prizeText(result.tiers[0].numbers[0] ?? 0, result.tiers[0].digits)}</span>
                <small>
                  {result.tiers.map((tier) => `${tier.name}: ${tier.numbers.map((n) => prizeText(n, tier.digits)).join(" ")}`).join(" · ")}
                </small>
              </>
            ) : (
              <Balls category={game.category} balls={result.result} colours={game.colours} />
            )}
            <details>
              <summary>{lotteryText(language, "verify")}</summary>
              <small>
                {lotteryText(language, "seed")}: <code>{result.seed}</code>
                <br />
                {lotteryText(language, "seedHash")}: <code>{result.seedHash}</code>
              </small>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
