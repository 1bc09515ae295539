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

interface Watched {
  kind: InteractionKind;
  createdAt: number;
  move: boolean;
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

/** Whether a request carries an image (a board): a multipart body, or files discord.js turns into one. */
function carriesFiles(data: { files?: unknown[]; headers?: Record<string, string> } | undefined): boolean {
  if (!data) return false;
  if (Array.isArray(data.files) && data.files.length > 0) return true;
  return Object.values(data.headers ?? {}).some((value) => String(value).startsWith('multipart/form-data'));
}

export interface Instrumentation {
  /** Runs an interaction's handler, counting it by kind and outcome. */
  track(interaction: Interaction, handler: () => Promise<void>): Promise<void>;
  /** Whether the gateway connection is up (for /healthz). */
  connected(): boolean;
}

export function instrumentClient(client: Client, logger: Logger, metrics: BotMetrics | null): Instrumentation {
  const byId = new Map<string, Watched>();
  const byToken = new Map<string, string>();

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
    const callback = CALLBACK.exec(request.path);
    const original = ORIGINAL.exec(request.path);
    const id = callback ? callback[1] : original ? byToken.get(original[1] ?? '') : undefined;
    const watched = id ? byId.get(id) : undefined;
    if (!watched || !metrics || response.status >= 400) return;
    const seconds = Math.max(0, Date.now() - watched.createdAt) / 1000;
    if (!watched.answered && callback) {
      watched.answered = true;
      metrics.responseSeconds.observe({ kind: watched.kind }, seconds);
    }
    if (watched.move && carriesFiles(request.data)) {
      watched.move = false;
      metrics.moveToBoardSeconds.observe(seconds);
    }
  });

  return {
    async track(interaction, handler) {
      const kind = kindOf(interaction);
      const move = interaction.isMessageComponent() && isMove(interaction.customId);
      byId.set(interaction.id, { kind, createdAt: interaction.createdTimestamp, move, answered: false });
      if ('token' in interaction) byToken.set(interaction.token, interaction.id);
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
          byId.delete(interaction.id);
          if ('token' in interaction) byToken.delete(interaction.token);
        }, 15_000).unref();
      }
    },
    connected: () => client.ws.status === Status.Ready,
  };
}
