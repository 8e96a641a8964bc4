/** The brand's promotions, a page at a time: every promotion (shown to members or not) with its picture, kind, bonus
 * terms read by the kind, wagering, window and order. Every role of the console reads them; the content role (or an
 * admin) adds one and edits one in place (bonuses granted before keep the terms they were granted with). The points
 * service decides, and its refusal is shown as it says it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { Language, PromotionKind, PromotionRead, PromotionWrite } from "@portal/kit";
import { LoadFailure, Pager, SUPPORTED, formatMoney, keepPreviousData, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import { t } from "../texts";
import type { PromotionDraft } from "./PromotionForm";
import { EMPTY_PROMOTION, KINDS, PromotionForm, draftOf, percentOf, promotionBody } from "./PromotionForm";
import type { CatalogueFilters } from "./CatalogueFilter";
import { CatalogueFilter, FIRST_CATALOGUE, catalogueQuery } from "./CatalogueFilter";
import "../loyalty.css";
import "./promotions.css";

export const PAGE_SIZE = 20;

function promotionName(row: PromotionRead, language: Language): string {
  return row.names[language] || row.names["TR"] || row.name;
}

/** A promotion's bonus terms as the operator reads them, by its kind. */
export function termsText(row: PromotionRead, language: Language): string {
  const max = formatMoney(row.maxBonus);
  if (row.kind === "ACTIVITY") return t(language, "termsActivity", { max });
  const params = { percent: percentOf(row.percentBp), max, min: formatMoney(row.minDeposit) };
  return t(language, row.kind === "CASHBACK" ? "termsCashback" : "termsDeposit", params);
}

function isKind(value: string): value is PromotionKind {
  return (KINDS as readonly string[]).includes(value);
}

export function Promotions() {
  const { language } = useLanguage();
  const ops = useOps();
  const writer = holds(ops.session, "content");
  const queries = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [filters, setFilters] = useState<CatalogueFilters>(FIRST_CATALOGUE);
  const [draft, setDraft] = useState<PromotionDraft>(EMPTY_PROMOTION);
  const [editing, setEditing] = useState<number | null>(null);
  const [savedEdit, setSavedEdit] = useState(false);
  const key = ["ops", "points", "promotions", ops.brand];
  const list = useQuery({
    queryKey: [...key, filters, pageNo],
    enabled: !!ops.brand,
    placeholderData: keepPreviousData,
    queryFn: () =>
      ops.call("opsPromotions", {
        path: { code: ops.brand },
        query: { ...catalogueQuery(filters, pageNo, PAGE_SIZE), ...(isKind(filters.kind) ? { kind: filters.kind } : {}) },
      }),
  });
  const save = useAction(
    (input: { id: number | null; body: PromotionWrite }) =>
      input.id === null
        ? ops.call("opsCreatePromotion", { path: { code: ops.brand }, body: input.body })
        : ops.call("opsChangePromotion", { path: { code: ops.brand, promotionId: input.id }, body: input.body }),
    {
      doneText: t(language, savedEdit ? "promotionSaved" : "promotionCreated"),
      onDone: () => {
        setEditing(null);
        setDraft(EMPTY_PROMOTION);
        return queries.invalidateQueries({ queryKey: key });
      },
    },
  );
  const change = (patch: Partial<PromotionDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const page = list.data ?? null;
  const rows = page?.list ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = promotionBody(draft);
    if (typeof body === "string") return save.refuse(t(language, body));
    setSavedEdit(editing !== null);
    void save.submit({ id: editing, body });
  };
  const startEdit = (row: PromotionRead) => {
    save.reset();
    setEditing(row.promotionId);
    setDraft(draftOf(row));
  };
  const cancelEdit = () => {
    save.reset();
    setEditing(null);
    setDraft(EMPTY_PROMOTION);
  };

  return (
    <section aria-labelledby="oc-promotions">
      <PageTitle>
        <span id="oc-promotions">{t(language, "promotions")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : null}
      {!writer ? <p className="kit-field__hint">{t(language, "promotionsReadOnly")}</p> : null}
      <CatalogueFilter
        kinds={KINDS.map((kind) => [kind, t(language, kind)] as const)}
        onSearch={(next) => {
          setFilters(next);
          setPageNo(1);
        }}
      />
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, "promotionsEmpty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "promotions")}>
          <table className="oc-table" data-testid="promotions">
            <thead>
              <tr>
                <th scope="col">{t(language, "picture")}</th>
                <th scope="col">{t(language, "name")}</th>
                <th scope="col">{t(language, "promotionKind")}</th>
                <th scope="col">{t(language, "promoTerms")}</th>
                <th scope="col">{t(language, "promoWagering")}</th>
                <th scope="col">{t(language, "promoWindow")}</th>
                <th scope="col" className="num">{t(language, "sort")}</th>
                <th scope="col">{t(language, "promoState")}</th>
                {writer ? <th scope="col">{t(language, "actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.promotionId} data-promotion={row.promotionId} aria-current={editing === row.promotionId ? "true" : undefined}>
                  <td>
                    {/* the name is in the next cell: the picture adds nothing to read */}
                    <img className="ly-thumb" src={row.picture} alt="" loading="lazy" width={56} height={56} />
                  </td>
                  <td className="ly-cut pr-wrap">
                    <strong>{promotionName(row, language)}</strong>
                    <span className="ly-sub">
                      {SUPPORTED.filter((code) => row.names[code]).map((code) => `${code}: ${row.names[code]}`).join(" · ")}
                    </span>
                  </td>
                  <td>{t(language, row.kind)}</td>
                  <td className="pr-terms pr-wrap">{termsText(row, language)}</td>
                  <td className="ly-cut pr-wrap">
                    {t(language, "wageringTimes", { n: row.wageringMultiple })}
                    <span className="ly-sub">{row.gameTypes.map((type) => t(language, type)).join(", ")}</span>
                    <span className="ly-sub">
                      {row.maxBet > 0 ? t(language, "maxBetShort", { amount: formatMoney(row.maxBet) }) : t(language, "noMaxBet")} · {t(language, "expiryShort", { n: row.expiryDays })}
                    </span>
                  </td>
                  <td>
                    {when(row.startsAt, language)} – {row.endsAt ? when(row.endsAt, language) : t(language, "openEnded")}
                  </td>
                  <td className="num">{row.sort}</td>
                  <td>
                    <Badge value={row.active ? "on" : "off"} text={t(language, row.active ? "on" : "off")} />
                  </td>
                  {writer ? (
                    <td>
                      <button type="button" className="kit-button kit-button--ghost" aria-label={`${t(language, "edit")}: ${promotionName(row, language)}`} onClick={() => startEdit(row)}>
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
      {page ? <Pager label={t(language, "promotions")} pageNo={pageNo} totalPages={page.totalPages} shown={page.pageNum} onPage={setPageNo} previous={t(language, "previous")} next={t(language, "nextPage")} /> : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
      {writer && ops.brand ? <PromotionForm draft={draft} change={change} editing={editing} outcome={save.outcome} pending={save.pending} onSubmit={submit} onCancel={cancelEdit} /> : null}
    </section>
  );
}
