/**
 * What the players of bench:scale do through the fake Discord: open the games (a lobby by slash command, the
 * start button; in a computers-only game the host then leaves and a computer takes the seat) and play the human
 * seats of the others: Alice clicks her move as soon as her board shows it is her turn. Times are taken as she
 * sees them: from the click to the redrawn board in front of her (the interaction's update response).
 */
import type { FakeDiscord, FakeUser } from '../../src/fakediscord/index';
import type { Storage } from '../../src/store/storage';
import type { GameRecord } from '../../src/store/index';
import { BoardWatch } from '../bench-bot/board-watch';
import type { Table } from './world';

export type GameKind = 'computers' | 'human';

export interface OpenedGame {
  id: string;
  kind: GameKind;
  table: Table;
  /** When it was open and playing (for a computers-only game: when Alice had left). */
  readyAt: number;
}

/** One accepted click: the bench checks afterwards that the database holds its action. */
export interface Click {
  gameId: string;
  version: number;
  at: number;
  boardMs: number;
  /** Answered with a deferral (the board came by an edit), not with the board itself. */
  deferred: boolean;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export class Players {
  readonly clicks: Click[] = [];
  /** Clicks nobody answered (a process without the shard's lease, or one being killed): tried again. */
  unanswered = 0;
  private readonly boards: BoardWatch;
  private stopped = false;

  constructor(
    private readonly fake: FakeDiscord,
    private readonly alice: FakeUser,
    private readonly storage: Storage,
    private readonly turnLimit: number,
  ) {
    this.boards = new BoardWatch(fake);
  }

  /** Opens the game at `table`; a lost answer (a loaded machine) is tried again from what the database holds. */
  async open(table: Table, kind: GameKind): Promise<OpenedGame> {
    const name = 'greed';
    // A retry goes on with the game an earlier attempt opened (a start or leave that timed out under load):
    // looking for an open game again would find none once it ended, and open a second game in the channel.
    let knownId: string | null = null;
    for (let attempt = 0; ; attempt++) {
      try {
        const known: GameRecord | null = knownId ? await this.storage.games.getGame(knownId) : null;
        let game: GameRecord | null = known?.status === 'cancelled' ? null : known;
        game ??= await this.storage.games.findOpenGameInChannel(table.channel.id);
        if (!game) {
          await this.fake.waitForResponse(
            this.fake.slashCommand({
              user: this.alice,
              channel: table.channel,
              name,
              subcommand: 'start',
              options: {
                seats: kind === 'computers' ? 3 : 2,
                speed: 'fast',
                'turn-limit': this.turnLimit,
              },
            }),
          );
          game = await this.storage.games.findOpenGameInChannel(table.channel.id);
        }
        if (!game) throw new Error(`no lobby in ${table.channel.id}`);
        knownId = game.id;
        if (game.status === 'lobby') {
          const lobby = this.fake
            .messages(table.channel.id)
            .find((message) => JSON.stringify(message.components).includes(`:lobby:${game!.id}:start`));
          if (!lobby) throw new Error(`no lobby message for ${game.id}`);
          await this.fake.waitForResponse(
            this.fake.clickButton({
              user: this.alice,
              messageId: lobby.id,
              customId: `${name}:lobby:${game.id}:start`,
            }),
          );
        }
        const started = await this.storage.games.getGame(game.id);
        if (started?.status === 'lobby' || started?.status === 'cancelled' || !started)
          throw new Error(`game ${game.id} did not start (${started?.status})`);
        if (kind === 'computers' && started.status === 'active') await this.leave(table, game.id);
        return { id: game.id, kind, table, readyAt: Date.now() };
      } catch (error) {
        // A process killed between its lobby and its answer leaves the lobby to the process taking over.
        if (attempt >= 60) throw error;
        await sleep(500);
      }
    }
  }

  /** Alice leaves her seat to a computer (the game then has computers only). */
  private async leave(table: Table, gameId: string): Promise<void> {
    const seats = (await this.storage.games.getGame(gameId))?.seats ?? [];
    if (!seats.some((seat) => seat.userId === this.alice.id)) return;
    await this.fake.waitForResponse(
      this.fake.slashCommand({
        user: this.alice,
        channel: table.channel,
        name: 'greed',
        subcommand: 'leave',
      }),
      20_000,
    );
  }

  /** Alice stops playing (a stalled run ends). */
  stop(): void {
    this.stopped = true;
  }

  /** Alice plays her seat of a Greed game until it ends or `until`: Roll, or Stop half the time once rolled. */
  async play(game: OpenedGame, until: number): Promise<void> {
    let coin = 0;
    while (!this.stopped && Date.now() < until) {
      const record = await this.storage.games.getGame(game.id);
      if (!record || record.status !== 'active') return;
      const state = record.state as { current: number; rolled?: boolean };
      if (record.seats[state.current]?.userId !== this.alice.id) {
        await this.boards.changed(game.table.channel.id, 2000);
        continue;
      }
      let board;
      try {
        board = await this.boards.shows(game.table.channel.id, record.version, 5000);
      } catch {
        continue; // the board is late (a loaded machine, or a process taking over): read the game again
      }
      const label = state.rolled && coin++ % 2 === 1 ? 'Stop' : 'Roll';
      const button = (board.components ?? [])
        .flatMap((row) => (row as { components?: { label?: string; custom_id?: string }[] }).components ?? [])
        .find((component) => component.label?.startsWith(label) && component.custom_id);
      if (!button) {
        await sleep(100);
        continue;
      }
      const at = Date.now();
      const started = performance.now();
      try {
        const interaction = this.fake.clickButton({
          user: this.alice,
          messageId: board.id,
          customId: button.custom_id!,
        });
        const outcome = await this.fake.waitForResponse(interaction);
        if (outcome.type === 7 || outcome.type === 6) {
          if (outcome.type === 6) await this.boards.shows(game.table.channel.id, record.version + 1, 30_000);
          this.clicks.push({
            gameId: game.id,
            version: record.version,
            at,
            boardMs: performance.now() - started,
            deferred: outcome.type === 6,
          });
        }
      } catch {
        this.unanswered += 1;
      }
    }
  }
}
