import type { SquareKind } from '../rules/index';

export {
  SEAT_COLORS,
  seatColor,
  textColorOn,
  withAlpha,
  INK,
  MUTED_INK,
  PAGE,
  CARD,
  CARD_EDGE,
  COST,
  GAIN,
} from '../../draw/palette';

export const MEADOW = '#5f8f4e';
export const MEADOW_DARK = '#4c7a3d';
export const TRACK = '#d9c48f';
export const TRACK_EDGE = '#a8925a';
/** The ring of a legal target: white in a dark rim, unlike every seat colour. */
export const TARGET_RING = '#ffffff';

/** The fill of each kind of square. */
export const SQUARE_FILL: Record<SquareKind, string> = {
  start: '#fff6dc',
  finish: '#ffffff',
  hare: '#f4e4d0',
  carrot: '#ffe6c7',
  lettuce: '#e2f3d2',
  tortoise: '#d7e9e0',
  n2: '#e4e8f3',
  n3: '#e4e8f3',
  n4: '#e4e8f3',
  n156: '#ece3f3',
};
