/**
 * Every refusal of every game through one check: the words a player reads when the platform or a game says no
 * (a play command with missing, bad or illegal values, a control that is not a move, the service's own
 * refusals) contain no "NaN" or "undefined", no doubled punctuation, no repeated prefix, and read as a sentence.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { playCommandAction, type RunningGame } from '../../src/bot/play-command';
import { botSees } from '../support/game-record';
import { errorText } from '../../src/bot/respond';
import { GAMES, type AnyGameModule } from '../../src/games/index';
import { ALICE, BOB, CAROL, GUILD, makeHarness, type Harness } from '../service/helpers';

/** What is wrong with a refusal's text (empty when it reads well). */
export function refusalProblems(text: string): string[] {
  const problems: string[] = [];
  if (/\bNaN\b|\bundefined\b|\bnull\b|\[object /.test(text)) problems.push('a missing value shows');
  if (/[.!?:;,]\s*[.!?:;,]/.test(text.replace(/https?:\/\/\S+/g, 'link')))
    problems.push('doubled punctuation');
  if (/^([^:]{3,}?)\b[^:]*:\s*\1/i.test(text)) problems.push('a repeated prefix');
  // A quoted value the player typed may open the sentence.
  if (!/^(["“][^"”]*["”]|[A-Z0-9`*])/.test(text)) problems.push('does not start with a capital');
  if (!/[.!?]$/.test(text)) problems.push('does not end a sentence');
  return problems;
}

/** Values a player can type or a forged interaction can send for an option, missing ones included. */
const ODD_VALUES: readonly (string | number | undefined)[] = [
  undefined,
  '',
  'zzz',
  'none',
  'take',
  'pay',
  0,
  -1,
  1.5,
  3,
  9999,
];

interface Sweep {
  texts: Set<string>;
  refusals: number;
}

function note(sweep: Sweep, text: string): void {
  sweep.texts.add(text);
  sweep.refusals += 1;
}

/** Runs `fn`; a refusal's text is noted. Returns what `fn` returned, or null when it was refused. */
async function attempt<T>(sweep: Sweep, fn: () => T | Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (error) {
    note(sweep, errorText(error));
    return null;
  }
}

/** Every play command of the game, with every odd value of each option, by each user, sent as the bot does. */
async function sweepCommands(h: Harness, sweep: Sweep, module: AnyGameModule, gameId: string): Promise<void> {
  const stored = (await h.service.getGame(gameId))!;
  const game = botSees(stored) as RunningGame;
  for (const user of [ALICE, BOB, CAROL]) {
    for (const play of module.commands) {
      const valueSets = [
        {},
        ...play.options.flatMap((spec) => ODD_VALUES.map((value) => ({ [spec.name]: value }))),
      ];
      for (const values of valueSets) {
        const action = await attempt(sweep, () => playCommandAction(module, play, game, user.id, values));
        if (action === null || isLegal(module, stored.state, action)) continue;
        await attempt(sweep, () => h.service.act(gameId, user.id, action, game.version));
      }
    }
    // A control that decodes to no move, and a move sent to an old version of the board.
    await attempt(sweep, () =>
      h.service.act(gameId, user.id, module.controls.decode('zz-not-a-token'), game.version),
    );
    await attempt(sweep, () => h.service.act(gameId, user.id, { type: 'forfeit' }, game.version));
    await attempt(sweep, () => h.service.act(gameId, user.id, { type: 'no-such-move' }, game.version));
  }
}

async function refusalOf(fn: () => unknown): Promise<string> {
  try {
    await fn();
  } catch (error) {
    return errorText(error);
  }
  throw new Error('not refused');
}

function isLegal(module: AnyGameModule, state: unknown, action: unknown): boolean {
  try {
    module.rules.apply(state, action);
    return true;
  } catch {
    return false;
  }
}

/** The service's own refusals around a game: lobby, start, turns, leaving, ending, rematch. */
async function sweepService(
  h: Harness,
  sweep: Sweep,
  module: AnyGameModule,
  channel: string,
): Promise<string> {
  const open = (extra: object) =>
    h.service.openLobby({ game: module.key, guildId: GUILD, channelId: channel, host: ALICE, ...extra });
  await attempt(sweep, () => open({ seats: 99 }));
  await attempt(sweep, () => open({ computerLevel: 'no-such-level' }));
  await attempt(sweep, () => open({ speed: 'warp' }));
  await attempt(sweep, () => open({ turnLimit: -3 }));
  await attempt(sweep, () => open({ options: { nonsense: 1 } }));
  await attempt(sweep, () =>
    h.service.openLobby({ game: 'chess', guildId: GUILD, channelId: channel, host: ALICE }),
  );
  const lobby = await open({ seats: 2 });
  await attempt(sweep, () => open({}));
  await attempt(sweep, () => h.service.join(lobby.id, ALICE));
  await attempt(sweep, () => h.service.leave(lobby.id, CAROL.id));
  await attempt(sweep, () => h.service.removeComputer(lobby.id, ALICE.id));
  await attempt(sweep, () => h.service.act(lobby.id, ALICE.id, { type: 'roll' }, 0));
  await h.service.join(lobby.id, BOB);
  await attempt(sweep, () => h.service.join(lobby.id, CAROL));
  await attempt(sweep, () => h.service.addComputer(lobby.id, ALICE.id));
  await attempt(sweep, () => h.service.addComputer(lobby.id, BOB.id));
  await attempt(sweep, () => h.service.startGame(lobby.id, BOB.id));
  await attempt(sweep, () => h.service.rematch(lobby.id, ALICE));
  await h.service.startGame(lobby.id, ALICE.id);
  await attempt(sweep, () => h.service.join(lobby.id, CAROL));
  await attempt(sweep, () => h.service.startGame(lobby.id, ALICE.id));
  await attempt(sweep, () => h.service.leaveGame(lobby.id, CAROL.id));
  await attempt(sweep, () => h.service.endGame(lobby.id, BOB.id));
  await attempt(sweep, () => h.service.act(lobby.id, ALICE.id, { type: 'roll' }, 12345));
  return lobby.id;
}

/** Plays the game with its first legal action until it ends, sweeping the commands at each step. */
async function playAndSweep(h: Harness, sweep: Sweep, module: AnyGameModule, gameId: string): Promise<void> {
  for (let step = 0; step < 400; step++) {
    const game = (await h.service.getGame(gameId))!;
    if (game.status !== 'active') break;
    if (step % 3 === 0) await sweepCommands(h, sweep, module, gameId);
    const current = module.rules.currentSeat(game.state);
    const userId = current === null ? null : game.seats[current]?.userId;
    const legal = module.rules.legalActions(game.state) as unknown[];
    if (!userId || legal.length === 0) break;
    await h.service.act(gameId, userId, legal[step % legal.length], game.version);
  }
  const over = (await h.service.getGame(gameId))!;
  if (over.status === 'active') await h.service.endGame(gameId, ALICE.id, { name: 'Alice' });
  await attempt(sweep, () => h.service.act(gameId, ALICE.id, { type: 'roll' }, over.version + 1));
  await attempt(sweep, () => h.service.endGame(gameId, ALICE.id));
  await attempt(sweep, () => h.service.cancel(gameId, ALICE.id));
  await attempt(sweep, () => h.service.rematch(gameId, CAROL));
  await attempt(sweep, () => h.service.leaveGame(gameId, ALICE.id));
}

/** A Greed game of Alice and Bob, Alice to roll. */
async function greedAliceToPlay(h: Harness) {
  const lobby = await h.service.openLobby({ game: 'greed', guildId: GUILD, channelId: 'c1', host: ALICE });
  await h.service.join(lobby.id, BOB);
  await h.service.startGame(lobby.id, ALICE.id);
  return {
    module: GAMES.require('greed'),
    game: botSees((await h.service.getGame(lobby.id))!) as RunningGame,
  };
}

describe('refusal texts', () => {
  let h: Harness;
  afterEach(async () => {
    h.service.stop();
    await h.dispose();
  });

  it('every refusal of every game reads as one clean sentence', async () => {
    h = await makeHarness();
    const problems: string[] = [];
    for (const module of GAMES.all) {
      const sweep: Sweep = { texts: new Set(), refusals: 0 };
      const gameId = await sweepService(h, sweep, module, `channel-${module.key}`);
      await playAndSweep(h, sweep, module, gameId);
      expect(sweep.texts.size, `${module.key}: distinct refusals`).toBeGreaterThan(15);
      for (const text of sweep.texts)
        for (const problem of refusalProblems(text)) problems.push(`${module.key}: ${problem}: "${text}"`);
    }
    expect(problems).toEqual([]);
  });

  it('a command and a control out of turn, or without a seat, are refused in the same words', async () => {
    h = await makeHarness();
    const { module, game } = await greedAliceToPlay(h);
    const roll = module.commands.find((command) => command.name === 'roll')!;
    const byCommand = (userId: string) => refusalOf(() => playCommandAction(module, roll, game, userId, {}));
    const byControl = (userId: string) =>
      refusalOf(() => h.service.act(game.id, userId, { type: 'roll' }, game.version));
    expect(await byCommand(BOB.id)).toBe('It is not your turn: Alice is to play.');
    expect(await byControl(BOB.id)).toBe(await byCommand(BOB.id));
    expect(await byCommand(CAROL.id)).toBe('You are not playing in this game.');
    expect(await byControl(CAROL.id)).toBe(await byCommand(CAROL.id));
  });

  it("a missing option is refused in the game's words when it has them, else by name (never read as NaN)", async () => {
    h = await makeHarness();
    const { module, game } = await greedAliceToPlay(h);
    const spec = {
      type: 'integer',
      name: 'count',
      description: 'How many',
      min: 1,
      max: 6,
      default: null,
      required: true,
    } as const;
    const careless = {
      name: 'keep',
      description: 'Keep dice',
      options: [spec],
      toAction: (values: { count?: unknown }) => ({ type: 'keep', count: Number(values.count) }),
    };
    const careful = { ...careless, toAction: () => ({ error: 'Say how many dice: 1 to 6' }) };
    expect(await refusalOf(() => playCommandAction(module, careless, game, ALICE.id, {}))).toBe(
      'The count option is missing: use `/greed keep count:…`.',
    );
    expect(await refusalOf(() => playCommandAction(module, careful, game, ALICE.id, {}))).toBe(
      'Say how many dice: 1 to 6.',
    );
  });

  it('the check catches what players reported', () => {
    expect(refusalProblems('Not allowed: there is no square NaN.')).toContain('a missing value shows');
    expect(refusalProblems('Not allowed: Roll first: you can stop only after a roll..')).toContain(
      'doubled punctuation',
    );
    expect(refusalProblems('Not allowed: Not allowed now: place a hedgehog.')).toContain('a repeated prefix');
    expect(refusalProblems('It is not your turn: Bob is to play.')).toEqual([]);
  });
});
