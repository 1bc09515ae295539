/** bench:scale's text report, and what it tells about a channel left without its summary. */
import type { FakeDiscord } from '../../src/fakediscord/index';
import type { GameRecord } from '../../src/store/index';
import { settledChannels } from './measure';
import type { OpenedGame } from './players';

/** A line per game whose channel has no summary: its state and its messages, times from the kill. */
export function missingSummaries(
  fake: FakeDiscord,
  games: OpenedGame[],
  records: Map<string, GameRecord>,
  killedAt: number,
): string[] {
  const notes: string[] = [];
  for (const game of games) {
    const messages = fake.messages(game.table.channel.id, { includeDeleted: true });
    if (settledChannels([messages.filter((m) => !m.deleted)], fake.bot.id).summaries === 1) continue;
    const record = records.get(game.id);
    const shown = messages.map((m) => [
      m.embeds[0]?.title ?? m.content.slice(0, 40),
      m.attachments.map((a) => a.filename),
      m.deleted,
      m.createdAt - killedAt,
    ]);
    notes.push(
      `no summary: game ${game.id} (${game.kind}, shard ${game.table.shard}, ${record?.status}, v${record?.version}, ` +
        `summary ${record?.summaryPosted ? 'recorded as posted' : 'not recorded'}, ` +
        `finished ${record?.finishedAt ? record.finishedAt - killedAt : null} ms after the kill): ${JSON.stringify(shown)}; ` +
        `its requests after the kill: ${channelRequests(fake, game.table.channel.id, killedAt).join(' ')}`,
    );
  }
  return notes;
}

/** The channel's requests after `since` (its own routes and its interactions' tokens): method, route, status, s. */
function channelRequests(fake: FakeDiscord, channelId: string, since: number): string[] {
  const tokens = new Set(fake.interactions.filter((ix) => ix.channelId === channelId).map((ix) => ix.token));
  return fake.requests
    .filter((r) => r.receivedAt > since)
    .filter((r) => r.path.includes(`/channels/${channelId}/`) || [...tokens].some((t) => r.path.includes(t)))
    .map((r) => {
      const route = (r.route ?? r.path).replace(/^\/(webhooks|interactions)\/:[a-zA-Z]+\/:[a-zA-Z]+/, '$1');
      return `${r.method} ${route.replace('/channels/:channelId', '')} ${r.status}@${((r.receivedAt - since) / 1000).toFixed(1)}`;
    });
}

export function report(
  r: Record<string, unknown> & { gamesPerProcess: number[] },
  met: boolean,
  errors: string[],
  notes: string[],
): void {
  const lines = [
    `games finished       ${r.finishedGames} of ${r.games} in ${r.runSeconds} s, ${r.gamesPerSecond} a second (${r.turns} turns, ${r.clicks} of them Alice's clicks)`,
    `games per process    ${r.gamesPerProcess.map((n, i) => `bot ${i}: ${n}`).join(', ')} (the last one is the restarted process)`,
    `persisted turns/s    ${r.turnsPerSecond}`,
    `board to the mover   p50 ${r.boardP50Ms} ms, p95 ${r.boardP95Ms} ms (the bench's own event loop late by up to ${r.benchLoopDelayP95Ms} ms at p95, ${r.benchLoopDelayMaxMs} ms at most); ${r.deferredClicks} clicks answered with a deferral`,
    `her turn shown       p50 ${r.turnBoardP50Ms} ms, p95 ${r.turnBoardP95Ms} ms (from the computer's move that gives Alice her turn to her click on it)`,
    `peak requests/s      ${r.peakRequestsPerSecond} (Discord's global limit: 50), ${r.refusedRequests} refused with 429 (${r.refusedAfterKill} after the kill)`,
    `channel writes       ${r.channelWrites} (${r.channelWritesPerGame} a game: posts, edits, deletes; the rest are interaction answers)`,
    `requests a game      ${r.globalRequestsPerGame} global-bound, ${r.interactionRequestsPerGame} on interaction tokens (outside the global limit); ${r.perRouteRefused} refused by per-route limits`,
    `bot processes        ${r.botCpuSeconds} CPU seconds in all (${r.turnsPerBotCpuSecond} turns per CPU second), peak RSS ${(r.peakRssMbPerProcess as number[]).join(', ')} MB`,
    `channels             ${r.boards} with one board, ${r.summaries} with one summary`,
    `duplicate messages   ${r.duplicateMessages}`,
    `lost actions         ${r.lostActions}`,
    `driven twice         ${r.drivenTwice}`,
    `takeover             ${r.takeoverSeconds} s to the first move, ${r.allMovedAgainSeconds} s until all ${r.affectedGames} affected games moved (lease ${r.leaseSeconds} s)`,
    `bot errors           ${r.botErrors}${errors.length ? `, the first: ${errors.slice(0, 3).join(' | ')}` : ''}`,
    ...notes.slice(0, 5),
    met ? 'targets met' : 'TARGETS MISSED',
  ];
  console.log(lines.join('\n'));
}
