/**
 * npm run bench:summary — how long after a game's last move its summary (the image with the chances chart, the
 * turning point, luck and choices) is in the channel, end to end: the real bot and its worker pools against the
 * local fake Discord, computer players only (the host starts, then leaves), every game in turn.
 *   npm run bench:summary [-- --games 3]
 * Target: the summary within 3 s of the last move.
 */
import { cpus, loadavg } from 'node:os';
import type { StoredMessage } from '../src/fakediscord/index';
import { GAMES } from '../src/games/index';
import { createHarness, runCommand, startGame, waitForSummary } from '../test/bot/harness';
import { numberOption, parseArguments } from './args';

const USAGE = 'npm run bench:summary [-- --games 3]';
const { values } = parseArguments(USAGE, { options: { games: { type: 'string' } } });
const GAMES_EACH = numberOption(USAGE, 'games', values.games, 3, { min: 1 });
/** Seats per game: Candy Land and Greed at 4, the races at 4 too (the story's play-outs grow with seats). */
const SEATS = 4;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function summaryDelays(gameKey: string): Promise<{ delays: number[]; turns: number[] }> {
  const h = await createHarness({ aiTurnDelayMs: 5, coalesceMs: 250 });
  const finishedAt = new Map<string, number>();
  const summaryAt = new Map<string, number>();
  h.service.on('update', (update) => {
    if (update.game.status === 'finished') finishedAt.set(update.game.id, performance.now());
  });
  h.fake.on('messageCreate', (message: StoredMessage) => {
    if (message.attachments.some((file) => file.filename === 'summary.png'))
      summaryAt.set(message.channelId, performance.now());
  });
  const delays: number[] = [];
  const turns: number[] = [];
  try {
    for (let i = 0; i < GAMES_EACH; i++) {
      const { gameId } = await startGame(h, [h.users.alice], { seats: SEATS, speed: 'fast' }, gameKey);
      await runCommand(h, h.users.alice, 'leave', {}, gameKey);
      const game = await waitForSummary(h, gameId, 120_000);
      const start = finishedAt.get(gameId);
      const end = summaryAt.get(h.channel.id);
      if (start === undefined || end === undefined) throw new Error(`no summary timing for ${gameKey}`);
      delays.push(end - start);
      turns.push((await h.store.games.listActions(gameId)).length);
      summaryAt.delete(h.channel.id);
      if (game.status !== 'finished') throw new Error('the game did not finish');
    }
  } finally {
    await h.close();
  }
  return { delays, turns };
}

console.log(
  `bench:summary — ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load ${loadavg()[0]!.toFixed(1)}, ` +
    `${GAMES_EACH} games of ${SEATS} computer seats each, ${new Date().toISOString().slice(0, 10)}`,
);
for (const module of GAMES.all) {
  const { delays, turns } = await summaryDelays(module.key);
  console.log(
    `${module.key.padEnd(10)} last move → summary in the channel: p50 ${percentile(delays, 50).toFixed(0)} ms, ` +
      `p95 ${percentile(delays, 95).toFixed(0)} ms, max ${Math.max(...delays).toFixed(0)} ms ` +
      `(games of ${Math.min(...turns)}–${Math.max(...turns)} turns; target ≤ 3000 ms)`,
  );
}
process.exit(0);
