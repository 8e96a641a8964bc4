import { useEffect, useState } from "react";
import { useLanguage } from "@portal/kit";
import { text } from "../../../shared/texts";
import type { BannerRead } from "@portal/kit";

export const AUTOPLAY_MS = 5000;
export const SPEED_MS = 1000;

/** Banners that loop, 1000 ms slides, 5000 ms autoplay when there is more than one (spec §9). */
export function Carousel({ banners, label, onOpen }: { banners: BannerRead[]; label: string; onOpen: (banner: BannerRead) => void }) {
  const { language } = useLanguage();
  const [index, setIndex] = useState(0);
  const count = banners.length;

  useEffect(() => {
    if (count < 2) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [count]);

  if (count === 0) return null;
  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={label}>
      <div className="carousel__track" style={{ transform: `translateX(-${index * 100}%)`, transitionDuration: `${SPEED_MS}ms` }}>
        {banners.map((banner, position) => (
          <button
            key={banner.id}
            type="button"
            className="carousel__slide"
            aria-hidden={position !== index}
            tabIndex={position === index ? 0 : -1}
            onClick={() => onOpen(banner)}
          >
            <img src={banner.url} alt={banner.title} width={1200} height={360} loading={position === 0 ? "eager" : "lazy"} />
          </button>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel__controls">
          <button type="button" className="kit-icon-button" aria-label={text(language, "previous")} onClick={() => setIndex((index - 1 + count) % count)}>
            ‹
          </button>
          {banners.map((banner, position) => (
            <span key={banner.id} className={position === index ? "dot dot--active" : "dot"} />
          ))}
          <button type="button" className="kit-icon-button" aria-label={text(language, "next")} onClick={() => setIndex((index + 1) % count)}>
            ›
          </button>
        </div>
      )}
    </section>
  );
}
