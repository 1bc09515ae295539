/**
 * The scripts' command-line arguments, read strictly (node:util's parseArgs): an unknown option, a missing value,
 * a stray positional argument or a malformed number is answered with what is wrong and the script's usage line on
 * stderr, and exit status 2, never a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Prints the problem (if any) and `usage: …`, and exits 2. */
export function usageError(usage: string, problem?: string): never {
  console.error(`${problem ? `${problem}\n` : ''}usage: ${usage}`);
  process.exit(2);
}

/** parseArgs over the script's arguments; a bad one ends the script with its usage line (exit 2). */
export function parseArguments<T extends ParseArgsConfig>(
  usage: string,
  config: T,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    return usageError(usage, error instanceof Error ? error.message : String(error));
  }
}

/** A script that takes no arguments: any argument ends it with its usage line (exit 2). */
export function noArguments(usage: string): void {
  parseArguments(usage, { options: {} });
}

/**
 * The number an option holds (`fallback` when it is not given): at least `min`, and whole unless `fraction`;
 * anything else ends the script with its usage line (exit 2).
 */
export function numberOption(
  usage: string,
  name: string,
  value: string | undefined,
  fallback: number,
  { min = 0, fraction = false }: { min?: number; fraction?: boolean } = {},
): number {
  if (value === undefined) return fallback;
  const number = value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(number) || number < min || (!fraction && !Number.isInteger(number)))
    usageError(
      usage,
      `--${name} must be ${fraction ? 'a number' : 'a whole number'} of at least ${min} (not "${value}")`,
    );
  return number;
}
