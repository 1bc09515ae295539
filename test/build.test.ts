/**
 * The production build: `npm run build` bundles the bot into dist/, and `npm run start:prod`'s command runs the
 * local sandbox from it with plain Node (no tsx), workers included: a game is opened and a move is played.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_IDS } from '../src/sandbox/index';
import type { PageMessage } from '../src/sandbox/page-view';
import { eventually } from './support/eventually';
import { nodeScript } from '../scripts/node-script';

const ROOT = resolve(__dirname, '..');
const TSX = createRequire(import.meta.url).resolve('tsx');
const ALICE = SANDBOX_IDS.users.alice;
const CHANNEL = SANDBOX_IDS.channels.raceTrack;

const dir = mkdtempSync(join(tmpdir(), 'hare-prod-'));
let stop: (() => void) | null = null;
afterAll(() => {
  stop?.();
  rmSync(dir, { recursive: true, force: true });
});

describe('the production build', () => {
  it('builds into dist/ and runs the sandbox from it with plain Node, playing a move', async () => {
    const built = spawnSync(process.execPath, ['--import', TSX, 'scripts/build.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);

    // `exec`: npm's shell gives way to node, so a SIGTERM to npm reaches the bot (test/production-install.test.ts).
    const { env, args } = nodeScript('start:prod');
    const child = spawn(
      process.execPath,
      args.map((arg) => (arg.startsWith('dist/') ? join(ROOT, arg) : arg)),
      {
        cwd: dir,
        env: { ...env, PATH: process.env.PATH ?? '', HOME: dir, SANDBOX_PORT: '0', LOG_FORMAT: 'json' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    stop = () => child.kill('SIGKILL');
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const page = await eventually(
      async () => /Open (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1],
      'the sandbox page',
    );
    expect(output).not.toMatch(/tsx/);

    const post = (path: string, body: unknown) =>
      fetch(`${page}${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json' },
      });
    const messages = async () =>
      (await (await fetch(`${page}/api/messages?channel=${CHANNEL}&user=${ALICE}`)).json()) as PageMessage[];
    const buttonOf = async (label: RegExp) =>
      eventually(async () => {
        for (const message of (await messages()).reverse())
          for (const row of message.components)
            for (const control of row.components)
              if (
                control.kind === 'button' &&
                label.test(control.label) &&
                control.customId &&
                !control.disabled
              )
                return { messageId: message.id, customId: control.customId };
        return undefined;
      }, `the ${label} button`);
    const click = async (label: RegExp) => {
      const { messageId, customId } = await buttonOf(label);
      const answer = await post('/api/component', { userId: ALICE, messageId, customId });
      expect(answer.status).toBe(200);
    };

    expect(
      (await post('/api/send', { channelId: CHANNEL, userId: ALICE, text: '/greed start seats:2' })).status,
    ).toBe(200);
    await click(/^Add computer/);
    await click(/^Start/);
    await click(/^Roll/);
    // The board, drawn by a render worker of the build, shows Alice's roll.
    const board = await eventually(
      async () =>
        (await messages()).find(
          (m) => /Alice rolls/.test(m.embeds[0]?.descriptionHtml ?? '') && m.embeds[0]?.image,
        ),
      'the board after the roll',
    );
    const image = await fetch(`${page}${board.embeds[0]!.image!.url}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(output).not.toMatch(/"level":"(error|warn)"/);
  }, 90_000);
});
