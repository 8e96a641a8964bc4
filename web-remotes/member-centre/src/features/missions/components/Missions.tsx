import { useState } from "react";
import type { Language, MissionSummaryRead } from "@portal/kit";
import { formatDate, formatMoney, formatNumber, formatPercent, LoadFailure, OutcomeLine, Pager, useAction, useLanguage, useQueryClient } from "@portal/kit";
import { claimReward, useLeaderboard, useMissions } from "../api";
import type { MissionTextKey } from "../texts";
import { mt } from "../texts";
import "../missions.css";

/** A mission's amounts as the member reads them: money for bets and deposits, days for play days. */
export function amountText(language: Language, kind: string, value: number): string {
  return kind === "PLAY_DAYS" ? mt(language, "days", { n: value }) : formatMoney(value, "", language);
}

function MissionCard({ mission, selected, onBoard }: { mission: MissionSummaryRead; selected: boolean; onBoard: () => void }) {
  const { language } = useLanguage();
  const queries = useQueryClient();
  const claim = useAction(() => claimReward(language, mission.missionId), {
    onDone: async () => {
      await queries.invalidateQueries({ queryKey: ["missions"] });
      await queries.invalidateQueries({ queryKey: ["missionLeaderboard"] });
    },
  });
  const won = claim.latest;
  return (
    <li className={selected ? "mc-mission mc-mission--selected" : "mc-mission"} data-testid="mission" data-mission={mission.missionId}>
      <h3>{mission.name}</h3>
      <div className="mc-mission__meta">
        <span className="mc-status" data-testid="mission-state">{mt(language, mission.state as MissionTextKey)}</span>
        <span>{mt(language, mission.kind as MissionTextKey)}</span>
        <span>{mt(language, "window", { start: formatDate(language, mission.startsAt), end: formatDate(language, mission.endsAt) })}</span>
      </div>
      <div
        className="mc-mission__bar"
        role="progressbar"
        aria-label={mission.name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={mission.percent}
      >
        <div className="mc-mission__fill" style={{ width: `${mission.percent}%` }} />
      </div>
      <div className="mc-mission__numbers">
        <span data-testid="mission-progress">
          {mt(language, "progressOf", {
            progress: amountText(language, mission.kind, mission.progress),
            target: amountText(language, mission.kind, mission.target),
          })}
        </span>
        <span>{formatPercent(language, mission.percent)}</span>
      </div>
      <p className="mc-mission__reward">{mt(language, "reward", { points: mission.rewardPoints })}</p>
      <div className="mc-mission__actions">
        {mission.state === "CLAIMED" ? (
          <span className="mc-ok">{mt(language, "claimed")}</span>
        ) : (
          <button
            type="button"
            className="kit-button"
            data-testid="mission-claim"
            disabled={mission.state !== "COMPLETED" || claim.pending}
            onClick={() => void claim.submit(undefined)}
          >
            {mt(language, "claim")}
          </button>
        )}
        <button type="button" className="kit-button kit-button--ghost" onClick={onBoard} aria-pressed={selected}>
          {mt(language, "showBoard")}
        </button>
      </div>
      {won && (
        <p className="kit-ok" role="status" data-testid="mission-claimed">
          {mt(language, "claimedNow", { points: formatNumber(language, won.rewardPoints), balance: formatNumber(language, won.balance) })}
        </p>
      )}
      <OutcomeLine outcome={claim.outcome} />
    </li>
  );
}

function Leaderboard({ missionId }: { missionId: number }) {
  const { language } = useLanguage();
  const [pageNo, setPageNo] = useState(1);
  const board = useLeaderboard(missionId, pageNo);
  const page = board.data ?? null;
  return (
    <section className="mc-board" aria-label={mt(language, "leaderboard")} data-testid="mission-board">
      <h3>
        {mt(language, "leaderboard")}
        {page ? `: ${page.name}` : ""}
      </h3>
      <LoadFailure error={board.error} />
      {page && (
        <p data-testid="mission-my-rank">
          {page.mine.rank === null ? mt(language, "notRanked") : mt(language, "myRank", { rank: page.mine.rank })}
        </p>
      )}
      {page && page.list.length === 0 && <p>{mt(language, "noPlayers")}</p>}
      {page && page.list.length > 0 && (
        <table className="mc-table">
          <thead>
            <tr>
              <th>{mt(language, "rank")}</th>
              <th>{mt(language, "player")}</th>
              <th className="num">{mt(language, "progress")}</th>
            </tr>
          </thead>
          <tbody>
            {page.list.map((row) => (
              <tr key={row.rank} className={row.me ? "mc-board__me" : undefined}>
                <td>{row.rank}</td>
                <td>
                  {row.username} {row.me ? mt(language, "you") : ""}
                </td>
                <td className="num">{amountText(language, page.kind, row.progress)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page && (
        <Pager
          label={mt(language, "leaderboard")}
          previous={mt(language, "previous")}
          next={mt(language, "next")}
          pageNo={pageNo}
          shown={page.pageNum}
          totalPages={page.totalPages}
          onPage={setPageNo}
        />
      )}
    </section>
  );
}

/** Mission activity (missionLeaderboard): the brand's missions with the member's progress, each reward claimed once,
 * and the leaderboard of the chosen mission. */
export function Missions() {
  const { language } = useLanguage();
  const missions = useMissions();
  const [chosen, setChosen] = useState<number | null>(null);
  const list = missions.data ?? [];
  const boardOf = chosen ?? list[0]?.missionId ?? null;
  return (
    <section className="mc-panel">
      <h2>{mt(language, "title")}</h2>
      <LoadFailure error={missions.error} />
      {missions.data && list.length === 0 && <p>{mt(language, "empty")}</p>}
      {list.length > 0 && (
        <ul className="mc-missions">
          {list.map((mission) => (
            <MissionCard key={mission.missionId} mission={mission} selected={mission.missionId === boardOf} onBoard={() => setChosen(mission.missionId)} />
          ))}
        </ul>
      )}
      {boardOf !== null && <Leaderboard key={boardOf} missionId={boardOf} />}
    </section>
  );
}
