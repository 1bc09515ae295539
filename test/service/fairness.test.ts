import { createHash, createHmac } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/index';
import { applyLoggedAction, checkGameLog, type GameLog } from '../../src/service/index';
import { v2FixtureFile } from '../support/v2-fixture';
import { ALICE, GUILD, expectRefused, makeHarness, playToEnd, tempDir, type Harness } from './helpers';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');
const greed = GAMES.get('greed')!;

let h: Harness;
afterEach(() => h.dispose());

/** A finished two-computer Greed game started by a click whose id is `clientSeed`. */
async function finishedGreed(clientSeed = '1310000000000000001'): Promise<string> {
  const lobby = await h.service.openLobby({
    game: 'greed',
    guildId: GUILD,
    channelId: 'fair-1',
    host: ALICE,
    seats: 2,
    hostSeated: false,
  });
  await h.service.startGame(lobby.id, ALICE.id, clientSeed);
  await playToEnd(h, lobby.id);
  return lobby.id;
}

function copy<T>(value: T): T {
  return structuredClone(value);
}

describe('the seed commitment', () => {
  it('commits to a secret server seed when the lobby opens and derives the seed from the Start click', async () => {
    h = await makeHarness({ seedSource: () => 'server-seed-1' });
    const lobby = await h.service.openLobby({
      game: 'greed',
      guildId: GUILD,
      channelId: 'c',
      host: ALICE,
      seats: 2,
    });
    expect(lobby.fairness).toEqual({
      serverSeed: 'server-seed-1',
      commitment: sha256('server-seed-1'),
      clientSeed: null,
    });
    await h.service.startGame(lobby.id, ALICE.id, '998877');
    const game = (await h.service.getGame(lobby.id))!;
    expect(game.seed).toBe(hmac('server-seed-1', '998877'));
    expect(game.fairness?.clientSeed).toBe('998877');
    expect(game.state).toEqual(greed.rules.create({ seats: 2, seed: game.seed, options: game.options.game }));
  });

  it('a rematch commits to a new server seed', async () => {
    let n = 0;
    h = await makeHarness({ seedSource: () => `server-${++n}` });
    const lobby = await h.service.openLobby({
      game: 'hare',
      guildId: GUILD,
      channelId: 'c',
      host: ALICE,
      seats: 2,
    });
    await h.service.startGame(lobby.id, ALICE.id, '1');
    await playToEnd(h, lobby.id);
    const again = await h.service.rematch(lobby.id, ALICE);
    expect(again.fairness?.commitment).toBe(sha256('server-2'));
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
    await h.service.startGame(lobby.id, ALICE.id, '42');
    expect((await h.service.getGame(lobby.id))?.seed).toBe('fixed');
    await playToEnd(h, lobby.id);
    const check = await h.service.verifyGame(lobby.id);
    expect(check).toMatchObject({ ok: true, committed: false });
    expect(check.lines[0]).toMatch(/made no seed commitment/);
  });
});

