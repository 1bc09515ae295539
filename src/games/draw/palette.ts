/**
 * Runner colours from the Okabe–Ito palette, chosen to stay distinct under the common colour-vision
 * deficiencies (its orange is left out: too close to vermillion and yellow for some viewers).
 */
export const SEAT_COLORS: readonly string[] = [
  '#D55E00', // vermillion
  '#56B4E9', // sky blue
  '#009E73', // bluish green
  '#F0E442', // yellow
  '#0072B2', // blue
  '#CC79A7', // reddish purple
];

export function seatColor(seatIndex: number): string {
  return SEAT_COLORS[seatIndex % SEAT_COLORS.length] as string;
}

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Black or white, whichever reads better on `background` (a #rrggbb colour). */
export function textColorOn(background: string): string {
  const [r, g, b] = channels(background);
  const luminance = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  return luminance > 0.55 ? '#1b1b1b' : '#ffffff';
}

/** `hex` as an rgba() colour with the given opacity. */
export function withAlpha(hex: string, alpha: number): string {
  const [r, g, b] = channels(hex);
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

export const INK = '#23301f';
export const MUTED_INK = '#5b6657';
export const PAGE = '#f7f3e8';
export const CARD = '#fffdf7';
export const CARD_EDGE = '#d8d0bb';
export const COST = '#b3261e';
export const GAIN = '#1d7a3a';
