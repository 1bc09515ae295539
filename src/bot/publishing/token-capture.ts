/**
 * Keeps the token of a person's interaction with a game (a click on its board or lobby, `/start`, a typed move,
 * a choice in its private controls), so that the game's next message changes go through it (token-routes.ts).
 * Never waits: the interaction's answer must not. A token is kept once its interaction is answered (Discord
 * refuses its webhook routes before that). The token never reaches a log line.
 */
import type { BaseInteraction } from 'discord.js';
import type { Logger } from '../../logger';
import type { InteractionTokens } from '../../service/index';

/**
 * The tokens each bot kept, and when, by its client (a token kept elsewhere may have been used there just now).
 * By client, not by module: a bot started again in the same Node process (a test's restart) is another bot.
 */
const keptBy = new WeakMap<object, Map<string, number>>();
const KEPT_HERE_MS = 15 * 60_000;

/** How long an answer is waited for (Discord's 3 s, and a little), and how often it is looked at. */
const ANSWER_WAIT_MS = 3500;
const ANSWER_POLL_MS = 25;

/** Whether the bot of `client` kept `token` (within its 15 minutes). */
export function keptByThisBot(client: object, token: string): boolean {
  return keptBy.get(client)?.has(token) ?? false;
}

export function keepToken(
  tokens: InteractionTokens,
  logger: Pick<Logger, 'debug'>,
  gameId: string,
  interaction: Pick<BaseInteraction, 'applicationId' | 'token' | 'createdTimestamp' | 'client'> & {
    replied?: boolean;
    deferred?: boolean;
  },
  /** The game message that is the interaction's original response (a board or lobby clicked), or null. */
  originalMessageId: string | null,
): void {
  const now = Date.now();
  let keptHere = keptBy.get(interaction.client);
  if (!keptHere) keptBy.set(interaction.client, (keptHere = new Map()));
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
  answered(interaction)
    .then((yes) => (yes ? tokens.keep(gameId, issued) : undefined))
    .catch((error: unknown) => {
      const reason = error instanceof Error ? error.name : 'error';
      logger.debug(`game ${gameId}: could not keep an interaction token (${reason})`);
    });
}

/** Resolves once the interaction is answered (at once when it is, or cannot tell); false when it never was. */
async function answered(interaction: { replied?: boolean; deferred?: boolean }): Promise<boolean> {
  const done = () => interaction.replied === true || interaction.deferred === true;
  if (interaction.replied === undefined || done()) return true;
  for (let waited = 0; waited < ANSWER_WAIT_MS; waited += ANSWER_POLL_MS) {
    await new Promise((resolve) => setTimeout(resolve, ANSWER_POLL_MS));
    if (done()) return true;
  }
  return false;
}
