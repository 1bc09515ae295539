/**
 * `npm run verify -- --game <key> --log FILE [--commitment HEX] [--client-seed VALUE]… [--legacy]`: a downloaded
 * log checked offline against what the player noted, a changed one caught, a log without a commitment refused
 * unless --legacy asks for an old game's check, and malformed input answered with the usage and exit 2.
 * The checks run scripts/verify.ts bundled once, with plain Node (as `node dist/verify.js`, the production
 * command); the last one runs it through npm, as the operator types it.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameLog } from '../../src/service/index';
import { bundleChild, type ChildBundle } from '../support/child-bundle';
import { ALICE, GUILD, makeHarness, playToEnd, tempDir } from './helpers';

const ROOT = resolve(__dirname, '../..');
/** The value Alice typed when she opened the lobby, as her private record showed it. */
const ALICE_VALUE = 'alice.value-1';
const dir = tempDir('hare-verify-');
afterAll(() => dir.cleanup());
let script: ChildBundle;
beforeAll(async () => {
  script = await bundleChild('scripts/verify.ts');
});
afterAll(() => script?.cleanup());

async function finishedLog(): Promise<GameLog> {
  const h = await makeHarness();
  try {
    const lobby = await h.service.openLobby({
      game: 'hedgehogs',
      guildId: GUILD,
      channelId: 'c',
      host: ALICE,
      seats: 2,
      clientSeed: ALICE_VALUE,
    });
    await h.service.startGame(lobby.id, ALICE.id);
    // A computer plays Alice's seat from here; her value stays one the seed was derived from.
    await h.service.leaveGame(lobby.id, ALICE.id);
    await playToEnd(h, lobby.id);
    return await h.service.gameLog(lobby.id);
  } finally {
    await h.dispose();
  }
}

function verify(log: unknown, ...more: string[]) {
  const file = join(dir.dir, `log-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(log));
  const args = [script.file, '--game', 'hedgehogs', '--log', file, ...more];
  const run = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('npm run verify', () => {
  let log: GameLog;
  beforeAll(async () => {
    log = await finishedLog();
  });

  it('says everything matches for the log as downloaded', () => {
    const run = verify(log);
    expect(run.out).toMatch(/✅ The server seed's SHA-256 is the commitment/);
    expect(run.out).toMatch(/Everything matches\./);
    expect(run.status).toBe(0);
  }, 30_000);

  it('catches a changed roll and exits 1', () => {
    const changed = structuredClone(log);
    const step = changed.actions.find((a) =>
      (a.events as { type: string }[]).some((e) => e.type === 'roll'),
    )!;
    const roll = (step.events as { type: string; die: number }[]).find((e) => e.type === 'roll')!;
    roll.die = (roll.die % 6) + 1;
    const run = verify(changed);
    expect(run.out).toMatch(`❌ The replay does not match: action ${step.seq} caused other events`);
    expect(run.status).toBe(1);
  }, 30_000);

  it('checks the commitment and the value the player noted: exit 0 when they are the log’s', () => {
    const commitment = log.fairness!.commitment;
    const run = verify(log, '--commitment', commitment.toUpperCase(), '--client-seed', ALICE_VALUE);
    expect(run.out).toContain('✅ It is the commitment you noted.');
    expect(run.out).toContain(`✅ Your value ${ALICE_VALUE} is one the seed was derived from.`);
    expect(run.out).toMatch(/Everything matches\./);
    expect(run.status).toBe(0);
  }, 30_000);

  it('refuses a log whose values are not the one the player noted: exit 1', () => {
    const run = verify(log, '--client-seed', 'my-own-value');
    expect(run.out).toContain('❌ Your value my-own-value is not one the seed was derived from');
    expect(run.out).toMatch(/Something does not match/);
    expect(run.status).toBe(1);
  }, 30_000);

  it('refuses a log without a commitment unless --legacy asks for an old game’s check, and says so', () => {
    const bare = { ...structuredClone(log), fairness: null };
    const refused = verify(bare);
    expect(refused.out).toContain('❌ This log makes no seed commitment');
    expect(refused.out).toContain('add --legacy');
    expect(refused.status).toBe(1);
    const legacy = verify(bare, '--legacy');
    expect(legacy.out).toContain('This game made no seed commitment');
    expect(legacy.out).toMatch(/✅ Replayed \d+ actions/);
    expect(legacy.out).not.toMatch(/Everything matches/);
    expect(legacy.status).toBe(0);
  }, 30_000);

  it('answers a null file, a short commitment or a malformed value with the usage and exit 2', () => {
    const usage = /usage: npm run verify -- --game <hare\|greed\|candyland\|hedgehogs> --log FILE/;
    const nothing = verify(null);
    expect(nothing.out).toMatch(/is not a game log \(the JSON file of Download log\)/);
    expect(nothing.out).not.toMatch(/TypeError|\n {4}at /);
    expect(nothing.status).toBe(2);
    const short = verify(log, '--commitment', log.fairness!.commitment.slice(0, 16));
    expect(short.out).toContain('--commitment takes the whole commitment: all 64 hex digits');
    expect(short.out).toMatch(usage);
    expect(short.status).toBe(2);
    const malformed = verify(log, '--client-seed', 'two words');
    expect(malformed.out).toContain('--client-seed takes a value as the lobby showed it');
    expect(malformed.out).toMatch(usage);
    expect(malformed.status).toBe(2);
  }, 60_000);

  it('refuses a missing --log with the usage and exit 2', () => {
    const run = spawnSync('npm', ['run', '--silent', 'verify', '--', '--game', 'greed'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.stderr).toMatch(
      /usage: npm run verify -- --game <hare\|greed\|candyland\|hedgehogs> --log FILE/,
    );
    expect(run.status).toBe(2);
  }, 30_000);
});
