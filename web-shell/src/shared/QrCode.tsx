import { lazy, Suspense } from "react";

const QrSvg = lazy(() => import("./QrSvg"));

/** A QR code ``size`` pixels square. The encoder is its own chunk, loaded after the first paint: the codes sit
 * below the fold, and encoding them on the main thread used to delay the home page's first paint. */
export function QrCode({ value, size, label }: { value: string; size: number; label: string }) {
  return (
    <Suspense fallback={<span className="qr" aria-hidden="true" style={{ display: "inline-block", width: size, height: size }} />}>
      <QrSvg value={value} size={size} label={label} />
    </Suspense>
  );
}
