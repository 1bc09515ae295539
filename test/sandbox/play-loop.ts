import type { PageMessage } from '../../src/sandbox/page-view';
import {
  EventStream,
  messageOf,
  postJson,
  startStack,
  userId,
  type SandboxStack,
  type ServerSentEvent,
} from './helpers';
import { SANDBOX_IDS } from '../../src/sandbox/index';
import { GAMES } from '../../src/games/index';

export const CHANNEL = SANDBOX_IDS.channels.raceTrack;

export async function waitFor<T>(
  probe: () => T | null | undefined | Promise<T | null | undefined>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
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
    const record = (await stack.service.getGame(gameId))!;
    if (record.status !== 'active') break;
    const module = GAMES.require(record.gameKey);
    const seat = record.seats[module.rules.currentSeat(record.state)!]!;
    const human = seat.userId && !seat.left ? names.get(seat.userId) : undefined;
    if (human && (await send(stack, human, commandFor(record.state))).body.ok) typed++;
    await waitFor(async () => {
      const now = (await stack.service.getGame(gameId))!;
      return now.version > record.version || now.status !== 'active';
    }, 'the next action');
  }
  return typed;
}

/** The sandbox of a game test: the stack, and Alice's view of the channel as a live stream. */
export interface GameTestBench {
  stack: SandboxStack;
  stream: EventStream;
}

export async function openBench(): Promise<GameTestBench> {
  const stack = await startStack({ aiTurnDelayMs: 5 });
  return { stack, stream: await EventStream.open(stack, CHANNEL, userId(stack, 'Alice')) };
}

export async function closeBench(bench: GameTestBench): Promise<void> {
  bench.stream.close();
  await bench.stack.close({ removeFiles: true });
}

/** The lobby message of the game whose title matches `title`, once it is on the page. */
export async function lobbyOf(bench: GameTestBench, title: RegExp): Promise<PageMessage> {
  return messageOf(await bench.stream.waitFor((e) => title.test(messageOf(e)?.embeds[0]?.titleHtml ?? '')))!;
}

/** Alice types `command` (a /<game> start) and presses Start: returns the running game. */
export async function startAsAlice(bench: GameTestBench, command: string, title: RegExp) {
  const { stack } = bench;
  const sent = await send(stack, 'Alice', command);
  if (!sent.body.ok) throw new Error(`the sandbox refused ${command}: ${String(sent.body.error)}`);
  const lobby = await lobbyOf(bench, title);
  const start = lobby.components
    .flatMap((row) => row.components)
    .find((c) => c.kind === 'button' && c.label === 'Start') as { customId: string };
  await postJson(stack, '/api/component', {
    userId: userId(stack, 'Alice'),
    messageId: lobby.id,
    customId: start.customId,
  });
  return waitFor(() => stack.service.findActiveGameInChannel(CHANNEL), 'the game');
}

/** The summary message of the game whose title matches `title`. */
export async function summaryOf(bench: GameTestBench, title: RegExp): Promise<PageMessage> {
  const matches = (e: ServerSentEvent) => {
    const heading = messageOf(e)?.embeds[0]?.titleHtml ?? '';
    return title.test(heading) && /🏆|🏁/.test(heading);
  };
  return messageOf(await bench.stream.waitFor(matches, 15_000))!;
}
