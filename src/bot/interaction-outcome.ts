import type { InteractionOutcome } from '../ops/metrics';

/** How each interaction ended, as the responders saw it (the metrics read it once the handler is done). */
const outcomes = new WeakMap<object, InteractionOutcome>();

export function noteOutcome(interaction: object, outcome: InteractionOutcome): void {
  outcomes.set(interaction, outcome);
}

export function outcomeOf(interaction: object): InteractionOutcome {
  return outcomes.get(interaction) ?? 'ok';
}
