import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { createLogger } from '../src/logger';

describe('configuration', () => {
  it('has sensible defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      DATABASE_PATH: './data/hare.db',
      AI_TURN_DELAY_MS: 1500,
      HUMAN_TURN_TIMEOUT_MS: 600_000,
      IDLE_POLICY: 'computer',
      LOG_LEVEL: 'info',
      SANDBOX_PORT: 3000,
    });
  });

  it('treats empty variables (as in a copied .env.example) as unset', () => {
    const config = loadConfig({
      DISCORD_TOKEN: '',
      DISCORD_CLIENT_ID: '',
      AI_TURN_DELAY_MS: '',
      LOG_LEVEL: '',
    });
    expect(config.DISCORD_TOKEN).toBeUndefined();
    expect(config.AI_TURN_DELAY_MS).toBe(1500);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DISCORD_TOKEN: 'abc.def.ghi',
      DISCORD_CLIENT_ID: '123456789012345678',
      DISCORD_GUILD_ID: '876543210987654321',
      DATABASE_PATH: '/tmp/x.db',
      AI_TURN_DELAY_MS: '250',
      HUMAN_TURN_TIMEOUT_MS: '60000',
      IDLE_POLICY: 'skip',
      LOG_LEVEL: 'debug',
      SANDBOX_PORT: '0',
    });
    expect(config).toMatchObject({
      AI_TURN_DELAY_MS: 250,
      IDLE_POLICY: 'skip',
      SANDBOX_PORT: 0,
      DISCORD_GUILD_ID: '876543210987654321',
    });
  });

  it('names every bad variable in one clear error', () => {
    let caught: unknown;
    try {
      loadConfig({
        AI_TURN_DELAY_MS: 'soon',
        IDLE_POLICY: 'nap',
        DISCORD_CLIENT_ID: 'my-bot',
        SANDBOX_PORT: '70000',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    for (const name of ['AI_TURN_DELAY_MS', 'IDLE_POLICY', 'DISCORD_CLIENT_ID', 'SANDBOX_PORT'])
      expect(message).toContain(name);
    expect((caught as ConfigError).problems).toHaveLength(4);
  });
});

describe('logger', () => {
  it('never prints the token, and drops lines below its level', () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const errors = vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    const token = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.secret.token';
    const logger = createLogger('info', [token]);
    logger.debug('hidden line');
    logger.info(`connecting with ${token}`);
    logger.error('failed', new Error(`bad token ${token}`));
    spy.mockRestore();
    errors.mockRestore();
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).not.toContain(token);
    expect(lines[0]).toContain('[redacted]');
  });
});
