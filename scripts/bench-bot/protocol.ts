/**
 * What bench:bot's two processes say to each other: the bot under test (the parent) and the players (a child
 * process holding the fake Discord and the simulated players), so that the bot's figures are its own.
 */
import type { GameRecord } from '../../src/store/index';

/** What the players need of a game to click its next move. */
export type GameView = Pick<GameRecord, 'id' | 'status' | 'version' | 'channelId' | 'state' | 'seats'>;

export interface MoveSample {
  /** From the click to its first answer reaching Discord (for a mover: the board itself, or a deferral). */
  responseMs: number;
  /** From the click to the board message showing the move. */
  boardMs: number;
  /** The click was answered with a deferral (its board came by an edit). */
  deferred: boolean;
  /**
   * The move was chosen in the private controls that Choose your move opens: such a click is always answered
   * with a deferral (the private reply is then removed) and the board follows by an edit, so its deferral says
   * nothing about the bot being late.
   */
  fromPrivateControls: boolean;
}

export interface PlayersPlan {
  channels: number;
  /** What to play once the bot is ready. */
  scenarios: ('one game' | 'at once' | 'sustained' | 'soak')[];
  movesPerGame: number;
  rounds: number;
  thinkMs: number;
  soakMinutes: number;
}

/** Players → bot. */
export type PlayersMessage =
  | { type: 'fake-ready'; apiUrl: string }
  | { type: 'game'; requestId: number; gameId: string }
  | { type: 'channel-game'; requestId: number; channelId: string }
  | { type: 'scenario-start'; label: string; everyMinute: boolean }
  | { type: 'scenario-end'; label: string; samples: MoveSample[] }
  | { type: 'done' };

/** Bot → players. */
export type BotMessage =
  | { type: 'plan'; plan: PlayersPlan }
  | { type: 'bot-ready' }
  | { type: 'game'; requestId: number; game: GameView | null }
  | { type: 'scenario-started' }
  /** The bot has closed: the fake Discord may stop (requests still in flight reach it). */
  | { type: 'stop' };
