import { lazy, Suspense, useEffect, useRef, useState } from "react";
import "../games.css";
import type { GameArtProps } from "./GameArt";

const GameArt = lazy(() => import("./GameArt").then((module) => ({ default: module.GameArt })));

/** How far ahead of the screen a tile starts drawing its art. */
const AHEAD = "300px";

/** A game's art drawn once its tile comes near the screen, as the tiles' pictures were (loading="lazy"): the
 * drawing code is its own chunk, so the first page's load does not carry it. Until then, and while it loads, a
 * plain square of the same size stands in. */
export function LazyGameArt(props: GameArtProps) {
  const holder = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const node = holder.current;
    if (near || !node) return;
    const watch = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: AHEAD });
    watch.observe(node);
    return () => watch.disconnect();
  }, [near]);
  const label = `${props.name} · ${props.vendorName ?? props.vendor}`;
  const named = props.decorative ? { "aria-hidden": true } : { role: "img", "aria-label": label };
  const placeholder = <span ref={holder} className={`${props.className ?? "game-art"} game-art--waiting`} {...named} />;
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <GameArt {...props} />
    </Suspense>
  );
}
