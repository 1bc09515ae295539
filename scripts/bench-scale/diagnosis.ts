/**
 * What bench:scale tells when a run goes wrong. A run whose games stop moving ends its wait once no game has
 * moved for a while, instead of waiting out the budget, and tells for each game still open what the database
 * holds and what its channel shows; a channel with a duplicate is shown the same way.
 */
import type { FakeDiscord } from '../../src/fakediscord/index';
import type { Storage } from '../../src/store/storage';

type StoredMessage = NonNullable<ReturnType<FakeDiscord['message']>>;

/** Watches a mark of progress (any number that changes as the games go on); stalled once it stays `quietMs`. */
export class StallWatch {
  private mark = NaN;
  private changedAt = Date.now();

  constructor(private readonly quietMs: number) {}

  /** Notes the mark now; whether it has stayed the same for `quietMs`. */
  stalled(mark: number): boolean {
    const now = Date.now();
    if (mark !== this.mark) {
      this.mark = mark;
      this.changedAt = now;
    }
    return now - this.changedAt >= this.quietMs;
  }
}

/** One line per open game: its record, and what its channel shows (channelStory). */
export async function describeStalledGames(
  fake: FakeDiscord,
  reader: Storage,
  gameIds: string[],
  since: number,
): Promise<string[]> {
  const lines: string[] = [];
  for (const id of gameIds) {
    const game = await reader.games.getGame(id);
    if (!game) continue;
    const state = game.state as { current?: number } | null;
    const toAct = state?.current === undefined ? '?' : (game.seats[state.current]?.userId ?? 'computer');
    lines.push(
      `stalled game ${id} (${game.status}, v${game.version}, to act: ${toAct}, board ${game.boardMessageId}, ` +
        `mention ${game.turnNoticeMessageId}); ${channelStory(fake, game.channelId, since, game.boardMessageId)}`,
    );
  }
  return lines;
}

/**
 * The bot's messages in a channel (`*` marks `boardId`; origin, the version a board shows, created/edited and
 * deleted seconds after `since`) and the channel's last requests (through its interactions' tokens too), with
 * the version each request's body shows and its time.
 */
export function channelStory(
  fake: FakeDiscord,
  channelId: string,
  since: number,
  boardId: string | null = null,
) {
  const messages = fake
    .messages(channelId, { includeDeleted: true })
    .filter((m) => m.authorId === fake.bot.id)
    .map((m) => describeMessage(m, boardId, since));
  const requests = channelRequests(fake, channelId)
    .slice(-16)
    .map(
      (r) =>
        `${r.method} ${shortPath(r.path)} ${r.status}${shownVersion(r.body)}@${seconds(r.receivedAt - since)}`,
    );
  return `messages: ${messages.join(' ')}; last requests: ${requests.join(' | ')}`;
}

/** The requests about a channel: on its routes, and through the tokens of the interactions made in it. */
function channelRequests(fake: FakeDiscord, channelId: string) {
  const tokens = fake.interactions.filter((ix) => ix.channelId === channelId).map((ix) => ix.token);
  return fake.requests.filter(
    (r) => r.path.includes(`/channels/${channelId}/`) || tokens.some((token) => r.path.includes(token)),
  );
}

/** The board version a request's body shows (its embed's footer), as ` v<n>`, or ''. */
function shownVersion(body: unknown): string {
  const version = / · (v\d+)/.exec(JSON.stringify(body ?? ''))?.[1];
  return version ? ` ${version}` : '';
}

function describeMessage(m: StoredMessage, boardId: string | null, since: number): string {
  const footer = /· v\d+/.exec(m.embeds[0]?.footer?.text ?? '')?.[0] ?? m.content.slice(0, 16);
  const edited = m.editedAt === null ? '' : `/${seconds(m.editedAt - since)}`;
  const deleted = m.deletedAt === null ? '' : `-del${seconds(m.deletedAt - since)}`;
  return `${m.id === boardId ? '*' : ''}${m.id}:${m.origin}:${footer}@${seconds(m.createdAt - since)}${edited}${deleted}`;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** The path without the channel id and with an interaction token shortened. */
function shortPath(path: string): string {
  return path.replace(/\/channels\/\d+/, '').replace(/[A-Za-z0-9_.-]{40,}/, 'TOKEN');
}
