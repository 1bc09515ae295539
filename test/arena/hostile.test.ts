/**
 * The stdio seat driver against hostile programs: malformed JSON, illegal actions, slow answers, a line over
 * the 1 MB limit, a program that exits, one that never says hello or speaks another protocol, one that never
 * leaves. Every game finishes; strikes hand the seat to the built-in player after three, and the table is told.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Incoming, SeatChannel } from '../../src/arena/channel';
import { LineSplitter } from '../../src/arena/lines';
import { playGame, type GameResult, type GameSpec } from '../../src/arena/match';
import type { HostMessage } from '../../src/arena/protocol';
import { StdioChannel, commandFor } from '../../src/arena/stdio';
import { GAMES } from '../../src/games/index';

const HOSTILE = resolve(__dirname, 'programs', 'hostile.mjs');
const greed = GAMES.require('greed');

function spec(behaviour: string, overrides: Partial<GameSpec> = {}): GameSpec {
  return {
    index: 0,
    game: 'greed',
    options: { turnLimit: 6 },
    seed: `hostile-${behaviour}`,
    seats: [
      { kind: 'program', entrant: 0, name: behaviour, program: behaviour },
      { kind: 'builtin', entrant: 1, name: 'steady', level: 'steady' },
    ],
    timeLimitMs: 1500,
    helloTimeoutMs: 5000,
    ...overrides,
  };
}

/** Programs by name: the hostile script with that behaviour (or a command line of the test's own). */
function hostile(channels: StdioChannel[] = []) {
  return (program: string) => {
    const command = program.startsWith('/') ? commandFor(program) : commandFor(HOSTILE);
    if (!program.startsWith('/')) command.args.push(program);
    const channel = new StdioChannel(command);
    channels.push(channel);
    return channel;
  };
}

function expectFinished(result: GameResult): void {
  const places = result.seats.map((seat) => seat.place);
  expect(places).toContain(1);
  for (const place of places) expect([1, 2]).toContain(place);
  expect(result.actions).toBeGreaterThan(0);
}

describe('a hostile program never stops the game', () => {
  it('malformed answers: three strikes, then the built-in player has the seat and the table is told', async () => {
    const result = await playGame(greed, spec('malformed'), hostile());
    expectFinished(result);
    const seat = result.seats[0]!;
    expect(seat.strikes).toEqual({ late: 0, malformed: 3, illegal: 0 });
    expect(seat.replaced).toBe('strikes');
    expect(result.notes).toEqual([
      expect.stringMatching(/seat 1\) is played by the built-in cautious from now on/),
    ]);
  });

  it('illegal actions: three strikes', async () => {
    const result = await playGame(greed, spec('illegal'), hostile());
    expectFinished(result);
    expect(result.seats[0]!.strikes).toEqual({ late: 0, malformed: 0, illegal: 3 });
    expect(result.seats[0]!.replaced).toBe('strikes');
  });

  it('slow answers: late strikes, and a late answer is never taken for the next request', async () => {
    const started = performance.now();
    const result = await playGame(greed, spec('slow', { timeLimitMs: 250 }), hostile());
    expectFinished(result);
    expect(result.seats[0]!.strikes).toEqual({ late: 3, malformed: 0, illegal: 0 });
    expect(result.seats[0]!.moves).toBe(0);
    expect(performance.now() - started).toBeLessThan(8000);
  });

  it('a 2 MB line: one strike, and the next answers count', async () => {
    const result = await playGame(greed, spec('huge'), hostile());
    expectFinished(result);
    expect(result.seats[0]!.strikes).toEqual({ late: 0, malformed: 1, illegal: 0 });
    expect(result.seats[0]!.replaced).toBeNull();
    expect(result.seats[0]!.moves).toBeGreaterThan(0);
  });

  it('a program that exits mid-game: the built-in player has the seat at once', async () => {
    const result = await playGame(greed, spec('exits'), hostile());
    expectFinished(result);
    expect(result.seats[0]!.replaced).toBe('exited');
    expect(result.seats[0]!.problem).toMatch(/exited with code 3/);
    expect(result.seats[0]!.moves).toBe(1);
  });

  it('no hello in time, another protocol, or nothing to start: the built-in player plays the whole game', async () => {
    const silent = await playGame(greed, spec('no-hello', { helloTimeoutMs: 400 }), hostile());
    expectFinished(silent);
    expect(silent.seats[0]).toMatchObject({ replaced: 'handshake', problem: 'no hello within 400 ms' });
    const old = await playGame(greed, spec('old-protocol'), hostile());
    expect(old.seats[0]).toMatchObject({
      replaced: 'handshake',
      problem: expect.stringMatching(/protocol 1, not 99/),
    });
    const missing = await playGame(greed, spec('/no/such/player'), hostile());
    expectFinished(missing);
    expect(missing.seats[0]!.replaced).toBe('handshake');
  });

  it('a program that ignores the end is stopped', async () => {
    const channels: StdioChannel[] = [];
    const result = await playGame(greed, spec('stubborn'), hostile(channels));
    expectFinished(result);
    expect(result.seats[0]!.moves).toBeGreaterThan(0);
    const pid = channels[0]!.pid!;
    expect(() => process.kill(pid, 0)).toThrow();
  });
});

