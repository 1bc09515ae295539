/**
 * Every public message of a game speaks the game's language (`options.language`): the lobby, the live, finished
 * and stopped boards, the summary, the turn mention, the closed and expired lobby, the public log lines the
 * service writes, and the images' alt texts. A word of the English catalogues (or one the code once wrote) that
 * the language's own catalogues never use fails the test.
 */
import { describe, expect, it } from 'vitest';
import { DiscordAPIError, RESTJSONErrorCodes, type APIEmbed } from 'discord.js';
import { finishedButtons } from '../../src/bot/archive-views';
import { gameTitle } from '../../src/bot/game-words';
import { PostingPauses } from '../../src/bot/publishing/posting-pauses';
import { recordingLogger } from '../support/recording-logger';
import {
  boardPayload,
  closedLobbyPayload,
  lobbyPayload,
  summaryPayload,
  type MessagePayload,
} from '../../src/bot/views';
import { abandonedLobbyText, cancelledLobbyText, closedLobbyText } from '../../src/bot/lobby-expiry-notes';
import { TurnMentions } from '../../src/bot/publishing/turn-mentions';
import { commandWords, GAMES, type AnyGameModule } from '../../src/games/index';
import { seedRng } from '../../src/games/kit/random';
import {
  MESSAGES_CATALOGUE,
  PLATFORM_CATALOGUE,
  type Catalogue,
  type Language,
  type Messages,
} from '../../src/i18n/index';
import {
  LOBBY_EXPIRY,
  describeEvents,
  eventsSeenBy,
  placings,
  stoppedBy,
  type GameInfo,
  type PublicUpdate,
} from '../../src/service/index';
import { computerSeatName, seatLeftLine, timeoutLine } from '../../src/service/views';
import type { EndReason, GameStatus, SeatRecord } from '../../src/store/index';
import { createInlineRenderer } from '../../src/workers/render-pool';
import { englishLeft, englishOnlyWords } from '../support/language-sweep';
import { sampleGame } from '../support/game-record';

const renderer = createInlineRenderer(GAMES);

function discordError(code: number, status = 403) {
  return new DiscordAPIError({ code, message: 'refused' }, code, status, 'POST', '/channels/c/messages', {});
}
const missingAccess = discordError(RESTJSONErrorCodes.MissingAccess);

/** A channel the bot can still write in, lacking `missing`; what it posts is recorded. */
function pauseChannels(missing: string[]) {
  const sent: string[] = [];
  const channels = {
    access: () => ({ missing, canWrite: true }),
    send: async (_channelId: string, content: string) => {
      sent.push(content);
      return `notice-${sent.length}`;
    },
  };
  return { channels, sent };
}

/** Words the code wrote in English before the messages had a catalogue: a forgotten one is caught. */
const EXTRA = [
  'game',
  'games',
  'turn',
  'wins',
  'winner',
  'host',
  'player',
  'players',
  'computer',
  'computers',
  'join',
  'leave',
  'start',
  'cancel',
  'add',
  'remove',
  'standings',
  'result',
  'board',
  'lobby',
  'free',
  'nobody',
  'joins',
  'presses',
  'speed',
  'limit',
  'places',
  'latest',
  'summary',
  'stopped',
  'reached',
  'seed',
  'commitment',
  'server',
  'fair',
  'dice',
  'cards',
  'check',
  'every',
  'download',
  'log',
  'choose',
  'your',
  'move',
  'press',
  'under',
  'since',
  'last',
  'ran',
  'out',
  'time',
  'loses',
  'plays',
  'left',
  'closed',
  'itself',
  'touched',
  'open',
  'new',
  'minutes',
  'hours',
  'seat',
  'over',
  'the',
  'when',
  'then',
  'and',
  'with',
  'of',
  'to',
  'in',
  'is',
  'was',
  'my',
];

