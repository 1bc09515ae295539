/**
 * Player tokens for the arena (src/service/arena-tokens.ts) on both engines: a token is shown once and stored
 * only as its SHA-256, names are unique per server among live tokens, a revoked token is refused and its
 * connection closed, and the list tells which programs are connected.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GameService } from '../../src/service/index';
import { hashArenaToken } from '../../src/service/arena-tokens';
import type { ProgramPlayers } from '../../src/service/program-seats';
import { openTestStorage, STORAGE_ENGINES, type TestStorage } from '../support/pg-storage-engines';

const GUILD = '100000000000000001';
const OTHER = '100000000000000002';

describe.each(STORAGE_ENGINES)('arena player tokens (%s)', (engine) => {
  let test: TestStorage;
  let service: GameService;
  const disconnected: string[] = [];
  const connected = new Set<string>();

  beforeEach(async () => {
    test = await openTestStorage(engine);
    disconnected.length = 0;
    connected.clear();
    const programs: ProgramPlayers = {
      connectedPrograms: () => [...connected].map((tokenId) => ({ tokenId, name: tokenId })),
      openSeat: () => null,
      disconnect: (tokenId) => disconnected.push(tokenId),
    };
    service = new GameService({ store: test.storage, programs });
  });

  afterEach(async () => {
    service.stop();
    await test.dispose();
  });

  it('issues a token shown once and stored only as its hash', async () => {
    const issued = await service.arenaTokens.issue(GUILD, '  Bright Bot ', 'u1');
    expect(issued.name).toBe('Bright Bot');
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await service.arenaTokens.verify(issued.token)).toEqual({
      tokenId: issued.id,
      guildId: GUILD,
      name: 'Bright Bot',
    });
    const last = issued.token.at(-1) === 'A' ? 'B' : 'A';
    expect(await service.arenaTokens.verify(`${issued.token.slice(0, -1)}${last}`)).toBeNull();
    expect(await test.storage.arenaTokens.byHash(hashArenaToken(issued.token))).toMatchObject({
      id: issued.id,
    });
    const rows = await test.storage.arenaTokens.list(GUILD);
    expect(JSON.stringify(rows)).not.toContain(issued.token);
  });

  it('refuses a bad name and a name taken on the same server (another server may use it)', async () => {
    await expect(service.arenaTokens.issue(GUILD, '<@everyone>', 'u1')).rejects.toMatchObject({
      code: 'invalid_option',
    });
    await service.arenaTokens.issue(GUILD, 'bot', 'u1');
    await expect(service.arenaTokens.issue(GUILD, 'bot', 'u1')).rejects.toThrow(/already has a player token/);
    await expect(service.arenaTokens.issue(OTHER, 'bot', 'u1')).resolves.toMatchObject({ name: 'bot' });
  });

  it('revokes: the token is refused, its connection closed, and its name free again', async () => {
    const issued = await service.arenaTokens.issue(GUILD, 'bot', 'u1');
    const revoked = await service.arenaTokens.revoke(GUILD, 'bot');
    expect(revoked.id).toBe(issued.id);
    expect(disconnected).toEqual([issued.id]);
    expect(await service.arenaTokens.verify(issued.token)).toBeNull();
    await expect(service.arenaTokens.revoke(GUILD, 'bot')).rejects.toThrow(/no player token named/);
    const again = await service.arenaTokens.issue(GUILD, 'bot', 'u1');
    expect(again.id).not.toBe(issued.id);
  });

  it('lists the server’s live tokens by name, with which are connected', async () => {
    const b = await service.arenaTokens.issue(GUILD, 'beta', 'u1');
    await service.arenaTokens.issue(GUILD, 'alpha', 'u1');
    await service.arenaTokens.issue(OTHER, 'gamma', 'u1');
    connected.add(b.id);
    const list = await service.arenaTokens.list(GUILD);
    expect(list.map(({ name, connected: on }) => [name, on])).toEqual([
      ['alpha', false],
      ['beta', true],
    ]);
  });
});
