/** The brand's lottery games: each with its state, stake limits and prize mode. Every ops role of the brand reads;
 * the brand's admin edits one game in a dialog. */
import { useState } from "react";
import type { LotteryGameSettingsRead } from "@portal/kit";
import { LoadFailure, useLanguage } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox } from "../../../shared/ui";
import { useLotteryGames } from "../reads";
import { t } from "../texts";
import { EditLotteryGame } from "./EditLotteryGame";

export function LotteryGames() {
  const { language } = useLanguage();
  const ops = useOps();
  const writer = holds(ops.session, "admin");
  const games = useLotteryGames();
  const [editing, setEditing] = useState<LotteryGameSettingsRead | null>(null);
  const value = games.data;
  const rows = value?.games ?? [];

  return (
    <section aria-labelledby="oc-lottery-games">
      <PageTitle>
        <span id="oc-lottery-games">{t(language, "title")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : null}
      <p className="kit-field__hint">{t(language, writer ? "intro" : "readOnly")}</p>
      <LoadFailure error={games.error} />
      {games.isLoading ? <p>{t(language, "loading")}</p> : null}
      {games.isSuccess && rows.length === 0 ? <p>{t(language, "empty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "title")}>
          <table className="oc-table" data-testid="lottery-games">
            <thead>
              <tr>
                <th scope="col">{t(language, "game")}</th>
                <th scope="col">{t(language, "state")}</th>
                <th scope="col" className="num">{t(language, "minStake")}</th>
                <th scope="col" className="num">{t(language, "maxStake")}</th>
                <th scope="col" className="num">{t(language, "maxPerIssue")}</th>
                <th scope="col">{t(language, "prizeMode")}</th>
                {writer ? <th scope="col">{t(language, "actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((game) => (
                <tr key={game.gameCode} data-game={game.gameCode} data-enabled={String(game.enabled)}>
                  <td>
                    {game.gameName} <span className="oc-id">{game.gameCode}</span>
                  </td>
                  <td>
                    <Badge value={game.enabled ? "open" : "off"} text={t(language, game.enabled ? "on" : "off")} />
                  </td>
                  <td className="num">{game.minStake}</td>
                  <td className="num">{game.maxStake}</td>
                  <td className="num">{game.maxPerIssue}</td>
                  <td>{game.prizeMode ?? t(language, "brandMode", { mode: game.effectivePrizeMode })}</td>
                  {writer ? (
                    <td>
                      <button type="button" className="kit-button kit-button--ghost" aria-label={`${t(language, "edit")}: ${game.gameCode}`} onClick={() => setEditing(game)}>
                        {t(language, "edit")}
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void games.refetch()}>
        {t(language, "refresh")}
      </button>
      {editing && value ? <EditLotteryGame key={editing.gameCode} game={editing} modes={value.prizeModes} brandMode={value.brandPrizeMode} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
