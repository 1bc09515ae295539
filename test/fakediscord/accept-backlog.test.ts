/**
 * Discord's edge takes every connection a bot opens. The fake's server must too while its thread is busy (a
 * bench's bots under load open hundreds at once): connections beyond Node's default queue of 511 not yet
 * accepted were dropped by the kernel, and the bots' connects timed out (10 s) as Discord's never do.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { FakeDiscord } from '../../src/fakediscord/index';

const CONNECTIONS = 1500;
const folder = mkdtempSync(join(tmpdir(), 'hare-backlog-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Opens `CONNECTIONS` at once once `ready` is written, and writes how many were made within 2 s. */
const OPENER = `
const net = require('node:net'); const fs = require('node:fs');
const [port, ready, counted] = process.argv.slice(1);
let connected = 0; const sockets = [];
fs.writeFileSync(ready, '');
for (let i = 0; i < ${CONNECTIONS}; i++) {
  const socket = net.connect(Number(port), '127.0.0.1', () => connected++);
  socket.on('error', () => {});
  sockets.push(socket);
}
setTimeout(() => { fs.writeFileSync(counted, String(connected)); sockets.forEach((s) => s.destroy()); }, 2000);
`;

it('takes every connection opened at once while its thread is busy', async () => {
  const fake = new FakeDiscord();
  await fake.start();
  try {
    const port = new URL(fake.apiUrl).port;
    const [ready, counted] = [join(folder, 'ready'), join(folder, 'counted')];
    const opener = spawn(process.execPath, ['-e', OPENER, port, ready, counted], { stdio: 'ignore' });
    const exited = new Promise((done) => opener.once('exit', done));
    // This thread (the fake's) accepts nothing while it waits: the connections queue in the kernel.
    const deadline = Date.now() + 20_000;
    while (!existsSync(ready) && Date.now() < deadline);
    const busyUntil = Date.now() + 2500;
    while (Date.now() < busyUntil);
    await exited;
    expect(Number(readFileSync(counted, 'utf8'))).toBe(CONNECTIONS);
  } finally {
    await fake.stop();
  }
});
