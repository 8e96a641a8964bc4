/** Risk and support: find a member of the brand (the start of a username, a mobile number, an account id or an
 * address), paged on the server, and open their profile (``Profile``: balances, bets, devices, notes, sign-ins).
 * Viewer, finance and admin of the brand may. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { AccountStatus, MemberFoundRead, MemberOrder } from "@portal/kit";
import { Field, LoadFailure, Pager, keepPreviousData, useLanguage, useQuery } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import type { TextKey } from "../texts";
import { t } from "../texts";
import { typeOf } from "./kinds";
import { Profile } from "./Profile";


type By = "username" | "mobile" | "id" | "address";
const FIELDS: { by: By; title: TextKey }[] = [
  { by: "username", title: "byUsername" },
  { by: "mobile", title: "byMobile" },
  { by: "id", title: "byId" },
  { by: "address", title: "byAddress" },
];
const PAGE_SIZE = 20;
const ORDERS: { order: MemberOrder; title: TextKey }[] = [
  { order: "match", title: "orderMatch" },
  { order: "username", title: "orderUsername" },
  { order: "newest", title: "orderNewest" },
  { order: "oldest", title: "orderOldest" },
];

export function Members() {
  const { language } = useLanguage();
  const ops = useOps();
  const [by, setBy] = useState<By>("username");
  const [text, setText] = useState("");
  const [status, setStatus] = useState<AccountStatus | "">("");
  const [sort, setSort] = useState<MemberOrder>("match");
  const [asked, setAsked] = useState<{ by: By; search: string; status: AccountStatus | ""; sort: MemberOrder; pageNo: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const found = useQuery({
    queryKey: ["ops", "members", ops.brand, asked],
    enabled: !!asked && !!ops.brand,
    placeholderData: keepPreviousData,
    // what to find goes in the body: a mobile number or an address is kept out of URLs and access logs
    queryFn: () =>
      ops.call("opsFindMembers", {
        path: { code: ops.brand },
        query: { pageNo: asked?.pageNo ?? 1, pageSize: PAGE_SIZE, sort: asked?.sort ?? "match", ...(asked?.status ? { status: asked.status } : {}) },
        body: { search: asked?.search ?? "", by: asked?.by ?? "username" },
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setProblem(t(language, "required"));
    setProblem(null);
    setOpened(null);
    setAsked({ by, search: text.trim(), status, sort, pageNo: 1 });
  };
  if (opened) return <Profile accountId={opened} onBack={() => setOpened(null)} />;
  const page = found.data;
  return (
    <section aria-labelledby="oc-members">
      <PageTitle>
        <span id="oc-members">{t(language, "members")}</span>
      </PageTitle>
      <form className="oc-row" onSubmit={submit} aria-label={t(language, "search")} noValidate>
        <label className="kit-field">
          {t(language, "by")}
          <select className="oc-select" value={by} onChange={(event) => setBy(event.target.value as By)}>
            {FIELDS.map((field) => (
              <option key={field.by} value={field.by}>
                {t(language, field.title)}
              </option>
            ))}
          </select>
        </label>
        <Field label={t(language, "searchText")} value={text} onChange={setText} maxLength={64} error={problem} />
        <label className="kit-field">
          {t(language, "statusFilter")}
          <select className="oc-select" value={status} onChange={(event) => setStatus(event.target.value as AccountStatus | "")}>
            <option value="">{t(language, "anyStatus")}</option>
            <option value="active">{t(language, "active")}</option>
            <option value="disabled">{t(language, "disabled")}</option>
          </select>
        </label>
        <label className="kit-field">
          {t(language, "listOrder")}
          <select className="oc-select" value={sort} onChange={(event) => setSort(event.target.value as MemberOrder)}>
            {ORDERS.map((entry) => (
              <option key={entry.order} value={entry.order}>
                {t(language, entry.title)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="kit-button">
          {t(language, "search")}
        </button>
      </form>
      <LoadFailure error={found.error} />
      {found.isFetching && !page ? <p>{t(language, "loading")}</p> : null}
      {page ? <p role="status">{page.total ? t(language, "found", { total: page.total }) : t(language, "noneFound")}</p> : null}
      {page && page.list.length > 0 ? (
        <>
          <ScrollBox label={t(language, "members")}>
            <table className="oc-table" data-testid="members-found">
              <thead>
                <tr>
                  <th scope="col">{t(language, "username")}</th>
                  <th scope="col">{t(language, "type")}</th>
                  <th scope="col">{t(language, "status")}</th>
                  <th scope="col">{t(language, "mobile")}</th>
                  <th scope="col">{t(language, "created")}</th>
                  <th scope="col">{t(language, "lastLogin")}</th>
                  <th scope="col">{t(language, "lastIp")}</th>
                  <th scope="col">{t(language, "open")}</th>
                </tr>
              </thead>
              <tbody>
                {page.list.map((row: MemberFoundRead) => (
                  <tr key={row.id} data-member={row.username}>
                    <td>{row.username}</td>
                    <td>{t(language, typeOf(row.type))}</td>
                    <td>
                      <Badge value={row.status} text={t(language, row.status === "disabled" ? "disabled" : "active")} />
                    </td>
                    <td>{row.mobileNum ? `+${row.countryDialingCode ?? ""} ${row.mobileNum}` : "—"}</td>
                    <td>{when(row.createdAt, language)}</td>
                    <td>{when(row.lastLoginAt, language)}</td>
                    <td>{row.lastLoginIp ?? "—"}</td>
                    <td>
                      <button type="button" className="kit-button kit-button--ghost" onClick={() => setOpened(row.id)}>
                        {t(language, "open")}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          <Pager label={t(language, "members")} pageNo={asked?.pageNo ?? 1} totalPages={page.totalPages} shown={page.pageNum} onPage={(pageNo) => asked && setAsked({ ...asked, pageNo })} previous={t(language, "previous")} next={t(language, "next")} />
        </>
      ) : null}
    </section>
  );
}
