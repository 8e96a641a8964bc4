import type { Language } from "@portal/kit";
import { formatDateTime } from "@portal/kit";
import { text } from "./shared/texts";
import type { SiteConfigRead } from "@portal/kit";

interface Props {
  config: SiteConfigRead;
  language: Language;
}

function CustomerServiceButton({ config, language }: Props) {
  return (
    <a className="kit-button" href={config.customerServiceUrl} target="_blank" rel="noreferrer">
      {text(language, "customerService")}
    </a>
  );
}

/** Status 1: the full-page maintenance screen; the end time only when one is set, in local time. */
export function MaintenanceScreen({ config, language }: Props) {
  const maintenance = config.maintenance;
  const end = maintenance?.endTime ? formatDateTime(language, maintenance.endTime) : null;
  return (
    <main className="status-screen" role="main" aria-labelledby="status-title">
      <h1 id="status-title">{maintenance?.title}</h1>
      {end && (
        <p data-testid="maintenance-end">
          {text(language, "maintenanceUntil")}: {end}
        </p>
      )}
      <p>{maintenance?.text}</p>
      <CustomerServiceButton config={config} language={language} />
    </main>
  );
}

/** Status 2: the blocked-region screen with the visitor's IP. */
export function RegionScreen({ config, language }: Props) {
  return (
    <main className="status-screen" role="main" aria-labelledby="status-title">
      <h1 id="status-title">{text(language, "regionTitle")}</h1>
      <p data-testid="visitor-ip">
        {text(language, "yourIp")}: {config.location.ip}
      </p>
      <p>{config.regionRestriction?.text}</p>
      <CustomerServiceButton config={config} language={language} />
    </main>
  );
}
