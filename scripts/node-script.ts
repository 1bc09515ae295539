/**
 * The production scripts of package.json (start:prod, start:sharded:prod) have the form
 * `[NAME=value …] exec node <arguments>`: the environment the bot needs from its start (glibc's malloc reads
 * MALLOC_ARENA_MAX before any JavaScript runs), then `exec`, so that npm's shell gives way to node and a SIGTERM
 * to npm reaches the bot. bench:scale and the build's tests start the same command without npm.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGE = fileURLToPath(new URL('../package.json', import.meta.url));
const ASSIGNMENT = /^([A-Z_][A-Z0-9_]*)=(\S*)$/;

export interface NodeScript {
  env: Record<string, string>;
  /** node's arguments: its flags, then the file it runs. */
  args: string[];
}

/** The npm script `name` of package.json, parsed; throws when it is not of the form above. */
export function nodeScript(name: string): NodeScript {
  const scripts = (JSON.parse(readFileSync(PACKAGE, 'utf8')) as { scripts: Record<string, string> }).scripts;
  const command = scripts[name];
  if (command === undefined) throw new Error(`package.json has no script ${name}`);
  const words = command.split(' ');
  const env: Record<string, string> = {};
  let match: RegExpExecArray | null;
  while (words.length > 0 && (match = ASSIGNMENT.exec(words[0]!))) {
    env[match[1]!] = match[2]!;
    words.shift();
  }
  const [exec, node, ...args] = words;
  if (exec !== 'exec' || node !== 'node' || args.length === 0)
    throw new Error(`the script ${name} is not "[NAME=value …] exec node <arguments>": ${command}`);
  return { env, args };
}
