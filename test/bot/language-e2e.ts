/**
 * For the end-to-end language tests: a harness whose server and players speak a language of their choice, every
 * text the fake Discord shows a player (by where it shows), the texts the images draw, the English words that
 * must not show, and a player who plays any game to its end through its controls.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { APIEmbed, Locale } from 'discord.js';
import { GAMES } from '../../src/games/index';
import type { StoredMessage } from '../../src/fakediscord/index';
import {
  MESSAGES_CATALOGUE,
  PLATFORM_CATALOGUE,
  REPLIES_CATALOGUE,
  type Catalogue,
  type Language,
} from '../../src/i18n/index';
import { seedRng, type RngState } from '../../src/games/kit/random';
import type { AnyGameModule } from '../../src/games/contract';
import { loadGameRenderer, type Renderer } from '../../src/workers/render-pool';
import { drawRatingChart } from '../../src/games/draw/rating-chart';
import { drawStandingsChart } from '../../src/games/draw/standings-chart';
import type { GameRenderer } from '../../src/games/contract';
import { catalogueValues, wordsOf } from '../support/language-sweep';
import {
  allComponents,
  boardShowing,
  controlsOf,
  createHarness,
  pressButton,
  waitForBoardOrEnd,
  waitForVersionAfter,
  type Harness,
} from './harness';

type FakeUser = Harness['users']['alice'];

/** One image the bot had drawn: what it asked for, the texts drawn on it, and the PNG. */
export interface DrawnImage {
  kind: 'board' | 'summary' | 'tool' | 'rating-chart' | 'standings-chart';
  gameKey: string | null;
  texts: string[];
  png: Buffer;
}

const canvasPrototype = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')) as SKRSContext2D;

/** Runs `draw` (synchronous) and returns what it drew, with every text drawn on a canvas meanwhile. */
function drawCatching(draw: () => Uint8Array): { png: Buffer; texts: string[] } {
  const texts: string[] = [];
  const original = canvasPrototype.fillText;
  canvasPrototype.fillText = function (
    this: SKRSContext2D,
    text: string,
    x: number,
    y: number,
    max?: number,
  ) {
    texts.push(text);
    return original.call(this, text, x, y, max);
  };
  try {
    const bytes = draw();
    // A copy: the bytes may be a view of a buffer the next image reuses.
    return { png: Buffer.from(bytes), texts };
  } finally {
    canvasPrototype.fillText = original;
  }
}

/**
 * Draws the images on this thread, as the inline renderer does, keeping the texts drawn on each: so a test can
 * read what an attached image says (`drawnOn`).
 */
export function recordingRenderer(): Renderer & {
  images: DrawnImage[];
  drawnOn(png: Buffer): DrawnImage | null;
} {
  const images: DrawnImage[] = [];
  const draw = async (
    kind: DrawnImage['kind'],
    gameKey: string | null,
    run: (renderer: GameRenderer<unknown, unknown> | null) => Uint8Array,
  ) => {
    const renderer = gameKey ? await loadGameRenderer(GAMES.require(gameKey)) : null;
    const image = { kind, gameKey, ...drawCatching(() => run(renderer)) };
    images.push(image);
    return image.png;
  };
  return {
    images,
    drawnOn: (png) => images.find((image) => image.png.equals(png)) ?? null,
    board: (gameKey, input) => draw('board', gameKey, (renderer) => renderer!.board(input)),
    summary: (gameKey, input) => draw('summary', gameKey, (renderer) => renderer!.summary(input)),
    tool: (gameKey, input) => draw('tool', gameKey, (renderer) => renderer!.tool!(input)),
    ratingChart: (input) => draw('rating-chart', null, () => drawRatingChart(input)),
    standingsChart: (input) => draw('standings-chart', null, () => drawStandingsChart(input)),
    close: async () => undefined,
  };
}

export interface LanguageHarness extends Harness {
  renderer: ReturnType<typeof recordingRenderer>;
}