/** A program in the test itself: answers each request with `answer`, records what it was sent. */
class ScriptedChannel implements SeatChannel {
  readonly sent: HostMessage[] = [];
  private readonly queue: string[] = [JSON.stringify({ type: 'hello', protocol: 1, name: 'scripted' })];

  constructor(private readonly answer: (request: Extract<HostMessage, { type: 'move' }>) => string) {}

  send(message: HostMessage): void {
    this.sent.push(message);
    if (message.type === 'move') this.queue.push(this.answer(message));
  }

  receive(): Promise<Incoming> {
    const text = this.queue.shift();
    return Promise.resolve(text === undefined ? { kind: 'timeout' } : { kind: 'line', text });
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

describe('the seat driver over any channel', () => {
  it('tells every program at the table when a seat passes to the built-in player', async () => {
    const good = new ScriptedChannel((request) =>
      JSON.stringify({ type: 'action', id: request.id, action: request.legal[0] }),
    );
    const bad = new ScriptedChannel(() => '{"type":"action"}');
    const result = await playGame(
      greed,
      {
        ...spec('scripted'),
        seats: [
          { kind: 'program', entrant: 0, name: 'good', program: 'good' },
          { kind: 'program', entrant: 1, name: 'bad', program: 'bad' },
        ],
      },
      (program) => (program === 'good' ? good : bad),
    );
    expectFinished(result);
    expect(result.seats[1]!.replaced).toBe('strikes');
    const notices = good.sent.filter((message) => message.type === 'notice');
    expect(notices).toEqual([
      expect.objectContaining({ seat: 1, text: expect.stringMatching(/^bad \(seat 2\)/) }),
    ]);
    expect(bad.sent.filter((message) => message.type === 'strike')).toHaveLength(3);
    expect(good.sent[0]).toMatchObject({ type: 'welcome', protocol: 1, game: 'greed', seat: 0, seats: 2 });
    expect(good.sent.at(-1)).toMatchObject({ type: 'end', standings: expect.any(Array) });
  });
});

describe('the line splitter', () => {
  it('joins lines across chunks and drops a line over the limit up to its newline', () => {
    const splitter = new LineSplitter(8);
    expect(splitter.push(Buffer.from('{"a"'))).toEqual([]);
    expect(splitter.push(Buffer.from(':1}\r\nxx'))).toEqual([{ kind: 'line', text: '{"a":1}' }]);
    expect(splitter.push(Buffer.from('xxxxxxxxxxxxx'))).toEqual([{ kind: 'oversize' }]);
    expect(splitter.push(Buffer.from('yyy\nok\n'))).toEqual([{ kind: 'line', text: 'ok' }]);
  });
});
