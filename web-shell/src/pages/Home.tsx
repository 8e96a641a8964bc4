import { Link, useLanguage, useNavigate, useSession } from "@portal/kit";
import { QrCode } from "../shared/QrCode";
import { appLinks } from "../shared/appLinks";
import { useModal } from "../shared/ModalContext";
import { useSite } from "../shared/site";
import { text } from "../shared/texts";
import { useBanners, useNotices } from "../features/content/api";
import type { BannerRead } from "@portal/kit";
import { Carousel } from "../features/content/components/Carousel";
import { HomeGames } from "../features/games/components/HomeGames";
import { useCustomerServiceUrl } from "../features/notifications/api";

export const HOME_QR_SIZE = 156;

/** Where a banner leads: a path of the site, or an outside page in a new tab. */
export function bannerTarget(banner: BannerRead): { internal: string } | { external: string } | null {
  const link = banner.linkage.trim();
  if (!link || banner.linkageType === "NONE") return null;
  if (link.startsWith("/") && !link.startsWith("//")) return { internal: link };
  if (/^https?:\/\//i.test(link)) return { external: link };
  return null;
}

export function Home() {
  const { language } = useLanguage();
  const { config } = useSite();
  const customerService = useCustomerServiceUrl();
  const session = useSession();
  const modal = useModal();
  const navigate = useNavigate();
  const banners = useBanners("w_home").data ?? [];
  const videos = useBanners("w_video").data ?? [];
  const notices = useNotices("B").data ?? [];

  const open = (banner: BannerRead) => {
    const target = bannerTarget(banner);
    if (!target) return;
    if ("internal" in target) navigate(target.internal);
    else window.open(target.external, "_blank", "noopener,noreferrer");
  };

  /** Account actions: a visitor logs in first, a trial account is told to use a real one. */
  const account = (path: string) => () => {
    if (!session.token) modal.open({ name: "login" });
    else if (session.isTrial) modal.open({ name: "trial" });
    else navigate(path);
  };
  const apps = appLinks(config);

  return (
    <div className="home">
      {notices.length > 0 && (
        <div className="marquee" aria-label={text(language, "notices")}>
          <div className="marquee__track">
            {notices.map((notice, index) => (
              <button key={notice.id} type="button" className="marquee__item" onClick={() => modal.open({ name: "notice", index })}>
                {notice.title}
              </button>
            ))}
          </div>
        </div>
      )}
      <Carousel banners={banners} label={text(language, "banners")} onOpen={open} />
      {videos.length > 0 && <Carousel banners={videos} label={text(language, "videos")} onOpen={open} />}
      <HomeGames />
      <section className="home-grid">
        <article className="panel">
          <h2>{text(language, "hotPromotions")}</h2>
          <Link className="kit-button" to="/promotions">
            {text(language, "promotions")}
          </Link>
        </article>
        <article className="panel">
          <h2>{text(language, "support")}</h2>
          <div className="support">
            <a className="support__item" href={customerService} target="_blank" rel="noreferrer">
              {text(language, "customerService")}
            </a>
            <button type="button" className="support__item" onClick={account("/member/depositv2")}>
              {text(language, "deposit")}
            </button>
            <button type="button" className="support__item" onClick={account("/member/withdraw")}>
              {text(language, "withdraw")}
            </button>
            {session.isAgent && (
              <>
                <button type="button" className="support__item" onClick={() => navigate("/agentHome/myIncome")}>
                  {text(language, "myIncome")}
                </button>
                <button type="button" className="support__item" onClick={() => navigate("/agentHome/teamOverview")}>
                  {text(language, "agentOverview")}
                </button>
              </>
            )}
          </div>
        </article>
        {(apps.ios || apps.android) && (
          <article className="panel">
            <h2>{text(language, "downloadApp")}</h2>
            <div className="qr-row">
              {apps.ios && (
                <figure>
                  <QrCode value={apps.ios} size={HOME_QR_SIZE} label={`${text(language, "downloadApp")} ${text(language, "ios")}`} />
                  <figcaption>{text(language, "ios")}</figcaption>
                </figure>
              )}
              {apps.android && (
                <figure>
                  <QrCode value={apps.android} size={HOME_QR_SIZE} label={`${text(language, "downloadApp")} ${text(language, "android")}`} />
                  <figcaption>{text(language, "android")}</figcaption>
                </figure>
              )}
            </div>
          </article>
        )}
      </section>
    </div>
  );
}
