/**
 * In a private reply bold means a button: the rules and the hand set a word in bold only when it is one of the
 * game's control labels as the board draws it (so that a reader in another language gets the board's label,
 * src/bot/board-labels.ts), and name a control by its label only in bold. Other words stay plain (a term of the
 * rules is in italics, a count is plain).
 */
import { describe, expect, it } from 'vitest';
import type { AnyGameModule } from '../../src/games/contract';
import { GAMES } from '../../src/games/index';
import { seedRng } from '../../src/games/kit/random';
import { messageAt, type Language } from '../../src/i18n/index';

const LANGUAGES: Language[] = ['en', 'de', 'fr', 'es'];
const SECTIONS = ['action', 'actions', 'controls'];

/** The control labels of the module in `language` as a reply may quote them: whole, or their lead before ":". */
function labels(module: AnyGameModule, language: Language): Set<string> {
  const messages = module.catalogue![language]!;
  const found = new Set<string>();
  for (const section of SECTIONS)
    for (const key of Object.keys((messages[section] as object | undefined) ?? {})) {
      const label = messageAt(messages, `${section}.${key}`);
      if (typeof label !== 'string') continue;
      if (!label.includes('{{')) found.add(label);
      const lead = label.slice(0, Math.max(0, label.indexOf(':'))).trim();
      if (lead && !lead.includes('{{')) found.add(lead);
    }
  return found;
}

/** The module's rules for `options` in `language` (a module may give them as one text). */
function rulesText(module: AnyGameModule, options: Record<string, string>, language: Language): string {
  const rules = module.texts.rules;
  return typeof rules === 'string' ? rules : rules(options, language);
}

/** The rules (every rule set) and the hand of each seat through a game played by the weakest computer. */
function privateTexts(module: AnyGameModule, language: Language): string[] {
  const texts = [rulesText(module, {}, language), rulesText(module, { rules: 'classic' }, language)];
  const rng = seedRng(`bold labels ${module.key}`);
  let state = module.rules.create({ seats: 2, seed: `bold labels ${module.key}`, options: {} });
  for (let step = 0; step < 400 && !module.rules.isOver(state); step++) {
    for (const seat of [0, 1])
      texts.push(
        module.texts.hand(module.rules.observe(state, seat), seat, {
          names: ['Ada', 'Bo'],
          viewerSeat: seat,
          language,
        }),
      );
    state = module.rules.apply(state, module.computer.choose(state, module.computer.levels[0]!, rng)).state;
  }
  return texts;
}

describe.each(GAMES.all.map((module) => [module.key, module] as const))(
  '%s private replies',
  (_key, module) => {
    it.each(LANGUAGES)(
      'set in bold only the control labels, and name a label only in bold (%s)',
      (language) => {
        const own = labels(module, language);
        const texts = privateTexts(module, language);
        const bold = new Set<string>();
        for (const text of texts)
          for (const match of text.matchAll(/\*\*([^*\n]+)\*\*/g)) bold.add(match[1]!);
        expect([...bold].filter((span) => /\p{L}/u.test(span) && !own.has(span))).toEqual([]);
        // a label of two words or more, written plain, names a button the reader cannot map to the board's
        const plain = texts.flatMap((text) => {
          const outside = text.replace(/\*\*[^*\n]+\*\*/g, ' ');
          return [...own].filter((label) => label.includes(' ') && outside.includes(label));
        });
        expect([...new Set(plain)]).toEqual([]);
      },
    );
  },
);

describe('the buttons a reply names', () => {
  it.each(LANGUAGES)("are the board's labels, in bold (%s)", (language) => {
    const candy = GAMES.require('candyland');
    const draw = messageAt(candy.catalogue![language]!, 'action.draw') as string;
    expect(rulesText(candy, {}, language)).toContain(`**${draw}**`);
    const greed = GAMES.require('greed');
    const stop = (messageAt(greed.catalogue![language]!, 'controls.stop') as string).split(':')[0]!.trim();
    const inTurn = privateTexts(greed, language).find((text) => text.includes(`**${stop}**`));
    expect(inTurn, `the hand names **${stop}**`).toBeDefined();
  });
});
