/** The summary posted when a game ends: placings, each seat's figures, notes and the summary image. */
import { AttachmentBuilder, EmbedBuilder } from 'discord.js';
import type { AnyGameModule, Figure } from '../games/contract';
import { formatNumber, placeText } from '../games/draw/image-words';
import { DEFAULT_LANGUAGE, messageWords, type Language } from '../i18n/index';
import {
  forfeitSeat,
  forfeitedBy,
  sentence,
  stoppedBy as stoppedByText,
  type GameInfo,
  type Placing,
  type PublicView,
} from '../service/index';
import type { Renderer } from '../workers/render-pool';
import { revealField } from './fairness-views';
import { figureNotes } from './figure-notes';
import { gameTitle, languageOf } from './game-words';
import { summaryAltText } from './image-descriptions';
import {
  DEFAULT_COLOR,
  EMBED_LIMITS,
  endingOf,
  footerParts,
  optionsSummary,
  placingsText,
  seatViews,
  type MessagePayload,
} from './message-parts';

/** "1 turn", "3 lettuces eaten". */
export function figureText(figure: Figure): string {
  return figureTextIn(figure, DEFAULT_LANGUAGE);
}

/** A figure in `language`: the module gives its words, the number is written as the language does ("1.200"). */
export function figureTextIn(figure: Figure, language: Language): string {
  const label = figure.value === 1 ? (figure.singular ?? figure.label) : figure.label;
  const value = typeof figure.value === 'number' ? formatNumber(figure.value, language) : figure.value;
  return `${value} ${label}`;
}

function figuresLine(module: AnyGameModule, state: PublicView, seat: number, language: Language): string {
  return module.texts
    .figures(state, seat, language)
    .map((figure) => figureTextIn(figure, language))
    .join(', ');
}

export async function summaryPayload(
  module: AnyGameModule,
  game: GameInfo,
  state: PublicView,
  placings: readonly Placing[],
  renderer: Renderer,
  language: Language = languageOf(game),
): Promise<MessagePayload> {
  const t = messageWords(language);
  const title = gameTitle(module, language);
  const ending = endingOf(module, game, state);
  const ended = ending === 'stopped' || ending === 'forfeit';
  const stoppedBy = ended ? (game.endedBy?.name ?? t('theHost')) : null;
  // A summary is of a game that has ended, whose state everyone may see (the public view is the state then).
  const seen = state;
  const image = await renderer.summary(module.key, {
    state: seen,
    seats: seatViews(game),
    stoppedBy,
    forfeitSeat: ending === 'forfeit' ? forfeitSeat(game) : null,
    language,
  });
  const figureLines = new Map(placings.map((p) => [p.seat, figuresLine(module, seen, p.seat, language)]));
  const figures = placings.map((p) => {
    const line = figureLines.get(p.seat);
    const who = `**${placeText(p.place, language)} ${p.name}**`;
    return line ? `${who} — ${line}` : who;
  });
  const notes = figureNotes(
    module,
    seen,
    placings.map((p) => p.seat),
    language,
  );
  const summary = optionsSummary(module, game, language);
  const winner = placings[0]?.name ?? t('nobody');
  const heading = {
    won: t('summary.wins', { title, name: winner }),
    stopped: t('summary.stopped', { title, name: stoppedBy ?? '' }),
    forfeit: t('summary.forfeited', { title, name: stoppedBy ?? '' }),
    'turn-limit': t('summary.turnLimit', { title }),
  }[ending];
  const intro = {
    won: '',
    stopped: `${sentence(stoppedByText(stoppedBy ?? '', language))} ${t('summary.standingsThen')}\n`,
    forfeit: `${sentence(forfeitedBy(stoppedBy ?? '', language))} ${t('summary.forfeitPlaces', { name: stoppedBy ?? '' })}\n`,
    'turn-limit': `${t('summary.turnLimitIntro')}\n`,
  }[ending];
  const places = placingsText(placings, language, ending === 'won' || ending === 'forfeit');
  const embed = new EmbedBuilder()
    .setColor(module.color ?? DEFAULT_COLOR)
    .setTitle(heading.slice(0, EMBED_LIMITS.title))
    .setDescription(
      [`${intro}${places}`, figures.join('\n'), notes.join('\n')].join('\n\n').trim().slice(0, 4000),
    )
    .setImage('attachment://summary.png')
    .setFooter({ text: footerParts(t('game', { id: game.id }), summary) });
  const reveal = revealField(module, game);
  if (reveal) embed.addFields(reveal);
  const outcome = {
    won: t('summary.outcomeWins', { name: winner }),
    stopped: t('summary.outcomeStopped', { name: stoppedBy ?? '' }),
    forfeit: t('summary.outcomeForfeited', { name: stoppedBy ?? '' }),
    'turn-limit': t('summary.outcomeTurnLimit'),
  }[ending];
  const description = summaryAltText({ module, game, state, placings, outcome, figures: figureLines });
  return {
    embeds: [embed],
    components: [],
    files: [new AttachmentBuilder(image, { name: 'summary.png', description })],
  };
}
