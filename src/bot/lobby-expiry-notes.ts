/**
 * A lobby that closed itself (nobody touched it for the configured idle time) is shown closed, with why: its
 * message loses its buttons at once when the bot is connected, else at the next start (the board publisher's
 * redraw of unsettled games uses `closedLobbyText`).
 */
import type { Client } from 'discord.js';
import type { Logger } from '../logger';
import { LOBBY_EXPIRY, type ServiceGate } from '../service/index';
import type { GameInfo } from '../service/index';
import type { Translate } from '../i18n/index';
import { slashCommand } from '../games/index';
import { isUnknownMessage } from './discord-errors';
import { gameMessageWords, languageOf } from './game-words';
import { closedLobbyPayload } from './views';
import type { TokenRoutes } from './publishing/token-routes';

/** What a closed lobby's message says: why it closed itself when it expired, else that it is closed. */
export function closedLobbyText(service: Pick<ServiceGate, 'lobbyIdleMs' | 'games'>, game: GameInfo): string {
  const t = gameMessageWords(game);
  if (game.endedBy?.id !== LOBBY_EXPIRY.id) return t('lobby.closed');
  const module = service.games.get(game.gameKey);
  const command = module ? slashCommand(module, languageOf(game), 'start') : `/${game.gameKey} start`;
  return t('lobby.expired', { idle: idleTime(service.lobbyIdleMs(), t), command });
}

/** What a lobby cancelled by a user (its host, a moderator) says: "Cancelled by @Ada." */
export function cancelledLobbyText(game: GameInfo, userId: string): string {
  return gameMessageWords(game)('lobby.cancelledBy', { user: `<@${userId}>` });
}

/** What a lobby says that closed because its last player left. */
export function abandonedLobbyText(game: GameInfo): string {
  return gameMessageWords(game)('lobby.everyoneLeft');
}

/** Redraws each lobby that expires as closed; returns the function that stops listening. */
export function attachLobbyExpiryNotes(
  client: Client,
  service: ServiceGate,
  logger: Logger,
  /** The games' live interaction tokens: the lobby's `/start` token edits it while it lives. */
  routes: TokenRoutes | null = null,
): () => void {
  return service.on('lobby', ({ change, game }) => {
    if (change !== 'expired' || game.boardMessageId === null) return;
    void showClosed(client, service, game, game.boardMessageId, routes).catch((error: unknown) => {
      if (isUnknownMessage(error)) return service.outbox.settle(game.id);
      // Left unsettled: the next start redraws it from the database.
      logger.warn(`game ${game.id}: could not show the expired lobby as closed`, describe(error), {
        gameId: game.id,
        channelId: game.channelId,
      });
    });
  });
}

async function showClosed(
  client: Client,
  service: ServiceGate,
  game: GameInfo,
  messageId: string,
  routes: TokenRoutes | null,
) {
  if (!client.isReady()) return;
  const module = service.games.require(game.gameKey);
  const payload = closedLobbyPayload(module, game, closedLobbyText(service, game));
  if (!(await routes?.edit(game.id, messageId, payload))) {
    const channel = await client.channels.fetch(game.channelId);
    if (!channel?.isSendable()) return;
    await channel.messages.edit(messageId, payload);
  }
  await service.outbox.settle(game.id);
}

function idleTime(ms: number | null, t: Translate): string {
  if (ms === null) return t('lobby.idle.long');
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return t('lobby.idle.seconds', { count: Math.round(ms / 1000) });
  if (minutes % 60 !== 0 || minutes < 120)
    return minutes === 1 ? t('lobby.idle.aMinute') : t('lobby.idle.minutes', { count: minutes });
  return t('lobby.idle.hours', { count: minutes / 60 });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
