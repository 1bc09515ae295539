/**
 * Checking a game log (docs/fairness.md): the commitment against the revealed server seed (and against the one
 * the person noted), the game's seed against the server seed, the game's id and the seated people's values
 * (and the value the person noted), then every step replayed from that seed with the players' choices and the
 * computers' choices made again: the start state, each action's events, the final state, and a finished game.
 * A log without a commitment, or of a game from before the seated people's values, is refused unless the
 * check is asked for an old game (`legacy`): it then says what it cannot prove.
 */
import type { AnyGameModule } from '../games/contract';
import { HMAC_GENERATOR } from '../games/kit/random';
import { DEFAULT_LANGUAGE, replyWords, type Language, type Translate } from '../i18n/index';
import { commitmentOf, deriveGameSeed, isClientSeed, nonceAndValues } from './fairness';
import { generatorOf, replayForCheck, type ComputerChoice } from './fair-replay';
import { GAME_LOG_FORMAT, type GameLog, type GameLogFairness } from './game-log';

export interface FairnessCheck {
  /** Whether everything checked matches (for an old game, checked only when asked: see the lines). */
  ok: boolean;
  /** Whether the game made a commitment to its seed. */
  committed: boolean;
  /** One line per check, "✅ …", "❌ …" or "ℹ️ …", and a last line with the verdict. */
  lines: string[];
}

export interface CheckOptions {
  language?: Language;
  /** Check an old game: a log without a commitment, or from before the seated people's values. */
  legacy?: boolean;
  /** The commitment the person noted (all 64 hex digits). */
  commitment?: string;
  /** The values the person noted: each must be one the seed was derived from. */
  clientSeeds?: readonly string[];
  /** Where the computers' choices are made again (default: on this thread). */
  choose?: ComputerChoice;
}

const OK = '✅';
const BAD = '❌';
const NOTE = 'ℹ️';

interface Part {
  ok: boolean;
  lines: string[];
}

/** Whether the log has the shape of a game log at all (a file of anything else is refused, not thrown on). */
export function looksLikeGameLog(value: unknown): value is GameLog {
  if (typeof value !== 'object' || value === null) return false;
  const log = value as Partial<GameLog>;
  return (
    log.format === GAME_LOG_FORMAT &&
    typeof log.game === 'string' &&
    typeof log.id === 'string' &&
    typeof log.seed === 'string' &&
    Array.isArray(log.seats) &&
    Array.isArray(log.actions) &&
    log.actions.every((step) => typeof step === 'object' && step !== null) &&
    typeof log.options === 'object' &&
    log.options !== null &&
    (log.fairness === null || (typeof log.fairness === 'object' && log.fairness !== undefined))
  );
}

function commitmentPart(fairness: GameLogFairness, t: Translate, noted: string | undefined): Part {
  const lines: string[] = [];
  let ok = true;
  const commitment = commitmentOf(String(fairness.serverSeed));
  if (commitment === fairness.commitment) {
    lines.push(`${OK} ${t('fairness.commitmentOk', { commitment })}`);
  } else {
    ok = false;
    lines.push(`${BAD} ${t('fairness.commitmentBad', { commitment, shown: String(fairness.commitment) })}`);
  }
  if (noted === undefined) {
    lines.push(`${NOTE} ${t('fairness.noNotedCommitment')}`);
  } else if (noted.toLowerCase() === fairness.commitment) {
    lines.push(`${OK} ${t('fairness.notedCommitmentOk')}`);
  } else {
    ok = false;
    lines.push(`${BAD} ${t('fairness.notedCommitmentBad', { noted })}`);
  }
  return { ok, lines };
}

/** Generator 2: seed = HMAC-SHA256(server seed, "<game id>:<value>:…"), every part as the lobby showed it. */
function seedPart(log: GameLog, fairness: GameLogFairness, t: Translate, noted: readonly string[]): Part {
  const values = fairness.clientSeeds;
  const nonce = fairness.nonce;
  const bad = (key: string, values: Record<string, string> = {}) => ({
    ok: false,
    lines: [`${BAD} ${t(key, values)}`],
  });
  if (nonce !== log.id || !Array.isArray(values) || !values.every(isClientSeed))
    return bad('fairness.noClientSeed');
  const seated = (log.seatDetails ?? []).flatMap((seat) => (seat.clientSeed ? [seat.clientSeed] : []));
  if (seated.join(':') !== values.join(':')) return bad('fairness.seatValuesDiffer');
  const message = nonceAndValues(nonce, values);
  if (fairness.clientSeed !== message || deriveGameSeed(String(fairness.serverSeed), message) !== log.seed)
    return bad('fairness.seedBad', { nonce, values: values.join(', ') || '—' });
  const lines = [`${OK} ${t('fairness.seedOk', { nonce, values: values.join(', ') || '—' })}`];
  let ok = true;
  for (const value of noted) {
    if (values.includes(value)) lines.push(`${OK} ${t('fairness.notedValueOk', { value })}`);
    else {
      ok = false;
      lines.push(`${BAD} ${t('fairness.notedValueBad', { value })}`);
    }
  }
  if (noted.length === 0) lines.push(`${NOTE} ${t('fairness.noNotedValue')}`);
  return { ok, lines };
}

