/**
 * A game log replayed from its seed for the fairness check (docs/fairness.md): the start state, each action's
 * seat and events, the final state, whether the game is over, and every computer's choice made again from its
 * own seeded stream (the choice a computer makes is a function of what it sees and its stream, so a log cannot
 * put another move in a computer's name).
 */
import type { AnyGameModule } from '../games/contract';
import { isGeneratorVersion, seedRng, SFC32_GENERATOR } from '../games/kit/random';
import { isListed, sameAction } from '../games/kit/same-action';
import { AUTO_ACTOR, COMPUTER_ACTOR, TIMEOUT_ACTOR } from '../store/index';
import { computerStreamKey } from './fairness';
import { PROGRAM_LEVEL_PREFIX } from './program-levels';
import type { GameLog, GameLogAction } from './game-log';
import { applyLoggedAction, firstDifference, initialState, storedStateDifference } from './replay';

/** A computer's choice from its view and stream key: on this thread, or in a worker pool. */
export type ComputerChoice = (
  module: AnyGameModule,
  view: unknown,
  level: string,
  seedKey: string,
) => unknown | Promise<unknown>;

export const chooseHere: ComputerChoice = (module, view, level, seedKey) =>
  module.computer.choose(view, level, seedRng(seedKey));

export interface ReplayFindings {
  /** The first step that differs, or null when every step matches. */
  problem: string | null;
  /** How the replayed game ended: over by the rules, stopped with /end, or neither. */
  end: 'over' | 'ended' | 'not-over';
  /** The computers' choices made again and found the same. */
  computerChoices: number;
  /** Of them, those the weakest level made because the seat's level failed (the service's fallback). */
  fallbacks: number[];
}

export function generatorOf(log: GameLog): 1 | 2 {
  return isGeneratorVersion(log.generator) ? log.generator : SFC32_GENERATOR;
}

type Verdict =
  { kind: 'same' } | { kind: 'fallback' } | { kind: 'unchecked' } | { kind: 'bad'; problem: string };

const seatName = (seat: number) => `seat ${seat + 1}`;

/** The level whose choice the step must be: a computer seat's, or the idle policy's computer; null for none. */
function levelOf(log: GameLog, step: GameLogAction): string | null | undefined {
  const detail = log.seatDetails?.[step.seat];
  if (step.actor === COMPUTER_ACTOR) return detail?.level ?? log.computerLevel;
  if (step.actor === TIMEOUT_ACTOR && step.action.type !== 'forfeit') return log.computerLevel;
  return null;
}

async function computerVerdict(
  module: AnyGameModule,
  log: GameLog,
  state: unknown,
  step: GameLogAction,
  choose: ComputerChoice,
): Promise<Verdict> {
  const detail = log.seatDetails?.[step.seat];
  if (!detail)
    return { kind: 'bad', problem: `action ${step.seq} is by ${seatName(step.seat)}, not in the log` };
  if (detail.kind === 'computer' && !detail.left && step.actor !== COMPUTER_ACTOR)
    return {
      kind: 'bad',
      problem: `action ${step.seq} is by "${step.actor}", but a computer played ${seatName(step.seat)} from the start`,
    };
  if (step.actor === AUTO_ACTOR) {
    const legal = module.rules.legalActions(state);
    return legal.length === 1 && sameAction(legal[0], step.action)
      ? { kind: 'same' }
      : {
          kind: 'bad',
          problem: `action ${step.seq} was played as ${seatName(step.seat)}'s only move, but it was not`,
        };
  }
  const level = levelOf(log, step);
  // An outside program's choice cannot be made again (src/service/program-seats.ts): only its legality is checked.
  if (level === null || level?.startsWith(PROGRAM_LEVEL_PREFIX)) return { kind: 'unchecked' };
  if (!level)
    return { kind: 'bad', problem: `action ${step.seq} is a computer's, but the log names no level` };
  const view = module.rules.observe(state, step.seat);
  const key = computerStreamKey(log.seed, generatorOf(log), step.seq);
  const choiceOf = async (chosenLevel: string) => {
    try {
      const action = await choose(module, view, chosenLevel, key);
      return isListed(module.rules.legalActions(state), action) ? action : undefined;
    } catch {
      return undefined;
    }
  };
  const chosen = await choiceOf(level);
  if (chosen !== undefined && sameAction(chosen, step.action)) return { kind: 'same' };
  const weakest = module.computer.levels[0] ?? module.computer.defaultLevel;
  if (level !== weakest && sameAction(await choiceOf(weakest), step.action)) return { kind: 'fallback' };
  return {
    kind: 'bad',
    problem:
      `action ${step.seq}: the ${level} computer of ${seatName(step.seat)} chooses ` +
      `${JSON.stringify(chosen ?? null)} from its stream, the log has ${JSON.stringify(step.action)}`,
  };
}

/** Replays the log; `checkComputers` false skips the computers' choices (logs that do not name their levels). */
export async function replayForCheck(
  module: AnyGameModule,
  log: GameLog,
  options: { checkComputers: boolean; choose?: ComputerChoice },
): Promise<ReplayFindings> {
  const findings: ReplayFindings = { problem: null, end: 'not-over', computerChoices: 0, fallbacks: [] };
  const fail = (problem: string) => ({ ...findings, problem });
  let state = initialState(module, {
    seats: log.seats,
    seed: log.seed,
    generator: generatorOf(log),
    options: { game: log.options, turnLimit: log.turnLimit },
  });
  const start = storedStateDifference(module, log.initialState, state);
  if (start) return fail(`the start state (the shuffle and first draws) differs at ${start.path}`);
  for (const [index, step] of log.actions.entries()) {
    if (step.seq !== index + 1)
      return fail(`action ${index + 1} is missing (the next one is numbered ${step.seq})`);
    const seat = module.rules.currentSeat(state);
    if (step.seat !== seat)
      return fail(`action ${step.seq} is by seat ${step.seat + 1}, but seat ${(seat ?? -1) + 1} was to act`);
    if (options.checkComputers) {
      const verdict = await computerVerdict(module, log, state, step, options.choose ?? chooseHere);
      if (verdict.kind === 'bad') return fail(verdict.problem);
      if (verdict.kind === 'fallback') findings.fallbacks.push(step.seq);
      if (verdict.kind !== 'unchecked' && step.actor !== AUTO_ACTOR) findings.computerChoices += 1;
    }
    let result: { state: unknown; events: unknown[] };
    try {
      result = applyLoggedAction(module, state, step.action);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return fail(`action ${step.seq} cannot be played from the replayed position: ${message}`);
    }
    const events = firstDifference(step.events, result.events);
    if (events)
      return fail(`action ${step.seq} caused other events (a roll, card or move) at ${events.path}`);
    state = result.state;
  }
  const final = storedStateDifference(module, log.finalState, state);
  if (final) return fail(`the final state differs at ${final.path}`);
  findings.end = module.rules.isOver(state) ? 'over' : log.endReason === 'ended' ? 'ended' : 'not-over';
  return findings;
}
