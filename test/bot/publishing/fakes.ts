/** Fake collaborators for the publisher's parts: updates, games and clicks, without Discord. */
import type { MessageComponentInteraction } from 'discord.js';
import type { AnyGameModule } from '../../../src/games/contract';
import type { GameInfo, PublicUpdate } from '../../../src/service/index';
import { publicView } from '../../../src/service/observed';
import type { GameRecord } from '../../../src/store/index';

/** Lets every promise callback that is ready run (a fake clock's timers start async work). */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export function fakeGame(fields: Partial<GameInfo> = {}): GameInfo {
  return {
    id: 'g1',
    gameKey: 'greed',
    guildId: 'guild',
    channelId: 'channel',
    version: 1,
    seats: [{ index: 0 }, { index: 1 }],
    boardMessageId: null,
    boardPostedAt: null,
    turnNoticeMessageId: null,
    turnNoticeKey: null,
    ...fields,
  } as unknown as GameInfo;
}

export interface UpdateFields {
  version?: number;
  events?: unknown[];
  lines?: string[];
  finished?: boolean;
  /** The seat that acted, and whose: a user, a computer, or nobody (a start). */
  seat?: number | null;
  actor?: 'user' | 'computer' | null;
  /** The seat to act next, and its player (a human with a user id, or a computer). */
  next?: { seat: number; userId?: string } | null;
  game?: Partial<GameInfo>;
}

export function fakeUpdate(fields: UpdateFields = {}): PublicUpdate {
  const version = fields.version ?? 1;
  const next = fields.next ?? null;
  const game = fakeGame({ version, ...fields.game });
  return {
    game,
    // Through the service's gate (a game with no status: its view is the state itself).
    state: publicView({} as AnyGameModule, game as unknown as GameRecord, {}),
    events: fields.events ?? [],
    lines: fields.lines ?? [],
    finished: fields.finished ?? false,
    placings: null,
    seat: fields.seat ?? null,
    actor: fields.actor ? { kind: fields.actor, id: fields.actor === 'user' ? 'u' : 'c' } : null,
    next: next ? { seat: next.seat, human: next.userId !== undefined, userId: next.userId ?? null } : null,
  } as unknown as PublicUpdate;
}

/** A click that records what the bot answers, and refuses a second answer like Discord does. */
export function fakeClick(id: string, messageId: string, createdAt: number) {
  const calls: string[] = [];
  let answered = false;
  const accept = (what: string) => {
    calls.push(what);
    if (answered) throw new Error('Interaction has already been acknowledged.');
    answered = true;
  };
  const interaction = {
    id,
    createdTimestamp: createdAt,
    message: { id: messageId },
    deferUpdate: async () => accept('deferUpdate'),
    editReply: async () => {
      if (!answered) throw new Error('not answered yet');
      calls.push('editReply');
    },
  } as unknown as MessageComponentInteraction;
  return { interaction, calls, accept };
}
