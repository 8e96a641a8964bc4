/** Whom a broadcast goes to: every member of the brand, one member, or a pasted list of account ids (up to 1,000).
 * The notifications service takes account ids, not usernames (it keeps no copy of auth's members); one member is
 * found by username with auth's member search (``opsFindMembers``), which auth grants to every role but the content
 * editor's: an editor without another role types the member's account id instead. The list is checked here as the
 * service checks it (not empty, at most 1,000, each an account id, none twice) so the common slips are told before
 * any call; the service decides, and its refusal is shown as it says it. */
import type { FormEvent, KeyboardEvent } from "react";
import { useId, useState } from "react";
import type { BroadcastAudience, Language, MemberFoundRead } from "@portal/kit";
import { Field, LoadFailure, useLanguage, useQuery } from "@portal/kit";
import type { OpsSession } from "../../../shared/session";
import { useOps } from "../../../shared/session";
import { t } from "../texts";

export const MOST_MEMBERS = 1000;
const SEARCH_SIZE = 10;
// Auth's member search is for these roles (granted, not implied): not for a content editor alone.
const FINDERS = ["viewer", "finance-maker", "finance-checker", "admin"];
const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface Chosen {
  audience: BroadcastAudience;
  member: { id: string; username: string | null } | null;
  pasted: string;
}

export const EVERYONE: Chosen = { audience: "all", member: null, pasted: "" };

export function mayFindMembers(session: OpsSession | null): boolean {
  return !!session && session.roles.some((role) => FINDERS.includes(role));
}

/** The account ids of a pasted list: split on spaces, commas, semicolons and new lines; lower case. */
export function pastedIds(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((id) => id.trim().toLowerCase())
    .filter((id) => id.length > 0);
}

export type AudienceProblem = "audienceNoMember" | "audienceEmpty" | "audienceTooMany" | "audienceNotIds" | "audienceRepeated";

/** The account ids the broadcast is for (none: everyone), or what is wrong with the choice. */
export function audienceIds(chosen: Chosen): { ids: string[] } | { problem: AudienceProblem; ids?: string[] } {
  if (chosen.audience === "all") return { ids: [] };
  if (chosen.audience === "member") {
    const id = chosen.member?.id.trim().toLowerCase() ?? "";
    if (!id) return { problem: "audienceNoMember" };
    if (!ACCOUNT_ID.test(id)) return { problem: "audienceNotIds", ids: [id] };
    return { ids: [id] };
  }
  const ids = pastedIds(chosen.pasted);
  if (ids.length === 0) return { problem: "audienceEmpty" };
  if (ids.length > MOST_MEMBERS) return { problem: "audienceTooMany" };
  const wrong = ids.filter((id) => !ACCOUNT_ID.test(id));
  if (wrong.length > 0) return { problem: "audienceNotIds", ids: wrong.slice(0, 5) };
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (repeated.length > 0) return { problem: "audienceRepeated", ids: [...new Set(repeated)].slice(0, 5) };
  return { ids };
}

/** A broadcast's audience as the list shows it. */
export function audienceText(language: Language, audience: BroadcastAudience, count: number | null, accountId: string | null): string {
  if (audience === "member") return `${t(language, "audienceMember")} · ${accountId ?? ""}`;
  if (audience === "list") return t(language, "audienceCount", { count: count ?? 0 });
  return t(language, "audienceAll");
}

