/**
 * The alt text of every image the bot posts (Discord's attachment `description`): what a screen-reader user
 * needs of it, in at most 1,024 characters. Board and summary: the game's own description of the position
 * (GameTexts.describeImage, else its status lines), the latest log lines (the last roll or card) and the result.
 */
import type { AnyGameModule } from '../games/contract';
import { placeText } from '../games/draw/image-words';
import { DEFAULT_LANGUAGE, messageWords, type Language } from '../i18n/index';
import { textContext, type GameInfo, type Placing, type PublicView } from '../service/index';
import { gameTitle, languageOf } from './game-words';
import { semicolonIn } from '../i18n/punctuation';

/** Discord's limit on an attachment's description. */
export const ALT_TEXT_LIMIT = 1024;

/** Discord markdown and mentions read badly aloud. */
function plain(text: string): string {
  return text
    .replace(/\*\*|__|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function asSentence(text: string): string {
  const clean = plain(text);
  return /[.!?:…]$/.test(clean) ? clean : `${clean}.`;
}

/**
 * The parts as sentences, most important first, within the limit: the first part that no longer fits whole is
 * cut short with "…" and the rest left out.
 */
export function fitAltText(parts: readonly string[]): string {
  let text = '';
  for (const part of parts.filter((candidate) => candidate.trim() !== '')) {
    const sentence = asSentence(part);
    const next = text === '' ? sentence : `${text} ${sentence}`;
    if (next.length <= ALT_TEXT_LIMIT) {
      text = next;
      continue;
    }
    const room = ALT_TEXT_LIMIT - text.length - 2;
    if (room > 20) text = `${text} ${sentence.slice(0, room)}…`.trim();
    break;
  }
  return text;
}

/** The game's description of the position for everyone (no seat's secrets). */
export function positionLines(
  module: AnyGameModule,
  game: GameInfo,
  view: PublicView,
  language: Language = languageOf(game),
): string[] {
  const ctx = textContext(game, null, false, language);
  return module.texts.describeImage?.(view, ctx) ?? module.texts.status(view, ctx);
}

export function placesText(placings: readonly Placing[], language: Language = DEFAULT_LANGUAGE): string {
  const places = placings.map((p) => `${placeText(p.place, language)} ${p.name}`).join(', ');
  return messageWords(language)('alt.places', { places });
}

export interface BoardImageFacts {
  module: AnyGameModule;
  game: GameInfo;
  state: PublicView;
  /** The log lines since the image before (the last roll, card or move), oldest first. */
  recentLines: readonly string[];
  /** Final places once the game is over. */
  placings: readonly Placing[] | null;
  /** What the image is, after the game's title: "replay after move 12"… Absent: the board. */
  what?: string;
  /** The language of the text (absent: the game's). */
  language?: Language;
}

export function boardAltText(facts: BoardImageFacts): string {
  const { module, game, state } = facts;
  const language = facts.language ?? languageOf(game);
  const t = messageWords(language);
  const title = gameTitle(module, language);
  const heading = facts.what ? `${title} ${facts.what}` : t('alt.board', { title });
  const result = facts.placings ? [placesText(facts.placings, language)] : [];
  const latest = facts.recentLines.slice(-4);
  const lines = latest.map(plain).join(semicolonIn(language));
  const latestLines = latest.length > 0 ? [t('alt.latest', { lines })] : [];
  return fitAltText([heading, ...result, ...latestLines, ...positionLines(module, game, state, language)]);
}

export interface SummaryImageFacts {
  module: AnyGameModule;
  game: GameInfo;
  state: PublicView;
  placings: readonly Placing[];
  /** "Ada wins", "stopped by Bob, no winner", "turn limit reached, no winner". */
  outcome: string;
  /** Each place's figures ("3 busts, 1,200 in the best turn"), by seat. */
  figures: ReadonlyMap<number, string>;
}

export function summaryAltText(facts: SummaryImageFacts): string {
  const { module, game, state, placings } = facts;
  const language = languageOf(game);
  const t = messageWords(language);
  const places = placings.map((p) => {
    const figures = facts.figures.get(p.seat);
    return `${placeText(p.place, language)} ${p.name}${figures ? ` (${figures})` : ''}`;
  });
  return fitAltText([
    t('alt.summary', { title: gameTitle(module, language), outcome: facts.outcome }),
    t('alt.places', { places: places.join(semicolonIn(language)) }),
    ...positionLines(module, game, state, language),
  ]);
}