/** A harness drawing on this thread (keeping the texts drawn) in a server whose locale is `guildLocale`. */
export async function harnessIn(guildLocale: Locale): Promise<LanguageHarness> {
  const renderer = recordingRenderer();
  const h = await createHarness({ aiTurnDelayMs: 5, renderer });
  h.fake.state.guild(h.guildId).locale = guildLocale;
  return Object.assign(h, { renderer });
}

/** A member of the harness's server whose Discord client is in `locale`. */
export function playerIn(h: Harness, name: string, locale: Locale): FakeUser {
  return h.fake.addUser({ username: name.toLowerCase(), globalName: name, locale, guilds: [h.guildId] });
}

// ---- what the messages show ------------------------------------------------------------------------------------

/** Where a text shows: in a public message or a private reply, and in which part of it. */
export type Place =
  | 'public content'
  | 'public embed'
  | 'public components'
  | 'public image descriptions'
  | 'public images'
  | 'private content'
  | 'private embed'
  | 'private components'
  | 'private image descriptions'
  | 'private images';

export interface SeenText {
  place: Place;
  text: string;
  /** The one user who sees it (a private reply), or null: everyone in the channel. */
  viewer: string | null;
}

interface ComponentJson {
  label?: string;
  placeholder?: string;
  content?: string;
  options?: { label?: string; description?: string }[];
  components?: ComponentJson[];
  accessory?: ComponentJson;
}

function componentTexts(components: readonly ComponentJson[]): string[] {
  return components.flatMap((component) => [
    ...(component.label ? [component.label] : []),
    ...(component.placeholder ? [component.placeholder] : []),
    ...(component.content ? [component.content] : []),
    ...(component.options ?? []).flatMap((option) => [
      ...(option.label ? [option.label] : []),
      ...(option.description ? [option.description] : []),
    ]),
    ...componentTexts(component.components ?? []),
    ...(component.accessory ? componentTexts([component.accessory]) : []),
  ]);
}

function embedTexts(embed: APIEmbed): string[] {
  return [
    embed.title,
    embed.description,
    embed.author?.name,
    embed.footer?.text,
    ...(embed.fields ?? []).flatMap((field) => [field.name, field.value]),
  ].filter((text): text is string => typeof text === 'string' && text.length > 0);
}

/**
 * Every text of every revision of the channel's messages by the bot, each with where it showed; an attached
 * image's texts are those the renderer drew on it.
 */
export function seenTexts(
  h: LanguageHarness,
  filter: (message: StoredMessage) => boolean = () => true,
): SeenText[] {
  const seen: SeenText[] = [];
  const botId = h.fake.bot.id;
  for (const message of h.fake.messages(h.channel.id, { includeDeleted: true })) {
    if (message.authorId !== botId || !filter(message)) continue;
    const side = message.visibleTo === null ? 'public' : 'private';
    for (const revision of [...message.history, message]) {
      const add = (part: string, texts: readonly string[]) => {
        for (const text of texts)
          seen.push({ place: `${side} ${part}` as Place, text, viewer: message.visibleTo });
      };
      add('content', revision.content ? [revision.content] : []);
      add('embed', revision.embeds.flatMap(embedTexts));
      add('components', componentTexts(revision.components as ComponentJson[]));
      add(
        'image descriptions',
        revision.attachments.flatMap((attachment) =>
          attachment.description ? [attachment.description] : [],
        ),
      );
      add(
        'images',
        revision.attachments.flatMap((attachment) => h.renderer.drawnOn(attachment.data)?.texts ?? []),
      );
    }
  }
  return seen;
}

// ---- the English words -----------------------------------------------------------------------------------------

