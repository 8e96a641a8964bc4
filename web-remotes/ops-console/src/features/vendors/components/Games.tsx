/** The brand's games, paged and filtered on the server (vendor, game type, name or code, on or off) in the order
 * picked. An admin switches a game off or on after giving a reason in its row; everyone else reads. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { OpsGameRead, OpsVendorRead } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, Pager, useAction, useLanguage, useQueryClient } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { Badge, ScrollBox } from "../../../shared/ui";
import type { GameFilters } from "../reads";
import { NO_FILTERS, forgetGames, useGames } from "../reads";
import { t } from "../texts";

function unique(values: string[]): string[] {
  return [...new Set(values)].sort();
}

export function Games({ vendors }: { vendors: OpsVendorRead[] }) {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const writer = holds(ops.session, "admin");
  const [draft, setDraft] = useState<GameFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<GameFilters>(NO_FILTERS);
  const [pageNo, setPageNo] = useState(1);
  const [switching, setSwitching] = useState<number | null>(null);
  const [reason, setReason] = useState("");
  const games = useGames(filters, pageNo);
  const page = games.data;
  const toggle = useAction((game: OpsGameRead) => ops.call("opsSwitchGame", { path: { code: ops.brand, nodeId: game.nodeId }, body: { enabled: !game.enabled, reason: reason.trim() } }), {
    onDone: () => {
      setSwitching(null);
      setReason("");
      forgetGames(queries, ops.brand);
    },
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPageNo(1);
  };
  const confirm = (game: OpsGameRead) => {
    if (!reason.trim()) return toggle.refuse(t(language, "reasonNeeded"));
    void toggle.submit(game);
  };

  return (
    <section aria-labelledby="oc-games">
      <h2 className="vd-subtitle" id="oc-games">
        {t(language, "games")}
      </h2>
      <form className="oc-row" onSubmit={apply} aria-label={t(language, "filter")}>
        <label className="kit-field">
          <span>{t(language, "vendor")}</span>
          <select className="oc-select" value={draft.vendor} onChange={(event) => setDraft({ ...draft, vendor: event.target.value })}>
            <option value="">{t(language, "all")}</option>
            {unique(vendors.map((vendor) => vendor.code)).map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        <label className="kit-field">
          <span>{t(language, "gameType")}</span>
          <select className="oc-select" value={draft.gameType} onChange={(event) => setDraft({ ...draft, gameType: event.target.value })}>
            <option value="">{t(language, "all")}</option>
            {unique(vendors.map((vendor) => vendor.gameType)).map((kind) => (
              <option key={kind} value={kind}>
                {kind}
              </option>
            ))}
          </select>
        </label>
        <Field label={t(language, "search")} value={draft.name} onChange={(name) => setDraft({ ...draft, name })} maxLength={60} />
        <label className="kit-field">
          <span>{t(language, "enabled")}</span>
          <select className="oc-select" value={draft.enabled} onChange={(event) => setDraft({ ...draft, enabled: event.target.value as GameFilters["enabled"] })}>
            <option value="">{t(language, "all")}</option>
            <option value="true">{t(language, "onlyOn")}</option>
            <option value="false">{t(language, "onlyOff")}</option>
          </select>
        </label>
        <label className="kit-field">
          <span>{t(language, "sort")}</span>
          <select className="oc-select" value={draft.sort} onChange={(event) => setDraft({ ...draft, sort: event.target.value as GameFilters["sort"] })}>
            <option value="catalogue">{t(language, "sortCatalogue")}</option>
            <option value="name">{t(language, "sortName")}</option>
            <option value="code">{t(language, "sortCode")}</option>
          </select>
        </label>
        <button type="submit" className="kit-button">
          {t(language, "filter")}
        </button>
      </form>
      <OutcomeLine outcome={toggle.outcome} />
      <LoadFailure error={games.error} />
      {games.isLoading ? <p>{t(language, "loading")}</p> : null}
      {page && page.list.length === 0 ? <p>{t(language, "empty")}</p> : null}
      {page && page.list.length > 0 ? (
        <ScrollBox label={t(language, "games")}>
          <table className="oc-table" data-testid="games" aria-busy={games.isPlaceholderData || undefined}>
            <thead>
              <tr>
                <th scope="col">{t(language, "name")}</th>
                <th scope="col">{t(language, "code")}</th>
                <th scope="col">{t(language, "vendor")}</th>
                <th scope="col">{t(language, "gameType")}</th>
                <th scope="col">{t(language, "state")}</th>
                {writer ? <th scope="col">{t(language, "actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {page.list.map((game) => (
                <tr key={game.nodeId} data-game={game.nodeId} data-enabled={String(game.enabled)}>
                  <td>{game.name}</td>
                  <td className="oc-id" title={game.gameCode}>
                    {game.gameCode}
                  </td>
                  <td>{game.vendor}</td>
                  <td>{game.gameType}</td>
                  <td>
                    <Badge value={game.enabled ? "on" : "off"} text={t(language, game.enabled ? "on" : "off")} />
                  </td>
                  {writer ? (
                    <td>
                      {switching === game.nodeId ? (
                        <div className="oc-row" role="group" aria-label={t(language, "switchGameQuestion", { game: game.name })}>
                          <Field label={t(language, "reason")} value={reason} onChange={(value) => { toggle.reset(); setReason(value); }} maxLength={500} />
                          <button type="button" className="kit-button" disabled={toggle.pending} onClick={() => confirm(game)}>
                            {t(language, game.enabled ? "switchOff" : "switchOn")}
                          </button>
                          <button type="button" className="kit-button kit-button--ghost" onClick={() => { toggle.reset(); setSwitching(null); }}>
                            {t(language, "cancel")}
                          </button>
                        </div>
                      ) : (
                        <button type="button" className="kit-button kit-button--ghost" onClick={() => { toggle.reset(); setReason(""); setSwitching(game.nodeId); }}>
                          {t(language, game.enabled ? "switchOff" : "switchOn")}
                        </button>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {page ? <p className="kit-field__hint">{t(language, "total", { total: page.total })}</p> : null}
      {page ? <Pager label={t(language, "pages")} pageNo={pageNo} totalPages={page.totalPages} shown={page.pageNum} onPage={setPageNo} previous={t(language, "previous")} next={t(language, "next")} /> : null}
    </section>
  );
}
