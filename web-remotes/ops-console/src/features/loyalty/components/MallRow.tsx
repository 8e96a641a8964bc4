/** One item of the mall's table: picture, names, points, money (none: points only), stock, order, state, and the
 * edit and stock buttons for a writer. */
import type { ItemRead } from "@portal/kit";
import { SUPPORTED, formatMoney, useLanguage } from "@portal/kit";
import { Badge } from "../../../shared/ui";
import { t } from "../texts";
import { itemName } from "./mallItem";

interface Props {
  row: ItemRead;
  writer: boolean;
  current: boolean;
  onEdit: () => void;
  onStock: () => void;
}

export function MallRow({ row, writer, current, onEdit, onStock }: Props) {
  const { language } = useLanguage();
  return (
    <tr data-item={row.itemId} aria-current={current ? "true" : undefined}>
      <td>
        {/* the name is in the next cell: the picture adds nothing to read */}
        <img className="ly-thumb" src={row.picture} alt="" loading="lazy" width={56} height={56} />
      </td>
      <td className="ly-cut">
        <strong>{itemName(row, language)}</strong>
        <span className="ly-sub">{SUPPORTED.filter((code) => row.names[code]).map((code) => `${code}: ${row.names[code]}`).join(" · ")}</span>
      </td>
      <td className="num">{row.points.toLocaleString("en-US")}</td>
      <td className="num">{row.money > 0 ? formatMoney(row.money) : "—"}</td>
      <td className="num">
        {row.stock.toLocaleString("en-US")}
        {row.stock === 0 ? <Badge value="soldout" text={t(language, "soldOut")} /> : null}
      </td>
      <td className="num">{row.sort}</td>
      <td>
        <Badge value={row.active ? "active" : "inactive"} text={t(language, row.active ? "active" : "inactive")} />
      </td>
      {writer ? (
        <td>
          <div className="oc-row">
            <button type="button" className="kit-button kit-button--ghost" aria-label={`${t(language, "edit")}: ${itemName(row, language)}`} onClick={onEdit}>
              {t(language, "edit")}
            </button>
            <button type="button" className="kit-button kit-button--ghost" aria-label={`${t(language, "changeStock")}: ${itemName(row, language)}`} onClick={onStock}>
              {t(language, "changeStock")}
            </button>
          </div>
        </td>
      ) : null}
    </tr>
  );
}
