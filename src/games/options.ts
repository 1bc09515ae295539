/**
 * Checking option values against their one spec (the same spec builds the slash-command options), so a forged
 * or out-of-range value is refused with a short sentence wherever it comes from.
 */
import type { AnyGameModule, OptionSpec } from './contract';

export type OptionValue = string | number;

/** Why `value` does not fit `spec`, in a short sentence, or null when it fits. */
export function optionProblem(spec: OptionSpec, value: unknown): string | null {
  switch (spec.type) {
    case 'integer': {
      const step = spec.step ?? 1;
      if (typeof value !== 'number' || !Number.isInteger(value)) return `${spec.name} must be a whole number`;
      if (value < spec.min || value > spec.max) return `${spec.name} must be from ${spec.min} to ${spec.max}`;
      if (value % step !== 0) return `${spec.name} must be a multiple of ${step}`;
      return null;
    }
    case 'string':
      return typeof value === 'string' && spec.choices.some((choice) => choice.value === value)
        ? null
        : `${spec.name} must be one of ${spec.choices.map((choice) => choice.value).join(', ')}`;
    case 'text':
      return typeof value === 'string' && value.length <= spec.maxLength
        ? null
        : `${spec.name} must be a text of at most ${spec.maxLength} characters`;
  }
}

/**
 * The module's own options by engine key, defaults filled in. Throws an Error with a player-readable message
 * for an unknown option or a value outside its spec.
 */
export function resolveGameOptions(
  module: AnyGameModule,
  given: Readonly<Record<string, unknown>> = {},
): Record<string, OptionValue> {
  const resolved: Record<string, OptionValue> = {};
  const known = new Set<string>();
  for (const spec of module.options) {
    const key = spec.type === 'text' ? spec.name : (spec.key ?? spec.name);
    known.add(key);
    const value = given[key];
    if (value === undefined || value === null) {
      if (spec.type !== 'text' && spec.default !== null) resolved[key] = spec.default;
      continue;
    }
    const problem = optionProblem(spec, value);
    if (problem) throw new Error(problem);
    resolved[key] = value as OptionValue;
  }
  const unknown = Object.keys(given).filter((key) => !known.has(key) && given[key] !== undefined);
  if (unknown.length > 0) throw new Error(`${module.title} has no option ${unknown.join(', ')}`);
  return resolved;
}
