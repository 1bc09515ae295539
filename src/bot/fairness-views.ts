/** What the messages say of the seed commitment (docs/fairness.md): its short hash, the revealed server seed. */
import type { APIEmbedField } from 'discord.js';
import type { AnyGameModule } from '../games/contract';
import { shortCommitment } from '../service/index';
import type { GameRecord } from '../store/index';

/** "seed commitment 1a2b3c4d5e6f7a8b" for the lobby's and the board's footer; '' for a game without one. */
export function commitmentFooter(game: GameRecord): string {
  return game.fairness ? `seed commitment ${shortCommitment(game.fairness.commitment)}` : '';
}

/** The summary's field revealing the server seed, so anyone can check the commitment; null without one. */
export function revealField(module: AnyGameModule, game: GameRecord): APIEmbedField | null {
  const fairness = game.fairness;
  if (!fairness) return null;
  return {
    name: 'Fair dice and cards',
    value: [
      `Server seed: \`${fairness.serverSeed}\``,
      `Its SHA-256 begins \`${shortCommitment(fairness.commitment)}\`, the commitment shown before the game; the seed came from it and the Start click (\`${fairness.clientSeed ?? '?'}\`).`,
      `Check every roll and card with \`/${module.key} verify\` or the game's log (**Download log**).`,
    ].join('\n'),
  };
}
