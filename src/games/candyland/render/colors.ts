/** The track's candy colours, saturated enough to tell apart at phone size; labels carry the meaning too. */
import type { Color } from '../rules/track';

export const CANDY: Readonly<Record<Color, string>> = {
  red: '#d7263d',
  purple: '#7b4fb3',
  yellow: '#f2c230',
  blue: '#2e6fd8',
  orange: '#f08a24',
  green: '#3a9e4a',
};

export const PICTURE_CELL = '#fff4f8';
export const LICORICE_INK = '#1b1b1b';
export const CASTLE_PINK = '#f06fa4';
export const TRAIL = '#e0457b';