export function AudiencePicker({ chosen, onChange }: { chosen: Chosen; onChange: (chosen: Chosen) => void }) {
  const { language } = useLanguage();
  const ops = useOps();
  const name = useId();
  const listId = useId();
  const finder = mayFindMembers(ops.session);
  const [search, setSearch] = useState("");
  const [asked, setAsked] = useState<string | null>(null);
  const [typed, setTyped] = useState("");
  const found = useQuery({
    queryKey: ["ops", "broadcast-members", ops.brand, asked],
    enabled: finder && !!asked && !!ops.brand,
    queryFn: () =>
      ops.call("opsFindMembers", {
        path: { code: ops.brand },
        query: { pageNo: 1, pageSize: SEARCH_SIZE },
        body: { search: asked ?? "", by: "username" },
      }),
  });
  const find = (event: FormEvent | KeyboardEvent) => {
    event.preventDefault();
    if (search.trim()) setAsked(search.trim());
  };
  const pick = (member: MemberFoundRead) => onChange({ ...chosen, member: { id: member.id, username: member.username } });
  const pasted = pastedIds(chosen.pasted).length;
  const options: Array<[BroadcastAudience, string]> = [
    ["all", t(language, "audienceAll")],
    ["member", t(language, "audienceOne")],
    ["list", t(language, "audienceList")],
  ];

  return (
    <fieldset className="oc-message-audience">
      <legend>{t(language, "audience")}</legend>
      <div className="oc-row" role="radiogroup" aria-label={t(language, "audience")}>
        {options.map(([value, text]) => (
          <label key={value} className="oc-message-choice">
            <input type="radio" name={name} value={value} checked={chosen.audience === value} onChange={() => onChange({ ...chosen, audience: value })} />
            {text}
          </label>
        ))}
      </div>
      {chosen.audience === "member" ? (
        <div className="oc-message-member" data-testid="audience-member">
          {chosen.member ? (
            <p className="oc-row">
              <span data-testid="chosen-member">
                {t(language, "chosenMember")}: <strong>{chosen.member.username ?? chosen.member.id}</strong> ({chosen.member.id})
              </span>
              <button type="button" className="kit-button kit-button--ghost" onClick={() => onChange({ ...chosen, member: null })}>
                {t(language, "changeMember")}
              </button>
            </p>
          ) : (
            <>
              {finder ? (
                <div className="oc-row" role="search" aria-label={t(language, "findMember")}>
                  <Field
                    label={t(language, "username")}
                    value={search}
                    onChange={setSearch}
                    maxLength={64}
                    onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
                      if (event.key === "Enter") find(event);
                    }}
                  />
                  <button type="button" className="kit-button kit-button--ghost" onClick={find}>
                    {t(language, "findMember")}
                  </button>
                </div>
              ) : (
                <p className="kit-field__hint">{t(language, "noMemberSearch")}</p>
              )}
              <LoadFailure error={found.error} />
              {found.isFetching ? <p>{t(language, "loading")}</p> : null}
              {found.data && found.data.list.length === 0 ? <p>{t(language, "noMemberFound")}</p> : null}
              {found.data && found.data.list.length > 0 ? (
                <ul className="oc-message-found" aria-label={t(language, "foundMembers")}>
                  {found.data.list.map((member) => (
                    <li key={member.id} className="oc-row">
                      <span>
                        <strong>{member.username}</strong> ({member.id})
                      </span>
                      <button type="button" className="kit-button kit-button--ghost" onClick={() => pick(member)} aria-label={`${t(language, "pick")} ${member.username}`}>
                        {t(language, "pick")}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="oc-row">
                <Field
                  label={t(language, "accountId")}
                  value={typed}
                  placeholder="xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
                  hint={t(language, "accountIdHint")}
                  maxLength={64}
                  onChange={setTyped}
                />
                <button
                  type="button"
                  className="kit-button kit-button--ghost"
                  disabled={!typed.trim()}
                  onClick={() => onChange({ ...chosen, member: { id: typed.trim().toLowerCase(), username: null } })}
                >
                  {t(language, "useAccountId")}
                </button>
              </div>
            </>
          )}
        </div>
      ) : null}
      {chosen.audience === "list" ? (
        <div className="kit-field">
          <label htmlFor={listId}>{t(language, "pastedList")}</label>
          <textarea
            id={listId}
            className="oc-message-textarea"
            rows={5}
            value={chosen.pasted}
            aria-describedby={`${listId}-hint`}
            onChange={(event) => onChange({ ...chosen, pasted: event.target.value })}
          />
          <p id={`${listId}-hint`} className="kit-field__hint">
            {t(language, "pastedHint", { count: pasted })}
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}
