/** `npm run verify -- --game <key> --log FILE`: a downloaded log checked offline, and a changed one caught. */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameLog } from '../../src/service/index';
import { ALICE, GUILD, makeHarness, playToEnd, tempDir } from './helpers';

const ROOT = resolve(__dirname, '../..');
const dir = tempDir('hare-verify-');
afterAll(() => dir.cleanup());

async function finishedLog(): Promise<GameLog> {
  const h = await makeHarness();
  try {
    const lobby = await h.service.openLobby({
      game: 'hedgehogs',
      guildId: GUILD,
      channelId: 'c',
      host: ALICE,
      seats: 2,
      hostSeated: false,
    });
    await h.service.startGame(lobby.id, ALICE.id);
    await playToEnd(h, lobby.id);
    return await h.service.gameLog(lobby.id);
  } finally {
    await h.dispose();
  }
}

function verify(log: unknown, game = 'hedgehogs') {
  const file = join(dir.dir, `log-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(log));
  const run = spawnSync('npm', ['run', '--silent', 'verify', '--', '--game', game, '--log', file], {
    cwd: ROOT,
    encoding: 'utf8',
  });
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
