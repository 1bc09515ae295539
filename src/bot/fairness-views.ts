/** What the messages say of the seed commitment (docs/fairness.md): its short hash, the revealed server seed. */
import type { APIEmbedField } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { shortCommitment } from '../service/index';
import type { GameRecord } from '../store/index';
import { gameMessageWords } from './game-words';

/** "seed commitment 1a2b3c4d5e6f7a8b" for the lobby's and the board's footer; '' for a game without one. */
export function commitmentFooter(game: GameRecord): string {
  if (!game.fairness) return '';
  return gameMessageWords(game)('fairness.commitment', { hash: shortCommitment(game.fairness.commitment) });
}

/** The summary's field revealing the server seed, so anyone can check the commitment; null without one. */
export function revealField(module: AnyGameModule, game: GameRecord): APIEmbedField | null {
  const fairness = game.fairness;
  if (!fairness) return null;
  const t = gameMessageWords(game);
  return {
    name: t('fairness.title'),
    value: [
      t('fairness.serverSeed', { seed: fairness.serverSeed }),
      t('fairness.begins', {
        hash: shortCommitment(fairness.commitment),
        client: fairness.clientSeed ?? '?',
      }),
      t('fairness.check', { command: module.key }),
    ].join('\n'),
  };
}