/** Common English words the bot writes or wrote outside any catalogue. */
export const EXTRA_ENGLISH = [
  'the',
  'you',
  'your',
  'is',
  'are',
  'to',
  'and',
  'of',
  'with',
  'game',
  'games',
  'turn',
  'turns',
  'wins',
  'won',
  'winner',
  'player',
  'players',
  'computer',
  'computers',
  'host',
  'join',
  'joined',
  'leave',
  'left',
  'cancel',
  'standings',
  'result',
  'rating',
  'round',
  'seat',
  'seats',
  'free',
  'nobody',
  'out',
  'time',
  'lobby',
  'start',
  'started',
  'waiting',
  'board',
  'move',
  'moves',
  'rules',
  'speed',
  'fast',
  'level',
  'none',
  'yet',
  'no',
  'not',
  'this',
  'there',
  'here',
  'channel',
  'only',
  'see',
  'these',
  'controls',
  'choose',
  'play',
  'plays',
  'playing',
  'over',
  'ended',
  'end',
  'finished',
  'place',
  'points',
  'score',
  'history',
  'replay',
  'log',
  'latest',
  'summary',
  'stats',
  'leaderboard',
  'verify',
  'fair',
  'seed',
  'novice',
  'steady',
  'careful',
  'advanced',
  'expert',
];

const NAMESPACES: readonly Catalogue[] = [
  PLATFORM_CATALOGUE,
  MESSAGES_CATALOGUE,
  REPLIES_CATALOGUE,
  ...GAMES.all.flatMap((module) => (module.catalogue ? [module.catalogue] : [])),
];

/** Every word of a language's catalogues: the platform's namespaces and every game's. */
function catalogueWordsOf(language: Language): string[] {
  return NAMESPACES.flatMap((catalogue) => catalogueValues(catalogue[language])).flatMap(wordsOf);
}

/**
 * The words of `foreign`'s catalogues (and `extra`) that `language`'s catalogues never use (nor `allowed`): a
 * text in `language` holding one of them was not (fully) written in `language`.
 */
export function foreignWords(
  language: Language,
  foreign: Language,
  extra: readonly string[] = [],
  allowed: readonly string[] = [],
): Set<string> {
  const own = new Set([...catalogueWordsOf(language), ...allowed.map((word) => word.toLowerCase())]);
  const theirs = [...catalogueWordsOf(foreign), ...extra.flatMap(wordsOf)];
  return new Set(theirs.filter((word) => word.length > 1 && !own.has(word)));
}

/** The words of the English catalogues (every namespace and game) and EXTRA_ENGLISH that `language` never uses. */
export function englishWords(language: Language, allowed: readonly string[] = []): Set<string> {
  return foreignWords(language, 'en', EXTRA_ENGLISH, allowed);
}

/**
 * What may stay as it is in any language: mentions, channel links, timestamps, custom emoji, links, seeds and
 * hashes, the games' slash commands (`/hare hand`, with options `seats:3`), a shell command in a code span
 * (`npm run verify -- --game hare …`), game ids and the names of the people playing (and the computers', named in
 * the game's language).
 */
