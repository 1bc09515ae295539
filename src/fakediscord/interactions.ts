import { randomBytes } from 'node:crypto';
import {
  InteractionResponseType,
  MessageFlags,
  type APIApplicationCommandOptionChoice,
  type APIInteraction,
  type InteractionType,
} from 'discord.js';
import { Errors } from './errors';
import type { StateChange } from './state';

export type InteractionKind = 'command' | 'autocomplete' | 'button' | 'select';

/** The first (acknowledging) callback of an interaction. */
export interface InteractionCallbackRecord {
  type: InteractionResponseType;
  /** Arrival time, epoch ms. */
  receivedAt: number;
  /** Arrival minus injection time, high resolution. */
  latencyMs: number;
  /** The callback's `data` as sent. */
  data: unknown;
}

export interface InteractionInit {
  id: string;
  kind: InteractionKind;
  type: InteractionType;
  userId: string;
  channelId: string;
  guildId: string;
  commandName: string | null;
  customId: string | null;
  values: string[] | null;
  componentMessageId: string | null;
  payload: APIInteraction;
}

/**
 * One injected interaction and everything that happened to it: when it was sent, its first callback (type and
 * latency), the message it produced or updated, follow-ups, autocomplete choices, and when it became final.
 */
export class RecordedInteraction {
  readonly id: string;
  readonly token: string = randomBytes(48).toString('base64url');
  readonly kind: InteractionKind;
  readonly type: InteractionType;
  readonly userId: string;
  readonly channelId: string;
  readonly guildId: string;
  readonly commandName: string | null;
  readonly customId: string | null;
  readonly values: string[] | null;
  /** For component interactions: the message the component is on. */
  readonly componentMessageId: string | null;
  /** The INTERACTION_CREATE payload as sent on the gateway. */
  readonly payload: APIInteraction;
  /** Injection time (epoch ms; `FakeDiscord.ageInteraction` moves it back) and its high-resolution twin. */
  sentAt = Date.now();
  readonly sentAtHr = performance.now();
  /** Number of gateway sessions the interaction was delivered to (0: nobody will answer). */
  deliveredTo = 0;
  callback: InteractionCallbackRecord | null = null;
  /** Message created by a type 4/5 callback, or the component message for 6/7. */
  responseMessageId: string | null = null;
  followUpIds: string[] = [];
  choices: APIApplicationCommandOptionChoice[] | null = null;
  /** Modal data of a type 9 callback. */
  modal: unknown = null;
  /** When the outcome was complete: at once for 4/7/8/9, at the edit after a deferral (5/6). */
  finalAt: number | null = null;
  finalAtHr: number | null = null;
  /** Set by expireInteraction(): every later callback or webhook call fails like an expired token. */
  forcedExpired = false;

  constructor(init: InteractionInit) {
    this.id = init.id;
    this.kind = init.kind;
    this.type = init.type;
    this.userId = init.userId;
    this.channelId = init.channelId;
    this.guildId = init.guildId;
    this.commandName = init.commandName;
    this.customId = init.customId;
    this.values = init.values;
    this.componentMessageId = init.componentMessageId;
    this.payload = { ...init.payload, token: this.token };
  }

  get responded(): boolean {
    return this.callback !== null;
  }

  /** Time from injection to the first callback, or null while unanswered. */
  get latencyMs(): number | null {
    return this.callback?.latencyMs ?? null;
  }

  /** Time from injection to the final outcome (the edit after a deferral), or null. */
  get finalLatencyMs(): number | null {
    return this.finalAtHr === null ? null : this.finalAtHr - this.sentAtHr;
  }

  get ephemeral(): boolean {
    const flags = (this.callback?.data as { flags?: unknown } | null | undefined)?.flags;
    return typeof flags === 'number' && (flags & MessageFlags.Ephemeral) !== 0;
  }

  markFinal(atHr: number = performance.now()): void {
    if (this.finalAtHr !== null) return;
    this.finalAtHr = atHr;
    this.finalAt = Date.now();
  }
}

