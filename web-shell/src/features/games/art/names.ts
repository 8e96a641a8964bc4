/** The names of the slot's symbols and of playing cards in the player's language (TR, EN, CN): what a result
 * says instead of the service's codes (LEMON, 10H). */
import type { Language } from "@portal/kit";
import { parseCard } from "./PlayingCard";

const SYMBOLS: Record<Language, Record<string, string>> = {
  TR: { LEMON: "Limon", CHERRY: "Kiraz", PLUM: "Erik", BAR: "Bar", BELL: "Çan", "7": "Yedi", W: "Joker" },
  EN: { LEMON: "Lemon", CHERRY: "Cherry", PLUM: "Plum", BAR: "Bar", BELL: "Bell", "7": "Seven", W: "Wild" },
  CN: { LEMON: "柠檬", CHERRY: "樱桃", PLUM: "李子", BAR: "BAR", BELL: "铃铛", "7": "七", W: "百搭" },
};

/** A slot symbol's name (a code this page does not know is shown as it is). */
export function symbolName(language: Language, code: string): string {
  return SYMBOLS[language][code] ?? code;
}

const SUITS: Record<Language, Record<string, string>> = {
  TR: { S: "Maça", H: "Kupa", D: "Karo", C: "Sinek" },
  EN: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
  CN: { S: "黑桃", H: "红桃", D: "方块", C: "梅花" },
};

const RANKS: Record<Language, Record<string, string>> = {
  TR: { A: "As", J: "Vale", Q: "Kız", K: "Papaz" },
  EN: { A: "Ace", J: "Jack", Q: "Queen", K: "King" },
  CN: {},
};

const FACE_DOWN: Record<Language, string> = { TR: "Kapalı kart", EN: "Face-down card", CN: "未翻开的牌" };

/** A card's name: "Queen of hearts", "Kupa Kız", "红桃Q"; a card not dealt: face down. */
export function cardName(language: Language, code: string | null | undefined): string {
  const card = parseCard(code);
  if (!card) return FACE_DOWN[language];
  const rank = RANKS[language][card.rank] ?? card.rank;
  const suit = SUITS[language][card.suit] ?? card.suit;
  if (language === "EN") return `${rank} of ${suit}`;
  if (language === "CN") return `${suit}${rank}`;
  return `${suit} ${rank}`;
}
