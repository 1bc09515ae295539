/** A stored game as the bot's views get it, for tests that build messages without a database. */
import type { AnyGameModule } from '../../src/games/contract';
import { GAMES } from '../../src/games/index';
import type { Language } from '../../src/i18n/index';
import { gameInfo } from '../../src/service/observed';
import type { GameInfo } from '../../src/service/index';
import {
  STATE_FORMAT,
  type EndReason,
  type GameRecord,
  type GameStatus,
  type SeatRecord,
} from '../../src/store/index';

export interface SampleGame {
  module: AnyGameModule;
  state: unknown;
  status: GameStatus;
  endReason?: EndReason | null;
  seats: SeatRecord[];
  language?: Language;
  /** The seats the lobby asked for (default: as many as `seats`). */
  seatsWanted?: number;
  turnLimit?: number | null;
  /** Who stopped a game ended with /end. */
  stopper?: string;
  /** A seed commitment (as a game opened since the fairness work has). */
  committed?: boolean;
}

/** The game as the service's gate hands it to the bot (src/service/observed.ts). */
export function sampleGame(sample: SampleGame): GameInfo {
  return gameInfo(sample.module, storedGame(sample));
}

export function storedGame(sample: SampleGame): GameRecord {
  const { module, state, status, seats } = sample;
  const endReason = sample.endReason ?? null;
  return {
    id: 'g1',
    guildId: '1',
    channelId: '2',
    hostId: '10',
    gameKey: module.key,
    options: {
      seats: sample.seatsWanted ?? seats.length,
      computerLevel: module.computer.defaultLevel,
      speed: 'normal',
      aiDelayMs: 0,
      humanTimeoutMs: 60_000,
      idlePolicy: 'computer',
      turnLimit: sample.turnLimit ?? null,
      hostSeated: true,
      game: {},
      language: sample.language ?? 'en',
    },
    status,
    endReason,
    seed: 'board',
    ...(sample.committed
      ? {
          fairness: {
            serverSeed: 'ab'.repeat(32),
            commitment: 'cd'.repeat(32),
            clientSeed: status === 'lobby' ? null : '99',
          },
        }
      : {}),
    state,
    stateFormat: STATE_FORMAT,
    version: 7,
    createdAt: 0,
    startedAt: 0,
    finishedAt: status === 'finished' ? 1 : null,
    updatedAt: 0,
    boardMessageId: '3',
    boardPostedAt: 0,
    turnNoticeMessageId: null,
    turnNoticeKey: null,
    endedBy: endReason === 'ended' ? { id: '10', name: sample.stopper ?? 'Alice' } : null,
    summaryPosted: false,
    channelSettled: false,
    logPrunedAt: null,
    prunedMoves: null,
    nextDueAt: null,
    seats,
  };
}

/** A stored record (from the service's own API) as the bot gets it through the gate. */
export function botSees(record: GameRecord): GameInfo {
  return gameInfo(GAMES.require(record.gameKey), record);
}
