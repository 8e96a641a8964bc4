import type { Language, WithdrawalLimitsRead } from "@portal/kit";
import { formatMoney, useLanguage } from "@portal/kit";
import { t } from "../../../shared/texts";

/** "Per request: 50,00 – 50.000,00" in the page's language. */
export function limitsText(language: Language, limits: WithdrawalLimitsRead): string {
  return t(language, "perRequest", { min: formatMoney(limits.min, "", language), max: formatMoney(limits.max, "", language) });
}

/** The brand's bounds of one withdrawal request, as the wallet reports them, shown before the member asks. */
export function WithdrawalLimits({ limits }: { limits: WithdrawalLimitsRead | undefined }) {
  const { language } = useLanguage();
  if (!limits) return null;
  return (
    <section className="mc-panel" data-testid="withdrawal-limits" aria-label={t(language, "withdrawalLimits")}>
      <h2>{t(language, "withdrawalLimits")}</h2>
      <p>{limitsText(language, limits)}</p>
    </section>
  );
}
