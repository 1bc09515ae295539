/**
 * Checking a game log (docs/fairness.md): the commitment against the revealed server seed, the game's seed
 * against the server seed and the players' value, then every step replayed from that seed with the players'
 * choices: the start state (shuffles), each action's events (rolls, cards) and the final state must match.
 */
import type { AnyGameModule } from '../games/contract';
import { commitmentOf, deriveGameSeed, shortCommitment } from './fairness';
import { GAME_LOG_FORMAT, type GameLog } from './game-log';
import { DEFAULT_LANGUAGE, replyWords, type Language, type Translate } from '../i18n/index';
import { applyLoggedAction, firstDifference, initialState, storedStateDifference } from './replay';

export interface FairnessCheck {
  /** Whether everything checked matches (a game without commitment can only have its replay checked). */
  ok: boolean;
  /** Whether the game made a commitment to its seed. */
  committed: boolean;
  /** One line per check, "✅ …" or "❌ …". */
  lines: string[];
}

const OK = '✅';
const BAD = '❌';

function commitmentLines(log: GameLog, t: Translate): { lines: string[]; ok: boolean } {
  const fairness = log.fairness;
  if (!fairness) {
    return {
      ok: true,
      lines: [`ℹ️ ${t('fairness.noCommitment')}`],
    };
  }
  const lines: string[] = [];
  let ok = true;
  const commitment = commitmentOf(fairness.serverSeed);
  if (commitment === fairness.commitment) {
    lines.push(`${OK} ${t('fairness.commitmentOk', { commitment: shortCommitment(commitment) })}`);
  } else {
    ok = false;
    lines.push(
      `${BAD} ${t('fairness.commitmentBad', { commitment: shortCommitment(commitment), shown: shortCommitment(fairness.commitment) })}`,
    );
  }
  if (fairness.clientSeed === null) {
    return {
      ok: false,
      lines: [...lines, `${BAD} ${t('fairness.noClientSeed')}`],
    };
  }
  if (deriveGameSeed(fairness.serverSeed, fairness.clientSeed) === log.seed) {
    lines.push(`${OK} ${t('fairness.seedOk', { clientSeed: fairness.clientSeed })}`);
  } else {
    ok = false;
    lines.push(`${BAD} ${t('fairness.seedBad', { clientSeed: fairness.clientSeed })}`);
  }
  return { ok, lines };
}

/** Replays the log from its seed: the first step that differs, or null when every step matches. */
function replayProblem(module: AnyGameModule, log: GameLog): string | null {
  let state = initialState(module, {
    seats: log.seats,
    seed: log.seed,
    options: { game: log.options, turnLimit: log.turnLimit },
  });
  const start = storedStateDifference(module, log.initialState, state);
  if (start) return `the start state (the shuffle and first draws) differs at ${start.path}`;
  for (const [index, step] of log.actions.entries()) {
    if (step.seq !== index + 1)
      return `action ${index + 1} is missing (the next one is numbered ${step.seq})`;
    const seat = module.rules.currentSeat(state);
    if (step.seat !== seat)
      return `action ${step.seq} is by seat ${step.seat + 1}, but seat ${(seat ?? -1) + 1} was to act`;
    let result: { state: unknown; events: unknown[] };
    try {
      result = applyLoggedAction(module, state, step.action);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return `action ${step.seq} cannot be played from the replayed position: ${message}`;
    }
    const events = firstDifference(step.events, result.events);
    if (events) return `action ${step.seq} caused other events (a roll, card or move) at ${events.path}`;
    state = result.state;
  }
  const final = storedStateDifference(module, log.finalState, state);
  return final ? `the final state differs at ${final.path}` : null;
}

/**
 * Checks a game log; `module` is the game the log names (the caller resolves it). The lines are in `language`
 * (a replay's problem, a technical detail, in English).
 */
export function checkGameLog(
  module: AnyGameModule,
  log: GameLog,
  language: Language = DEFAULT_LANGUAGE,
): FairnessCheck {
  const t = replyWords(language);
  if (log.format !== GAME_LOG_FORMAT || log.game !== module.key) {
    return {
      ok: false,
      committed: false,
      lines: [`${BAD} ${t('fairness.notALog', { title: module.title })}`],
    };
  }
  const commitment = commitmentLines(log, t);
  const lines = [...commitment.lines];
  let problem: string | null;
  try {
    problem = replayProblem(module, log);
  } catch (error) {
    problem = `the replay failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (problem === null) {
    lines.push(`${OK} ${t('fairness.replayOk', { actions: log.actions.length })}`);
  } else {
    lines.push(`${BAD} ${t('fairness.replayBad', { problem })}`);
  }
  const ok = commitment.ok && problem === null;
  lines.push(ok ? t('fairness.allMatch') : t('fairness.mismatch'));
  return { ok, committed: log.fairness !== null, lines };
}
