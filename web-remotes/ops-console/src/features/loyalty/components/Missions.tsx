/** The brand's missions: every mission (on or off) with its kind, target, reward and window, a page at a time. Every
 * role of the console reads them; the content role (or an admin) adds a mission and edits one in place (its kind
 * stays what it was made as). The points service decides, and its refusal is shown as it says it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { Language, MissionRead, MissionWrite, NewMission } from "@portal/kit";
import { Field, formatMoney, keepPreviousData, LoadFailure, OutcomeLine, Pager, SUPPORTED, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox } from "../../../shared/ui";
import type { MissionTextKey } from "../missionTexts";
import { mt } from "../missionTexts";
import type { CatalogueFilters } from "./CatalogueFilter";
import { CatalogueFilter, FIRST_CATALOGUE, catalogueQuery } from "./CatalogueFilter";
import "../loyalty.css";
import "../missions.css";

export const KINDS = ["BET_TURNOVER", "DEPOSIT_TOTAL", "PLAY_DAYS"] as const;
export type Kind = (typeof KINDS)[number];

function isKind(value: string): value is Kind {
  return (KINDS as readonly string[]).includes(value);
}
export const GAME_TYPES = ["SPORTS", "ESPORTS", "LIVE", "LOTT", "ELOTT", "FISH", "PVP", "RNG", "COCKFIGHT"] as const;
const PAGE_SIZE = 20;
const MAX_TARGET = 1_000_000_000_000;
const MAX_DAYS = 3_660;
const MAX_REWARD = 100_000_000;

export interface MissionDraft {
  names: Record<Language, string>;
  kind: Kind;
  gameTypes: string[];
  target: string; // money (100.00) or days
  rewardPoints: string;
  startsAt: string; // yyyy-MM-ddTHH:mm, UTC
  endsAt: string;
  active: boolean;
  sort: string;
  reason: string;
}

export const EMPTY_MISSION: MissionDraft = {
  names: { TR: "", EN: "", CN: "" }, kind: "BET_TURNOVER", gameTypes: [], target: "", rewardPoints: "", startsAt: "",
  endsAt: "", active: true, sort: "0", reason: "",
};

const minute = (iso: string): string => new Date(iso).toISOString().slice(0, 16);
/** A mission's window as the form takes it: in UTC, to the minute (the end excluded). */
const utcWindow = (row: MissionRead): string => `${minute(row.startsAt).replace("T", " ")} – ${minute(row.endsAt).replace("T", " ")} UTC`;

function draftOf(row: MissionRead): MissionDraft {
  const kind = row.kind as Kind;
  return {
    names: { TR: row.names["TR"] ?? "", EN: row.names["EN"] ?? "", CN: row.names["CN"] ?? "" },
    kind,
    gameTypes: [...row.gameTypes],
    target: kind === "PLAY_DAYS" ? String(row.target) : (row.target / 100).toFixed(2),
    rewardPoints: String(row.rewardPoints),
    startsAt: minute(row.startsAt),
    endsAt: minute(row.endsAt),
    active: row.active,
    sort: String(row.sort),
    reason: "",
  };
}

