/**
 * One outside program's seat in one game, over any SeatChannel: the handshake, a request per move with its time
 * limit, strikes for late, malformed or illegal answers, and the hand-over to the built-in player after
 * MAX_STRIKES strikes or when the program is gone. Whatever the program does, `move` returns a legal action
 * within the time limit (plus the fallback's own time): a program can never stall or crash the game.
 */
import { isListed } from '../games/kit/same-action';
import type { SeatChannel } from './channel';
import {
  MAX_STRIKES,
  PROTOCOL_VERSION,
  parseLine,
  readAnswer,
  readHello,
  type EndMessage,
  type ReplacedReason,
  type StrikeReason,
  type WelcomeMessage,
} from './protocol';

export interface TableInfo {
  table: string;
  game: string;
  rules: Record<string, unknown>;
  seat: number;
  seats: number;
  players: string[];
  timeLimitMs: number;
  helloTimeoutMs: number;
  seed: string;
}

export interface MoveOutcome {
  action: unknown;
  /** Whether the program chose it (false: the built-in player did, for a strike or a replaced seat). */
  byProgram: boolean;
  strike: StrikeReason | null;
  /** The program's answer time (ms), when it answered in time. */
  answerMs: number | null;
}

export class SeatDriver {
  private requestId = 0;
  private strikeCount = 0;
  private replacedBy: ReplacedReason | null = null;
  private problem = '';
  /** The name the program gave in its hello. */
  programName: string | null = null;

  constructor(
    private readonly channel: SeatChannel,
    private readonly info: TableInfo,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get strikes(): number {
    return this.strikeCount;
  }

  /** Why the built-in player has the seat, or null while the program plays. */
  get replaced(): ReplacedReason | null {
    return this.replacedBy;
  }

  /** What went wrong last (for the table's notice and the report). */
  get lastProblem(): string {
    return this.problem;
  }

  /** Waits for the program's hello and answers with the welcome; false when the seat passed to the built-in. */
  async handshake(): Promise<boolean> {
    const incoming = await this.channel.receive(this.info.helloTimeoutMs);
    let problem: string;
    if (incoming.kind === 'line') {
      const parsed = parseLine(incoming.text);
      const hello = parsed.ok ? readHello(parsed.value) : { problem: parsed.problem };
      if ('type' in hello) {
        this.programName = hello.name;
        this.channel.send(this.welcome());
        return true;
      }
      problem = hello.problem;
    } else if (incoming.kind === 'timeout') problem = `no hello within ${this.info.helloTimeoutMs} ms`;
    else if (incoming.kind === 'oversize') problem = 'the hello line was too long';
    else problem = `the program is gone before its hello (${incoming.reason})`;
    this.channel.send({ type: 'error', message: problem });
    this.replace('handshake', problem);
    return false;
  }

  /**
   * The seat's action for this turn: the program's if it answers a legal action in time, else `fallback()`'s
   * (the built-in player's) with a strike or, once the seat was replaced, without asking the program.
   */
  async move(state: unknown, legal: unknown[], fallback: () => unknown): Promise<MoveOutcome> {
    if (this.replacedBy !== null)
      return { action: fallback(), byProgram: false, strike: null, answerMs: null };
    const id = ++this.requestId;
    const { table, game, rules, seat, timeLimitMs } = this.info;
    const sent = this.now();
    this.channel.send({ type: 'move', table, id, game, rules, seat, state, legal, timeLeftMs: timeLimitMs });
    const answer = await this.awaitAnswer(id, sent);
    if ('action' in answer) {
      if (isListed(legal, answer.action))
        return { action: answer.action, byProgram: true, strike: null, answerMs: this.now() - sent };
      return this.strike(
        id,
        'illegal',
        `${JSON.stringify(answer.action).slice(0, 200)} is not legal now`,
        fallback,
      );
    }
    if (answer.gone !== null) {
      this.replace('exited', answer.gone);
      return { action: fallback(), byProgram: false, strike: null, answerMs: null };
    }
    return this.strike(id, answer.strike, answer.problem, fallback);
  }

  /** Tells the program something every seat learns (e.g. another seat passed to the built-in player). */
  notice(seat: number, text: string): void {
    if (this.replacedBy !== 'exited')
      this.channel.send({ type: 'notice', table: this.info.table, seat, text });
  }

  /** Sends the end (to a program still there) and stops it. */
  async finish(end: Omit<EndMessage, 'type' | 'table' | 'game'>): Promise<void> {
    if (this.replacedBy !== 'exited' && this.replacedBy !== 'handshake')
      this.channel.send({ type: 'end', table: this.info.table, game: this.info.game, ...end });
    await this.channel.close();
  }

  private welcome(): WelcomeMessage {
    const { table, game, rules, seat, seats, players, timeLimitMs, seed } = this.info;
    return {
      type: 'welcome',
      protocol: PROTOCOL_VERSION,
      table,
      game,
      rules,
      seat,
      seats,
      players,
      timeLimitMs,
      maxStrikes: MAX_STRIKES,
      seed,
    };
  }

  private async awaitAnswer(
    id: number,
    sent: number,
  ): Promise<{ action: unknown } | { gone: string } | { gone: null; strike: StrikeReason; problem: string }> {
    for (;;) {
      const left = this.info.timeLimitMs - (this.now() - sent);
      if (left <= 0)
        return { gone: null, strike: 'late', problem: `no answer within ${this.info.timeLimitMs} ms` };
      const incoming = await this.channel.receive(left);
      if (incoming.kind === 'timeout') continue;
      if (incoming.kind === 'closed') return { gone: incoming.reason };
      if (incoming.kind === 'oversize')
        return { gone: null, strike: 'malformed', problem: 'the answer line was longer than 1 MB' };
      const parsed = parseLine(incoming.text);
      if (!parsed.ok) return { gone: null, strike: 'malformed', problem: parsed.problem };
      const answer = readAnswer(parsed.value, id);
      if (answer.kind === 'stale') continue;
      if (answer.kind === 'malformed') return { gone: null, strike: 'malformed', problem: answer.problem };
      return { action: answer.action };
    }
  }

  private strike(id: number, reason: StrikeReason, problem: string, fallback: () => unknown): MoveOutcome {
    this.strikeCount += 1;
    this.problem = problem;
    const played = fallback();
    this.channel.send({
      type: 'strike',
      table: this.info.table,
      id,
      reason,
      message: problem,
      strikes: this.strikeCount,
      maxStrikes: MAX_STRIKES,
      played,
    });
    if (this.strikeCount >= MAX_STRIKES) this.replace('strikes', problem);
    return { action: played, byProgram: false, strike: reason, answerMs: null };
  }

  private replace(reason: ReplacedReason, problem: string): void {
    this.replacedBy = reason;
    this.problem = problem;
  }
}
