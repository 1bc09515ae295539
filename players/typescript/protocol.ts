/**
 * The few lines every TypeScript starter shares: say hello, then answer each move request with `choose`'s
 * action (docs/players-protocol.md). Node's standard library only.
 */
import { createInterface } from 'node:readline';

export interface Welcome {
  type: 'welcome';
  game: string;
  seat: number;
  seats: number;
  seed: string;
  timeLimitMs: number;
}

export interface MoveRequest<State, Action> {
  type: 'move';
  id: number;
  seat: number;
  state: State;
  legal: Action[];
  timeLeftMs: number;
}

/** A small seeded generator (sfc32), so the same arena seed gives the same games. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
  let [a, b, c, d] = [h >>> 0, (h ^ 0x9e3779b9) >>> 0, (h ^ 0x85ebca6b) >>> 0, (h ^ 0xc2b2ae35) >>> 0];
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

export function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

function send(message: unknown): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

/** Plays one game: `choose` gets each request and the welcome's seeded generator. */
export function play<State, Action>(
  name: string,
  choose: (request: MoveRequest<State, Action>, random: () => number) => Action,
): void {
  send({ type: 'hello', protocol: 1, name });
  let random = seededRandom(name);
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const message = JSON.parse(line) as { type: string } & Record<string, unknown>;
    if (message.type === 'welcome') random = seededRandom((message as unknown as Welcome).seed);
    else if (message.type === 'move') {
      const request = message as unknown as MoveRequest<State, Action>;
      send({ type: 'action', id: request.id, action: choose(request, random) });
    } else if (message.type === 'strike') console.error(`strike: ${String(message.message)}`);
    else if (message.type === 'end') lines.close();
  });
}
