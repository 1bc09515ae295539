/**
 * The service on a game that is not Hare & Tortoise (test/support/tiny-game.ts): lobbies validated from the
 * module's one option spec, one open game per channel across games, turns, computer seats, forced moves
 * played for a human, per-game statistics and replays. The core must know games only through the contract.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hareModule } from '../../src/games/hare/index';
import { createRegistry } from '../../src/games/registry';
import { tinyModule, type TinyAction, type TinyState } from '../support/tiny-game';
import { ALICE, BOB, CAROL, GUILD, HUMAN_TIMEOUT, expectRefused, makeHarness, type Harness } from './helpers';

const GAMES = createRegistry([hareModule, tinyModule]);

function openTiny(h: Harness, channel = 'c1', extra: Record<string, unknown> = {}) {
  return h.service.openLobby({
    game: 'tiny',
    guildId: GUILD,
    channelId: channel,
    host: ALICE,
    seed: `tiny-${channel}`,
    ...extra,
  });
}

async function tinyState(h: Harness, id: string): Promise<TinyState> {
  return (await h.service.getGame(id))?.state as TinyState;
}

describe('the platform with a game of its own (Tiny)', () => {
  let h: Harness;
  afterEach(async () => {
    await h.dispose();
  });

  it("opens a lobby with the game's defaults and validates every option from its spec", async () => {
    h = await makeHarness({ games: GAMES });
    const lobby = await openTiny(h);
    expect(lobby).toMatchObject({ gameKey: 'tiny', stateFormat: 1 });
    expect(lobby.options).toMatchObject({ seats: 2, computerLevel: 'plain', game: { target: 5 } });
    await expectRefused(h, 'invalid_option', () => openTiny(h, 'c2', { options: { target: 10 } }));
    await expectRefused(h, 'invalid_option', () => openTiny(h, 'c2', { options: { target: 4.5 } }));
    await expectRefused(h, 'invalid_option', () => openTiny(h, 'c2', { options: { rules: 'classic' } }));
    await expectRefused(h, 'invalid_option', () => openTiny(h, 'c2', { seats: 4 }));
    await expectRefused(h, 'invalid_option', () => openTiny(h, 'c2', { computerLevel: 'advanced' }));
    await expectRefused(h, 'invalid_option', () => openTiny(h, 'c2', { turnLimit: 51 }));
    await expectRefused(h, 'invalid_option', () => openTiny(h, 'c2', { game: 'chess' }));
  });

  it('keeps one open game per channel across games', async () => {
    h = await makeHarness({ games: GAMES });
    await openTiny(h, 'c1');
    await expectRefused(h, 'channel_busy', () =>
      h.service.openLobby({ game: 'hare', guildId: GUILD, channelId: 'c1', host: BOB }),
    );
  });

  it('plays a game to the end: human moves, computer turns on the timer, a forced pass played for the human', async () => {
    h = await makeHarness({ games: GAMES });
    const lobby = await openTiny(h, 'c1', { computerLevel: 'eager', options: { target: 3 } });
    await h.service.startGame(lobby.id, ALICE.id);
    let autoPlayed = 0;
    for (let step = 0; step < 200; step++) {
      const status = await h.service.status(lobby.id);
      if (status.finished) break;
      const state = await tinyState(h, lobby.id);
      if (status.next?.human && !state.mustPass) {
        const action: TinyAction = { type: 'add', amount: 2 };
        await h.service.act(lobby.id, ALICE.id, action, status.game.version);
      } else {
        const before = h.updates.length;
        expect(await h.clock.runNext()).toBe(true);
        if (h.updates.slice(before).some((u) => u.actor?.kind === 'auto')) autoPlayed++;
      }
    }
    const final = await h.service.status(lobby.id);
    expect(final.finished).toBe(true);
    expect(autoPlayed).toBeGreaterThan(0);
    const auto = (await h.store.games.listActions(lobby.id)).filter((row) => row.actor === 'auto');
    expect(auto.every((row) => row.action.type === 'pass' && row.seat === 0)).toBe(true);
    expect(await h.service.replayCheck(lobby.id)).toEqual({
      ok: true,
      actions: (await h.store.games.listActions(lobby.id)).length,
    });
    expect(await h.service.stats(GUILD, 'tiny', ALICE.id)).toMatchObject({ games: 1 });
    expect(await h.service.stats(GUILD, 'hare', ALICE.id)).toBeNull();
    expect(
      (await h.service.history(lobby.id)).some((entry) =>
        entry.lines.some((line) => line.startsWith('Alice adds 2')),
      ),
    ).toBe(true);
  });

  it('plays the forced pass only after the short delay, and a human move otherwise waits for the idle timeout', async () => {
    h = await makeHarness({ games: GAMES });
    const lobby = await openTiny(h, 'c1', { options: { target: 3 } });
    await h.service.join(lobby.id, BOB);
    await h.service.startGame(lobby.id, ALICE.id);
    expect((await h.service.getGame(lobby.id))?.nextDueAt).toBe(h.clock.now() + HUMAN_TIMEOUT);
    await h.service.act(lobby.id, ALICE.id, { type: 'add', amount: 2 }, 1);
    const state = await tinyState(h, lobby.id);
    expect(state.mustPass).toBe(state.counter === 0);
    if (state.mustPass)
      expect((await h.service.getGame(lobby.id))?.nextDueAt).toBe(
        h.clock.now() + tinyModule.autoPlayForcedMs!,
      );
  });

  it('refuses an action that is not a move of the game, and a forged forfeit', async () => {
    h = await makeHarness({ games: GAMES });
    const lobby = await openTiny(h);
    await h.service.startGame(lobby.id, ALICE.id);
    await expectRefused(h, 'illegal_action', () =>
      h.service.act(lobby.id, ALICE.id, { type: 'move', to: 3 }, 1),
    );
    await expectRefused(h, 'illegal_action', () => h.service.act(lobby.id, ALICE.id, { type: 'forfeit' }, 1));
    await expectRefused(h, 'illegal_action', () => h.service.act(lobby.id, ALICE.id, 'add', 1));
  });

  it('a game a moderator not playing ends is placed by the standings of the moment and counts for nobody', async () => {
    h = await makeHarness({ games: GAMES });
    const lobby = await openTiny(h);
    await h.service.join(lobby.id, BOB);
    await h.service.startGame(lobby.id, ALICE.id);
    await h.service.act(lobby.id, ALICE.id, { type: 'add', amount: 2 }, 1);
    const update = await h.service.endGame(lobby.id, CAROL.id, { moderator: true });
    expect(update.placings?.map((p) => p.seat).sort()).toEqual([0, 1]);
    expect(await h.service.stats(GUILD, 'tiny', ALICE.id)).toBeNull();
  });
});
