/**
 * Watches the discord.js client for the operator: gateway disconnects, reconnects and resumes, Discord's rate
 * limits and invalid-request warnings go to the log and the metrics; interaction callbacks give the response and
 * move-to-board latencies.
 */
import { Events, RESTEvents, Status, type Client, type Interaction } from 'discord.js';
import type { Logger } from '../logger';
import type { BotMetrics, InteractionKind } from '../ops/metrics';
import { decodeComponentId } from './custom-ids';
import { outcomeOf } from './interaction-outcome';

/** An interaction's callback or the edit of its original response: `/interactions/<id>/<token>/callback`. */
const CALLBACK = /^\/interactions\/(\d+)\/[^/]+\/callback$/;
/** `/webhooks/<application>/<token>/messages/@original`: interactions are told apart by their token. */
const ORIGINAL = /^\/webhooks\/\d+\/([^/]+)\/messages\/@original$/;
/** The edit of a channel message: `/channels/<channel>/messages/<message>`. */
const MESSAGE_EDIT = /^\/channels\/\d+\/messages\/(\d+)$/;

interface Watched {
  kind: InteractionKind;
  createdAt: number;
  /** A move's board message (the message clicked): its next image, in any way it arrives, is the new board. */
  board: string | null;
  answered: boolean;
}

/** A click on a board's controls (a button or a menu of moves). */
function isMove(customId: string): boolean {
  const kind = decodeComponentId(customId)?.kind;
  return kind === 'act' || kind === 'select';
}

function kindOf(interaction: Interaction): InteractionKind {
  if (interaction.isChatInputCommand()) return 'command';
  if (interaction.isAutocomplete()) return 'autocomplete';
  if (interaction.isMessageComponent()) return 'component';
  if (interaction.isModalSubmit()) return 'modal';
  return 'other';
}

/** Whether a request carries an image (a board): files, or a multipart body built in one buffer. */
function carriesFiles(data: { files?: unknown[]; body?: unknown } | undefined): boolean {
  if (!data) return false;
  return (Array.isArray(data.files) && data.files.length > 0) || Buffer.isBuffer(data.body);
}

export interface Instrumentation {
  /** Runs an interaction's handler, counting it by kind and outcome. */
  track(interaction: Interaction, handler: () => Promise<void>): Promise<void>;
  /** Whether the gateway connection is up (for /healthz). */
  connected(): boolean;
}

export function instrumentClient(
  client: Client,
  logger: Logger,
  metrics: BotMetrics | null,
): Instrumentation {
  const byId = new Map<string, Watched>();
  const byToken = new Map<string, string>();
  /** Moves waiting for their board, by the board message they clicked. */
  const byBoard = new Map<string, string>();

  client.on(Events.ShardDisconnect, (event, shard) => {
    logger.warn(`gateway disconnected (code ${event.code})`, undefined, { shard });
    metrics?.gatewayEvents.inc({ event: 'disconnect' });
  });
  client.on(Events.ShardReconnecting, (shard) => {
    logger.info('gateway reconnecting', undefined, { shard });
    metrics?.gatewayEvents.inc({ event: 'reconnecting' });
  });
  client.on(Events.ShardResume, (shard, replayed) => {
    logger.info(`gateway resumed (${replayed} events replayed)`, undefined, { shard });
    metrics?.gatewayEvents.inc({ event: 'resume' });
  });
  client.on(Events.ShardError, (error, shard) => {
    logger.error('gateway error', error, { shard });
    metrics?.gatewayEvents.inc({ event: 'error' });
  });
  client.rest.on(RESTEvents.RateLimited, (info) => {
    logger.warn(`rate limited on ${info.route} for ${info.timeToReset} ms`, undefined, {
      scope: info.scope,
      global: info.global,
    });
    metrics?.rateLimited.inc({ scope: info.global ? 'global' : info.scope });
  });
  client.rest.on(RESTEvents.InvalidRequestWarning, (info) => {
    logger.warn(
      `Discord counted ${info.count} invalid requests in the last 10 minutes (10,000 bans the bot for an hour)`,
      undefined,
      { remainingMs: info.remainingTime },
    );
  });
  client.rest.on(RESTEvents.Response, (request, response) => {
    if (response.status === 429) metrics?.rateLimited.inc({ scope: 'response' });
    if (!metrics || response.status >= 400) return;
    const callback = CALLBACK.exec(request.path);
    const original = ORIGINAL.exec(request.path);
    const edit = MESSAGE_EDIT.exec(request.path);
    const id = callback
      ? callback[1]
      : original
        ? byToken.get(original[1] ?? '')
        : edit && request.method === 'PATCH'
          ? byBoard.get(edit[1] ?? '')
          : undefined;
    const watched = id ? byId.get(id) : undefined;
    if (!watched) return;
    const seconds = Math.max(0, Date.now() - watched.createdAt) / 1000;
    if (!watched.answered && callback) {
      watched.answered = true;
      metrics.responseSeconds.observe({ kind: watched.kind }, seconds);
    }
    if (watched.board !== null && carriesFiles(request.data)) {
      byBoard.delete(watched.board);
      watched.board = null;
      metrics.moveToBoardSeconds.observe(seconds);
    }
  });

  return {
    async track(interaction, handler) {
      const kind = kindOf(interaction);
      const board =
        interaction.isMessageComponent() && isMove(interaction.customId) ? interaction.message.id : null;
      byId.set(interaction.id, { kind, createdAt: interaction.createdTimestamp, board, answered: false });
      if ('token' in interaction) byToken.set(interaction.token, interaction.id);
      if (board !== null) byBoard.set(board, interaction.id);
      let outcome = outcomeOf(interaction);
      try {
        await handler();
        outcome = outcomeOf(interaction);
      } catch (error) {
        outcome = 'failed';
        throw error;
      } finally {
        metrics?.interactions.inc({ kind, outcome });
        // A move's board may reach the mover after the handler returns (the publisher answers it).
        setTimeout(() => {
          const watched = byId.get(interaction.id);
          if (watched?.board && byBoard.get(watched.board) === interaction.id) byBoard.delete(watched.board);
          byId.delete(interaction.id);
          if ('token' in interaction) byToken.delete(interaction.token);
        }, 15_000).unref();
      }
    },
    // The manager's own status stays Ready after the first login; each shard's says whether it is connected now.
    connected: () =>
      client.ws.shards.size > 0 && client.ws.shards.every((shard) => shard.status === Status.Ready),
  };
}
