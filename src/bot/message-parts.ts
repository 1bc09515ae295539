/** The pieces every message of the bot shares: its payload, colours, headings, endings and placings. */
import type { AttachmentBuilder, EmbedBuilder } from 'discord.js';
import type { AnyGameModule, SeatView } from '../games/contract';
import { seatColor } from '../games/draw/palette';
import { placeText } from '../games/draw/image-words';
import type { Language } from '../i18n/index';
import type { GameInfo, Placing, StateView } from '../service/index';
import type { Row } from './controls';

export interface MessagePayload {
  content?: string;
  embeds: EmbedBuilder[];
  components: Row[];
  files?: AttachmentBuilder[];
}

export const GREY = 0x888888;
/** Discord's limits on an embed's parts (characters). */
export const EMBED_LIMITS = { title: 256, footer: 2048, fieldValue: 1024 } as const;
export const DEFAULT_COLOR = 0x3f8f4f;

export function seatViews(game: GameInfo): SeatView[] {
  return game.seats.map((seat) => ({ name: seat.name, kind: seat.level ?? 'human' }));
}

export function heading(module: AnyGameModule, text: string): string {
  return module.emoji ? `${module.emoji} ${text}` : text;
}

export function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** "a novice", "an intermediate". */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * How a finished game ended, so that every message says the same: won, stopped by someone not playing (it counts
 * for nobody), a player's forfeit (they stopped it), or at the turn limit.
 */
export type Ending = 'won' | 'stopped' | 'forfeit' | 'turn-limit';

export function endingOf(module: AnyGameModule, game: GameInfo, state: StateView | null): Ending {
  if (game.endReason === 'ended') return game.forfeit ? 'forfeit' : 'stopped';
  return module.rules.endedByTurnLimit?.(state) === true ? 'turn-limit' : 'won';
}

/** The game's options in a few words, for games that have options ("standard rules" alone says nothing). */
export function optionsSummary(module: AnyGameModule, game: GameInfo, language: Language): string {
  if (module.options.length === 0) return '';
  return module.texts.optionsSummary?.(game.options.game, language) ?? '';
}

/** A footer's parts joined with " · ", the empty ones left out. */
export function footerParts(...parts: string[]): string {
  return parts.filter((part) => part !== '').join(' · ');
}

export function colorOf(seat: number): number {
  return Number.parseInt(seatColor(seat).replace('#', ''), 16);
}

/** "🥇 **1st** <@…>": the place is written out; a medal only decorates it (and none when a game was stopped). */
export function placingsText(placings: readonly Placing[], language: Language, medals = true): string {
  const medal = (place: number) => (medals ? (['🥇 ', '🥈 ', '🥉 '][place - 1] ?? '') : '');
  const who = (p: Placing) => (p.kind === 'human' && p.userId ? `<@${p.userId}>` : `🤖 ${p.name}`);
  return placings.map((p) => `${medal(p.place)}**${placeText(p.place, language)}** ${who(p)}`).join('\n');
}
