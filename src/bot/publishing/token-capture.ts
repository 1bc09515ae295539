/**
 * Keeps the token of a person's interaction with a game (a click on its board or lobby, `/start`, a typed move,
 * a choice in its private controls), so that the game's next message changes go through it (token-routes.ts).
 * Never waits: the interaction's answer must not. The token never reaches a log line.
 */
import type { BaseInteraction } from 'discord.js';
import type { Logger } from '../../logger';
import type { InteractionTokens } from '../../service/index';

/** The tokens this process kept, and when (a token kept elsewhere may have been used there just now). */
const keptHere = new Map<string, number>();
const KEPT_HERE_MS = 15 * 60_000;

/** Whether this process kept `token` (within its 15 minutes). */
export function keptByThisProcess(token: string): boolean {
  return keptHere.has(token);
}

export function keepToken(
  tokens: InteractionTokens,
  logger: Pick<Logger, 'debug'>,
  gameId: string,
  interaction: Pick<BaseInteraction, 'applicationId' | 'token' | 'createdTimestamp'>,
  /** The game message that is the interaction's original response (a board or lobby clicked), or null. */
  originalMessageId: string | null,
): void {
  const now = Date.now();
  keptHere.set(interaction.token, now);
  for (const [token, at] of keptHere) {
    if (at > now - KEPT_HERE_MS) break;
    keptHere.delete(token);
  }
  const issued = {
    applicationId: interaction.applicationId,
    token: interaction.token,
    originalMessageId,
    issuedAt: interaction.createdTimestamp,
  };
  tokens.keep(gameId, issued).catch((error: unknown) => {
    const reason = error instanceof Error ? error.name : 'error';
    logger.debug(`game ${gameId}: could not keep an interaction token (${reason})`);
  });
}
