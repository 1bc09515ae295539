import { createHash, createHmac } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index';
import type { AnyGameModule } from '../../src/games/contract';
import { seedRng } from '../../src/games/kit/random';
import { sameAction } from '../../src/games/kit/same-action';
import {
  applyLoggedAction,
  checkGameLog,
  computerStreamKey,
  initialState,
  type GameLog,
} from '../../src/service/index';
import { v2FixtureFile } from '../support/v2-fixture';
import { ALICE, BOB, GUILD, expectRefused, makeHarness, playToEnd, tempDir, type Harness } from './helpers';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');
const greed = GAMES.get('greed')!;

let h: Harness;
afterEach(() => h.dispose());

/** A finished game of computers only (the host watches), of `game`. */
async function finishedGame(game = 'greed', channelId = 'fair-1'): Promise<string> {
  const module = GAMES.get(game)!;
  const lobby = await h.service.openLobby({
    game,
    guildId: GUILD,
    channelId,
    host: ALICE,
    seats: module.seats.min,
    hostSeated: false,
  });
  await h.service.startGame(lobby.id, ALICE.id);
  await playToEnd(h, lobby.id);
  return lobby.id;
}

/** A finished Greed game of Alice (value `alice-value`) against a computer. */
async function finishedGreedWithAlice(): Promise<string> {
  const lobby = await h.service.openLobby({
    game: 'greed',
    guildId: GUILD,
    channelId: 'fair-2',
    host: ALICE,
    seats: 2,
    clientSeed: 'alice-value',
  });
  await h.service.startGame(lobby.id, ALICE.id);
  for (;;) {
    const status = await h.service.status(lobby.id);
    if (status.finished) return lobby.id;
    if (status.next?.userId !== ALICE.id) {
      await h.clock.runNext();
      continue;
    }
    const game = (await h.service.getGame(lobby.id))!;
    const action = greed.computer.choose(
      game.state,
      greed.computer.defaultLevel,
      seedRng(`alice:${game.version}`),
    );
    await h.service.act(lobby.id, ALICE.id, action, game.version);
  }
}

const copy = <T>(value: T): T => structuredClone(value);

/**
 * What an operator holding the server seed could publish: the log rebuilt from `seed`, step `changedAt` (if any)
 * replaced by `changed`, every other computer choosing honestly from its stream, to the game's end.
 */
function forgedLog(
  module: AnyGameModule,
  log: GameLog,
  seed: string,
  changedAt = 0,
  changed?: unknown,
): GameLog {
  const forged = copy(log);
  forged.seed = seed;
  let state = initialState(module, {
    seats: log.seats,
    seed,
    generator: 2,
    options: { game: log.options, turnLimit: log.turnLimit },
  });
  forged.initialState = copy(state);
  forged.actions = [];
  for (let seq = 1; !module.rules.isOver(state); seq++) {
    const seat = module.rules.currentSeat(state)!;
    const view = module.rules.observe(state, seat);
    const level = log.seatDetails![seat]!.level!;
    const action =
      seq === changedAt
        ? changed
        : module.computer.choose(view, level, seedRng(computerStreamKey(seed, 2, seq)));
    const result = applyLoggedAction(module, state, action as never);
    forged.actions.push({ seq, seat, actor: 'computer', action: action as never, events: result.events });
    state = result.state;
  }
  forged.finalState = state;
  return forged;
}

const problems = async (log: unknown, options = {}) =>
  (await checkGameLog(greed, log, options)).lines.filter((line) => line.startsWith('❌')).join('\n');

