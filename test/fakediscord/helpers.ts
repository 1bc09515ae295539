import { Client, Events, GatewayIntentBits, type Interaction } from 'discord.js';
import { FakeDiscord, type FakeDiscordOptions, type GuildSetup } from '../../src/fakediscord/index';

export interface Harness {
  fake: FakeDiscord;
  setup: GuildSetup;
  client: Client;
}

/** A started fake with one guild ("general", "games"), and a logged-in, ready discord.js client. */
export async function startHarness(options: FakeDiscordOptions = {}): Promise<Harness> {
  const fake = new FakeDiscord(options);
  const setup = fake.addGuild({ name: 'Burrow', channels: ['general', 'games'] });
  await fake.start();
  const client = await loginClient(fake);
  return { fake, setup, client };
}

/** A discord.js client logged into the fake; resolves once `clientReady` fired. */
export async function loginClient(fake: FakeDiscord, token = 'fake-token'): Promise<Client> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: fake.restOptions() });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(token);
  await ready;
  return client;
}

export async function stopHarness(harness: Harness | undefined): Promise<void> {
  if (!harness) return;
  await harness.client.destroy();
  await harness.fake.stop();
}

/** A tiny valid 2x1 PNG (red, blue). */
export const PNG_2x1 = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000020000000108020000007b40e85d0000000f4944415478da63f8cfc0f09f818101000d0102ff2b3b0ef10000000049454e44ae426082',
  'hex',
);

/**
 * Routes interactionCreate to `handler` until `off()` is called; errors thrown by the handler are collected
 * (a bot call that is supposed to fail can be asserted on instead of becoming an unhandled rejection).
 */
export function onInteraction(
  client: Client,
  handler: (interaction: Interaction) => Promise<void>,
): { errors: unknown[]; off: () => void; settled: () => Promise<void> } {
  const errors: unknown[] = [];
  const pending = new Set<Promise<void>>();
  const listener = (interaction: Interaction): void => {
    const run = handler(interaction).catch((error: unknown) => {
      errors.push(error);
    });
    pending.add(run);
    void run.finally(() => pending.delete(run));
  };
  client.on(Events.InteractionCreate, listener);
  return {
    errors,
    off: () => client.off(Events.InteractionCreate, listener),
    settled: async () => {
      await Promise.all([...pending]);
    },
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until `check` returns true (for client caches that update from gateway events). */
export async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
}
