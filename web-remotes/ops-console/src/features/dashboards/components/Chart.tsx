/** A chart of the dashboards: a titled figure whose SVG is drawn by Recharts, and beside it the same figures as a
 * table (behind a disclosure) for the keyboard, a screen reader or a copy. */
import type { ReactNode } from "react";
import { useLanguage } from "@portal/kit";
import { ScrollBox } from "../../../shared/ui";
import { t } from "../texts";

export interface Column<Row> {
  title: string;
  cell: (row: Row) => string;
  numeric?: boolean;
}

interface Props<Row> {
  id: string;
  title: string;
  rows: Row[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  children: ReactNode;
}

export function Chart<Row>({ id, title, rows, columns, rowKey, children }: Props<Row>) {
  const { language } = useLanguage();
  return (
    <figure className="dash-chart" aria-labelledby={id} data-testid={id}>
      <figcaption id={id} className="dash-chart__title">
        {title}
      </figcaption>
      {/* hidden from assistive technology (the table below reads the same figures): each chart is drawn with
          Recharts' accessibilityLayer off, whose focusable surface inside aria-hidden axe refuses */}
      <div className="dash-chart__plot" aria-hidden="true">
        {children}
      </div>
      <details className="dash-chart__table">
        <summary>{t(language, "asTable")}</summary>
        <ScrollBox label={title}>
          <table className="oc-table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.title} scope="col" className={column.numeric ? "num" : undefined}>
                    {column.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.title} className={column.numeric ? "num" : undefined}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </details>
    </figure>
  );
}
