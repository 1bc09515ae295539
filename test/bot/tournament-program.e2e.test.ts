/**
 * A tournament with an outside program among its entrants: a program connected over the arena's WebSocket with
 * its player token enters by its name beside the built-in levels, plays its seats in the tournament's games as
 * in any lobby (docs/players-protocol.md), and is marked as a program in the standings; every game verifies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../src/fakediscord/index';
import { TestProgram } from '../arena/ws-program';
import { allComponents, createHarness, runCommand, waitUntil, type Harness } from './harness';

let h: Harness;
let program: TestProgram | null = null;

beforeAll(async () => {
  h = await createHarness({ arena: {} });
});
afterAll(async () => {
  program?.close();
  await h.close();
});

function listedGames(message: StoredMessage): string[] {
  return allComponents(message)
    .filter((component) => component.type === 3)
    .flatMap((component) => component.options?.map((option) => option.value) ?? []);
}

describe('a tournament with a program entrant', () => {
  it('seats the connected program by its name beside built-in levels', { timeout: 120_000 }, async () => {
    const teacher = h.fake.addUser({
      username: 'teacher',
      globalName: 'Teacher',
      guilds: [h.guildId],
      permissions: ['ManageGuild'],
    });
    const issued = await runCommand(h, teacher, 'token', { name: 'Student Bot' }, 'arena');
    const token = /```\n([A-Za-z0-9_-]{43})\n```/.exec(issued.message!.content)?.[1];
    if (!token) throw new Error(`no token in ${issued.message!.content}`);
    program = await TestProgram.connect({ port: h.arena!.port, token, name: 'student' });

    const suggested = await h.fake.autocomplete({
      user: teacher,
      channel: h.channel,
      name: 'greed',
      subcommand: 'tournament',
      options: {},
      focused: 'entrants',
      value: 'stu',
    });
    expect(suggested.map((choice) => choice.value)).toEqual(['Student Bot']);

    const started = await runCommand(
      h,
      teacher,
      'tournament',
      { entrants: 'Student Bot, steady', games: 2 },
      'greed',
    );
    expect(started.ephemeral).toBe(false);
    const thread = [...h.fake.state.channels.values()].find((channel) => channel.parentId === h.channel.id)!;
    await waitUntil(
      () => h.fake.messages(thread.id).some((message) => listedGames(message).length > 0),
      100_000,
      'the list of games',
    );
    const [standings, , list] = h.fake.messages(thread.id);
    expect(standings!.content).toContain('**Student Bot** (program)');
    expect(standings!.content).toContain('**Steady**');
    expect(program.answers).toBeGreaterThan(0);
    const ids = listedGames(list!);
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      const game = await h.service.getGame(id);
      expect(game?.status).toBe('finished');
      expect(game?.seats.map((seat) => seat.name).sort()).toEqual(['Steady', 'Student Bot']);
      expect((await h.service.verifyGame(id)).ok).toBe(true);
    }
  });
});
