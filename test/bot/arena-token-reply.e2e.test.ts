/**
 * A player token is shown once, in the private answer to /arena token: when that answer cannot be sent (the
 * interaction expired), the token is revoked at once, since nobody saw it, and the failure is logged without it
 * (discord.js's error carries the request's body).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createLogger } from '../../src/logger';
import type { IssuedArenaToken } from '../../src/service/index';
import { createHarness, runCommand, type Harness } from './harness';

let h: Harness;
const logLines: string[] = [];

beforeEach(async () => {
  logLines.length = 0;
  const logger = createLogger({
    level: 'debug',
    format: 'json',
    destination: { write: (line: string) => logLines.push(line) },
  });
  h = await createHarness({ arena: {}, logger });
});

afterEach(() => h.close());

it('revokes a token whose private answer could not be sent, and never logs it', async () => {
  const teacher = h.fake.addUser({ username: 'teacher', guilds: [h.guildId], permissions: ['ManageGuild'] });
  const issued: IssuedArenaToken[] = [];
  const tokens = h.service.arenaTokens;
  const issue = tokens.issue.bind(tokens);
  tokens.issue = async (...args) => {
    const token = await issue(...args);
    issued.push(token);
    return token;
  };
  // The answer's first try is refused as Discord refuses an expired interaction's.
  h.fake.failNext({ method: 'POST', route: /\/interactions\/[^/]+\/[^/]+\/callback/, status: 401, count: 1 });
  await runCommand(h, teacher, 'token', { name: 'Lost' }, 'arena').catch(() => null);
  expect(issued).toHaveLength(1);
  const token = issued[0]!.token;
  expect(await h.service.arenaTokens.verify(token)).toBeNull();
  expect(await h.service.arenaTokens.list(h.guildId)).toEqual([]);
  expect(logLines.length).toBeGreaterThan(0);
  expect(logLines.join('\n')).not.toContain(token);
});
