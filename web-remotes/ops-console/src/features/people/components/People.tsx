/** The console's people (admins only): who they are, their roles and brands, their state, paged, filtered (state,
 * role, the start of a username) and ordered on the server; and inviting someone. An invitation is a request: a
 * second admin approves it (Requests), and only then does the enrolment link go to the invitee's e-mail. The auth
 * service decides, and its refusal is shown as it says it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { OperationQuery, OpsInvitation, OpsPersonOrder, OpsPersonRead } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, Pager, keepPreviousData, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import type { OpsRole } from "../../../shared/session";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import { named, t } from "../texts";
import { ROLES } from "../choices";
import "../people.css";
import { PersonActions } from "./PersonActions";
import { RoleChoices, useRoleChoice } from "./RoleChoices";

const ALL_BRANDS = "*";
const PAGE_SIZE = 20;

type PersonStatus = NonNullable<OperationQuery["opsPeople"]["status"]>;
export const PERSON_STATUSES: readonly PersonStatus[] = ["pending", "invited", "active", "disabled"];
const ORDERS: readonly OpsPersonOrder[] = ["newest", "oldest", "username"];

export interface PeopleFilters {
  status: PersonStatus | "";
  role: OpsRole | "";
  search: string;
  sort: OpsPersonOrder;
}

export const NO_PEOPLE_FILTERS: PeopleFilters = { status: "", role: "", search: "", sort: "newest" };

/** The query of a people page: only the filters given. */
export function peopleQuery(filters: PeopleFilters, pageNo: number) {
  return {
    pageNo,
    pageSize: PAGE_SIZE,
    sort: filters.sort,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.role ? { role: filters.role } : {}),
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
  };
}

function orderText(language: Parameters<typeof t>[0], order: OpsPersonOrder): string {
  return t(language, order === "username" ? "byUsername" : order);
}

function brandsText(language: Parameters<typeof t>[0], codes: string[]): string {
  return codes.map((code) => (code === ALL_BRANDS ? t(language, "everyBrand") : code)).join(", ");
}

