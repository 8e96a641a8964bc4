import { useLanguage } from "@portal/kit";
import { t } from "../texts";

/** Previous / next under a paged list, shown only when there is more than one page. */
export function Pager({ label, pageNo, shown, totalPages, onPage }: { label: string; pageNo: number; shown: number; totalPages: number; onPage: (pageNo: number) => void }) {
  const { language } = useLanguage();
  if (totalPages <= 1) return null;
  return (
    <nav className="mc-row" aria-label={label}>
      <button type="button" className="kit-button kit-button--ghost" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {t(language, "previous")}
      </button>
      <span>
        {shown} / {totalPages}
      </span>
      <button type="button" className="kit-button kit-button--ghost" disabled={pageNo >= totalPages} onClick={() => onPage(pageNo + 1)}>
        {t(language, "next")}
      </button>
    </nav>
  );
}
