/**
 * Running games stopped before their end: `/<game> end` by the host or a moderator (a forfeit when they are
 * seated, src/service/forfeit.ts) and a cancel. The game is closed in one write, its timer cleared and the
 * end announced as a GameUpdate (turns.ts builds it).
 */
import type { GameRecord, GameResults } from '../store/index';
import { messageWords } from '../i18n/index';
import {
  moduleOf,
  refuse,
  requireActive,
  requireGame,
  requireHostOrModerator,
  type ActiveGame,
  type ModeratorFlag,
  type ServiceContext,
} from './context';
import { seatOf } from './forfeit';
import { endedLine } from './phrases';
import type { GameTimers } from './timers';
import type { GameUpdate } from './types';
import type { Turns } from './turns';
import { gameLanguage, playerOutcomes, ratedSeats } from './views';

type Person = { id: string; name: string };

export class GameEnds {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly timers: GameTimers,
    private readonly updates: Pick<Turns, 'makeUpdate'>,
  ) {}

  /**
   * Host or moderator ends a running game now: status finished (end reason 'ended'), the seats placed by the
   * standings of that moment. Ended by a person seated in it, it is their forfeit: placed last, the others as
   * they stood, counted in the statistics and ratings with the end (src/service/forfeit.ts); ended by anyone
   * else, it counts for nobody.
   */
  async endGame(gameId: string, byUserId: string, flags: ModeratorFlag = {}): Promise<GameUpdate> {
    const game = await requireActive(this.ctx, gameId);
    requireHostOrModerator(game, byUserId, flags);
    const by = { id: byUserId, name: flags.name ?? byUserId };
    const forfeit = seatOf(game, byUserId) !== null;
    const closed = await this.close(game, 'ended', by, forfeit ? this.forfeitResults(game, by) : null);
    const language = gameLanguage(game);
    const who = flags.name ?? messageWords(language)(byUserId === game.hostId ? 'theHost' : 'aModerator');
    return this.emit(
      this.updates.makeUpdate('ended', closed, [], [endedLine(forfeit, who, language)], null, null, null),
    );
  }

  /** Host or moderator cancels a running game (status cancelled, no placings, no statistics). */
  async cancelRunning(game: ActiveGame, by: Person): Promise<GameRecord> {
    const closed = await this.close(game, 'cancelled', by);
    this.emit(this.updates.makeUpdate('cancelled', closed, [], [], null, null, null));
    return closed;
  }

  /** The results of `by`'s forfeit of the game, as the game will be recorded once ended. */
  private forfeitResults(game: ActiveGame, by: Person): GameResults {
    const module = moduleOf(this.ctx, game);
    const ended = {
      ...game,
      status: 'finished' as const,
      endReason: 'ended' as const,
      endedBy: by,
      forfeit: true,
    };
    return {
      guildId: game.guildId,
      gameKey: game.gameKey,
      outcomes: playerOutcomes(module, ended, game.state),
      rated: ratedSeats(module, ended, game.state),
    };
  }

  private async close(
    game: ActiveGame,
    reason: 'ended' | 'cancelled',
    by: Person,
    results: GameResults | null = null,
  ): Promise<ActiveGame> {
    const status = reason === 'ended' ? 'finished' : 'cancelled';
    const now = this.ctx.clock.now();
    if (!(await this.ctx.store.games.closeGame(game.id, status, reason, now, by, results)))
      throw refuse.gameOver();
    this.timers.arm(game.id, null);
    return (await requireGame(this.ctx, game.id)) as ActiveGame;
  }

  private emit(update: GameUpdate): GameUpdate {
    this.ctx.emitter.emit('update', update);
    return update;
  }
}
