/**
 * The clicks a game's board answers: the click that made the game's latest move, answered with the redrawn board,
 * and a click on a stale control of the board message, answered by redrawing it at the current version. Each
 * click's interaction token is kept (token-capture.ts): the game's later messages go through it.
 */
import type { MessageComponentInteraction } from 'discord.js';
import type { Logger } from '../../logger';
import type { InteractionTokens } from '../../service/index';
import type { GameOwnership } from '../../service/context';
import type { FollowedGame } from './board-posting';
import { refreshable, refreshBoard, type BoardRefreshParts } from './board-refresh';
import type { PublishingRecords } from './records';
import type { RedrawSlots } from './redraw-slots';
import { keepToken } from './token-capture';

export interface ClickAnswerParts {
  records: PublishingRecords;
  logger: Logger;
  ownership: GameOwnership;
  refresh: BoardRefreshParts;
  slots: RedrawSlots;
  /** Where the clicks' tokens are kept; null when the games' messages do not go through interaction tokens. */
  tokens: InteractionTokens | null;
  /** The game's parts, made when it is first seen. */
  follow(gameId: string): FollowedGame;
  /** Answers the game's waiting click with the board of its move (BoardPosting.answerMover). */
  answerMover(gameId: string, followed: FollowedGame): Promise<void>;
  /** A queued answer is done (the publisher may be idle). */
  settled(): void;
}

export class ClickAnswers {
  constructor(private readonly parts: ClickAnswerParts) {}

  /**
   * The click that made the game's latest move: answered with the redrawn board (an update response, outside the
   * bot's global rate limit), or with a deferral when the board is late (MoverAnswer insures a slow upload).
   */
  answerMoveWith(gameId: string, interaction: MessageComponentInteraction, drawnVersion?: number): void {
    const followed = this.take(gameId, interaction, drawnVersion);
    const { feed, movers } = followed;
    this.parts.slots.hurry(gameId, 'mover');
    // An earlier flush may still be busy with turn mentions (REST calls queued behind the global rate limit):
    // the mover's board does not wait for them. Clicks in quick succession are answered in turn.
    if ((feed.state === 'flushing' || movers.busy) && !feed.paused)
      movers.queue(
        () => this.parts.answerMover(gameId, followed),
        () => this.parts.settled(),
      );
  }

  /**
   * A click on a stale control of the game's own board message, which shows an older version than the game (an
   * out-of-order edit overwrote it): the board is redrawn at the current version as the click's answer
   * (board-refresh.ts). Returns false, answering nothing, when the message is not the board of a running game
   * this process draws.
   */
  async refreshFor(gameId: string, interaction: MessageComponentInteraction): Promise<boolean> {
    const game = await this.parts.records.game(gameId);
    if (!refreshable(game, interaction.message.id, this.parts.ownership)) return false;
    const followed = this.take(gameId, interaction);
    const click = followed.movers.current();
    // Run even when the click was deferred meanwhile (a long flush ahead): the board is then edited in place.
    followed.movers.queue(
      () => refreshBoard(this.parts.refresh, gameId, followed, click),
      () => this.parts.settled(),
      true,
    );
    return true;
  }

  /** A click answered with an update (or its deferral): the clicked message is its token's original response. */
  private take(gameId: string, click: MessageComponentInteraction, drawnVersion?: number): FollowedGame {
    const followed = this.parts.follow(gameId);
    const { tokens, logger } = this.parts;
    if (tokens) keepToken(tokens, logger, gameId, click, click.message.id);
    followed.movers.register(click, drawnVersion ?? null);
    return followed;
  }
}
