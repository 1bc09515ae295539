/**
 * The one "your turn" mention of a game: for every update it says which mention should be shown (the seat to
 * act, keyed by the version its turn began at, so a seat that acts again keeps its mention) and what it says:
 * what the player can do and what the others did since the player's own last move (see turn-notice.ts).
 */
import type { AnyGameModule } from '../../games/contract';
import { seatView, type GameInfo, type PublicUpdate } from '../../service/index';
import { messageWords } from '../../i18n/index';
import { gameTitle, languageOf } from '../game-words';
import { LinesSinceLastTurn, sinceLastTurnText, turnHint } from './turn-notice';

/** What to do with the game's turn mention: the shown one to delete, and the one to post. */
export interface MentionPlan {
  remove: string | null;
  post: { nonce: string; userId: string; content: string } | null;
}

type MentionedGame = Pick<
  GameInfo,
  | 'id'
  | 'guildId'
  | 'channelId'
  | 'status'
  | 'version'
  | 'boardMessageId'
  | 'turnNoticeMessageId'
  | 'turnNoticeKey'
>;

export class TurnMentions {
  /** The seat to act and the version its turn began at. */
  private turnKey: string | null = null;
  /** By seat: the log lines since that seat's own last move. */
  private readonly sinceLastTurn = new LinesSinceLastTurn();
  /** An update that ends the game has been noted: no earlier update still being drawn may post a mention. */
  private ended = false;
  /** The latest update noted (none of an older version), and who is to act after it (a seat and its player). */
  private latest: { update: PublicUpdate; seat: number | null; userId: string | null } | null = null;

  /** Follows every update of the game, in order (before it is drawn). */
  note(update: PublicUpdate): void {
    if (update.finished) this.ended = true;
    if (update.game.version >= (this.latest?.update.game.version ?? -1)) {
      const { next } = update;
      this.latest = { update, seat: next?.seat ?? null, userId: next?.userId ?? null };
    }
    if (update.next && update.next.seat !== update.seat)
      this.turnKey = `${update.next.seat}:${update.game.version}`;
    const seats = update.game.seats.map((seat) => seat.index);
    const ownMove = update.actor !== null && update.actor.kind !== 'computer';
    this.sinceLastTurn.add(update.lines, update.seat, ownMove, seats);
  }

  /**
   * The change the update asks of the mention, `game` being the game as recorded now (its board's id). An update
   * that a later end supersedes (noted here, or already recorded) asks for none: the mention would ping a player
   * of a game that is over; nor one whose turn a later update took (the player moved, or left their seat).
   */
  plan(game: MentionedGame, update: PublicUpdate, module: AnyGameModule): MentionPlan {
    const over = update.finished || this.ended || game.status === 'finished' || game.status === 'cancelled';
    // A later update noted gave the turn to another seat or player (this one moved, or left the seat to a
    // computer, which changes no version): the mention would ping someone who is not to act; that update's own
    // flush shows the turn.
    const { latest } = this;
    const taken =
      latest !== null &&
      latest.update !== update &&
      latest.update.game.version >= update.game.version &&
      (latest.seat !== (update.next?.seat ?? null) || latest.userId !== (update.next?.userId ?? null));
    const next = over || taken ? null : update.next;
    const wanted = next?.human && next.userId ? noticeNonce(game, this.turnKey, next.seat) : null;
    const shown = game.turnNoticeMessageId ? game.turnNoticeKey : null;
    if (wanted !== null && wanted === shown) return { remove: null, post: null };
    const remove = game.turnNoticeMessageId;
    if (wanted === null || !next?.userId) return { remove, post: null };
    const language = languageOf(update.game);
    const t = messageWords(language);
    const url = `https://discord.com/channels/${game.guildId}/${game.channelId}/${game.boardMessageId}`;
    const board = game.boardMessageId ? ` ${t('turn.board', { url })}` : '';
    const hint = turnHint(module, seatView(update.state, next.seat), next.seat, language);
    const since = sinceLastTurnText(this.sinceLastTurn.othersFor(next.seat), language);
    const mention = t('turn.mention', {
      user: `<@${next.userId}>`,
      title: gameTitle(module, language),
      hint,
    });
    const content = `${mention}${board}${since}`.slice(0, 2000);
    return { remove, post: { nonce: wanted, userId: next.userId, content } };
  }
}

/**
 * The nonce of a turn mention: the seat and the version its turn began at. After a restart the seat that is
 * still to act keeps the mention it has.
 */
export function noticeNonce(game: MentionedGame, turnKey: string | null, seat: number): string {
  const [keySeat, keyVersion] = (turnKey ?? '').split(':');
  if (keySeat === String(seat) && keyVersion !== undefined) return `n${seat}.${keyVersion}.${game.id}`;
  if (game.turnNoticeMessageId && game.turnNoticeKey?.startsWith(`n${seat}.`)) return game.turnNoticeKey;
  return `n${seat}.${game.version}.${game.id}`;
}