const whole = (text: string, low: number, high: number): number | null => {
  const value = text.replace(/,/g, "").trim();
  if (!/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= low && number <= high ? number : null;
};

/** An amount as the member sees it ("1,500.50") in minor units; null when it is not one above zero. */
export function minorOf(text: string): number | null {
  const value = text.replace(/,/g, "").trim();
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return minor >= 1 && minor <= MAX_TARGET ? minor : null;
}

/** A UTC minute (the datetime-local field, read as UTC) as the service takes it; null when it is not one. */
export function utcOf(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text.trim())) return null;
  const date = new Date(`${text.trim()}:00Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The body the service takes (the kind only when the mission is made), or the key of the text that says what is
 * wrong with the draft. */
export function missionBody(draft: MissionDraft, creating: boolean): NewMission | MissionWrite | MissionTextKey {
  const names: Record<string, string> = {};
  for (const language of SUPPORTED) {
    const text = draft.names[language].trim();
    if (text) names[language] = text;
  }
  if (!names["TR"]) return "turkishName";
  const target = draft.kind === "PLAY_DAYS" ? whole(draft.target, 1, MAX_DAYS) : minorOf(draft.target);
  if (target === null) return "targetInvalid";
  const rewardPoints = whole(draft.rewardPoints, 1, MAX_REWARD);
  if (rewardPoints === null) return "rewardInvalid";
  const startsAt = utcOf(draft.startsAt);
  const endsAt = utcOf(draft.endsAt);
  if (startsAt === null || endsAt === null) return "dateInvalid";
  if (endsAt <= startsAt) return "windowInvalid";
  const sort = whole(draft.sort, 0, 10_000);
  if (sort === null) return "sortInvalid";
  const reason = draft.reason.trim();
  if (!reason) return "required";
  const gameTypes = draft.kind === "DEPOSIT_TOTAL" ? [] : [...draft.gameTypes].sort();
  const body: MissionWrite = { names, gameTypes, target, rewardPoints, startsAt, endsAt, active: draft.active, sort, reason };
  return creating ? { ...body, kind: draft.kind } : body;
}

export function targetText(language: Language, kind: string, target: number): string {
  return kind === "PLAY_DAYS" ? mt(language, "days", { n: target }) : formatMoney(target);
}

function missionName(row: MissionRead, language: Language): string {
  return row.names[language] || row.names["TR"] || row.name;
}

export function Missions() {
  const { language } = useLanguage();
  const ops = useOps();
  const writer = holds(ops.session, "content");
  const queries = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [filters, setFilters] = useState<CatalogueFilters>(FIRST_CATALOGUE);
  const [draft, setDraft] = useState<MissionDraft>(EMPTY_MISSION);
  const [editing, setEditing] = useState<number | null>(null);
  const [savedEdit, setSavedEdit] = useState(false);
  const key = ["ops", "points", "missions", ops.brand];
  const list = useQuery({
    queryKey: [...key, filters, pageNo],
    enabled: !!ops.brand,
    queryFn: () =>
      ops.call("opsMissions", {
        path: { code: ops.brand },
        query: { ...catalogueQuery(filters, pageNo, PAGE_SIZE), ...(isKind(filters.kind) ? { kind: filters.kind } : {}) },
      }),
    placeholderData: keepPreviousData,
  });
  const save = useAction(
    (input: { id: null; body: NewMission } | { id: number; body: MissionWrite }) =>
      input.id === null
        ? ops.call("opsCreateMission", { path: { code: ops.brand }, body: input.body })
        : ops.call("opsChangeMission", { path: { code: ops.brand, missionId: input.id }, body: input.body }),
    {
      doneText: mt(language, savedEdit ? "missionSaved" : "missionCreated"),
      onDone: () => {
        setEditing(null);
        setDraft(EMPTY_MISSION);
        return queries.invalidateQueries({ queryKey: key });
      },
    },
  );
  const change = (patch: Partial<MissionDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const page = list.data ?? null;
  const rows = page?.list ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = missionBody(draft, editing === null);
    if (typeof body === "string") return save.refuse(mt(language, body));
    setSavedEdit(editing !== null);
    void save.submit(editing === null ? { id: null, body: body as NewMission } : { id: editing, body });
  };
  const startEdit = (row: MissionRead) => {
    save.reset();
    setEditing(row.missionId);
    setDraft(draftOf(row));
  };
  const toggleGameType = (gameType: string, on: boolean) =>
    change({ gameTypes: on ? [...draft.gameTypes, gameType] : draft.gameTypes.filter((g) => g !== gameType) });

  return (
    <section aria-labelledby="oc-missions">
      <PageTitle>
        <span id="oc-missions">{mt(language, "missions")}</span>
      </PageTitle>
      {!ops.brand ? <p>{mt(language, "noBrand")}</p> : null}
      {!writer ? <p className="kit-field__hint">{mt(language, "missionsReadOnly")}</p> : null}
      <CatalogueFilter
        kinds={KINDS.map((kind) => [kind, mt(language, kind)] as const)}
        onSearch={(next) => {
          setFilters(next);
          setPageNo(1);
        }}
      />
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{mt(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{mt(language, "missionsEmpty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={mt(language, "missions")}>
          <table className="oc-table" data-testid="missions">
            <thead>
              <tr>
                <th scope="col">{mt(language, "name")}</th>
                <th scope="col">{mt(language, "missionKind")}</th>
                <th scope="col" className="num">{mt(language, "target")}</th>
                <th scope="col" className="num">{mt(language, "reward")}</th>
                <th scope="col">{mt(language, "window")}</th>
                <th scope="col" className="num">{mt(language, "sort")}</th>
                <th scope="col">{mt(language, "missionState")}</th>
                {writer ? <th scope="col">{mt(language, "actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.missionId} data-mission={row.missionId} aria-current={editing === row.missionId ? "true" : undefined}>
                  <td className="ly-cut">
                    <strong>{missionName(row, language)}</strong>
                    <span className="ly-sub">
                      {SUPPORTED.filter((code) => row.names[code]).map((code) => `${code}: ${row.names[code]}`).join(" · ")}
                    </span>
                  </td>
                  <td className="ly-cut">
                    {mt(language, row.kind as MissionTextKey)}
                    <span className="ly-sub">{row.kind === "DEPOSIT_TOTAL" ? "" : row.gameTypes.length ? row.gameTypes.join(", ") : mt(language, "allGameTypes")}</span>
                  </td>
                  <td className="num">{targetText(language, row.kind, row.target)}</td>
                  <td className="num">{row.rewardPoints.toLocaleString("en-US")}</td>
                  <td>{utcWindow(row)}</td>
                  <td className="num">{row.sort}</td>
                  <td>
                    <Badge value={row.active ? "active" : "inactive"} text={mt(language, row.active ? "on" : "off")} />
                  </td>
                  {writer ? (
                    <td>
                      <button type="button" className="kit-button kit-button--ghost" aria-label={`${mt(language, "edit")}: ${missionName(row, language)}`} onClick={() => startEdit(row)}>
                        {mt(language, "edit")}
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {page ? <Pager label={mt(language, "missions")} pageNo={pageNo} totalPages={page.totalPages} shown={page.pageNum} onPage={setPageNo} previous={mt(language, "previous")} next={mt(language, "next")} /> : null}
      {writer && ops.brand ? (
        <form className="ly-form" onSubmit={submit} aria-labelledby="oc-mission-form" noValidate>
          <h2 id="oc-mission-form" className="ly-form__title">
            {editing === null ? mt(language, "addMission") : mt(language, "editMission", { id: editing })}
          </h2>
          <div className="oc-row">
            {SUPPORTED.map((code) => (
              <Field key={code} label={mt(language, "nameIn", { language: code })} value={draft.names[code]} onChange={(text) => change({ names: { ...draft.names, [code]: text } })} maxLength={80} required={code === "TR"} />
            ))}
          </div>
          <div className="oc-row">
            <label className="kit-field">
              {mt(language, "missionKind")}
              <select className="oc-select" value={draft.kind} disabled={editing !== null} onChange={(event) => change({ kind: event.target.value as Kind })}>
                {KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {mt(language, kind)}
                  </option>
                ))}
              </select>
            </label>
            <Field label={mt(language, draft.kind === "PLAY_DAYS" ? "targetDays" : "targetMoney")} value={draft.target} onChange={(target) => change({ target })} inputMode={draft.kind === "PLAY_DAYS" ? "numeric" : "decimal"} size={14} required />
            <Field label={mt(language, "reward")} value={draft.rewardPoints} onChange={(rewardPoints) => change({ rewardPoints })} inputMode="numeric" size={10} required />
            <Field label={mt(language, "sort")} value={draft.sort} onChange={(sort) => change({ sort })} inputMode="numeric" size={6} />
          </div>
          {draft.kind !== "DEPOSIT_TOTAL" ? (
            <fieldset className="ly-form__types">
              <legend>{mt(language, "gameTypes")}</legend>
              {GAME_TYPES.map((gameType) => (
                <label key={gameType} className="ly-form__check">
                  <input type="checkbox" checked={draft.gameTypes.includes(gameType)} onChange={(event) => toggleGameType(gameType, event.target.checked)} />
                  {mt(language, gameType as MissionTextKey)}
                </label>
              ))}
            </fieldset>
          ) : null}
          <div className="oc-row ly-window">
            <Field label={mt(language, "startsAt")} type="datetime-local" value={draft.startsAt} onChange={(startsAt) => change({ startsAt })} required />
            <Field label={mt(language, "endsAt")} type="datetime-local" value={draft.endsAt} onChange={(endsAt) => change({ endsAt })} required />
          </div>
          <label className="ly-form__check">
            <input type="checkbox" checked={draft.active} onChange={(event) => change({ active: event.target.checked })} />
            {mt(language, "showMission")}
          </label>
          <Field label={mt(language, "auditReason")} value={draft.reason} onChange={(reason) => change({ reason })} maxLength={500} required />
          <OutcomeLine outcome={save.outcome} />
          <div className="oc-row">
            <button type="submit" className="kit-button" disabled={save.pending}>
              {mt(language, editing === null ? "add" : "save")}
            </button>
            {editing !== null ? (
              <button
                type="button"
                className="kit-button kit-button--ghost"
                onClick={() => {
                  save.reset();
                  setEditing(null);
                  setDraft(EMPTY_MISSION);
                }}
              >
                {mt(language, "cancel")}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}