describe('the seed commitment and the seated people’s values', () => {
  it('commits in full when the lobby opens and derives the seed from the id and the values shown', async () => {
    h = await makeHarness({ seedSource: () => 'server-seed-1', clientSeedSource: () => 'drawn-1' });
    const lobby = await h.service.openLobby({
      game: 'greed',
      guildId: GUILD,
      channelId: 'c',
      host: ALICE,
      seats: 3,
    });
    expect(lobby.fairness).toEqual({
      serverSeed: 'server-seed-1',
      commitment: sha256('server-seed-1'),
      clientSeed: null,
    });
    expect(lobby.fairness!.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(lobby.generator).toBe(2);
    expect(lobby.seats[0]?.clientSeed).toBe('drawn-1');
    await h.service.join(lobby.id, BOB, 'bobs.own-value_1');
    await h.service.addComputer(lobby.id, ALICE.id);
    await h.clock.advance(60_000);
    await h.service.startGame(lobby.id, ALICE.id);
    const game = (await h.service.getGame(lobby.id))!;
    const message = `${lobby.id}:drawn-1:bobs.own-value_1`;
    expect(game.fairness?.clientSeed).toBe(message);
    expect(game.seed).toBe(hmac('server-seed-1', message));
    expect(game.seats.map((seat) => seat.clientSeed ?? null)).toEqual(['drawn-1', 'bobs.own-value_1', null]);
    expect(game.state).toEqual(
      greed.rules.create({ seats: 3, seed: game.seed, options: game.options.game, generator: 2 }),
    );
    expect((game.state as { rng: unknown }).rng).toMatchObject({ key: game.seed });
  });

  it('lets a seated person change their value before the start, and refuses a malformed one', async () => {
    h = await makeHarness();
    const lobby = await h.service.openLobby({
      game: 'greed',
      guildId: GUILD,
      channelId: 'c',
      host: ALICE,
      seats: 2,
    });
    const changed = await h.service.join(lobby.id, ALICE, 'mine');
    expect(changed.seats[0]?.clientSeed).toBe('mine');
    await expectRefused(h, 'invalid_option', () => h.service.join(lobby.id, BOB, 'has a space'));
    await expectRefused(h, 'invalid_option', () => h.service.join(lobby.id, BOB, 'a'.repeat(65)));
    await expectRefused(h, 'invalid_option', () => h.service.join(lobby.id, BOB, 'x:y'));
    await expectRefused(h, 'already_seated', () => h.service.join(lobby.id, ALICE));
  });

  it('a rematch commits to a new server seed and draws new values', async () => {
    let n = 0;
    let v = 0;
    h = await makeHarness({ seedSource: () => `server-${++n}`, clientSeedSource: () => `v${++v}` });
    const lobby = await h.service.openLobby({
      game: 'hare',
      guildId: GUILD,
      channelId: 'c',
      host: ALICE,
      seats: 2,
    });
    await h.service.startGame(lobby.id, ALICE.id);
    await playToEnd(h, lobby.id);
    const again = await h.service.rematch(lobby.id, ALICE);
    expect(again.fairness?.commitment).toBe(sha256('server-2'));
    expect(again.seats.map((seat) => seat.clientSeed ?? null)).toEqual(['v2', null]);
  });

  it('a game with a fixed seed makes no commitment and says so, and its replay is still checked', async () => {
    h = await makeHarness();
    const lobby = await h.service.openLobby({
      game: 'greed',
      guildId: GUILD,
      channelId: 'c',
      host: ALICE,
      seats: 2,
      hostSeated: false,
      seed: 'fixed',
    });
    await h.service.startGame(lobby.id, ALICE.id);
    expect((await h.service.getGame(lobby.id))?.seed).toBe('fixed');
    await playToEnd(h, lobby.id);
    const check = await h.service.verifyGame(lobby.id);
    expect(check).toMatchObject({ ok: true, committed: false });
    expect(check.lines[0]).toMatch(/made no seed commitment/);
    expect(check.lines.at(-1)).toMatch(/nothing shows that this old game's seed was not chosen/);
    const log = await h.service.gameLog(lobby.id);
    expect(await problems(log)).toMatch(/makes no seed commitment/);
  });
});

describe('verifying a finished game', () => {
  it.each(['hare', 'greed', 'candyland', 'hedgehogs'])(
    'a %s game of the new generator verifies: commitment, seed, replay and computers',
    async (key) => {
      h = await makeHarness();
      const id = await finishedGame(key, `fair-${key}`);
      const module = GAMES.get(key)!;
      const log = JSON.parse(JSON.stringify(await h.service.gameLog(id))) as GameLog;
      expect(log.generator).toBe(2);
      expect((log.initialState as { rng: unknown }).rng).toMatchObject({ key: log.seed });
      const check = await checkGameLog(module, log, { commitment: log.fairness!.commitment });
      expect(check.lines.filter((line) => line.startsWith('❌'))).toEqual([]);
      expect(check.ok).toBe(true);
      expect(check.lines.join('\n')).toMatch(/Made the computers' \d+ choices again/);
      expect(check.lines.at(-1)).toBe('Everything matches.');
      expect((await h.service.verifyGame(id)).ok).toBe(true);
    },
    60_000,
  );

  it('refuses a running game: its server seed is still secret', async () => {
    h = await makeHarness();
    const lobby = await h.service.openLobby({
      game: 'greed',
      guildId: GUILD,
      channelId: 'c',
      host: ALICE,
      seats: 2,
    });
    await h.service.startGame(lobby.id, ALICE.id);
    await expectRefused(h, 'not_finished', () => h.service.verifyGame(lobby.id));
    await expectRefused(h, 'not_finished', () => h.service.gameLog(lobby.id));
  });

  it('detects a stored final state edited in the database', async () => {
    h = await makeHarness();
    const id = await finishedGame();
    const state = (await h.service.getGame(id))!.state as { scores: number[] };
    state.scores[0]! += 50;
    await h.sql('UPDATE games SET state = ? WHERE id = ?', JSON.stringify(state), id);
    const check = await h.service.verifyGame(id);
    expect(check.ok).toBe(false);
    expect(check.lines.join('\n')).toMatch(/final state differs at \$\.scores\.0/);
  });

  it('detects a server seed swapped in the database after the commitment', async () => {
    h = await makeHarness();
    const id = await finishedGame();
    await h.sql("UPDATE games SET server_seed = 'another' WHERE id = ?", id);
    const check = await h.service.verifyGame(id);
    expect(check.ok).toBe(false);
    expect(check.lines[0]).toMatch(/^❌ The server seed's SHA-256 .* is not the commitment shown/);
  });
});

describe('forged logs under the real commitment', () => {
  it('accepts the log as downloaded, with the commitment and value Alice noted', async () => {
    h = await makeHarness();
    const log = await h.service.gameLog(await finishedGreedWithAlice());
    const check = await checkGameLog(greed, log, {
      commitment: log.fairness!.commitment.toUpperCase(),
      clientSeeds: ['alice-value'],
    });
    expect(check.lines.filter((line) => line.startsWith('❌'))).toEqual([]);
    expect(check.lines).toContain('✅ Your value alice-value is one the seed was derived from.');
  });

  it('refuses a consistent log re-derived from another value for Alice’s seat', async () => {
    h = await makeHarness();
    const log = await h.service.gameLog(await finishedGreedWithAlice());
    const other = copy(log);
    other.fairness!.clientSeeds = ['chosen-by-operator'];
    other.seatDetails![0]!.clientSeed = 'chosen-by-operator';
    other.fairness!.clientSeed = `${log.id}:chosen-by-operator`;
    other.seed = hmac(log.fairness!.serverSeed, other.fairness!.clientSeed);
    // Its game replays from its seed, commitment and all: only the value Alice noted tells.
    expect(await problems(other, { clientSeeds: ['alice-value'] })).toMatch(
      'Your value alice-value is not one the seed was derived from',
    );
    // Inputs that disagree with each other are refused whatever the person noted.
    const mixed = copy(log);
    mixed.fairness!.clientSeeds = ['chosen-by-operator'];
    expect(await problems(mixed)).toMatch("not the seated people's values");
  });

  it('refuses a Start-click style log (the old scheme) under the real commitment unless asked for an old game', async () => {
    h = await makeHarness();
    const log = await h.service.gameLog(await finishedGame());
    const clicked = forgedLog(greed, log, hmac(log.fairness!.serverSeed, '1310000000000000001'));
    clicked.generator = 1;
    clicked.fairness = { ...log.fairness!, clientSeed: '1310000000000000001' };
    delete clicked.fairness.nonce;
    delete clicked.fairness.clientSeeds;
    const check = await checkGameLog(greed, clicked);
    expect(check.ok).toBe(false);
    expect(check.lines[0]).toMatch(/from before the seated people's values/);
    expect(check.lines[1]).toMatch(/--legacy/);
  });

  it('refuses a log without a commitment unless asked for an old game, and says so', async () => {
    h = await makeHarness();
    const log = await h.service.gameLog(await finishedGame());
    const bare = { ...copy(log), fairness: null };
    const check = await checkGameLog(greed, bare);
    expect(check).toMatchObject({ ok: false, committed: false });
    expect(check.lines[0]).toMatch(/makes no seed commitment/);
    const legacy = await checkGameLog(greed, bare, { legacy: true });
    expect(legacy.ok).toBe(true);
    expect(legacy.lines.at(-1)).toMatch(/nothing shows that this old game's seed was not chosen/);
  });

  it('refuses a final state that is not a finished game', async () => {
    h = await makeHarness();
    const log = await h.service.gameLog(await finishedGame());
    const cut = copy(log);
    cut.actions = cut.actions.slice(0, 5);
    let state = initialState(greed, {
      seats: log.seats,
      seed: log.seed,
      generator: 2,
      options: { game: log.options, turnLimit: null },
    });
    for (const step of cut.actions) state = applyLoggedAction(greed, state, step.action).state;
    cut.finalState = state;
    expect(await problems(cut)).toMatch('The final state is not a finished game');
  });

  it('refuses a computer choice that is not the one its stream makes', async () => {
    h = await makeHarness();
    const log = await h.service.gameLog(await finishedGame());
    let state = initialState(greed, {
      seats: log.seats,
      seed: log.seed,
      generator: 2,
      options: { game: log.options, turnLimit: null },
    });
    for (const step of log.actions) {
      const other = greed.rules
        .legalActions(state)
        .find((action: unknown) => !sameAction(action, step.action));
      if (other) {
        const forged = forgedLog(greed, log, log.seed, step.seq, other);
        expect(await problems(forged)).toMatch(
          new RegExp(`action ${step.seq}: the \\w+ computer of seat \\d chooses`),
        );
        return;
      }
      state = applyLoggedAction(greed, state, step.action).state;
    }
    throw new Error('no computer step had a choice');
  });

  it('compares all 64 digits of the commitment the person noted', async () => {
    h = await makeHarness();
    const log = await h.service.gameLog(await finishedGame());
    const real = log.fairness!.commitment;
    const sameStart = `${real.slice(0, 16)}${'0'.repeat(48)}`;
    expect(await problems(log, { commitment: sameStart })).toMatch('It is not the commitment you noted');
  });

  it('detects a changed roll, start state, seed or server seed', async () => {
    h = await makeHarness();
    const log = await h.service.gameLog(await finishedGame());
    const rolled = copy(log);
    const step = rolled.actions.find((a) => (a.events as { type: string }[]).some((e) => e.type === 'roll'))!;
    const roll = (step.events as { type: string; dice: number[] }[]).find((e) => e.type === 'roll')!;
    roll.dice[0] = (roll.dice[0]! % 6) + 1;
    expect(await problems(rolled)).toMatch(`action ${step.seq} caused other events (a roll, card or move)`);
    const start = copy(log);
    (start.initialState as { scores: number[] }).scores[1] = 300;
    expect(await problems(start)).toMatch('the start state (the shuffle and first draws) differs');
    expect(await problems({ ...copy(log), seed: hmac(log.fairness!.serverSeed, 'x') })).toMatch(
      'it was not derived as committed',
    );
    const server = copy(log);
    server.fairness!.serverSeed = 'guessed';
    expect(await problems(server)).toMatch(/is not the commitment shown/);
  });

  it('refuses what is not a game log, or a log of another game', async () => {
    h = await makeHarness();
    const log = await h.service.gameLog(await finishedGame());
    expect((await checkGameLog(GAMES.get('hare')!, log)).lines[0]).toBe(
      '❌ This is not a Hare & Tortoise game log.',
    );
    for (const junk of [null, 7, 'text', [], { format: 'hare-game-log' }])
      expect((await checkGameLog(greed, junk)).ok).toBe(false);
  });
});

describe('games stored before (a schema-2 database upgraded: generator 1, no commitment)', () => {
  it('still replay and verify as old games, and a lobby of then starts from its stored seed', async () => {
    const dir = tempDir('hare-fair-upgrade-');
    try {
      const file = `${dir.dir}/hare.db`;
      copyFileSync(v2FixtureFile(), file);
      h = await makeHarness({ file });
      for (const id of ['fin-std1', 'fin-cls1', 'ended-01']) {
        const game = (await h.service.getGame(id))!;
        expect(game.generator).toBe(1);
        const check = await h.service.verifyGame(id);
        expect(check, id).toMatchObject({ ok: true, committed: false });
        expect(check.lines[0]).toMatch(/made no seed commitment/);
        expect(check.lines[1]).toMatch(/^✅ Replayed \d+ actions/);
        const log = await h.service.gameLog(id);
        expect(log.generator).toBe(1);
        const hare = GAMES.get('hare')!;
        expect((await checkGameLog(hare, log)).ok).toBe(false);
        expect((await checkGameLog(hare, log, { legacy: true })).ok).toBe(true);
      }
      const lobby = (await h.service.getGame('lobby-01'))!;
      expect(lobby.fairness).toBeNull();
      await h.service.startGame('lobby-01', lobby.hostId);
      expect((await h.service.getGame('lobby-01'))?.seed).toBe(lobby.seed);
    } finally {
      // The store is closed after the test; Linux lets the folder go while it is open.
      dir.cleanup();
    }
  });
});
