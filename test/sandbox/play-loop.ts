import type { SandboxStack } from './helpers';
import { postJson, userId } from './helpers';
import { SANDBOX_IDS } from '../../src/sandbox/index';
import { GAMES } from '../../src/games/index';

export const CHANNEL = SANDBOX_IDS.channels.raceTrack;

export async function waitFor<T>(
  probe: () => T | null | undefined,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function send(stack: SandboxStack, user: string, text: string) {
  return postJson(stack, '/api/send', { channelId: CHANNEL, userId: userId(stack, user), text });
}

/**
 * Plays the channel's game to its end: on a human seat's turn, types the command `commandFor` gives for its
 * state; computer seats play on their timers. Returns how many commands were typed and accepted.
 */
export async function playToTheEnd(
  stack: SandboxStack,
  gameId: string,
  humans: readonly string[],
  commandFor: (state: unknown) => string,
): Promise<number> {
  const names = new Map(humans.map((name) => [userId(stack, name), name]));
  let typed = 0;
  for (let step = 0; step < 3000; step++) {
    const record = stack.service.getGame(gameId)!;
    if (record.status !== 'active') break;
    const module = GAMES.require(record.gameKey);
    const seat = record.seats[module.rules.currentSeat(record.state)!]!;
    const human = seat.userId && !seat.left ? names.get(seat.userId) : undefined;
    if (human && (await send(stack, human, commandFor(record.state))).body.ok) typed++;
    await waitFor(() => {
      const now = stack.service.getGame(gameId)!;
      return now.version > record.version || now.status !== 'active';
    }, 'the next action');
  }
  return typed;
}
