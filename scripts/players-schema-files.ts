/** The files `npm run players:schema` writes, formatted as the repository's prettier formats JSON. */
import { resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { documentText } from '../src/arena/schemas/index';
import { GAMES } from '../src/games/index';

export const SCHEMA_FOLDER = resolve(import.meta.dirname, '..', 'docs', 'players-schema');

export async function schemaFiles(): Promise<{ path: string; text: string }[]> {
  return Promise.all(
    GAMES.all.map(async (module) => {
      const path = resolve(SCHEMA_FOLDER, `${module.key}.json`);
      const options = (await resolveConfig(path)) ?? {};
      return { path, text: await format(documentText(module), { ...options, filepath: path }) };
    }),
  );
}
