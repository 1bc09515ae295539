/**
 * After a restart the channels are settled a few at a time, and a settling job holds its place only while its
 * game's board is being drawn: not while that game plays on, nor while its later requests wait (a turn mention,
 * or a board edit that a move has made out of date). Otherwise, after a takeover under a full request budget,
 * one busy channel held up the boards of the people waiting in all the others for minutes.
 *
 * Two games, North and South, each with Alice and Bob; one channel settled at a time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { legalActions, type GameState } from '../../src/games/hare/rules/index';
import { GAMES } from '../../src/games/index';
import { createInlineRenderer, type Renderer } from '../../src/workers/render-pool';
import { answeredSince, createHarness, startServiceGame, waitUntil, type Harness } from './harness';

const NAMES = ['North', 'South'] as const;

/** Records which game each board drawn is of (by its host's name), and calls `onDraw` first. */
function namedDrawings(onDraw: (name: string, drawnBefore: readonly string[]) => void = () => {}) {
  const drawn: string[] = [];
  const inner = createInlineRenderer(GAMES);
  const renderer: Renderer = {
    ...inner,
    async board(gameKey, input) {
      const name = input.seats[0]!.name;
      onDraw(name, [...drawn]);
      drawn.push(name);
      return inner.board(gameKey, input);
    },
  };
  return { drawn, renderer };
}

/**
 * North and South, started, Alice to move in both; resolves once both boards are drawn and both first flushes
 * are done (each game's turn mention is recorded): a crash during a first flush (a loaded machine) would leave
 * its game's later moves waiting for requests the dead bot never gets answered.
 */
async function openBoth(h: Harness, drawn: readonly string[]) {
  const games = new Map<string, { id: string; channelId: string }>();
  for (const name of NAMES) {
    const channelId = h.fake.addTextChannel(h.guildId, name.toLowerCase()).id;
    const id = await startServiceGame(h, { guildId: h.guildId, channelId }, { hostName: name, seats: 2 });
    games.set(name, { id, channelId });
  }
  await waitUntil(() => NAMES.every((name) => drawn.includes(name)), 20_000, 'both boards');
  const ids = [...games.values()].map((game) => game.id);
  await waitUntil(
    async () =>
      (await Promise.all(ids.map((id) => h.service.getGame(id)))).every((g) => g?.turnNoticeMessageId),
    20_000,
    'both turn mentions',
  );
  return games;
}

/**
 * Has Discord keep each game's next board edit waiting (a 429 of 3 s), restarts the bot and waits until both
 * boards are drawn again; `restarting` is told the fake's last request number before the restart.
 */
async function restartWithEditsHeld(
  h: Harness,
  games: ReadonlyMap<string, { channelId: string }>,
  drawn: string[],
  restarting: (lastSeq: number) => void,
): Promise<void> {
  for (const { channelId } of games.values())
    h.fake.failNext({
      method: 'PATCH',
      route: `/channels/${channelId}/messages/`,
      status: 429,
      retryAfterMs: 3000,
    });
  drawn.length = 0;
  restarting(h.fake.requests.at(-1)!.seq);
  await h.restart();
  await waitUntil(() => NAMES.every((name) => drawn.includes(name)), 20_000, 'both boards redrawn');
}

/** The player to act makes the game's first legal move. */
async function move(h: Harness, gameId: string): Promise<void> {
  const game = (await h.service.getGame(gameId))!;
  const state = game.state as GameState;
  await h.service.act(gameId, game.seats[state.current]!.userId!, legalActions(state)[0], game.version);
}

const other = (name: string) => (name === 'North' ? 'South' : 'North');

