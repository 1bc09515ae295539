/**
 * Bringing a channel back to what the database implies after a start: posts a crash left unconfirmed are
 * resolved by their nonce, and a game without a board (a lobby, or a closed one) has its message redrawn.
 * (A running game's board is redrawn through its feed, like any update.)
 */
import type { Client } from 'discord.js';
import type { Logger } from '../../logger';
import type { GameInfo, OutboxEntry } from '../../service/index';
import type { Renderer } from '../../workers/render-pool';
import { finishedButtons } from '../archive-views';
import { isUnknownMessage } from '../discord-errors';
import { languageOf } from '../game-words';
import { postNonce, type OutboxRelay } from './outbox-relay';
import { closedLobbyPayload, lobbyPayload, summaryPayload } from '../views';
import { describeError, type PublisherOptions } from './options';
import type { PublishingRecords } from './records';
import { findFollowUpLeftover, findOwnMessage } from './leftover-messages';
import type { TokenRoutes } from './token-routes';
import { LateFollowUps } from './late-follow-ups';
import { FOLLOW_UP_MARK } from '../../service/index';

/** How long Discord returns a message for its nonce (it says "a few minutes"; we count on less). */
export const NONCE_LIFETIME_MS = 2 * 60_000;

export interface ChannelSyncParts {
  client: Client;
  records: PublishingRecords;
  renderer: Renderer;
  relay: OutboxRelay;
  /** The game's live interaction tokens, when the service keeps them: lobby edits go through them first. */
  routes?: TokenRoutes | null;
  logger: Logger;
  options: Pick<PublisherOptions, 'clock'>;
}

export class ChannelSync {
  /** Follow-ups given up as never posted, looked for again in case Discord took them late. */
  private readonly late: LateFollowUps;

  constructor(private readonly parts: ChannelSyncParts) {
    const { client, records, relay, logger, options } = parts;
    this.late = new LateFollowUps({ client, records, relay, clock: options.clock, logger });
  }

  /** Stops the later looks for follow-ups given up (the bot stopping). */
  close(): void {
    this.late.close();
  }

  /**
   * A post whose outcome was never confirmed. The same nonce finds it (Discord returns the earlier message): a
   * summary is kept as the game's summary; a board or turn mention is deleted (the sync that follows posts what
   * is due).
   */
  async resolvePost(entry: OutboxEntry): Promise<void> {
    const { records, client, relay, renderer } = this.parts;
    // A post this process is sending now is not a leftover: its answer settles it.
    if (relay.underWay.isSending(entry)) return;
    const outbox = records.outbox;
    const game = await records.game(entry.gameId);
    const tooOld = this.parts.options.clock.now() - entry.createdAt > NONCE_LIFETIME_MS;
    if (!game || (entry.kind === 'summary' && game.summaryPosted)) return outbox.clear(entry);
    const channel = await client.channels.fetch(entry.channelId);
    if (!channel?.isSendable()) return outbox.clear(entry);
    if (entry.token === FOLLOW_UP_MARK) return this.resolveFollowUp(entry, game);
    if (tooOld) return this.resolveForgottenPost(entry, game);
    const nonce = entry.nonce ?? '';
    if (entry.kind === 'summary') {
      const update = await records.currentUpdate(game.id);
      if (!update?.placings) return outbox.clear(entry);
      const module = records.module(game.gameKey);
      const summary = await summaryPayload(module, game, update.state, update.placings, renderer);
      await relay.post(channel, game.id, 'summary', nonce, {
        ...summary,
        components: finishedButtons(module, game.id, undefined, languageOf(game)),
      });
      return;
    }
    const found = await channel.send({
      content: '…',
      nonce,
      enforceNonce: true,
      allowedMentions: { parse: [] },
    });
    await outbox.clear(entry);
    await relay.delete(channel, game.id, found.id);
  }

  /**
   * A post too old for Discord to find by its nonce: a summary is looked for among the channel's messages since
   * the entry (by the game's controls on it), and one found is the game's (else the redraw posts it). A board or
   * turn mention is left to the redraw.
   */
  private async resolveForgottenPost(entry: OutboxEntry, game: GameInfo): Promise<void> {
    const { records, client } = this.parts;
    if (entry.kind !== 'summary') return records.outbox.clear(entry);
    const found = await findOwnMessage(client, entry, (controls) =>
      controls.includes(`:finished:${game.id}:`),
    );
    if (found) return records.outbox.posted(entry, found.id);
    await records.outbox.clear(entry);
  }

  /**
   * A follow-up post never confirmed: one found is the game's summary (kept) or a board or turn mention
   * (deleted: the redraw posts what is due); none found, nothing was posted, or not yet: the channel is looked
   * at again later (late-follow-ups.ts).
   */
  private async resolveFollowUp(entry: OutboxEntry, game: GameInfo): Promise<void> {
    const { records, relay, client } = this.parts;
    const found = await findFollowUpLeftover(client, entry, game);
    // Not there yet may be not arrived yet: the redraw waits (fails, and is retried) rather than post it again.
    if (!found && relay.underWay.followUpInDoubt(entry))
      throw new Error(`game ${game.id}: a ${entry.kind} follow-up may still arrive; not posted again yet`);
    if (found && entry.kind === 'summary') return records.outbox.posted(entry, found.id);
    await records.outbox.clear(entry);
    if (found) await relay.delete(entry.channelId, game.id, found.id);
    else this.late.watch(entry);
  }

  /** Redraws the message of a game that has no board: its lobby, or the lobby closed. */
  async redrawLobby(game: GameInfo): Promise<void> {
    const { records, client, relay } = this.parts;
    const module = records.module(game.gameKey);
    const payload =
      game.status === 'lobby'
        ? lobbyPayload(module, game)
        : closedLobbyPayload(module, game, records.closedLobbyText(game));
    try {
      const channel = await client.channels.fetch(game.channelId);
      if (!channel?.isSendable()) return;
      if (game.boardMessageId) {
        if (!(await this.parts.routes?.edit(game.id, game.boardMessageId, payload)))
          await channel.messages.edit(game.boardMessageId, payload);
      }
      // While the lobby's reply is looked for, a new lobby message would be a second one with live buttons.
      else if (game.status === 'lobby' && !(await records.outbox.replyPending(game.id)))
        await relay.post(channel, game.id, 'board', postNonce('board', game.id, game.version), payload);
      if (game.status !== 'lobby') await records.outbox.settle(game.id);
    } catch (error) {
      if (isUnknownMessage(error) && game.status !== 'lobby') await records.outbox.settle(game.id);
      else this.parts.logger.warn(`game ${game.id}: could not redraw the lobby`, describeError(error));
    }
  }
}
