/**
 * Discord refuses the first answer to an interaction that comes more than 3 s after it was created ("Unknown
 * interaction"), and the person sees "This interaction failed". A handler that waits on the database, or on a
 * machine whose cores are full, can pass that point (four bot processes on two cores answered up to 21 commands
 * and clicks a run too late). So a command or click still unanswered at 1.5 s is acknowledged: a command
 * privately ("thinking…"), a click as a deferred update. The handler's answer then continues that deferral
 * (./deferred-answers.ts). The watch begins when the interaction arrives, so it also covers a process that first
 * asks the shard leases whether it should answer at all. Interactions answered by other means are left to them.
 * A first answer Discord refuses because another process acknowledged the interaction first continues that
 * acknowledgement the same way.
 */
import {
  MessageFlags,
  RESTJSONErrorCodes,
  type ChatInputCommandInteraction,
  type Interaction,
  type MessageComponentInteraction,
} from 'discord.js';
import type { Logger } from '../logger';
import { answerAsIfFresh } from './deferred-answers';
import { discordCode } from './discord-errors';

/**
 * How long after its creation an unanswered command or click is acknowledged (Discord allows 3 s). The rest
 * leaves room for a busy event loop: processes on full cores were seen stalled for up to 1.3 s.
 */
export const ANSWER_IN_TIME_MS = 1500;

/** The handler's ways of giving the first answer: calling one of them answers the interaction itself. */
const FIRST_ANSWERS = ['reply', 'deferReply', 'update', 'deferUpdate'] as const;

const leftAlone = new WeakSet<object>();
const claimsFirst = new WeakSet<object>();
/** Whether the guard's own acknowledgement was taken, by interaction. */
const guardAcknowledged = new WeakMap<object, Promise<boolean>>();

/**
 * The interaction is answered by other means: on a schedule of its own that insures the 3 s itself (a move's
 * board, ./publishing/mover-answer.ts), or by the live process holding its shard. The guard leaves it.
 */
export function answeredElsewhere(interaction: object): void {
  leftAlone.add(interaction);
}

/**
 * The interaction's next first answer is a claim (./unheld-interactions.ts: a process without the shard's lease
 * answers only what it acknowledged first); refused as already acknowledged, it fails instead of continuing.
 */
export function claimFirst(interaction: object): void {
  claimsFirst.add(interaction);
}

/**
 * Whether the guard's acknowledgement of `interaction` was taken (false: another process acknowledged it first,
 * or it came too late); true when the guard did not acknowledge it.
 */
export function acknowledgedInTime(interaction: object): Promise<boolean> {
  return guardAcknowledged.get(interaction) ?? Promise.resolve(true);
}

type Methods = Record<string, (...args: unknown[]) => Promise<unknown>>;

/**
 * From now on the handler reads the interaction as deferred (privately, for a command) and answers it as such;
 * its answers wait for `deferral` to arrive.
 */
function continueAcknowledged(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  deferral?: Promise<unknown>,
): void {
  interaction.deferred = true;
  if (interaction.isChatInputCommand()) interaction.ephemeral = true;
  answerAsIfFresh(interaction, deferral);
}

/**
 * Acknowledges `interaction` at `withinMs` after its creation (never later than `withinMs` from now, whatever
 * the clocks of Discord and this host say) unless its handler began an answer first.
 */
export function answerInTime(interaction: Interaction, logger: Logger, withinMs = ANSWER_IN_TIME_MS): void {
  if (!interaction.isChatInputCommand() && !interaction.isMessageComponent()) return;
  if (interaction.deferred || interaction.replied) return;
  const methods = interaction as unknown as Methods;
  // The handler's first answer ends the watch (the timer with it); the class's own method then answers.
  const unwatch = () => {
    for (const name of FIRST_ANSWERS) delete methods[name];
  };
  for (const name of FIRST_ANSWERS) {
    methods[name] = (...args: unknown[]) => {
      unwatch();
      clearTimeout(timer);
      return methods[name]!(...args).catch((error: unknown) => {
        if (discordCode(error) !== RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged) throw error;
        if (claimsFirst.has(interaction)) throw error;
        // Another process acknowledged it first, as this guard does (a command privately, a click as a deferred
        // update): its lease round outlasted the guard while this process held the shard. The answer continues
        // that acknowledgement, so the person still sees it.
        continueAcknowledged(interaction);
        return methods[name]!(...args);
      });
    };
  }
  const now = Date.now();
  const at = Math.min(interaction.createdTimestamp + withinMs, now + withinMs);
  const timer = setTimeout(
    () => {
      unwatch();
      if (leftAlone.has(interaction)) return;
      const command = interaction.isChatInputCommand();
      const deferral = command
        ? interaction.deferReply({ flags: MessageFlags.Ephemeral })
        : interaction.deferUpdate();
      const taken = deferral.then(
        () => true,
        (error: unknown) => {
          logger.debug(`interaction ${interaction.id} could not be acknowledged in time`, error);
          return false;
        },
      );
      guardAcknowledged.set(interaction, taken);
      continueAcknowledged(interaction, taken);
    },
    Math.max(0, at - now),
  );
  timer.unref();
}
