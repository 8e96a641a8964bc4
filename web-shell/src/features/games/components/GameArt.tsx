import { useId, type ReactElement } from "react";
import { CardsMotif, DiceMotif, RouletteMotif, TableMotif } from "../art/TableMotifs";
import { CockfightMotif, EsportsMotif, FishMotif, LotteryMotif, SportsMotif } from "../art/FieldMotifs";
import { JackpotMotif, ScratchMotif, SlotsMotif } from "../art/SlotMotifs";
import type { MotifProps } from "../art/parts";
import { artPlan, motifOf, nameLines, textWidth, type ArtPlan, type Motif } from "../art/plan";
import { VendorEmblem } from "../art/VendorMark";

const MOTIFS: Record<Motif, (props: MotifProps) => ReactElement> = {
  slots: SlotsMotif, jackpot: JackpotMotif, scratch: ScratchMotif, roulette: RouletteMotif, table: TableMotif,
  cards: CardsMotif, dice: DiceMotif, fish: FishMotif, sports: SportsMotif, esports: EsportsMotif,
  cockfight: CockfightMotif, lottery: LotteryMotif,
};

const NAME_WIDTH = 184;
const PICTOGRAPHS = /[\p{Extended_Pictographic}\u{FE0F}]/gu;

export interface GameArtProps {
  name: string;
  vendor: string;
  /** The game type (RNG, LIVE, FISH, PVP, SPORTS, ESPORTS, COCKFIGHT, LOTT, ELOTT). */
  category: string;
  subCategory?: string | null | undefined;
  /** What the colours and layout come from: the game's code keeps them when the language changes the name. */
  seed?: string | undefined;
  vendorName?: string | undefined;
  /** A small icon: the motif alone, without the name and the vendor's mark. */
  compact?: boolean;
  /** Hidden from assistive technology, where what holds it is named already (a tile's play button). */
  decorative?: boolean;
  className?: string;
}

function Pattern({ plan }: { plan: ArtPlan }) {
  const white = { fill: "none", stroke: "#fff", opacity: 0.09 };
  if (plan.pattern === 0) {
    const rays = Array.from({ length: 12 }, (_, index) => {
      const a = (index / 12) * 2 * Math.PI;
      const b = a + Math.PI / 12;
      return `M100 84 L${100 + 220 * Math.cos(a)} ${84 + 220 * Math.sin(a)} L${100 + 220 * Math.cos(b)} ${84 + 220 * Math.sin(b)} Z`;
    });
    return <path d={rays.join(" ")} fill="#fff" opacity={0.08} />;
  }
  if (plan.pattern === 1) return <g {...white} strokeWidth={6}>{[24, 48, 72, 96, 120].map((r) => <circle key={r} cx={100} cy={84} r={r} />)}</g>;
  if (plan.pattern === 2) return <path d={Array.from({ length: 14 }, (_, i) => `M${i * 30 - 200} 200 L${i * 30} 0`).join(" ")} {...white} strokeWidth={9} />;
  return (
    <g fill="#fff" opacity={0.35}>
      {plan.picks.concat(plan.picks.map((pick) => 999 - pick)).map((pick, index) => (
        <circle key={index} cx={(pick * 7 + index * 37) % 200} cy={(pick * 13 + index * 53) % 140} r={1 + (pick % 3)} />
      ))}
    </g>
  );
}

function Title({ name, gold }: { name: string; gold: string }) {
  const { lines, size } = nameLines(name, NAME_WIDTH, 24, 12);
  const first = 173 - (lines.length * size * 1.08) / 2 + size * 0.8;
  return (
    <g fontFamily="system-ui, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans SC', sans-serif" fontWeight={800} fontSize={size} textAnchor="middle">
      {lines.map((line, index) => {
        const squeeze = textWidth(line) * size > NAME_WIDTH;
        return (
          <text key={index} x={100} y={first + index * size * 1.08} fill={`url(#${gold})`} stroke="rgb(0 0 0 / 70%)" strokeWidth={3} paintOrder="stroke" {...(squeeze ? { textLength: NAME_WIDTH, lengthAdjust: "spacingAndGlyphs" } : {})}>
            {line}
          </text>
        );
      })}
    </g>
  );
}

/** A game's artwork, drawn from its name, vendor and category: the category's motif (reels, a roulette wheel,
 * cards, fish, a ball, a game pad, a rooster, lottery balls) on a background whose colours and pattern the
 * name's hash picks, the name set in gold and the vendor's mark. The same game always gets the same art. */
export function GameArt({ name, vendor, category, subCategory, seed, vendorName, compact = false, decorative = false, className }: GameArtProps) {
  const id = useId().replace(/[^A-Za-z0-9_-]/g, "");
  const shown = name.replace(PICTOGRAPHS, "").trim();
  const motif = motifOf(category, shown, subCategory);
  const plan = artPlan(seed ?? `${vendor}:${shown}`);
  const ids = { gold: `${id}-gold`, shine: `${id}-shine`, clip: `${id}-clip` };
  const Drawing = MOTIFS[motif];
  const label = `${shown} · ${vendorName ?? vendor}`;
  return (
    <svg className={className ?? "game-art"} viewBox={compact ? "0 10 200 140" : "0 0 200 200"} {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": label })} data-motif={motif} preserveAspectRatio="xMidYMid slice">
      {!decorative && <title>{label}</title>}
      <defs>
        <radialGradient id={`${id}-bg`} cx="50%" cy="36%" r="78%">
          <stop offset="0" stopColor={`hsl(${plan.hue} 78% 52%)`} />
          <stop offset="1" stopColor={`hsl(${plan.hue2} 72% 14%)`} />
        </radialGradient>
        <linearGradient id={ids.gold} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff6c2" />
          <stop offset="0.45" stopColor="#ffd34d" />
          <stop offset="1" stopColor="#c98a00" />
        </linearGradient>
        <radialGradient id={ids.shine} cx="34%" cy="28%" r="70%">
          <stop offset="0" stopColor="#fff" stopOpacity={0.85} />
          <stop offset="0.45" stopColor="#fff" stopOpacity={0} />
        </radialGradient>
      </defs>
      <rect width={200} height={200} fill={`url(#${id}-bg)`} />
      <Pattern plan={plan} />
      <g transform={`rotate(${plan.turn / 2} 100 84)`}>
        <Drawing plan={plan} ids={ids} />
      </g>
      {!compact && (
        <>
          <rect y={146} width={200} height={54} fill="rgb(0 0 0 / 58%)" />
          <rect y={146} width={200} height={2} fill={`url(#${ids.gold})`} />
          <Title name={shown || vendor} gold={ids.gold} />
          <VendorEmblem code={vendor} x={8} y={8} size={30} />
        </>
      )}
    </svg>
  );
}