describe('what a settling job does not wait for', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('its game playing on', async () => {
    const slowly = namedDrawings();
    const renderer: Renderer = {
      ...slowly.renderer,
      board: async (gameKey, input) => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return slowly.renderer.board(gameKey, input);
      },
    };
    const { drawn } = slowly;
    h = await createHarness({ renderer, settlingConcurrency: 1 });
    const games = await openBoth(h, drawn);

    drawn.length = 0;
    await h.restart();
    const first = await waitUntil(() => drawn[0], 20_000, 'the first redrawn board');
    // Its players move on as fast as they can (each move is drawn after 100 ms); nobody touches the other game.
    let moves = 0;
    while (!drawn.includes(other(first)) && moves < 40) {
      await move(h, games.get(first)!.id);
      moves += 1;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(drawn).toContain(other(first));
    expect(moves).toBeLessThan(40);
  });

  it('its turn mention, which Discord keeps waiting', async () => {
    const posted: boolean[] = [];
    let restartedAt = Infinity;
    const mentionPosted = (channelId: string) =>
      answeredSince(h, restartedAt, 'POST', (path) => path === `/channels/${channelId}/messages`);
    // When the second game's board is first drawn after the restart: was the first game's mention posted yet?
    const { drawn, renderer } = namedDrawings((name, before) => {
      if (restartedAt < Infinity && before.length > 0 && !before.includes(name))
        posted.push(mentionPosted(games.get(before[0]!)!.channelId));
    });
    h = await createHarness({ renderer, settlingConcurrency: 1 });
    const games = await openBoth(h, drawn);
    // Alice moves in both games and the bot dies before it shows either move: after the restart each channel
    // needs its board redrawn and Bob's turn mention posted.
    const crash = h.fake.crashAt({
      method: 'PATCH',
      route: /^\/channels\/\d+\/messages\/\d+$/,
      when: 'before',
    });
    const drawnBeforeMoves = drawn.length;
    for (const { id } of games.values()) await move(h, id);
    await crash.hit;
    // The dead bot still draws the second move (its renderer lives on in this test); nothing it sends arrives.
    await waitUntil(
      () => NAMES.every((name) => drawn.slice(drawnBeforeMoves).includes(name)),
      20_000,
      'the dead bot’s boards',
    );
    for (const { channelId } of games.values())
      h.fake.failNext({
        method: 'POST',
        route: `/channels/${channelId}/messages`,
        status: 429,
        retryAfterMs: 3000,
      });

    drawn.length = 0;
    restartedAt = h.fake.requests.at(-1)!.seq;
    await h.crashRestart();
    await waitUntil(() => NAMES.every((name) => drawn.includes(name)), 20_000, 'both boards redrawn');
    expect(posted).toEqual([false]);
    await waitUntil(
      () => [...games.values()].every(({ channelId }) => mentionPosted(channelId)),
      20_000,
      'both turn mentions',
    );
  });

  it('its board edit, which Discord keeps waiting while a move has made it out of date', async () => {
    const edited: boolean[] = [];
    let restartedAt = Infinity;
    const boardEdited = (channelId: string) =>
      answeredSince(h, restartedAt, 'PATCH', (path) => path.startsWith(`/channels/${channelId}/messages/`));
    const { drawn, renderer } = namedDrawings((name, before) => {
      if (restartedAt === Infinity) return;
      // The first game's board after the restart: its player moves on (from the board showing before).
      if (before.length === 0) void move(h, games.get(name)!.id);
      else if (!before.includes(name)) edited.push(boardEdited(games.get(before[0]!)!.channelId));
    });
    h = await createHarness({ renderer, settlingConcurrency: 1 });
    const games = await openBoth(h, drawn);
    await restartWithEditsHeld(h, games, drawn, (seq) => (restartedAt = seq));
    expect(edited).toEqual([false]);
  });

  it('its board edit, drawn and sent, which Discord keeps waiting', async () => {
    const edited: boolean[] = [];
    let restartedAt = Infinity;
    const boardEdited = (channelId: string) =>
      answeredSince(h, restartedAt, 'PATCH', (path) => path.startsWith(`/channels/${channelId}/messages/`));
    // When the second game's board is first drawn after the restart: was the first game's edit answered yet?
    const { drawn, renderer } = namedDrawings((name, before) => {
      if (restartedAt < Infinity && before.length > 0 && !before.includes(name))
        edited.push(boardEdited(games.get(before[0]!)!.channelId));
    });
    h = await createHarness({ renderer, settlingConcurrency: 1 });
    const games = await openBoth(h, drawn);
    await restartWithEditsHeld(h, games, drawn, (seq) => (restartedAt = seq));
    expect(edited).toEqual([false]);
  });
});