export function People() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const admin = holds(ops.session, "admin");
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const choice = useRoleChoice([], ops.brand ? [ops.brand] : []);
  const [missing, setMissing] = useState(false);
  const [draft, setDraft] = useState<PeopleFilters>(NO_PEOPLE_FILTERS);
  const [filters, setFilters] = useState<PeopleFilters>(NO_PEOPLE_FILTERS);
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: ["ops", "people", filters, pageNo],
    enabled: admin,
    placeholderData: keepPreviousData,
    queryFn: () => ops.call("opsPeople", { query: peopleQuery(filters, pageNo) }),
  });
  const invite = useAction((body: OpsInvitation) => ops.call("opsInvitePerson", { body }), {
    onDone: () => {
      setUsername("");
      setEmail("");
      choice.setRoles([]);
      setMissing(false);
      return Promise.all([queries.invalidateQueries({ queryKey: ["ops", "people"] }), queries.invalidateQueries({ queryKey: ["ops", "requests"] })]);
    },
  });

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !email.trim()) {
      setMissing(true);
      return invite.refuse(t(language, "required"));
    }
    setMissing(false);
    if (choice.chosenRoles.length === 0) return invite.refuse(t(language, "pickRole"));
    if (choice.chosenBrands.length === 0) return invite.refuse(t(language, "pickBrand"));
    void invite.submit({ username: username.trim(), email: email.trim(), roles: choice.chosenRoles, merchants: choice.chosenBrands });
  };
  const invitation = invite.done ? invite.latest : undefined;
  const page = list.data;
  const rows: OpsPersonRead[] = page?.list ?? [];
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPageNo(1);
  };

  if (!admin) {
    return (
      <section aria-labelledby="oc-people">
        <PageTitle>
          <span id="oc-people">{t(language, "people")}</span>
        </PageTitle>
        <p>{t(language, "noRole")}</p>
      </section>
    );
  }

  return (
    <section aria-labelledby="oc-people">
      <PageTitle>
        <span id="oc-people">{t(language, "people")}</span>
      </PageTitle>
      <form className="oc-row" onSubmit={apply} aria-label={t(language, "filter")}>
        <label className="kit-field">
          {t(language, "status")}
          <select className="oc-select" value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value as PeopleFilters["status"] })}>
            <option value="">{t(language, "all")}</option>
            {PERSON_STATUSES.map((value) => (
              <option key={value} value={value}>
                {named(language, value)}
              </option>
            ))}
          </select>
        </label>
        <label className="kit-field">
          {t(language, "role")}
          <select className="oc-select" value={draft.role} onChange={(event) => setDraft({ ...draft, role: event.target.value as PeopleFilters["role"] })}>
            <option value="">{t(language, "all")}</option>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {named(language, value)}
              </option>
            ))}
          </select>
        </label>
        <Field label={t(language, "search")} value={draft.search} onChange={(search) => setDraft({ ...draft, search })} maxLength={64} autoComplete="off" />
        <label className="kit-field">
          {t(language, "sort")}
          <select className="oc-select" value={draft.sort} onChange={(event) => setDraft({ ...draft, sort: event.target.value as OpsPersonOrder })}>
            {ORDERS.map((value) => (
              <option key={value} value={value}>
                {orderText(language, value)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="kit-button">
          {t(language, "filter")}
        </button>
      </form>
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, "empty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "people")}>
          <table className="oc-table" data-testid="people" aria-busy={list.isPlaceholderData || undefined}>
            <thead>
              <tr>
                <th scope="col">{t(language, "username")}</th>
                <th scope="col">{t(language, "email")}</th>
                <th scope="col">{t(language, "roles")}</th>
                <th scope="col">{t(language, "brands")}</th>
                <th scope="col">{t(language, "status")}</th>
                <th scope="col">{t(language, "createdBy")}</th>
                <th scope="col">{t(language, "created")}</th>
                <th scope="col">{t(language, "lastLogin")}</th>
                <th scope="col">{t(language, "actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-person={row.id}>
                  <td>{row.username}</td>
                  <td>{row.email ?? "—"}</td>
                  <td>{row.roles.map((role) => named(language, role)).join(", ")}</td>
                  <td>{brandsText(language, row.merchants)}</td>
                  <td>
                    <Badge value={row.status} text={named(language, row.status)} />
                  </td>
                  <td>{row.createdBy}</td>
                  <td>{when(row.createdAt, language)}</td>
                  <td>{when(row.lastLoginAt, language)}</td>
                  <td>
                    <PersonActions person={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {page ? <p className="kit-field__hint">{t(language, "total", { total: page.total })}</p> : null}
      {page ? <Pager label={t(language, "pages")} pageNo={pageNo} totalPages={page.totalPages} shown={page.pageNum} onPage={setPageNo} previous={t(language, "previous")} next={t(language, "next")} /> : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
      <form className="oc-invite" onSubmit={send} aria-labelledby="oc-invite" noValidate>
        <h2 id="oc-invite" className="oc-invite__title">
          {t(language, "invite")}
        </h2>
        <p className="kit-field__hint" data-testid="second-admin">
          {t(language, "secondAdmin")}
        </p>
        <div className="oc-row">
          <Field label={t(language, "username")} value={username} onChange={setUsername} maxLength={64} autoComplete="off" error={missing && !username.trim() ? t(language, "required") : null} />
          <Field label={t(language, "email")} type="email" value={email} onChange={setEmail} maxLength={254} autoComplete="off" error={missing && !email.trim() ? t(language, "required") : null} />
        </div>
        <RoleChoices choice={choice} />
        <OutcomeLine outcome={invite.outcome} />
        {invitation ? (
          <p className="kit-ok" role="status">
            {t(language, "invited", { name: String(invitation.after["username"] ?? ""), email: String(invitation.after["email"] ?? "") })}
          </p>
        ) : null}
        <div className="oc-row">
          <button type="submit" className="kit-button" disabled={invite.pending}>
            {t(language, "sendInvite")}
          </button>
        </div>
      </form>
    </section>
  );
}
