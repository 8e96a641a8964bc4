/** The brand's game vendors (one row a vendor and game type) with their state (open, maintenance scheduled, under
 * maintenance, off), window and game counts, and under them its games. Every ops role of the brand reads; the
 * brand's admin manages a vendor in a dialog (maintenance window, on / off) and switches games on and off. */
import { useState } from "react";
import type { OpsVendorRead } from "@portal/kit";
import { LoadFailure, useLanguage } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox } from "../../../shared/ui";
import { useVendors } from "../reads";
import { stateText, t } from "../texts";
import { Games } from "./Games";
import { ManageVendor, windowText } from "./ManageVendor";
import "../vendors.css";

export function Vendors() {
  const { language } = useLanguage();
  const ops = useOps();
  const writer = holds(ops.session, "admin");
  const vendors = useVendors();
  const [managing, setManaging] = useState<OpsVendorRead | null>(null);
  const rows = vendors.data ?? [];

  return (
    <section aria-labelledby="oc-vendors">
      <PageTitle>
        <span id="oc-vendors">{t(language, "vendors")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : null}
      <p className="kit-field__hint">{t(language, writer ? "intro" : "readOnly")}</p>
      <LoadFailure error={vendors.error} />
      {vendors.isLoading ? <p>{t(language, "loading")}</p> : null}
      {vendors.isSuccess && rows.length === 0 ? <p>{t(language, "empty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "vendors")}>
          <table className="oc-table" data-testid="vendors">
            <thead>
              <tr>
                <th scope="col">{t(language, "vendor")}</th>
                <th scope="col">{t(language, "gameType")}</th>
                <th scope="col">{t(language, "category")}</th>
                <th scope="col">{t(language, "state")}</th>
                <th scope="col">{t(language, "window")}</th>
                <th scope="col" className="num">{t(language, "gamesCount")}</th>
                {writer ? <th scope="col">{t(language, "actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((vendor) => (
                <tr key={`${vendor.code}:${vendor.gameType}`} data-vendor={`${vendor.code}:${vendor.gameType}`} data-enabled={String(vendor.enabled)}>
                  <td>
                    {vendor.name} <span className="oc-id">{vendor.code}</span>
                  </td>
                  <td>{vendor.gameType}</td>
                  <td>{vendor.category}</td>
                  <td>
                    <Badge value={vendor.state} text={stateText(language, vendor.state)} />
                  </td>
                  <td>
                    {windowText(vendor, language)}
                    {vendor.maintenanceReason ? <span className="vd-reason vd-muted"> {vendor.maintenanceReason}</span> : null}
                  </td>
                  <td className="num">
                    {vendor.gamesEnabled} / {vendor.games}
                  </td>
                  {writer ? (
                    <td>
                      <button type="button" className="kit-button kit-button--ghost" aria-label={`${t(language, "manage")}: ${vendor.name} ${vendor.gameType}`} onClick={() => setManaging(vendor)}>
                        {t(language, "manage")}
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void vendors.refetch()}>
        {t(language, "refresh")}
      </button>
      {ops.brand && vendors.isSuccess ? <Games key={ops.brand} vendors={rows} /> : null}
      {managing ? <ManageVendor key={`${managing.code}:${managing.gameType}`} vendor={managing} onClose={() => setManaging(null)} /> : null}
    </section>
  );
}
