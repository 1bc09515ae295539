import type { Logger } from '../../logger';
import type { PublicUpdate } from '../../service/index';
import type { FollowedGame } from './board-posting';
import { GameFeed, type FeedBatch, type FlushOutcome } from './game-feed';
import { MoverClicks } from './mover-clicks';
import type { PublisherOptions } from './options';
import { earlierLines, type PublishingRecords } from './records';
import { TurnMentions } from './turn-mentions';

/** What a followed game's parts report to, and ask of, the publisher. */
export interface FollowedGameHooks {
  logger: Logger;
  options: PublisherOptions;
  records: PublishingRecords;
  /** Waits for the redraw's slot (redraw-slots.ts); null: the wait was given up. */
  admit(update: PublicUpdate): Promise<(() => void) | null>;
  /** `rendered`: the batch is drawn, the flush's slot may go (see FeedHooks.flush). */
  flush(batch: FeedBatch, rendered: () => void): Promise<FlushOutcome>;
  settled(): void;
  finished(): void;
}

/** A game's parts in the publisher, made when it is first seen: its feed, its movers' clicks, its turn mentions. */
export function newFollowedGame(gameId: string, hooks: FollowedGameHooks): FollowedGame {
  const { logger, options, records } = hooks;
  return {
    movers: new MoverClicks({ logger, clock: options.clock }),
    turns: new TurnMentions(),
    shownVersion: null,
    feed: new GameFeed(options.clock, options, {
      admit: (update) => hooks.admit(update),
      flush: (batch, rendered) => hooks.flush(batch, rendered),
      // After a restart the board keeps showing the log lines from before it.
      earlierLines: (arriving) => earlierLines(records, gameId, options.recentLines, arriving),
      settled: () => hooks.settled(),
      finished: () => hooks.finished(),
      crashed: (error) => logger.error(`game ${gameId}: the board update stopped on an error`, error),
    }),
  };
}
