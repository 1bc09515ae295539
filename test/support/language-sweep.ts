/**
 * Everything a player could see of a game module in one language, gathered through the contract alone: complete
 * games played by its computer players, with every log line (public, per seat and revealed), status, hand,
 * alt text, title, action label, control, figure, refusal and suggestion, and the rules, levels and options.
 * And the words left in English: the English catalogue's words that the other language's catalogue never uses.
 */
import type { AnyGameModule, CommandValues, TextContext } from '../../src/games/contract';
import { seedRng } from '../../src/games/kit/random';
import type { Catalogue, Language, Messages } from '../../src/i18n/index';

export const NAMES = ['Ada', 'Bo', 'Cyd', 'Dana', 'Eun-ji', 'Farah'];

export interface SweepGame {
  seats: number;
  seed: string;
  options?: Record<string, unknown>;
}

export function catalogueValues(messages: Messages): string[] {
  return Object.values(messages).flatMap((value) =>
    typeof value === 'string' ? [value] : catalogueValues(value),
  );
}

/** The words of a text, lowercased: runs of letters (and apostrophes inside English words). */
export function wordsOf(text: string): string[] {
  return [...text.replace(/\{\{[^}]*\}\}/g, ' ').matchAll(/\p{L}+(?:['’]\p{L}+)*/gu)].map((match) =>
    match[0].toLowerCase(),
  );
}

/**
 * The English words that must not show in `language`: every word of the English catalogue (and `extra`, words
 * the code once wrote), less the words the language's own catalogue uses (names, shared words) and `allowed`.
 */
export function englishOnlyWords(
  catalogue: Catalogue,
  language: Language,
  extra: readonly string[] = [],
  allowed: readonly string[] = [],
): Set<string> {
  const own = new Set(catalogueValues(catalogue[language]).flatMap(wordsOf));
  for (const word of allowed) own.add(word.toLowerCase());
  const english = [...catalogueValues(catalogue.en), ...extra].flatMap(wordsOf);
  return new Set(english.filter((word) => word.length > 1 && !own.has(word)));
}

/** The texts holding an English-only word, each as "word ← text". */
export function englishLeft(texts: readonly string[], english: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const text of texts)
    for (const word of wordsOf(text)) if (english.has(word)) found.add(`${word} ← ${text}`);
  return [...found];
}

function controlTexts(module: AnyGameModule, view: unknown, seat: number, language: Language): string[] {
  const texts: string[] = [];
  for (const row of module.controls.rows(view, seat, language))
    for (const control of row) {
      if (control.kind === 'button') texts.push(control.label);
      else {
        texts.push(control.placeholder);
        for (const option of control.options)
          texts.push(option.label, ...(option.description ? [option.description] : []));
      }
    }
  return texts;
}

const ODD_VALUES: CommandValues[] = [{}, { row: 99, move: 'zzz', seats: 0, games: 0 }, { row: 1, move: '' }];

function commandTexts(module: AnyGameModule, view: unknown, seat: number, language: Language): string[] {
  const texts: string[] = [];
  for (const command of module.commands) {
    for (const values of ODD_VALUES) {
      const answer = command.toAction(values, view, seat, language) as { error?: string };
      if (answer && typeof answer.error === 'string') texts.push(answer.error);
    }
    for (const option of command.options)
      if ('autocomplete' in option && option.autocomplete && command.autocomplete)
        texts.push(
          ...command.autocomplete(option.name, '', view, seat, language).map((choice) => choice.name),
        );
  }
  return texts;
}

/** Every text of the games, in `language`. */
export function sweepTexts(module: AnyGameModule, language: Language, games: readonly SweepGame[]): string[] {
  const texts: string[] = [];
  const { rules, texts: words } = module;
  for (const game of games) {
    let state = rules.create({ seats: game.seats, seed: game.seed, options: game.options ?? {} });
    const names = NAMES.slice(0, game.seats);
    const ctx = (viewerSeat: number | null, reveal = false): TextContext => ({
      names,
      viewerSeat,
      language,
      ...(reveal ? { reveal } : {}),
    });
    const rng = seedRng(`${game.seed}:computer`);
    const levels = module.computer.levels;
    for (let step = 0; !rules.isOver(state); step++) {
      const seat = rules.currentSeat(state)!;
      const publicView = rules.observe(state, null);
      texts.push(...words.status(publicView, ctx(null)));
      texts.push(...(words.describeImage?.(publicView, ctx(null)) ?? []));
      if (words.boardTitle) texts.push(words.boardTitle(publicView, ctx(null)));
      for (let other = 0; other < game.seats; other++) {
        const view = rules.observe(state, other);
        texts.push(words.hand(view, other, ctx(other)));
        texts.push(...controlTexts(module, view, other, language));
        texts.push(...commandTexts(module, view, other, language));
      }
      const own = rules.observe(state, seat);
      for (const action of rules.legalActions(state)) texts.push(words.actionLabel(action, own, language));
      const level = levels[(seat + step) % levels.length]!;
      const { state: next, events } = rules.apply(state, module.computer.choose(own, level, rng));
      for (const event of events) {
        for (const viewer of [null, ...names.keys()]) {
          const seen = rules.observeEvent ? rules.observeEvent(event, next, viewer) : event;
          const line = words.describeEvent(seen, rules.observe(next, viewer), ctx(viewer));
          if (line !== null) texts.push(line);
        }
        const revealed = words.describeEvent(event, next, ctx(null, true));
        if (revealed !== null) texts.push(revealed);
      }
      state = next;
    }
    texts.push(...words.status(state, ctx(null)), ...(words.describeImage?.(state, ctx(null)) ?? []));
    for (let seat = 0; seat < game.seats; seat++) {
      texts.push(words.hand(state, seat, ctx(seat)));
      texts.push(...commandTexts(module, state, seat, language));
      for (const figure of words.figures(state, seat, language))
        texts.push(figure.label, ...(figure.singular ? [figure.singular] : []), String(figure.value));
    }
  }
  for (const level of [...module.computer.levels, 'mystery'])
    texts.push(words.levelDescription(level, language));
  const optionSets = games.map((game) => (game.options ?? {}) as Record<string, string | number>);
  for (const options of [{}, ...optionSets]) {
    texts.push(typeof words.rules === 'string' ? words.rules : words.rules(options, language));
    if (words.optionsSummary) texts.push(words.optionsSummary(options, language));
  }
  const catalogue = module.catalogue![language] as Record<string, unknown>;
  for (const key of ['seatNoun', 'seatNounPlural', 'footerHint']) texts.push(String(catalogue[key]));
  return texts;
}

/** The words of a text as the kit's and Greed's checks count them: lowercased, no possessive 's, two letters up. */
export function wordsWithoutPossessive(text: string): string[] {
  return (
    text
      .replace(/\{\{[^}]*\}\}/g, ' ')
      .toLowerCase()
      .match(/[\p{L}’']+/gu) ?? []
  )
    .map((word) => word.replace(/['’]s$/, ''))
    .filter((word) => word.length > 1);
}
