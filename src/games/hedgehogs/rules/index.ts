export * from './types';
export * from './board';
export * from './moves';
export * from './game';
