import { useEffect, useState } from "react";
import { call } from "./api";
import type { Language } from "./i18n";
import type { Banner, Notice } from "./types";

/** Home parts the site service backs today: the w_home banners and the notice marquee. */
export function Home({ language }: { language: Language }) {
  const [banners, setBanners] = useState<Banner[]>([]);
  const [notices, setNotices] = useState<Notice[]>([]);

  useEffect(() => {
    let live = true;
    void call<Banner[]>("/wps/system/banners?group=w_home", language).then((items) => live && setBanners(items));
    void call<Notice[]>("/wps/system/notices?types=B&platform=W", language).then((items) => live && setNotices(items));
    return () => {
      live = false;
    };
  }, [language]);

  return (
    <>
      {notices.length > 0 && (
        <div className="marquee" role="marquee" aria-live="off">
          {notices.map((notice) => (
            <span key={notice.id}>{notice.title}</span>
          ))}
        </div>
      )}
      <section className="banners" aria-label="banners">
        {banners.map((banner) => (
          <figure key={banner.id} className="banner">
            <img src={banner.url} alt={banner.title} width={1200} height={360} />
            <figcaption>{banner.title}</figcaption>
          </figure>
        ))}
      </section>
    </>
  );
}
