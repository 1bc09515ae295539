import { describe, expect, it } from 'vitest';
import { MoverClicks } from '../../../src/bot/publishing/mover-clicks';
import type { MessagePayload } from '../../../src/bot/views';
import { silentLogger } from '../../../src/logger';
import { FakeClock } from '../../../src/service/index';
import { fakeClick, settle } from './fakes';

const board: MessagePayload = { content: '', embeds: [], components: [] };
const SAFETY_MS = 2000;

function clicksWith() {
  const clock = new FakeClock(0);
  const accepts = new Map<string, (what: string) => void>();
  const clicks = new MoverClicks({
    logger: silentLogger,
    clock,
    safetyMs: SAFETY_MS,
    // The board goes as the click's update response.
    upload: async (interaction) => accepts.get(interaction.id)?.('update'),
  });
  const click = (id: string, messageId = 'board', drawnVersion: number | null = null) => {
    const made = fakeClick(id, messageId, clock.now());
    accepts.set(id, made.accept);
    clicks.register(made.interaction, drawnVersion);
    return made;
  };
  return { clock, clicks, click };
}

describe('the clicks of movers', () => {
  it('answers the click with the board when it was on the board message', async () => {
    const { clicks, click } = clicksWith();
    const first = click('1');
    expect(await clicks.showBoard('other-board', board, 1)).toBe(false);
    expect(clicks.hasClick, 'a click on another message is not claimed').toBe(true);
    expect(await clicks.showBoard('board', board, 1)).toBe(true);
    expect(first.calls).toEqual(['update']);
    expect(clicks.hasClick).toBe(false);
    expect(await clicks.showBoard('board', board, 1), 'one answer per click').toBe(false);
  });

  it('releases a click with a deferral when a newer one comes', async () => {
    const { clicks, click } = clicksWith();
    const first = click('1');
    const second = click('2');
    await settle();
    expect(first.calls).toEqual(['deferUpdate']);
    expect(await clicks.showBoard('board', board, 1)).toBe(true);
    expect(second.calls).toEqual(['update']);
  });

  it('defers a waiting click at its safety point, on the injected clock', async () => {
    const { clock, clicks, click } = clicksWith();
    const first = click('1');
    await clock.advance(SAFETY_MS - 1);
    await settle();
    expect(first.calls).toEqual([]);
    await clock.advance(1);
    await settle();
    expect(first.calls).toEqual(['deferUpdate']);
    expect(clicks.hasClick).toBe(false);
  });

  it('defers the click a flush drew when the flush could not show it the board, but not a later click', async () => {
    const { clicks, click } = clicksWith();
    const first = click('1');
    const drawn = clicks.current();
    clicks.flushEnded(drawn);
    await settle();
    expect(first.calls).toEqual(['deferUpdate']);
    const second = click('2');
    clicks.flushEnded(drawn);
    await settle();
    expect(second.calls, 'the later click waits for its own board').toEqual([]);
    expect(await clicks.showBoard('board', board, 1, drawn), 'only the drawn click is taken').toBe(false);
    expect(await clicks.showBoard('board', board, 1, clicks.current())).toBe(true);
  });

  it('answers clicks in turn, after the board being drawn is out', async () => {
    const { clicks, click } = clicksWith();
    const order: string[] = [];
    let sendBoard = () => {};
    const stage = clicks.drawBoard(new Promise<void>((resolve) => (sendBoard = resolve)), 1);
    click('1');
    clicks.queue(
      async () => {
        await clicks.boardOut();
        order.push('answered 1');
        await clicks.showBoard('board', board, 1);
      },
      () => order.push('done 1'),
    );
    expect(clicks.busy).toBe(true);
    await settle();
    expect(order).toEqual([]);
    sendBoard();
    await stage;
    await clicks.answered();
    await settle();
    expect(order).toEqual(['answered 1', 'done 1']);
    expect(clicks.busy).toBe(false);
  });

  it('does not hold a click made on the very board being sent (Discord shows it), but one made on an older', async () => {
    const { clicks, click } = clicksWith();
    let sendBoard = () => {};
    const stage = clicks.drawBoard(new Promise<void>((resolve) => (sendBoard = resolve)), 5);
    click('1', 'board', 4);
    expect(clicks.boardOut(), 'a click on the board before waits for this one').toBeInstanceOf(Promise);
    click('2', 'board', 5);
    expect(clicks.boardOut(), 'a click on its controls shows Discord has it').toBeUndefined();
    click('3');
    expect(clicks.boardOut(), 'a click of unknown version waits').toBeInstanceOf(Promise);
    sendBoard();
    await stage;
    expect(clicks.boardOut()).toBeUndefined();
  });

  it('tells a board being sent that a click was answered with a newer one meanwhile', async () => {
    const { clicks, click } = clicksWith();
    expect(clicks.overtaken(5)).toBe(false);
    click('1', 'board', 5);
    const answer = clicks.showBoard('board', board, 6);
    expect(clicks.overtaken(5), 'as soon as the answer is on its way').toBe(true);
    expect(clicks.overtaken(6)).toBe(false);
    expect(await answer).toBe(true);
    expect(await clicks.showBoard('board', board, 9), 'no click to answer: nothing is noted').toBe(false);
    expect(clicks.overtaken(6)).toBe(false);
  });

  it('skips a queued answer whose click was already answered', async () => {
    const { clicks, click } = clicksWith();
    click('1');
    await clicks.defer();
    const ran: string[] = [];
    clicks.queue(
      async () => void ran.push('answer'),
      () => ran.push('done'),
    );
    await clicks.answered();
    await settle();
    expect(ran).toEqual(['done']);
  });
});
