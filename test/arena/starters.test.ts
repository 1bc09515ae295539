/**
 * The starter players (players/python, players/typescript) conform: each plays a whole game of its game
 * against the built-in weakest level over stdio without a strike, and every request it was sent matches the
 * game's published schema.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SeatChannel } from '../../src/arena/channel';
import { playGame } from '../../src/arena/match';
import type { HostMessage } from '../../src/arena/protocol';
import { StdioChannel, commandFor } from '../../src/arena/stdio';
import { GAMES } from '../../src/games/index';
import { validate } from './json-schema-subset';

const ROOT = resolve(__dirname, '..', '..');

/** The channel to a program, with every message it was sent kept. */
function recorded(program: string, sent: HostMessage[]): SeatChannel {
  const channel = new StdioChannel(commandFor(program));
  return {
    send: (message) => {
      sent.push(message);
      channel.send(message);
    },
    receive: (timeoutMs) => channel.receive(timeoutMs),
    close: () => channel.close(),
  };
}

describe('the starter players', () => {
  for (const module of GAMES.all)
    for (const language of ['python', 'typescript'] as const)
      it(`${language}/${module.key} plays a whole game legally`, async () => {
        const program = resolve(
          ROOT,
          'players',
          language,
          `${module.key}.${language === 'python' ? 'py' : 'ts'}`,
        );
        const sent: HostMessage[] = [];
        const result = await playGame(
          module,
          {
            index: 0,
            game: module.key,
            options: { turnLimit: 30 },
            seed: `starter-${language}`,
            seats: [
              { kind: 'program', entrant: 0, name: 'starter', program },
              { kind: 'builtin', entrant: 1, name: 'builtin', level: module.computer.levels[0]! },
            ],
            timeLimitMs: 5000,
            helloTimeoutMs: 20_000,
          },
          (path) => recorded(path, sent),
        );
        const starter = result.seats[0]!;
        expect(starter).toMatchObject({
          replaced: null,
          problem: '',
          strikes: { late: 0, malformed: 0, illegal: 0 },
        });
        const requests = sent.filter((message) => message.type === 'move');
        expect(starter.moves).toBe(requests.length);
        expect(requests.length).toBeGreaterThan(0);
        const document = JSON.parse(
          readFileSync(resolve(ROOT, 'docs', 'players-schema', `${module.key}.json`), 'utf8'),
        ) as Record<string, unknown>;
        const request = (document.$defs as Record<string, Record<string, unknown>>).request!;
        for (const message of requests) expect(validate(document, request, message)).toEqual([]);
        expect(sent[0]).toMatchObject({ type: 'welcome', game: module.key, seat: 0 });
        expect(sent.at(-1)).toMatchObject({ type: 'end', game: module.key });
      }, 30_000);
});
