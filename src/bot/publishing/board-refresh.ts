/**
 * Redraws a game's board at its current version in answer to a click on it, when the board message itself shows
 * an older version than the game (an edit that reached Discord late, e.g. one resent after a timeout with its
 * old body, overwrote the newer board). Such a board is the game's only one: the clicked player has no later
 * board to use, so the click is answered with the current board (its update response) instead of a refusal.
 */
import type { Client } from 'discord.js';
import type { Logger } from '../../logger';
import type { GameInfo } from '../../service/index';
import type { GameOwnership } from '../../service/context';
import type { Renderer } from '../../workers/render-pool';
import { boardPayload, type MessagePayload } from '../views';
import type { FollowedGame } from './board-posting';
import type { MoverAnswer } from './mover-answer';
import { describeError, type PublisherOptions } from './options';
import type { PublishingRecords } from './records';
import type { TokenRoutes } from './token-routes';

export interface BoardRefreshParts {
  client: Client;
  records: PublishingRecords;
  renderer: Renderer;
  routes: TokenRoutes | null;
  logger: Logger;
  options: Pick<PublisherOptions, 'recentLines'>;
  /** Told when the board message shows a new version. */
  boardShown: (gameId: string) => void;
}

/** Whether a click on `messageId` may redraw the game's board here: its board, of a running game this process draws. */
export function refreshable(game: GameInfo | null, messageId: string, ownership: GameOwnership): boolean {
  if (!game || game.status !== 'active' || game.state === null || game.options.tournament) return false;
  return game.boardMessageId === messageId && ownership.ownsGuild(game.guildId);
}

/**
 * Draws the game's current state on its board as the answer to `click` (queued in `followed.movers` after a
 * flush's board). When the click can no longer carry it (it was deferred meanwhile), the board is edited in
 * place. The shown version is what was drawn, or unknown (the next flush redraws) when nothing could be shown.
 */
export async function refreshBoard(
  parts: BoardRefreshParts,
  gameId: string,
  followed: FollowedGame,
  click: MoverAnswer | null,
) {
  const { records, logger } = parts;
  try {
    await followed.movers.boardOut();
    const [game, update] = await Promise.all([records.game(gameId), records.currentUpdate(gameId)]);
    if (!game?.boardMessageId || !update || game.status !== 'active') return;
    const lines = await records.recentLines(gameId, parts.options.recentLines).catch(() => []);
    const payload = await boardPayload(
      {
        module: records.module(game.gameKey),
        game: update.game,
        state: update.state,
        recentEvents: update.events,
        recentLines: lines,
        placings: update.placings,
      },
      parts.renderer,
      click ? { urgent: true, answering: true } : { urgent: true },
    );
    const edit = { ...payload, content: '', attachments: [] };
    followed.shownVersion = null;
    const shown =
      (await followed.movers.showBoard(game.boardMessageId, edit, update.game.version, click)) ||
      (await editBoard(parts, gameId, game.channelId, game.boardMessageId, edit));
    if (!shown) return;
    followed.shownVersion = update.game.version;
    parts.boardShown(gameId);
  } catch (error) {
    logger.debug(`game ${gameId}: could not redraw the board for a click on it`, describeError(error));
  } finally {
    // Not answered with the board (nothing to draw, or a failure): answered all the same.
    await followed.movers.defer(click);
  }
}

async function editBoard(
  parts: BoardRefreshParts,
  gameId: string,
  channelId: string,
  messageId: string,
  edit: MessagePayload,
): Promise<boolean> {
  if (await parts.routes?.edit(gameId, messageId, edit)) return true;
  const channel = await parts.client.channels.fetch(channelId);
  if (!channel?.isSendable()) return false;
  await channel.messages.edit(messageId, edit);
  return true;
}
