/** The Hare & Tortoise rules engine: pure functions over plain-JSON game states. */
export type {
  Action,
  CreateGameOptions,
  GameEvent,
  GameState,
  HareCard,
  HareRollResult,
  HistoryPoint,
  Pending,
  RulesName,
  SeatState,
  SeatStats,
} from './types';
export { createGame, MIN_SEATS, MAX_SEATS } from './setup';
export { applyAction, forfeitTurn } from './game';
export {
  legalActions,
  explainTarget,
  actionVerdict,
  moveVerdict,
  finishLimit,
  isStuck,
  type TargetExplanation,
  type Verdict,
} from './legality';
export { HIDDEN_CARROTS, carrotsSecret, observeRace, observeRaceEvent } from './view';
export { IllegalActionError, type IllegalCode } from './errors';
export { describeEvent, type DescribeOptions } from './describe';
export { carrotCount, count, formatNumber } from './counted-nouns';
export { raceRank, seatsBehind, countInFront, occupantOf } from './position';
export { HARE_DECK, HARE_CARD_NAMES } from './hare-cards';
export { HARE_TABLE } from './hare-die';
export {
  BOARD,
  START,
  FINISH,
  STARTING_CARROTS,
  STARTING_LETTUCES,
  squareKind,
  squareLabel,
  moveCost,
  tortoiseBehind,
  numberSquareRanks,
  ordinal,
  maxAffordableDistance,
  type SquareKind,
} from './board';
export { seedRng, nextUint32, nextInt, shuffleInPlace, type RngState } from '../../kit/random';