export function withoutAllowed(text: string, names: readonly string[], ids: readonly string[]): string {
  let cleaned = text
    .replace(/<(?:@[!&]?|#)\d+>/g, ' ')
    .replace(/<\/[\w -]+:\d+>/g, ' ')
    .replace(/<t:\d+(?::\w)?>/g, ' ')
    .replace(/<a?:\w+:\d+>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/`npm run [^`]*`/g, ' ')
    // Seeds and hashes: their letters could spell a short English word ("be", "bad").
    .replace(/\b(?=[0-9a-f]*\d)[0-9a-f]{6,}\b/gi, ' ');
  const games = GAMES.all.map((module) => module.key).join('|');
  cleaned = cleaned.replace(new RegExp(`/(?:${games})(?: [a-z-]+)?(?: [\\w-]+:\\S+)*`, 'g'), ' ');
  for (const value of [...names, ...ids].filter((v) => v.length > 0))
    cleaned = cleaned.split(value).join(' ');
  return cleaned;
}

/** The `words` found, by where they showed, one entry per word: "word ← the first text that held it". */
export function wordsByPlace(
  texts: readonly SeenText[],
  words: ReadonlySet<string>,
  names: readonly string[],
  ids: readonly string[],
): Partial<Record<Place, string[]>> {
  const found: Partial<Record<Place, Map<string, string>>> = {};
  for (const { place, text } of texts) {
    const hits = wordsOf(withoutAllowed(text, names, ids)).filter((word) => words.has(word));
    if (hits.length === 0) continue;
    const byWord = (found[place] ??= new Map());
    for (const word of hits)
      if (!byWord.has(word)) byWord.set(word, `${word} ← ${text.replace(/\s+/g, ' ').slice(0, 120)}`);
  }
  return Object.fromEntries(
    Object.entries(found).map(([place, byWord]) => [place, [...byWord.values()].sort()]),
  ) as Partial<Record<Place, string[]>>;
}

// ---- playing ---------------------------------------------------------------------------------------------------

/**
 * Takes the action the game's weakest computer would take, through the board's (or the private) controls; when
 * no control offers it (a choice the controls fold into another), the first control offered.
 */
async function takeAction(
  h: Harness,
  module: AnyGameModule,
  state: unknown,
  seat: number,
  user: FakeUser,
  board: StoredMessage,
  rng: RngState,
): Promise<void> {
  const view = module.rules.observe(state, seat);
  const token = module.controls.encode(module.computer.choose(view, module.computer.levels[0]!, rng));
  const controls = await controlsOf(h, user, board);
  const components = allComponents(controls);
  const isAction = (id: string | undefined) => /:(act|pact|select|pselect):/.test(id ?? '');
  const button =
    components.find((c) => c.type === 2 && c.custom_id?.endsWith(`:${token}`) && isAction(c.custom_id)) ??
    null;
  const menu = components.find((c) => c.type === 3 && c.options?.some((o) => o.value === token)) ?? null;
  if (button) await pressButton(h, user, controls.id, button.custom_id!);
  else if (menu) await choose(h, user, controls.id, menu.custom_id!, token);
  else {
    const first = components.find((c) => isAction(c.custom_id) && (c.type === 2 || c.options?.length));
    if (!first) throw new Error(`no control among ${components.map((c) => c.custom_id).join(', ')}`);
    if (first.type === 2) await pressButton(h, user, controls.id, first.custom_id!);
    else await choose(h, user, controls.id, first.custom_id!, first.options![0]!.value);
  }
}

function choose(h: Harness, user: FakeUser, messageId: string, customId: string, value: string) {
  return h.fake.waitForResponse(h.fake.selectMenu({ user, messageId, customId, values: [value] }));
}

/**
 * Plays the `players`' turns of a running game to its end, each choosing as the game's weakest computer would
 * and taking that action through the board's (or the private) controls; the computers play on their timers.
 * `onTurn` runs before each of the players' turns (for typed commands; a typed play command may be the move).
 * Returns the number of the players' turns.
 */
export async function playToEnd(
  h: Harness,
  gameKey: string,
  gameId: string,
  players: readonly FakeUser[],
  onTurn: (turn: number, user: FakeUser) => Promise<void> = async () => {},
): Promise<number> {
  const module = GAMES.require(gameKey);
  const byId = new Map(players.map((user) => [user.id, user]));
  const rng = seedRng(`e2e-language:${gameId}`);
  let turns = 0;
  for (let step = 0; step < 3000; step++) {
    const game = await waitForBoardOrEnd(h, gameId, 20_000);
    if (game.status !== 'active') return turns;
    const seatIndex = module.rules.currentSeat(game.state);
    const seat = seatIndex === null ? undefined : game.seats[seatIndex];
    const user = seat?.userId && !seat.left ? byId.get(seat.userId) : undefined;
    if (seatIndex === null || !user) {
      await waitForVersionAfter(h, gameId, game.version, 'the computer');
      continue;
    }
    await onTurn(turns, user);
    turns++;
    const fresh = (await h.service.getGame(gameId))!;
    if (fresh.version !== game.version) continue; // a typed play command was the move
    const board = boardShowing(h, game);
    if (!board) continue;
    await takeAction(h, module, game.state, seatIndex, user, board, rng);
    await waitForVersionAfter(h, gameId, game.version, `${user.username}'s action`);
  }
  throw new Error(`the ${gameKey} game did not end`);
}
