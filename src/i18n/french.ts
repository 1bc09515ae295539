/**
 * French elision and contraction before a name or a title: "de" + "Alice" is "d’Alice", + "Le Lièvre et la
 * Tortue" is "du Lièvre et la Tortue", + "Les …" is "des …"; "que" + "Alice" is "qu’Alice". The catalogues write
 * `{{name, de}}` where English writes "of {{name}}" (the formatter is registered in catalogue.ts).
 */
const VOWEL_START = /^[aeiouyàâäéèêëîïôöùûüæœh]/iu;
// Words starting with an aspirated h take no elision; the games' names have none, so h elides.

/** "de" before `name`, elided or contracted as French writes it. */
export function frenchDe(name: string): string {
  if (/^Le\s/u.test(name)) return `du ${name.slice(3)}`;
  if (/^Les\s/u.test(name)) return `des ${name.slice(4)}`;
  if (/^L[’']/u.test(name)) return `de l’${name.slice(2)}`;
  return VOWEL_START.test(name) ? `d’${name}` : `de ${name}`;
}

/** "que" before `name`, elided before a vowel. */
export function frenchQue(name: string): string {
  return VOWEL_START.test(name) ? `qu’${name}` : `que ${name}`;
}
