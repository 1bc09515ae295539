/**
 * Lint keeps the bot behind the service's gate (eslint.config.js): a bot file that imports the store, the
 * service's raw helpers or GameService, or observes a state itself, fails; the same code is fine in the service.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import type { BotContext } from '../../src/bot/context';
import type { GameInfo, GameService, PlayerView, PublicView } from '../../src/service/index';
import type { GameRecord } from '../../src/store/index';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The project's rules without type information (the probe is not a file of the project). */
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

async function problems(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const PROBE = `
import type { GameRecord } from '../store/index';
import { stateSeenBy, type GameService } from '../service/index';
import type { AnyGameModule } from '../games/contract';

export function probe(module: AnyGameModule, game: GameRecord, service: GameService): unknown {
  void service;
  return [stateSeenBy(module, game, game.state, null), module.rules.observe(game.state, 0)];
}
`;

describe('the bot behind the gate', () => {
  it('refuses a bot file that reads the store, a raw state or GameService, or observes a state', async () => {
    const found = await problems(PROBE, 'src/bot/lint-probe.ts');
    expect(found.filter((p) => p.includes('The bot never reads the store'))).toHaveLength(1);
    expect(found.filter((p) => p.startsWith("no-restricted-imports: 'stateSeenBy'"))).toHaveLength(1);
    expect(found.filter((p) => p.startsWith("no-restricted-imports: 'GameService'"))).toHaveLength(1);
    expect(found.filter((p) => p.includes('Only the service observes a state'))).toHaveLength(1);
    const publisher = await problems(
      "import type { OutboxEntry } from '../../store/index';\nexport type E = OutboxEntry;\n",
      'src/bot/publishing/lint-probe.ts',
    );
    expect(publisher.join('\n')).toMatch(/The bot never reads the store/);
    const internals = await problems(
      "import { publicView } from '../service/observed';\nexport const p = publicView;\n",
      'src/bot/lint-probe.ts',
    );
    expect(internals.join('\n')).toMatch(/through the service gate/);
  });

  it('lets bot.ts alone take the GameService it wraps, and the service observe', async () => {
    const wrap = "import { ServiceGate, type GameService } from './service/index';\n";
    const botFile = await problems(wrap.replace('./service', '../service') + WRAP, 'src/bot/bot.ts');
    expect(botFile).toEqual([]);
    const service = await problems(PROBE, 'src/service/lint-probe.ts');
    expect(service).toEqual([]);
  });
});

const WRAP = 'export const gate = (service: GameService) => new ServiceGate(service);\n';

describe('the types the bot is given', () => {
  it('take no raw state: a stored record, a state or the GameService does not pass for what the gate gives', () => {
    // Each line below fails to compile (tsc checks the tests) if the guard it names is lost.
    const accepts = <T>(value: T) => value;
    const raw = {} as unknown;
    const stored = {} as GameRecord;
    const service = {} as GameService;
    // @ts-expect-error a raw state is not a public view
    accepts<PublicView>(raw);
    // @ts-expect-error a raw state is not a seat's view
    accepts<PlayerView>(raw);
    // @ts-expect-error a stored record (raw state, seed) is not the bot's GameInfo
    accepts<GameInfo>(stored);
    // @ts-expect-error the bot's handlers are given the gate, not the GameService
    accepts<BotContext['service']>(service);
    expect(accepts(1)).toBe(1);
  });
});
