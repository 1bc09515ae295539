import { afterEach, describe, expect, it } from 'vitest';
import { ALICE, AI_DELAY, GUILD, makeHarness, openGame, playToEnd, type Harness } from './helpers';

describe('a full game through the service', () => {
  let h: Harness;
  afterEach(async () => {
    await h.dispose();
  });

  it('plays 1 human + 3 computers to the end and counts the statistics once', async () => {
    h = await makeHarness();
    const lobby = await openGame(h, 'channel-1', { turnLimit: 40, computerLevel: 'novice' });
    const started = await h.service.startGame(lobby.id, ALICE.id);
    expect(started.game.seats.map((seat) => seat.kind)).toEqual([
      'human',
      'computer',
      'computer',
      'computer',
    ]);
    expect(started.next).toMatchObject({ seat: 0, human: true, userId: ALICE.id });

    await playToEnd(h, lobby.id);

    const game = await h.service.getGame(lobby.id);
    expect(game?.status).toBe('finished');
    expect(game?.endReason).toBe('completed');
    expect(game?.nextDueAt).toBeNull();
    expect(h.service.armedTimerCount()).toBe(0);
    const last = h.updates.at(-1);
    expect(last?.finished).toBe(true);
    expect(last?.placings?.map((p) => p.place).sort()).toEqual([1, 2, 3, 4]);
    expect(last?.lines.at(-1)).toMatch(/^Game over: 1st /);

    const alicePlace = last?.placings?.find((p) => p.userId === ALICE.id)?.place;
    const stats = await h.service.stats(GUILD, 'hare', ALICE.id);
    expect(stats).toMatchObject({
      games: 1,
      wins: alicePlace === 1 ? 1 : 0,
      placeSum: alicePlace,
      gamesLeft: 0,
    });
    const computersBehind = (last?.placings ?? []).filter(
      (p) => p.kind === 'computer' && p.place > (alicePlace ?? 0),
    );
    // A level nobody beat has no count (Alice may finish behind every computer).
    expect(stats?.beaten.novice ?? 0).toBe(computersBehind.length > 0 ? 1 : 0);
    expect((await h.service.leaderboard(GUILD, 'hare', 5)).map((s) => s.userId)).toEqual([ALICE.id]);

    expect(await h.service.replayCheck(lobby.id)).toEqual({
      ok: true,
      actions: (await h.store.games.listActions(lobby.id)).length,
    });
    expect(h.errors).toEqual([]);
  });

  it('computer turns wait for the AI delay and are logged as the computer', async () => {
    h = await makeHarness();
    const lobby = await openGame(h, 'channel-2', { computerLevel: 'novice', hostSeated: false, seats: 2 });
    await h.service.startGame(lobby.id, ALICE.id);
    await h.clock.advance(AI_DELAY - 1);
    expect(await h.store.games.listActions(lobby.id)).toHaveLength(0);
    await h.clock.advance(1);
    const log = await h.store.games.listActions(lobby.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ seq: 1, seat: 0, actor: 'computer' });
    expect(h.updates.at(-1)).toMatchObject({ cause: 'action', actor: { kind: 'computer', level: 'novice' } });
  });

  it('replays identically: the same seed and the same human choices give the same log', async () => {
    const logs = [];
    for (let run = 0; run < 2; run++) {
      h = await makeHarness();
      const lobby = await openGame(h, 'channel-3', {
        turnLimit: 15,
        computerLevel: 'novice',
        seed: 'same-seed',
      });
      await h.service.startGame(lobby.id, ALICE.id);
      await playToEnd(h, lobby.id);
      const log = (await h.store.games.listActions(lobby.id)).map(({ seq, seat, actor, action }) => ({
        seq,
        seat,
        actor,
        action,
      }));
      await h.dispose();
      logs.push(log);
    }
    h = await makeHarness();
    expect(logs[0]?.length).toBeGreaterThan(10);
    expect(logs[1]).toEqual(logs[0]);
  });

  it('history lists the describeEvent lines with seat names, newest last', async () => {
    h = await makeHarness();
    const lobby = await openGame(h, 'channel-4', { turnLimit: 5, computerLevel: 'novice', rules: 'classic' });
    await h.service.startGame(lobby.id, ALICE.id);
    await playToEnd(h, lobby.id);
    const all = await h.service.history(lobby.id);
    expect(all.map((entry) => entry.seq)).toEqual(all.map((_, index) => index + 1));
    expect(all[0]?.lines[0]).toMatch(/^Alice /);
    expect(all.some((entry) => entry.lines.some((line) => line.startsWith('Novice 1')))).toBe(true);
    expect(all.some((entry) => entry.lines.some((line) => line.includes('[carrots')))).toBe(true);
    const lastTwo = await h.service.history(lobby.id, 2);
    expect(lastTwo).toEqual(all.slice(-2));
    expect(all.at(-1)?.lines.at(-1)).toMatch(/^Game over/);
  });

  it('hides carrot counts in the public lines under the standard rules', async () => {
    h = await makeHarness();
    const lobby = await openGame(h, 'channel-5', { turnLimit: 3, computerLevel: 'novice' });
    await h.service.startGame(lobby.id, ALICE.id);
    await playToEnd(h, lobby.id);
    const lines = (await h.service.history(lobby.id)).flatMap((entry) => entry.lines);
    expect(lines.some((line) => line.includes('[carrots'))).toBe(false);
    const revealed = (await h.service.history(lobby.id, undefined, { reveal: true })).flatMap(
      (entry) => entry.lines,
    );
    expect(revealed.some((line) => line.includes('[carrots'))).toBe(true);
  });
});
