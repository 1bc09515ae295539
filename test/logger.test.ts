import { describe, expect, it } from 'vitest';
import { createLogger, type LogFormat } from '../src/logger';

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.secret.token';

function capture(format: LogFormat, level: 'debug' | 'info' = 'info') {
  const lines: string[] = [];
  const logger = createLogger({
    level,
    secrets: [TOKEN],
    format,
    destination: { write: (line: string) => lines.push(line) },
  });
  return { logger, lines };
}

describe('logger', () => {
  it('writes one JSON object a line, with the ids as fields and errors with their stack', () => {
    const { logger, lines } = capture('json');
    logger.child({ guildId: '111', channelId: '222' }).warn('posting paused', new Error('Missing Access'), {
      gameId: '42',
      userId: '333',
    });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 'warn',
      msg: 'posting paused',
      gameId: '42',
      guildId: '111',
      channelId: '222',
      userId: '333',
    });
    expect((entry.err as { stack: string }).stack).toContain('Missing Access');
    expect(typeof entry.time).toBe('string');
  });

  it('never writes the token, in a message, a field or an error, in either format', () => {
    for (const format of ['json', 'pretty'] as const) {
      const { logger, lines } = capture(format);
      logger.info(`connecting with ${TOKEN}`);
      logger.error('failed', new Error(`bad token ${TOKEN}`));
      logger.warn('request', { url: `https://discord.com/api/${TOKEN}` });
      expect(lines).toHaveLength(3);
      expect(lines.join('\n')).not.toContain(TOKEN);
      expect(lines[0]).toContain('[redacted]');
    }
  });

  it('drops lines below its level', () => {
    const { logger, lines } = capture('json', 'info');
    logger.debug('hidden');
    logger.info('shown');
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['shown']);
  });

  it('prints one readable line for a terminal', () => {
    const { logger, lines } = capture('pretty');
    logger.warn('posting paused', 'Missing Access', { gameId: '42' });
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} WARN {2}posting paused {2}gameId=42 · Missing Access\n$/,
    );
  });
});