export interface InteractionTiming {
  /** Deadline of the first callback (Discord: 3 s). */
  responseTimeoutMs: number;
  /** Lifetime of the token for webhook calls (Discord: 15 min). */
  tokenLifetimeMs: number;
}

const DEFERRED_TYPES: ReadonlySet<InteractionResponseType> = new Set([
  InteractionResponseType.DeferredChannelMessageWithSource,
  InteractionResponseType.DeferredMessageUpdate,
]);

/** All injected interactions, looked up by id or token, with Discord's timing rules. */
export class InteractionRegistry {
  readonly all: RecordedInteraction[] = [];
  private readonly byId = new Map<string, RecordedInteraction>();
  private readonly byToken = new Map<string, RecordedInteraction>();
  private readonly awaitingFinal = new Set<RecordedInteraction>();

  constructor(private readonly timing: InteractionTiming) {}

  add(interaction: RecordedInteraction): void {
    this.all.push(interaction);
    this.byId.set(interaction.id, interaction);
    this.byToken.set(interaction.token, interaction);
  }

  /** Every token issued so far. */
  tokens(): IterableIterator<string> {
    return this.byToken.keys();
  }

  get(id: string): RecordedInteraction | undefined {
    return this.byId.get(id);
  }

  /** The interaction a callback is for; 10062 when unknown or too late, 40060 when already acknowledged. */
  forCallback(id: string, token: string, receivedAtHr: number): RecordedInteraction {
    const interaction = this.byId.get(id);
    if (!interaction || interaction.token !== token || interaction.forcedExpired) {
      throw Errors.unknownInteraction();
    }
    if (interaction.callback) throw Errors.alreadyAcknowledged();
    if (receivedAtHr - interaction.sentAtHr > this.timing.responseTimeoutMs) {
      throw Errors.unknownInteraction();
    }
    return interaction;
  }

  /**
   * The interaction behind a webhook token. As on Discord: 10015 for another application's webhook, 401 / 50027
   * for a token that expired or was never issued (whether or not the request carried the bot's token).
   */
  forWebhook(
    applicationId: string,
    expectedApplicationId: string,
    token: string,
    receivedAt: number,
  ): RecordedInteraction {
    if (applicationId !== expectedApplicationId) throw Errors.unknownWebhook();
    const interaction = this.byToken.get(token);
    const expired =
      !interaction ||
      interaction.forcedExpired ||
      receivedAt - interaction.sentAt > this.timing.tokenLifetimeMs;
    if (expired) throw Errors.invalidWebhookToken();
    return interaction;
  }

  recordCallback(
    interaction: RecordedInteraction,
    type: InteractionResponseType,
    data: unknown,
    receivedAt: number,
    receivedAtHr: number,
  ): void {
    interaction.callback = { type, receivedAt, latencyMs: receivedAtHr - interaction.sentAtHr, data };
    if (DEFERRED_TYPES.has(type)) this.awaitingFinal.add(interaction);
    else interaction.markFinal(receivedAtHr);
  }

  /** Marks deferred interactions final when their message gets its real content (or a follow-up arrives). */
  noteChange(change: StateChange): void {
    if (this.awaitingFinal.size === 0) return;
    if (change.kind !== 'messageUpdate' && change.kind !== 'messageCreate') return;
    const { message } = change;
    for (const interaction of this.awaitingFinal) {
      const type = interaction.callback?.type;
      const isFollowUp = change.kind === 'messageCreate' && message.interaction?.id === interaction.id;
      const deferredFilled =
        type === InteractionResponseType.DeferredChannelMessageWithSource &&
        message.id === interaction.responseMessageId &&
        (message.flags & MessageFlags.Loading) === 0;
      const updateLanded =
        type === InteractionResponseType.DeferredMessageUpdate &&
        change.kind === 'messageUpdate' &&
        message.id === interaction.componentMessageId;
      if (isFollowUp || deferredFilled || updateLanded) {
        interaction.markFinal();
        this.awaitingFinal.delete(interaction);
      }
    }
  }
}
