/**
 * The platform's start options through the service: one spec each checks the lobby's values, and the lobby's
 * start and the replay build the game from the same options.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateInput } from '../../src/games/contract';
import { createRegistry } from '../../src/games/registry';
import { tinyModule } from '../support/tiny-game';
import { ALICE, GUILD, expectRefused, makeHarness, type Harness } from './helpers';

const GAMES = createRegistry([tinyModule]);

function open(h: Harness, game: string, extra: Record<string, unknown> = {}) {
  return h.service.openLobby({
    game,
    guildId: GUILD,
    channelId: `c-${game}`,
    host: ALICE,
    hostSeated: false,
    seed: `seed-${game}`,
    ...extra,
  });
}

/** Starts `lobbyId` and lets the computers play it to its end. */
async function playComputers(h: Harness, lobbyId: string): Promise<void> {
  await h.service.startGame(lobbyId, ALICE.id);
  for (let step = 0; step < 500 && !(await h.service.status(lobbyId)).finished; step++)
    expect(await h.clock.runNext()).toBe(true);
  expect((await h.service.status(lobbyId)).finished).toBe(true);
}

describe("the platform's start options in the service", () => {
  let h: Harness;
  afterEach(async () => {
    vi.restoreAllMocks();
    await h.dispose();
  });

  it("checks seats, level, speed and turn limit against the spec /start is built from, in the spec's words", async () => {
    h = await makeHarness({ games: GAMES });
    const refusal = async (extra: Record<string, unknown>) =>
      (await expectRefused(h, 'invalid_option', () => open(h, 'tiny', extra))).message;
    expect(await refusal({ seats: 4 })).toMatch(/seats must be from 2 to 3/);
    expect(await refusal({ computerLevel: 'advanced' })).toMatch(
      /computer-level must be one of plain, eager/,
    );
    expect(await refusal({ speed: 'warp' })).toMatch(/speed must be one of fast, normal, slow/);
    expect(await refusal({ turnLimit: 51 })).toMatch(/turn-limit must be from 1 to 50/);
    expect(await refusal({ turnLimit: 2.5 })).toMatch(/turn-limit must be a whole number/);
  });

  it('starts the game and replays it from the same create() input', async () => {
    h = await makeHarness({ games: GAMES });
    const create = vi.spyOn(GAMES.require('tiny').rules, 'create');
    const lobby = await open(h, 'tiny', { turnLimit: 3, options: { target: 4 } });
    await playComputers(h, lobby.id);
    expect(await h.service.replayCheck(lobby.id)).toMatchObject({ ok: true });
    const inputs = create.mock.calls.map(([input]) => input as CreateInput<Record<string, unknown>>);
    expect(inputs.length).toBeGreaterThanOrEqual(2);
    for (const input of inputs) expect(input).toEqual(inputs[0]);
    expect(inputs[0]!.options).toEqual({ target: 4, turnLimit: 3 });
  });
});
