// A hostile player for the arena's tests: `node hostile.mjs <behaviour>`. It says hello (unless told not to),
// then misbehaves on every move request in the way named.
import { createInterface } from 'node:readline';

const behaviour = process.argv[2] ?? 'malformed';
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

if (behaviour === 'no-hello') await sleep(60_000);
if (behaviour === 'old-protocol') send({ type: 'hello', protocol: 99, name: 'old' });
else send({ type: 'hello', protocol: 1, name: `${behaviour}-${process.pid}` });

// A stubborn player answers well but never leaves by itself, not even when its input ends.
if (behaviour === 'stubborn') setInterval(() => {}, 1000);

let moves = 0;
const lines = createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  const message = JSON.parse(line);
  if (message.type !== 'move') return;
  moves += 1;
  const good = { type: 'action', id: message.id, action: message.legal[0] };
  switch (behaviour) {
    case 'malformed':
      return process.stdout.write('this is not JSON\n');
    case 'illegal':
      return send({ type: 'action', id: message.id, action: { type: 'teleport', to: 64 } });
    case 'slow':
      await sleep(message.timeLeftMs * 3);
      return send(good);
    case 'huge':
      // 2 MB on one line, then a good answer: the line costs a strike, the next request is answered.
      if (moves === 1) return process.stdout.write(`${'x'.repeat(2 * 1024 * 1024)}\n`);
      return send(good);
    case 'exits':
      if (moves === 2) process.exit(3);
      return send(good);
    default:
      return send(good);
  }
});
