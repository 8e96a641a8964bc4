/** A member's profile (risk and support): the account's facts, balances (wallet), recent sign-ins and the browsers
 * they came from (auth), a paged betting record (games), the notes ops keep on the member (list and add), and for the
 * brand's admins the reset of the member's authenticator, with a reason and a confirmation. Every part loads on its
 * own: one service not answering leaves the others on screen. */
import type { ChangeEvent, FormEvent } from "react";
import { useId, useState } from "react";
import type { BetOrder, BetRecordRead, MemberProfileRead, NoteOrder, NoteRead } from "@portal/kit";
import { Field, Link, LoadFailure, OutcomeLine, Pager, formatMoney, keepPreviousData, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import type { TextKey } from "../texts";
import { t } from "../texts";
import { typeOf } from "./kinds";
import "../members.css";

export const BETS_PAGE_SIZE = 10;
export const NOTES_PAGE_SIZE = 10;
export const NOTE_MAX = 1000;

export function Profile({ accountId, onBack }: { accountId: string; onBack: () => void }) {
  const { language } = useLanguage();
  const ops = useOps();
  const profile = useQuery({
    queryKey: ["ops", "member", ops.brand, accountId],
    queryFn: () => ops.call("opsMemberProfile", { path: { code: ops.brand, account_id: accountId } }),
  });
  const value: MemberProfileRead | undefined = profile.data;
  const facts: [TextKey, string][] = value
    ? [
        ["username", value.username], ["type", t(language, typeOf(value.type))],
        ["status", t(language, value.status === "disabled" ? "disabled" : "active")], ["lockedUntil", when(value.lockedUntil, language)],
        ["nickname", value.nickname ?? "—"], ["fullname", value.fullname ?? "—"], ["email", value.email ?? "—"],
        ["mobile", value.mobileNum ? `+${value.countryDialingCode ?? ""} ${value.mobileNum}` : "—"],
        ["upline", value.uplineId ?? "—"], ["affiliateCode", value.affiliateCode ?? "—"],
        ["registerMethod", value.registerMethod], ["registerIp", value.registerIp ?? "—"],
        ["created", when(value.createdAt, language)], ["totp", t(language, value.totpBound ? "yes" : "no")],
      ]
    : [];
  return (
    <section aria-labelledby="oc-profile">
      <PageTitle>
        <span id="oc-profile">{t(language, "profile")}</span>
      </PageTitle>
      <div className="oc-row">
        <button type="button" className="kit-button kit-button--ghost" onClick={onBack}>
          {t(language, "back")}
        </button>
        {holds(ops.session, "admin") ? (
          <Link className="kit-button" to={`/accounts/actions?account=${encodeURIComponent(accountId)}`}>
            {t(language, "actions")}
          </Link>
        ) : null}
      </div>
      <LoadFailure error={profile.error} />
      {value ? (
        <>
          <dl className="oc-facts" data-testid="member-profile">
            {facts.map(([key, text]) => (
              <div key={key}>
                <dt>{t(language, key)}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
          {holds(ops.session, "admin") ? <ResetTotp accountId={accountId} bound={value.totpBound} /> : null}
          <Balances accountId={accountId} />
          <Bets accountId={accountId} />
          <Notes accountId={accountId} />
          <h2 className="oc-subtitle">{t(language, "devices")}</h2>
          {value.devices.length === 0 ? <p>{t(language, "none")}</p> : (
            <ScrollBox label={t(language, "devices")}>
              <table className="oc-table" data-testid="member-devices">
                <thead>
                  <tr>
                    <th scope="col">{t(language, "browser")}</th>
                    <th scope="col">{t(language, "firstSeen")}</th>
                    <th scope="col">{t(language, "lastSeen")}</th>
                    <th scope="col" className="num">{t(language, "tries")}</th>
                    <th scope="col" className="num">{t(language, "successes")}</th>
                    <th scope="col">{t(language, "lastIp")}</th>
                  </tr>
                </thead>
                <tbody>
                  {value.devices.map((device, index) => (
                    <tr key={`${device.userAgent ?? ""}-${index}`}>
                      <td className="oc-agent" title={device.userAgent ?? undefined}>{device.userAgent ?? "—"}</td>
                      <td>{when(device.firstSeen, language)}</td>
                      <td>{when(device.lastSeen, language)}</td>
                      <td className="num">{device.tries}</td>
                      <td className="num">{device.successes}</td>
                      <td>{device.lastIp ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          )}
          <h2 className="oc-subtitle">{t(language, "logins")}</h2>
          <ScrollBox label={t(language, "logins")}>
            <table className="oc-table">
              <thead>
                <tr>
                  <th scope="col">{t(language, "at")}</th>
                  <th scope="col">{t(language, "address")}</th>
                  <th scope="col">{t(language, "success")}</th>
                  <th scope="col">{t(language, "browser")}</th>
                </tr>
              </thead>
              <tbody>
                {value.logins.map((login, index) => (
                  <tr key={`${login.at}-${index}`}>
                    <td>{when(login.at, language)}</td>
                    <td>{login.ip ?? "—"}</td>
                    <td>
                      <Badge value={login.success ? "paid" : "rejected"} text={t(language, login.success ? "ok" : "failed")} />
                    </td>
                    <td className="oc-agent">{login.userAgent ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </>
      ) : null}
    </section>
  );
}

/** The member's wallets (main, vendor sub-wallets), with what is held (frozen) for withdrawals not yet paid. */
function Balances({ accountId }: { accountId: string }) {
  const { language } = useLanguage();
  const ops = useOps();
  const balances = useQuery({
    queryKey: ["ops", "member-balances", ops.brand, accountId],
    queryFn: () => ops.call("opsMemberBalances", { path: { code: ops.brand, account_id: accountId } }),
  });
  const value = balances.data;
  const money = (minor: number) => `${formatMoney(minor)} ${value?.currency ?? ""}`.trim();
  return (
    <div className="mb-block" role="group" aria-labelledby="oc-balances">
      <h2 className="oc-subtitle" id="oc-balances">{t(language, "balances")}</h2>
      <LoadFailure error={balances.error} />
      {value ? (
        <>
          <dl className="oc-facts" data-testid="member-balances">
            {(
              [
                ["available", value.available], ["held", value.held], ["balance", value.balance],
                ["pendingWithdrawals", value.pendingWithdrawals], ["pendingDeposits", value.pendingDeposits],
                ["totalDeposited", value.totalDeposited], ["totalWithdrawn", value.totalWithdrawn],
              ] as [TextKey, number][]
            ).map(([key, amount]) => (
              <div key={key}>
                <dt>{t(language, key)}</dt>
                <dd>{money(amount)}</dd>
              </div>
            ))}
          </dl>
          <ScrollBox label={t(language, "wallets")}>
            <table className="oc-table" data-testid="member-wallets">
              <thead>
                <tr>
                  <th scope="col">{t(language, "wallet")}</th>
                  <th scope="col" className="num">{t(language, "available")}</th>
                  <th scope="col" className="num">{t(language, "held")}</th>
                  <th scope="col" className="num">{t(language, "balance")}</th>
                </tr>
              </thead>
              <tbody>
                {value.wallets.map((wallet) => (
                  <tr key={wallet.wallet}>
                    <td>{wallet.wallet}</td>
                    <td className="num">{formatMoney(wallet.available)}</td>
                    <td className="num">{formatMoney(wallet.held)}</td>
                    <td className="num">{formatMoney(wallet.balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </>
      ) : balances.isLoading ? (
        <p>{t(language, "loading")}</p>
      ) : null}
    </div>
  );
}

/** The member's settled bets, newest first, paged on the server, within optional days. */
/** The game types of the catalogue a member's bets are filtered by. */
const GAME_TYPES = ["SPORTS", "ESPORTS", "LIVE", "LOTT", "ELOTT", "FISH", "PVP", "RNG", "COCKFIGHT"] as const;

function Bets({ accountId }: { accountId: string }) {
  const { language } = useLanguage();
  const ops = useOps();
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [gameType, setGameType] = useState("");
  const [vendor, setVendor] = useState("");
  const [sort, setSort] = useState<BetOrder>("newest");
  const [asked, setAsked] = useState<{ pageNo: number; sort: BetOrder; startDate?: string; endDate?: string; gameType?: string; vendor?: string }>({ pageNo: 1, sort: "newest" });
  const bets = useQuery({
    queryKey: ["ops", "member-bets", ops.brand, accountId, asked],
    placeholderData: keepPreviousData,
    queryFn: () => ops.call("opsMemberBets", { path: { code: ops.brand, account_id: accountId }, query: { ...asked, pageSize: BETS_PAGE_SIZE } }),
  });
  const filter = (event: FormEvent) => {
    event.preventDefault();
    setAsked({
      pageNo: 1,
      sort,
      ...(from ? { startDate: from } : {}),
      ...(to ? { endDate: to } : {}),
      ...(gameType ? { gameType } : {}),
      ...(vendor.trim() ? { vendor: vendor.trim() } : {}),
    });
  };
  const page = bets.data;
  const rows: BetRecordRead[] = page?.list ?? [];
  return (
    <div className="mb-block" role="group" aria-labelledby="oc-bets">
      <h2 className="oc-subtitle" id="oc-bets">{t(language, "bets")}</h2>
      <form className="oc-row" onSubmit={filter} aria-label={t(language, "betsFilter")}>
        <Field type="date" label={t(language, "from")} value={from} onChange={setFrom} />
        <Field type="date" label={t(language, "to")} value={to} onChange={setTo} />
        <label className="kit-field">
          {t(language, "gameTypeFilter")}
          <select className="oc-select" value={gameType} onChange={(event) => setGameType(event.target.value)}>
            <option value="">{t(language, "anyStatus")}</option>
            {GAME_TYPES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <Field label={t(language, "vendorFilter")} value={vendor} onChange={setVendor} maxLength={40} autoComplete="off" />
        <label className="kit-field">
          {t(language, "listOrder")}
          <select className="oc-select" value={sort} onChange={(event) => setSort(event.target.value as BetOrder)}>
            <option value="newest">{t(language, "orderNewest")}</option>
            <option value="oldest">{t(language, "orderOldest")}</option>
          </select>
        </label>
        <button type="submit" className="kit-button kit-button--ghost">
          {t(language, "filter")}
        </button>
      </form>
      <LoadFailure error={bets.error} />
      {page && rows.length === 0 ? <p>{t(language, "noBets")}</p> : null}
      {rows.length > 0 ? (
        <>
          <ScrollBox label={t(language, "bets")}>
            <table className="oc-table" data-testid="member-bets">
              <thead>
                <tr>
                  <th scope="col">{t(language, "at")}</th>
                  <th scope="col">{t(language, "vendor")}</th>
                  <th scope="col">{t(language, "game")}</th>
                  <th scope="col" className="num">{t(language, "stake")}</th>
                  <th scope="col" className="num">{t(language, "validBet")}</th>
                  <th scope="col" className="num">{t(language, "win")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((bet) => (
                  <tr key={bet.id} data-bet={bet.id}>
                    <td>{when(bet.time, language)}</td>
                    <td>{bet.vendor}</td>
                    <td>{bet.gameName}</td>
                    <td className="num">{formatMoney(bet.stake)}</td>
                    <td className="num">{formatMoney(bet.validBet)}</td>
                    <td className="num">{formatMoney(bet.win)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          <Pager label={t(language, "bets")} pageNo={asked.pageNo} totalPages={page?.totalPages ?? 1} shown={page?.pageNum ?? asked.pageNo} onPage={(pageNo) => setAsked({ ...asked, pageNo })} previous={t(language, "previous")} next={t(language, "next")} />
        </>
      ) : null}
    </div>
  );
}

interface NoteFilters {
  author: string;
  words: string;
  sort: NoteOrder;
}

const FIRST_NOTES: NoteFilters = { author: "", words: "", sort: "newest" };

/** The query of a page of notes: only the filters given. */
export function notesQuery(filters: NoteFilters, pageNo: number) {
  return {
    pageNo,
    pageSize: NOTES_PAGE_SIZE,
    sort: filters.sort,
    ...(filters.author ? { author: filters.author } : {}),
    ...(filters.words ? { text: filters.words } : {}),
  };
}

/** The notes ops keep on the member: paged, filtered (author, words) and newest or oldest first by auth; any reader of
 * the member may add one (audited). */
function Notes({ accountId }: { accountId: string }) {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const textId = useId();
  const [pageNo, setPageNo] = useState(1);
  const [text, setText] = useState("");
  const [draft, setDraft] = useState<NoteFilters>(FIRST_NOTES);
  const [filters, setFilters] = useState<NoteFilters>(FIRST_NOTES);
  const notes = useQuery({
    queryKey: ["ops", "member-notes", ops.brand, accountId, filters, pageNo],
    placeholderData: keepPreviousData,
    queryFn: () => ops.call("opsMemberNotes", { path: { code: ops.brand, account_id: accountId }, query: notesQuery(filters, pageNo) }),
  });
  const applyFilters = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, author: draft.author.trim(), words: draft.words.trim() });
    setPageNo(1);
  };
  const add = useAction((body: { text: string }) => ops.call("opsAddMemberNote", { path: { code: ops.brand, account_id: accountId }, body }), {
    doneText: t(language, "noteAdded"),
    onDone: () => {
      setText("");
      setPageNo(1);
      void queries.invalidateQueries({ queryKey: ["ops", "member-notes", ops.brand, accountId] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return add.refuse(t(language, "noteRequired"));
    void add.submit({ text: value });
  };
  const page = notes.data;
  const rows: NoteRead[] = page?.list ?? [];
  return (
    <div className="mb-block" role="group" aria-labelledby="oc-notes">
      <h2 className="oc-subtitle" id="oc-notes">{t(language, "notes")}</h2>
      <form className="mb-note-form" onSubmit={submit} aria-label={t(language, "addNote")} noValidate>
        <div className="kit-field">
          <label htmlFor={textId}>{t(language, "noteText")}</label>
          <textarea id={textId} className="mb-textarea" rows={3} maxLength={NOTE_MAX} value={text} aria-describedby={`${textId}-count`} onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setText(event.target.value)} />
          <p id={`${textId}-count`} className="kit-field__hint">
            {t(language, "noteLength", { used: text.length, max: NOTE_MAX })}
          </p>
        </div>
        <div className="oc-row">
          <button type="submit" className="kit-button" disabled={add.pending}>
            {t(language, "addNote")}
          </button>
        </div>
        <OutcomeLine outcome={add.outcome} />
      </form>
      <form className="oc-row" onSubmit={applyFilters} aria-label={t(language, "filterNotes")}>
        <Field label={t(language, "noteAuthor")} value={draft.author} onChange={(author) => setDraft({ ...draft, author })} maxLength={64} autoComplete="off" />
        <Field label={t(language, "noteWords")} value={draft.words} onChange={(words) => setDraft({ ...draft, words })} maxLength={100} autoComplete="off" />
        <label className="kit-field">
          {t(language, "listOrder")}
          <select className="oc-select" value={draft.sort} onChange={(event) => setDraft({ ...draft, sort: event.target.value as NoteOrder })}>
            <option value="newest">{t(language, "orderNewest")}</option>
            <option value="oldest">{t(language, "orderOldest")}</option>
          </select>
        </label>
        <button type="submit" className="kit-button kit-button--ghost">
          {t(language, "filterNotes")}
        </button>
      </form>
      <LoadFailure error={notes.error} />
      {page && rows.length === 0 ? <p>{t(language, "noNotes")}</p> : null}
      {rows.length > 0 ? (
        <ul className="mb-notes" data-testid="member-notes">
          {rows.map((note) => (
            <li key={note.id}>
              <span className="mb-note-meta">
                {note.author} · {when(note.at, language)}
              </span>
              <p>{note.text}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <Pager label={t(language, "notes")} pageNo={pageNo} totalPages={page?.totalPages ?? 1} shown={page?.pageNum ?? pageNo} onPage={setPageNo} previous={t(language, "previous")} next={t(language, "next")} />
    </div>
  );
}

/** The brand's admins: remove the member's authenticator (a lost phone) with a reason, after a confirmation. Nothing
 * else ends; the member then binds a new one. */
function ResetTotp({ accountId, bound }: { accountId: string; bound: boolean }) {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const reset = useAction((body: { reason: string }) => ops.call("opsResetMemberTotp", { path: { code: ops.brand, account_id: accountId }, body }), {
    doneText: t(language, "totpResetDone"),
    onDone: () => {
      setConfirming(false);
      setReason("");
      void queries.invalidateQueries({ queryKey: ["ops", "member", ops.brand, accountId] });
    },
  });
  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return reset.refuse(t(language, "reasonRequired"));
    reset.reset();
    setConfirming(true);
  };
  return (
    <div className="mb-block" role="group" aria-labelledby="oc-totp-reset">
      <h2 className="oc-subtitle" id="oc-totp-reset">{t(language, "totpReset")}</h2>
      {!bound ? (
        <>
          <p>{t(language, "totpNone")}</p>
          <OutcomeLine outcome={reset.outcome} />
        </>
      ) : confirming ? (
        <div className="mb-confirm" role="group" aria-label={t(language, "totpReset")}>
          <p>{t(language, "totpResetQuestion")}</p>
          <div className="oc-row">
            <button type="button" className="kit-button" disabled={reset.pending} onClick={() => void reset.submit({ reason: reason.trim() })}>
              {t(language, "totpResetConfirm")}
            </button>
            <button type="button" className="kit-button kit-button--ghost" onClick={() => setConfirming(false)}>
              {t(language, "cancel")}
            </button>
          </div>
          <OutcomeLine outcome={reset.outcome} />
        </div>
      ) : (
        <form className="mb-reset" onSubmit={ask} aria-label={t(language, "totpReset")} noValidate>
          <p className="kit-field__hint">{t(language, "totpResetExplain")}</p>
          <Field label={t(language, "reason")} value={reason} onChange={setReason} maxLength={500} autoComplete="off" />
          <div className="oc-row">
            <button type="submit" className="kit-button kit-button--ghost">
              {t(language, "totpReset")}
            </button>
          </div>
          <OutcomeLine outcome={reset.outcome} />
        </form>
      )}
    </div>
  );
}