/** One catalogue of every namespace a public message draws from: the platform's and the game's. */
function merged(module: AnyGameModule): Catalogue {
  const of = (language: Language): Messages => ({
    messages: MESSAGES_CATALOGUE[language],
    platform: PLATFORM_CATALOGUE[language],
    game: module.catalogue![language],
  });
  return { en: of('en'), de: of('de'), fr: of('fr'), es: of('es') };
}

/** A text as the check reads it: mentions, code (command names, seeds), links and emoji left out. */
function readable(text: string): string {
  return text
    .replace(/`[^`]*`/g, ' ')
    .replace(/<@!?\d+>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\/[\p{L}-]+ [\p{L}-]+/gu, ' ');
}

function payloadTexts(payload: MessagePayload): string[] {
  const texts: string[] = [];
  if (payload.content) texts.push(payload.content);
  for (const embed of payload.embeds) {
    const json: APIEmbed = embed.toJSON();
    texts.push(json.title ?? '', json.description ?? '', json.footer?.text ?? '');
    for (const field of json.fields ?? []) texts.push(field.name, field.value);
  }
  for (const row of payload.components) {
    for (const component of row.toJSON().components as unknown as Record<string, unknown>[]) {
      if (typeof component.label === 'string') texts.push(component.label);
      if (typeof component.placeholder === 'string') texts.push(component.placeholder);
      for (const option of (component.options ?? []) as { label: string; description?: string }[])
        texts.push(option.label, option.description ?? '');
    }
  }
  for (const file of payload.files ?? []) texts.push(file.description ?? '');
  return texts.filter((text) => text !== '');
}

const HUMAN = (index: number, name: string): SeatRecord => ({
  index,
  kind: 'human',
  userId: String(10 + index),
  level: null,
  name,
  left: false,
});

/** A computer seat named as the lobby names it, in the game's language ("Routinier 1"). */
function computerSeat(module: AnyGameModule, index: number, language: Language): SeatRecord {
  const level = module.computer.defaultLevel;
  const name = computerSeatName(module, level, 1, language);
  return { index, kind: 'computer', userId: null, level, name, left: false };
}

function record(
  module: AnyGameModule,
  language: Language,
  state: unknown,
  status: GameStatus,
  endReason: EndReason | null,
  seats: SeatRecord[],
): GameInfo {
  return sampleGame({
    module,
    state,
    status,
    endReason,
    seats,
    language,
    seatsWanted: 3,
    turnLimit: 40,
    stopper: 'Ada',
    committed: true,
  });
}

/** A running game with a few moves made, the human in seat 0 to act, and the log lines of those moves. */
function liveGame(module: AnyGameModule, language: Language) {
  const seats = [HUMAN(0, 'Ada'), computerSeat(module, 1, language)];
  let state = module.rules.create({ seats: 2, seed: 'public language', options: {} });
  const rng = seedRng('public language');
  const lines: string[] = [];
  let events: unknown[] = [];
  for (let step = 0; step < 200; step++) {
    if (step >= 3 && module.rules.currentSeat(state) === 0) break;
    const view = module.rules.observe(state, module.rules.currentSeat(state));
    const applied = module.rules.apply(
      state,
      module.computer.choose(view, module.computer.defaultLevel, rng),
    );
    state = applied.state;
    events = applied.events;
    const game = record(module, language, state, 'active', null, seats);
    lines.push(...describeEvents(module, game, state, events));
  }
  expect(module.rules.isOver(state)).toBe(false);
  return { game: record(module, language, state, 'active', null, seats), state, events, lines };
}

function finishedState(module: AnyGameModule): unknown {
  let state = module.rules.create({ seats: 2, seed: 'to the end', options: {} });
  const rng = seedRng('to the end');
  for (let step = 0; step < 20_000 && !module.rules.isOver(state); step++)
    state = module.rules.apply(state, module.computer.choose(state, module.computer.defaultLevel, rng)).state;
  return state;
}

/** Every public text of one game in one language. */
async function publicTexts(module: AnyGameModule, language: Language): Promise<string[]> {
  const texts: string[] = [];
  const lobby = record(module, language, null, 'lobby', null, [
    HUMAN(0, 'Ada'),
    computerSeat(module, 1, language),
  ]);
  texts.push(...payloadTexts(lobbyPayload(module, lobby)));
  const idle = { lobbyIdleMs: () => 30 * 60_000, games: GAMES };
  const expired = { ...lobby, status: 'cancelled' as const, endedBy: { id: LOBBY_EXPIRY.id, name: 'x' } };
  texts.push(...payloadTexts(closedLobbyPayload(module, expired, closedLobbyText(idle, expired))));
  const closed = { ...lobby, status: 'cancelled' as const, endedBy: { id: '10', name: 'Ada' } };
  texts.push(...payloadTexts(closedLobbyPayload(module, closed, closedLobbyText(idle, closed))));
  texts.push(cancelledLobbyText(closed, '10'), abandonedLobbyText(closed));

  const live = liveGame(module, language);
  // As the service's gate hands them out: the public view and the public events.
  const publicEvents = [...eventsSeenBy(module, live.game, live.state, live.events, null)];
  const view = {
    module,
    game: live.game,
    state: live.game.state!,
    recentEvents: publicEvents,
    placings: null,
  };
  texts.push(...payloadTexts(await boardPayload({ ...view, recentLines: live.lines.slice(-4) }, renderer)));
  texts.push(...payloadTexts(await boardPayload({ ...view, recentLines: [] }, renderer)));
  texts.push(timeoutLine(live.game, 0, { type: 'forfeit' }), timeoutLine(live.game, 0, { type: 'move' }));
  texts.push(stoppedBy('Ada', language));
  texts.push(seatLeftLine(module, live.game, 'Ada', module.computer.defaultLevel));

  const mentions = new TurnMentions();
  const update: PublicUpdate = {
    cause: 'action',
    game: live.game,
    state: live.game.state!,
    events: publicEvents,
    lines: live.lines,
    seat: 1,
    actor: { kind: 'computer', level: module.computer.defaultLevel },
    action: null,
    next: { seat: 0, kind: 'human', human: true, userId: '10', name: 'Ada', dueAt: null },
    finished: false,
    placings: null,
  };
  mentions.note(update);
  const plan = mentions.plan(live.game, update, module);
  expect(plan.post).not.toBeNull();
  texts.push(plan.post!.content);

  const seats = [HUMAN(0, 'Ada'), HUMAN(1, 'Bo')];
  const over = finishedState(module);
  for (const [state, endReason] of [
    [over, 'completed'],
    [live.state, 'ended'],
  ] as const) {
    const game = record(module, language, state, 'finished', endReason, seats);
    const places = placings(module, game, state);
    const board = { module, game, state: game.state!, recentEvents: [], recentLines: [], placings: places };
    texts.push(...payloadTexts(await boardPayload(board, renderer)));
    texts.push(...payloadTexts(await summaryPayload(module, game, game.state!, places, renderer)));
  }
  texts.push(...payloadTexts({ embeds: [], components: finishedButtons(module, 'g1', undefined, language) }));

  const { channels, sent } = pauseChannels(['Attach Files', 'Embed Links']);
  const pauses = new PostingPauses(channels, recordingLogger().logger);
  for (const [id, error] of [
    ['p1', missingAccess],
    ['p2', discordError(RESTJSONErrorCodes.UnknownChannel, 404)],
    ['p3', discordError(RESTJSONErrorCodes.InvalidActionOnArchivedThread, 400)],
  ] as const) {
    pauses.begin({ id, channelId: 'c' }, error, false);
    await pauses.tell({ id, channelId: 'c' }, gameTitle(module, language), language);
  }
  const noAccess = pauseChannels([]);
  const blind = new PostingPauses(noAccess.channels, recordingLogger().logger);
  blind.begin({ id: 'p4', channelId: 'c' }, missingAccess, false);
  await blind.tell({ id: 'p4', channelId: 'c' }, gameTitle(module, language), language);
  expect([...sent, ...noAccess.sent]).toHaveLength(4);
  texts.push(...sent, ...noAccess.sent);
  return texts;
}

describe.each(['de', 'fr', 'es'] as const)('the public messages in %s', (language) => {
  it.each(GAMES.all.map((module) => [module.key, module] as const))(
    '%s: no English word left',
    async (_key, module) => {
      const english = englishOnlyWords(merged(module), language, EXTRA);
      const texts = (await publicTexts(module, language)).map(readable);
      expect(englishLeft(texts, english)).toEqual([]);
    },
  );

  it.each(GAMES.all.map((module) => [module.key, module] as const))(
    '%s: names every command as Discord shows it in the language',
    async (_key, module) => {
      const words = commandWords(module, language)!;
      // An English subcommand name that the language calls otherwise ("move" is "ziehen").
      const english = new Set(
        Object.entries(words.subcommands).flatMap(([sub, w]) => (w.name === sub ? [] : [sub])),
      );
      const named = (await publicTexts(module, language)).flatMap((text) =>
        [...text.matchAll(/(?<![\p{L}\p{N}/:])\/([\p{L}-]+)(?: ([\p{L}-]+))?/gu)].map(
          (m) => [m[1]!, m[2]] as const,
        ),
      );
      expect(named.length).toBeGreaterThan(0);
      const wrong = named.filter(([command, sub]) => command !== words.name || (sub && english.has(sub)));
      expect(wrong).toEqual([]);
    },
  );
});

describe('places and numbers as the language writes them', () => {
  it('German: "1." for the first place, the seats and the turn limit in German words', async () => {
    const module = GAMES.require('greed');
    const seats = [HUMAN(0, 'Ada'), HUMAN(1, 'Bo')];
    const state = finishedState(module);
    const game = record(module, 'de', state, 'finished', 'completed', seats);
    const places = placings(module, game, state);
    const board = await boardPayload(
      { module, game, state: game.state!, recentEvents: [], recentLines: [], placings: places },
      renderer,
    );
    const field = board.embeds[0]!.toJSON().fields![0]!;
    expect(field.name).toBe('Ergebnis');
    expect(field.value).toContain('🥇 **1.** <@10>');
    const lobby = lobbyPayload(module, record(module, 'de', null, 'lobby', null, [HUMAN(0, 'Ada')]));
    const embed = lobby.embeds[0]!.toJSON();
    expect(embed.title).toBe('🎲 Gier (Greed) — neue Partie');
    expect(embed.description).toContain('3 Spieler · Computertempo: normal · Rundenlimit 40');
  });
});

describe('the public messages in English', () => {
  it('keep their words', async () => {
    const module = GAMES.require('hare');
    const texts = await publicTexts(module, 'en');
    expect(texts).toContain('🐇 Hare & Tortoise — new game');
    expect(texts).toContain('Add computer');
    expect(texts.some((text) => text.startsWith('Game g1 · Join (a player takes a computer'))).toBe(true);
    expect(texts.some((text) => text.startsWith('🏆 Hare & Tortoise — ') && text.endsWith(' wins!'))).toBe(
      true,
    );
    expect(texts).toContain('🏁 Hare & Tortoise — stopped by Ada');
    expect(texts).toContain('Join');
    expect(texts).toContain('Download log');
    expect(texts).toContain(
      '⚠️ Hare & Tortoise is paused here: I am missing the permissions **Attach Files, Embed Links** in this channel. The game goes on by itself as soon as a server admin grants it.',
    );
    expect(texts).toContain('Standings when stopped');
    expect(texts).toContain('Ada ran out of time and loses the turn');
    expect(texts).toContain('Ada left the game; a computer (intermediate) plays the seat from now on');
    expect(texts.some((text) => text.startsWith('Hare & Tortoise board.'))).toBe(true);
    expect(texts.some((text) => text.includes(', your turn in Hare & Tortoise — '))).toBe(true);
  });
});
