import { useMemo } from "react";
import { encode } from "uqr";

/** A QR code drawn as SVG rectangles (no HTML injection), ``size`` pixels square. */
export function QrCode({ value, size, label }: { value: string; size: number; label: string }) {
  const path = useMemo(() => {
    const { data } = encode(value, { border: 1 });
    const parts: string[] = [];
    data.forEach((row, y) => row.forEach((dark, x) => dark && parts.push(`M${x} ${y}h1v1h-1z`)));
    return { d: parts.join(""), modules: data.length };
  }, [value]);
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${path.modules} ${path.modules}`} shapeRendering="crispEdges" className="qr">
      <rect width={path.modules} height={path.modules} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}
