/** The Candy Land rules: the track, the deck, the move rule and the game's pure functions. */
export * from './track';
export * from './cards';
export * from './move';
export * from './types';
export * from './game';
