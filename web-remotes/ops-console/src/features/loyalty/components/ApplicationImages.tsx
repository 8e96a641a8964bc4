/** An activity application's images: a button that loads them (they are large), then each as a thumbnail that
 * opens it larger. */
import { useState } from "react";
import type { ApplicationRead } from "@portal/kit";
import { Dialog, LoadFailure, useLanguage, useQuery } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { t } from "../texts";

export interface Shown {
  id: number;
  n: number;
  src: string;
}

export function Images({ row, onOpen }: { row: ApplicationRead; onOpen: (image: Shown) => void }) {
  const { language } = useLanguage();
  const ops = useOps();
  const [asked, setAsked] = useState(false);
  const images = useQuery({
    queryKey: ["ops", "points", "applications", ops.brand, "images", row.applicationId],
    enabled: asked && !!ops.brand,
    staleTime: Infinity, // an application's images never change
    queryFn: () => ops.call("opsApplicationImages", { path: { code: ops.brand, applicationId: row.applicationId } }),
  });
  if (row.images === 0) return <span className="ly-sub">{t(language, "noImages")}</span>;
  if (!asked) {
    return (
      <button type="button" className="kit-button kit-button--ghost" onClick={() => setAsked(true)}>
        {t(language, "showImages", { n: row.images })}
      </button>
    );
  }
  return (
    <>
      <LoadFailure error={images.error} />
      {images.isLoading ? <span className="ly-sub">{t(language, "loading")}</span> : null}
      <div className="pr-thumbs">
        {(images.data ?? []).map((src, index) => (
          <button key={index} type="button" className="pr-thumb" aria-label={t(language, "openImage", { id: row.applicationId, n: index + 1 })} onClick={() => onOpen({ id: row.applicationId, n: index + 1, src })}>
            <img src={src} alt="" width={56} height={56} />
          </button>
        ))}
      </div>
    </>
  );
}

/** One image, larger. */
export function ImageDialog({ shown, onClose }: { shown: Shown; onClose: () => void }) {
  const { language } = useLanguage();
  return (
    <Dialog title={t(language, "imageTitle", { id: shown.id, n: shown.n })} onClose={onClose} closeLabel={t(language, "close")} wide>
      <img className="pr-large" src={shown.src} alt={t(language, "imageAlt", { id: shown.id, n: shown.n })} />
    </Dialog>
  );
}
