/** A vendor's mark generated from its code: a shape and colour picked by the code's hash, with the code's
 * monogram; the same code always gives the same mark. */
import { hashOf } from "./plan";

const SHAPES = [
  "M32 2 L58 17 V47 L32 62 L6 47 V17 Z", // hexagon
  "M32 2 L58 10 V30 C58 46 46 56 32 62 C18 56 6 46 6 30 V10 Z", // shield
  "M32 2 A30 30 0 1 1 31.9 2 Z", // circle
  "M32 2 L62 32 L32 62 L2 32 Z", // diamond
  "M14 2 H50 A12 12 0 0 1 62 14 V50 A12 12 0 0 1 50 62 H14 A12 12 0 0 1 2 50 V14 A12 12 0 0 1 14 2 Z", // rounded square
];

/** The letters a mark shows: the initials of a code in parts (TCG_LOTTO_VN: TLV), else its first four. */
export function monogram(code: string): string {
  const parts = code.toUpperCase().split(/[_\s-]+/).filter(Boolean);
  if (parts.length > 1) return parts.map((part) => part[0]).join("").slice(0, 3);
  return (parts[0] ?? "?").slice(0, 4);
}

export function vendorHue(code: string): number {
  return (hashOf(code.toUpperCase()) * 47) % 360;
}

/** The mark as an SVG group in a 64 × 64 box, placed at (x, y) and ``size`` wide. */
export function VendorEmblem({ code, x = 0, y = 0, size = 64 }: { code: string; x?: number; y?: number; size?: number }) {
  const hash = hashOf(code.toUpperCase());
  const hue = vendorHue(code);
  const letters = monogram(code);
  const shape = SHAPES[hash % SHAPES.length] ?? SHAPES[0];
  return (
    <g transform={`translate(${x} ${y}) scale(${size / 64})`} data-vendor={code}>
      <path d={shape} fill={`hsl(${hue} 72% 34%)`} stroke={`hsl(${hue} 90% 78%)`} strokeWidth={4} strokeLinejoin="round" />
      <path d={shape} transform="translate(32 32) scale(0.78) translate(-32 -32)" fill="none" stroke="#fff" strokeWidth={1.5} opacity={0.45} />
      <text x={32} y={32} dy="0.36em" textAnchor="middle" fontSize={letters.length > 3 ? 17 : letters.length > 2 ? 20 : 25} fontWeight={900} fill="#fff" fontFamily="Arial Black, Arial, sans-serif" letterSpacing={-0.5}>
        {letters}
      </text>
    </g>
  );
}

/** A vendor's logo on its own (vendor lists, game centres), named for assistive technology; ``decorative`` when
 * the vendor's name is written beside it. */
export function VendorMark({ code, name, size = 24, decorative = false }: { code: string; name?: string | undefined; size?: number; decorative?: boolean }) {
  const named = decorative ? { "aria-hidden": true } : { role: "img", "aria-label": name ?? code };
  return (
    <svg className="vendor-mark" width={size} height={size} viewBox="0 0 64 64" {...named} data-vendor-mark={code}>
      <VendorEmblem code={code} />
    </svg>
  );
}