/** An old game's seed (a Start click's id the players never saw before the start): checked, but proving little. */
function legacySeedPart(log: GameLog, fairness: GameLogFairness, t: Translate): Part {
  if (typeof fairness.clientSeed !== 'string')
    return { ok: false, lines: [`${BAD} ${t('fairness.noClientSeed')}`] };
  return deriveGameSeed(String(fairness.serverSeed), fairness.clientSeed) === log.seed
    ? { ok: true, lines: [`${OK} ${t('fairness.legacySeedOk', { clientSeed: fairness.clientSeed })}`] }
    : { ok: false, lines: [`${BAD} ${t('fairness.legacySeedBad', { clientSeed: fairness.clientSeed })}`] };
}

/**
 * Checks a game log; `module` is the game the log names (the caller resolves it). The lines are in the options'
 * language (a replay's problem, a technical detail, in English).
 */
export async function checkGameLog(
  module: AnyGameModule,
  log: unknown,
  options: CheckOptions = {},
): Promise<FairnessCheck> {
  const t = replyWords(options.language ?? DEFAULT_LANGUAGE);
  if (!looksLikeGameLog(log) || log.game !== module.key) {
    return {
      ok: false,
      committed: false,
      lines: [`${BAD} ${t('fairness.notALog', { title: module.title })}`],
    };
  }
  const fairness = log.fairness;
  const current = fairness !== null && generatorOf(log) === HMAC_GENERATOR;
  const committed = fairness !== null;
  if (!current && !options.legacy) {
    const key = committed ? 'fairness.oldSchemeRefused' : 'fairness.noCommitmentRefused';
    return { ok: false, committed, lines: [`${BAD} ${t(key)}`, t('fairness.legacyHint')] };
  }
  const parts: Part[] = [];
  if (!fairness) parts.push({ ok: true, lines: [`${NOTE} ${t('fairness.noCommitment')}`] });
  else {
    parts.push(commitmentPart(fairness, t, options.commitment));
    parts.push(
      current ? seedPart(log, fairness, t, options.clientSeeds ?? []) : legacySeedPart(log, fairness, t),
    );
    if (!current) parts.push({ ok: true, lines: [`${NOTE} ${t('fairness.oldScheme')}`] });
  }
  parts.push(await replayPart(module, log, t, options.choose));
  const lines = parts.flatMap((part) => part.lines);
  const matches = parts.every((part) => part.ok);
  if (!matches) lines.push(t('fairness.mismatch'));
  else lines.push(current ? t('fairness.allMatch') : t('fairness.legacyMatch'));
  return { ok: matches, committed, lines };
}

async function replayPart(
  module: AnyGameModule,
  log: GameLog,
  t: Translate,
  choose?: ComputerChoice,
): Promise<Part> {
  const checkComputers = Array.isArray(log.seatDetails);
  let findings;
  try {
    findings = await replayForCheck(module, log, { checkComputers, ...(choose ? { choose } : {}) });
  } catch (error) {
    const problem = `the replay failed: ${error instanceof Error ? error.message : String(error)}`;
    return { ok: false, lines: [`${BAD} ${t('fairness.replayBad', { problem })}`] };
  }
  if (findings.problem !== null)
    return { ok: false, lines: [`${BAD} ${t('fairness.replayBad', { problem: findings.problem })}`] };
  const lines = [`${OK} ${t('fairness.replayOk', { actions: log.actions.length })}`];
  if (!checkComputers) lines.push(`${NOTE} ${t('fairness.computersUnchecked')}`);
  else if (findings.computerChoices > 0) {
    lines.push(`${OK} ${t('fairness.computersOk', { choices: findings.computerChoices })}`);
    if (findings.fallbacks.length > 0)
      lines.push(`${NOTE} ${t('fairness.computersFallback', { actions: findings.fallbacks.join(', ') })}`);
  }
  if (findings.end === 'not-over')
    return { ok: false, lines: [...lines, `${BAD} ${t('fairness.notFinished')}`] };
  if (findings.end === 'ended')
    lines.push(`${NOTE} ${t('fairness.stoppedEarly', { actions: log.actions.length })}`);
  return { ok: true, lines };
}
