/** /pointMall: the member's points (balance, earned, spent), the mall's items as cards with the redeem dialog, the
 * member's redemptions with their states, reasons and payments, points converted to cash, and the points details (how points
 * are earned, the points records). A visitor is asked to log in; a trial account never gets here (the route shows the real-account notice). */
import type { Language } from "@portal/kit";
import { LoadFailure, Tabs, useLanguage, useSearchParams, useSession } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { usePointBalance } from "../api";
import { points } from "../format";
import { pointsText } from "../texts";
import { ConvertPanel } from "./ConvertPanel";
import { DetailsPanel } from "./DetailsPanel";
import { RedemptionsPanel } from "./RedemptionsPanel";
import { ShopPanel } from "./ShopPanel";

type Tab = "shop" | "redemptions" | "convert" | "details";
const TABS: Tab[] = ["shop", "redemptions", "convert", "details"];

export function PointMallPage() {
  const { language } = useLanguage();
  const session = useSession();
  if (!session.token) return <LoginPrompt />;
  if (session.member === null || session.isTrial) {
    return (
      <p className="loader" aria-busy="true">
        …
      </p>
    );
  }
  return <Mall language={language} />;
}

function LoginPrompt() {
  const { language } = useLanguage();
  const modal = useModal();
  return (
    <section className="pm pm-login" aria-labelledby="pm-title" data-testid="point-mall-login">
      <div className="pm-login__card">
        <h1 id="pm-title">{pointsText(language, "pointMall")}</h1>
        <p>{pointsText(language, "loginLead")}</p>
        <div className="pm-login__actions">
          <button type="button" className="kit-button" onClick={() => modal.open({ name: "login" })}>
            {pointsText(language, "login")}
          </button>
          <button type="button" className="kit-button kit-button--ghost" onClick={() => modal.open({ name: "register" })}>
            {pointsText(language, "register")}
          </button>
        </div>
      </div>
    </section>
  );
}

function Mall({ language }: { language: Language }) {
  const [search, setSearch] = useSearchParams();
  const asked = search.get("tab") as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : "shop";
  const balance = usePointBalance();
  const choose = (next: Tab) => setSearch(next === "shop" ? {} : { tab: next }, { replace: true });
  return (
    <section className="pm" aria-labelledby="pm-title">
      <header className="pm-head">
        <h1 id="pm-title">{pointsText(language, "pointMall")}</h1>
        <dl className="pm-summary" aria-label={pointsText(language, "myPoints")} aria-busy={balance.isPending}>
          <div className="pm-summary__main">
            <dt>{pointsText(language, "balance")}</dt>
            <dd data-testid="points-balance">{balance.data ? points(balance.data.balance, language) : "—"}</dd>
          </div>
          <div>
            <dt>{pointsText(language, "earned")}</dt>
            <dd data-testid="points-earned">{balance.data ? points(balance.data.earned, language) : "—"}</dd>
          </div>
          <div>
            <dt>{pointsText(language, "spent")}</dt>
            <dd>{balance.data ? points(balance.data.spent, language) : "—"}</dd>
          </div>
        </dl>
      </header>
      <LoadFailure error={balance.error} />
      <Tabs
        label={pointsText(language, "pointMall")}
        tabs={TABS.map((key) => ({ key, title: pointsText(language, key) }))}
        active={tab}
        onChange={choose}
      />
      <div role="tabpanel" aria-label={pointsText(language, tab)} className="pm-panel">
        {tab === "shop" && <ShopPanel language={language} balance={balance.data?.balance ?? null} />}
        {tab === "redemptions" && <RedemptionsPanel language={language} />}
        {tab === "convert" && <ConvertPanel language={language} balance={balance.data?.balance ?? null} />}
        {tab === "details" && <DetailsPanel language={language} />}
      </div>
    </section>
  );
}

