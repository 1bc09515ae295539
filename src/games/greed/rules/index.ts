export * from './types';
export * from './options';
export * from './scoring';
export * from './odds';
export * from './game';
