/**
 * bench:scale's figures, read after the run from what the fake Discord holds (messages), what its request
 * log names (which process wrote to which channel, when) and what the shared database holds (each game's
 * actions with their times).
 */
import type { FakeDiscord } from '../../src/fakediscord/index';
import { COMPUTER_ACTOR, type ActionLogRow, type GameRecord } from '../../src/store/index';
import type { Click, OpenedGame } from './players';
import type { ChannelWrite } from './writes';

type StoredMessage = ReturnType<FakeDiscord['messages']>[number];

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const isBoard = (m: StoredMessage) => m.attachments.some((file) => file.filename === 'board.png');
const isSummary = (m: StoredMessage) =>
  m.attachments.some((file) => file.filename === 'summary.png') ||
  (!isBoard(m) && m.embeds.some((embed) => /^(🏆|🏁)/u.test(embed.title ?? '')));
const isTurnMention = (m: StoredMessage) => !isBoard(m) && m.pinged.users.length > 0;

/**
 * What a channel should hold once: one board, one summary, and at any moment at most one turn mention (the
 * bot deletes a turn's mention when the turn is played; two alive at once are one posted twice).
 */
export function duplicatesIn(
  messages: StoredMessage[],
  botId: string,
  tell: (what: string) => void = () => {},
): number {
  const ours = messages.filter((m) => m.authorId === botId && m.visibleTo === null);
  const live = ours.filter((m) => !m.deleted);
  const boards = live.filter(isBoard);
  const summaries = live.filter(isSummary);
  if (boards.length > 1)
    tell(`${boards.length} boards: ${boards.map((m) => m.embeds[0]?.footer?.text).join(' | ')}`);
  if (summaries.length > 1)
    tell(`${summaries.length} summaries: ${summaries.map((m) => m.embeds[0]?.title).join(' | ')}`);
  let duplicates = Math.max(0, boards.length - 1) + Math.max(0, summaries.length - 1);
  const mentions = ours.filter(isTurnMention).sort((a, b) => a.createdAt - b.createdAt);
  for (let i = 1; i < mentions.length; i++) {
    const before = mentions[i - 1]!;
    if (before.deletedAt === null || before.deletedAt > mentions[i]!.createdAt) {
      duplicates += 1;
      tell(
        `two turn mentions at once: ${before.content.slice(0, 60)} (${before.createdAt}–${before.deletedAt}) and ${mentions[i]!.createdAt}`,
      );
    }
  }
  return duplicates;
}

/** How many of the channels show one board and one summary (the check that the kinds above are recognised). */
export function settledChannels(
  messages: StoredMessage[][],
  botId: string,
): { boards: number; summaries: number } {
  const live = messages.map((list) =>
    list.filter((m) => m.authorId === botId && !m.deleted && m.visibleTo === null),
  );
  return {
    boards: live.filter((list) => list.filter(isBoard).length === 1).length,
    summaries: live.filter((list) => list.filter(isSummary).length === 1).length,
  };
}

/** Games whose channel two processes wrote to in overlapping spans (a handover after a death does not overlap). */
export function drivenTwice(writes: ChannelWrite[], channelIds: Set<string>): number {
  const spans = new Map<string, Map<number, [number, number]>>();
  for (const write of writes) {
    if (!channelIds.has(write.channelId)) continue;
    const byInstance = spans.get(write.channelId) ?? new Map<number, [number, number]>();
    const span = byInstance.get(write.instance);
    byInstance.set(write.instance, span ? [span[0], write.at] : [write.at, write.at]);
    spans.set(write.channelId, byInstance);
  }
  let twice = 0;
  for (const byInstance of spans.values()) {
    const list = [...byInstance.values()].sort((a, b) => a[0] - b[0]);
    if (list.some((span, i) => i > 0 && span[0] <= list[i - 1]![1])) twice += 1;
  }
  return twice;
}

/** Per process instance, the games whose channel it wrote to. */
export function gamesPerInstance(writes: ChannelWrite[], games: OpenedGame[], instances: number): number[] {
  const gameOf = new Map(games.map((game) => [game.table.channel.id, game.id]));
  const driven = Array.from({ length: instances }, () => new Set<string>());
  for (const write of writes) {
    const game = gameOf.get(write.channelId);
    if (game) driven[write.instance]?.add(game);
  }
  return driven.map((set) => set.size);
}

/**
 * Actions lost: a click answered as applied with no action of Alice's logged by then, and gaps in a game's
 * sequence of actions (each action is logged once, numbered from 1).
 */
export function lostActions(
  clicks: Click[],
  logs: Map<string, ActionLogRow[]>,
  records: Map<string, GameRecord>,
  aliceId: string,
): number {
  let lost = 0;
  for (const click of clicks) {
    const seat = records.get(click.gameId)?.seats.findIndex((s) => s.userId === aliceId) ?? -1;
    const rows = logs.get(click.gameId) ?? [];
    const logged = rows.some(
      (row) =>
        row.seat === seat &&
        row.createdAt >= click.at - 1000 &&
        row.createdAt <= click.at + click.boardMs + 1000,
    );
    if (!logged) lost += 1;
  }
  for (const rows of logs.values()) {
    const seqs = rows.map((row) => row.seq).sort((a, b) => a - b);
    seqs.forEach((seq, i) => {
      if (seq !== i + 1) lost += 1;
    });
  }
  return lost;
}

/**
 * From SIGKILL to the first logged action of a game of the killed process's shards that was running then
 * (first), and to the last such game's first action after it (every affected game moving again). Only actions
 * after the dead process was seen gone count (the signal takes a moment to land).
 */
export function takeover(
  killedAt: number,
  goneAt: number,
  affected: string[],
  logs: Map<string, ActionLogRow[]>,
): { first: number | null; all: number | null; games: number; bySeconds: Map<string, number> } {
  const bySeconds = new Map<string, number>();
  for (const id of affected) {
    const after = (logs.get(id) ?? []).find((row) => row.createdAt > goneAt);
    if (after) bySeconds.set(id, (after.createdAt - killedAt) / 1000);
  }
  const firsts = [...bySeconds.values()];
  if (firsts.length === 0) return { first: null, all: null, games: affected.length, bySeconds };
  return {
    first: Math.min(...firsts),
    all: firsts.length === affected.length ? Math.max(...firsts) : null,
    games: affected.length,
    bySeconds,
  };
}

/**
 * How long Alice waited for her turn to show: from the computer's action that gave her the turn to her first
 * click on the board that shows it (she clicks at once). boardMs times only the answers to her clicks; this is
 * the other board a person waits for.
 */
export function turnWaits(clicks: Click[], logs: Map<string, ActionLogRow[]>): number[] {
  const waits: number[] = [];
  for (const click of clicks) {
    // The rows are in the order of the actions, so in the order of their times.
    const before = logs.get(click.gameId)?.findLast((row) => row.createdAt <= click.at);
    if (before?.actor === COMPUTER_ACTOR) waits.push(click.at - before.createdAt);
  }
  return waits;
}
