import { useState } from "react";
import { useLanguage } from "@portal/kit";
import { useSite } from "../shared/site";
import { text } from "../shared/texts";
import { useCustomerServiceUrl } from "../features/notifications/api";
import { QrCode } from "../shared/QrCode";
import { appLinks, socialLink } from "../shared/appLinks";

export const SIDE_QR_SIZE = 100;

/** The collapsible right bar: customer service, Facebook and Telegram when present, the app QR codes. */
export function RightBar() {
  const { language } = useLanguage();
  const { config } = useSite();
  const [open, setOpen] = useState(true);
  const customerService = useCustomerServiceUrl();
  const apps = appLinks(config);
  const facebook = socialLink(config, "FACEBOOK");
  const telegram = socialLink(config, "TELEGRAM");
  return (
    <aside className={open ? "right-bar" : "right-bar right-bar--closed"} aria-label={text(language, "sideBar")}>
      <button type="button" className="right-bar__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? "›" : "‹"}
        <span className="visually-hidden">{text(language, "sideBar")}</span>
      </button>
      {open && (
        <div className="right-bar__items">
          <a href={customerService} target="_blank" rel="noreferrer" data-testid="customer-service">
            {text(language, "customerService")}
          </a>
          {facebook && (
            <a href={facebook} target="_blank" rel="noreferrer">
              {text(language, "facebook")}
            </a>
          )}
          {telegram && (
            <a href={telegram} target="_blank" rel="noreferrer">
              {text(language, "telegram")}
            </a>
          )}
          {apps.ios && (
            <figure>
              <QrCode value={apps.ios} size={SIDE_QR_SIZE} label={`${text(language, "downloadApp")} ${text(language, "ios")}`} />
              <figcaption>{text(language, "ios")}</figcaption>
            </figure>
          )}
          {apps.android && (
            <figure>
              <QrCode value={apps.android} size={SIDE_QR_SIZE} label={`${text(language, "downloadApp")} ${text(language, "android")}`} />
              <figcaption>{text(language, "android")}</figcaption>
            </figure>
          )}
        </div>
      )}
    </aside>
  );
}