describe('verifying a finished game', () => {
  it('confirms the commitment, the seed and every step of a fair game', async () => {
    h = await makeHarness();
    const id = await finishedGreed();
    const check = await h.service.verifyGame(id);
    expect(check.ok).toBe(true);
    expect(check.committed).toBe(true);
    expect(check.lines.filter((line) => line.startsWith('✅'))).toHaveLength(3);
    expect(check.lines.at(-1)).toBe('Everything matches.');
  });

  it('refuses a running game: its server seed is still secret', async () => {
    h = await makeHarness();
    const lobby = await h.service.openLobby({
      game: 'greed',
      guildId: GUILD,
      channelId: 'c',
      host: ALICE,
      seats: 2,
    });
    await h.service.startGame(lobby.id, ALICE.id, '5');
    await expectRefused(h, 'not_finished', () => h.service.verifyGame(lobby.id));
    await expectRefused(h, 'not_finished', () => h.service.gameLog(lobby.id));
  });

  it('detects a stored final state edited in the database', async () => {
    h = await makeHarness();
    const id = await finishedGreed();
    const state = (await h.service.getGame(id))!.state as { scores: number[] };
    state.scores[0]! += 50;
    await h.sql('UPDATE games SET state = ? WHERE id = ?', JSON.stringify(state), id);
    const check = await h.service.verifyGame(id);
    expect(check.ok).toBe(false);
    expect(check.lines.join('\n')).toMatch(/final state differs at \$\.scores\.0/);
  });

  it('detects a server seed swapped in the database after the commitment', async () => {
    h = await makeHarness();
    const id = await finishedGreed();
    await h.sql("UPDATE games SET server_seed = 'another' WHERE id = ?", id);
    const check = await h.service.verifyGame(id);
    expect(check.ok).toBe(false);
    expect(check.lines[0]).toMatch(/^❌ The server seed's SHA-256 .* is not the commitment shown/);
  });
});

describe('checking a downloaded log', () => {
  let log: GameLog;
  const check = (edited: GameLog) => checkGameLog(greed, edited);
  const problems = (edited: GameLog) =>
    check(edited)
      .lines.filter((line) => line.startsWith('❌'))
      .join('\n');

  async function freshLog(): Promise<GameLog> {
    h = await makeHarness();
    return h.service.gameLog(await finishedGreed());
  }

  it('accepts the log as downloaded, through JSON', async () => {
    log = JSON.parse(JSON.stringify(await freshLog()));
    expect(check(log).ok).toBe(true);
  });

  it('detects a changed roll in an event', async () => {
    log = await freshLog();
    const edited = copy(log);
    const step = edited.actions.find((a) => (a.events as { type: string }[]).some((e) => e.type === 'roll'))!;
    const roll = (step.events as { type: string; dice: number[] }[]).find((e) => e.type === 'roll')!;
    roll.dice[0] = (roll.dice[0]! % 6) + 1;
    expect(problems(edited)).toMatch(`action ${step.seq} caused other events (a roll, card or move)`);
  });

  it('detects a changed start state (a shuffle or first draw)', async () => {
    log = await freshLog();
    const edited = copy(log);
    (edited.initialState as { scores: number[] }).scores[1] = 300;
    expect(problems(edited)).toMatch('the start state (the shuffle and first draws) differs');
  });

  it('detects a changed choice of a player', async () => {
    log = await freshLog();
    const edited = copy(log);
    // The first step with another legal action than the one logged: the other one is played instead.
    let state = greed.rules.create({ seats: 2, seed: log.seed, options: log.options });
    for (const step of edited.actions) {
      const other = greed.rules
        .legalActions(state)
        .find((action: unknown) => JSON.stringify(action) !== JSON.stringify(step.action));
      if (other) {
        step.action = other;
        expect(problems(edited)).toMatch(new RegExp(`action ${step.seq} `));
        return;
      }
      state = applyLoggedAction(greed, state, step.action).state;
    }
    throw new Error('no step had a choice');
  });

  it('detects a changed game seed, server seed, players’ value or commitment', async () => {
    log = await freshLog();
    const seed = { ...copy(log), seed: hmac(log.fairness!.serverSeed, 'another click') };
    expect(problems(seed)).toMatch('not HMAC-SHA256(server seed, 1310000000000000001)');
    const server = copy(log);
    server.fairness!.serverSeed = 'guessed';
    expect(problems(server)).toMatch(/is not the commitment shown/);
    const client = copy(log);
    client.fairness!.clientSeed = '1310000000000000002';
    expect(problems(client)).toMatch('it was not derived as committed');
    const commitment = copy(log);
    commitment.fairness!.commitment = sha256('other');
    expect(check(commitment).ok).toBe(false);
  });

  it('refuses a log of another game', async () => {
    log = await freshLog();
    expect(checkGameLog(GAMES.get('hare')!, log).lines[0]).toBe('❌ This is not a Hare & Tortoise game log.');
  });
});

describe('games stored before the commitment (a schema-2 database upgraded)', () => {
  it('say they made no commitment, still replay, and a lobby of then starts from its stored seed', async () => {
    const dir = tempDir('hare-fair-upgrade-');
    try {
      const file = `${dir.dir}/hare.db`;
      copyFileSync(v2FixtureFile(), file);
      h = await makeHarness({ file });
      for (const id of ['fin-std1', 'fin-cls1', 'ended-01']) {
        const check = await h.service.verifyGame(id);
        expect(check, id).toMatchObject({ ok: true, committed: false });
        expect(check.lines[0]).toMatch(/made no seed commitment/);
        expect(check.lines[1]).toMatch(/^✅ Replayed \d+ actions/);
      }
      const lobby = (await h.service.getGame('lobby-01'))!;
      expect(lobby.fairness).toBeNull();
      await h.service.startGame('lobby-01', lobby.hostId, '123');
      expect((await h.service.getGame('lobby-01'))?.seed).toBe(lobby.seed);
    } finally {
      // The store is closed after the test; Linux lets the folder go while it is open.
      dir.cleanup();
    }
  });
});
