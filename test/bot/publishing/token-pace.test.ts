import type { Client } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { keepToken } from '../../../src/bot/publishing/token-capture';
import { TOKEN_PACE, TokenRoutes } from '../../../src/bot/publishing/token-routes';
import { silentLogger } from '../../../src/logger';
import { FakeClock, type InteractionTokens, type KeptToken } from '../../../src/service/index';

const kept: KeptToken = {
  gameId: 'game-1',
  applicationId: '1',
  token: 'token-of-a-click',
  originalMessageId: 'board',
  messageIds: [],
  receivedAt: 0,
  expiresAt: 15 * 60_000,
};

/** The token store of a game with one live token (what a takeover finds in the storage). */
const tokens = {
  keep: async () => {},
  live: async () => [kept],
} as unknown as InteractionTokens;

/** A bot's client: the pace tells the tokens it kept from those another bot kept by it. */
const newClient = () => ({}) as Client<true>;

function routesOf(client: Client, clock: FakeClock): TokenRoutes {
  return new TokenRoutes({ client, tokens, logger: silentLogger, clock });
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Takes turns in the token's pace until none is free now: how many were. */
async function turnsNow(routes: TokenRoutes): Promise<number> {
  let turns = 0;
  while (await routes.tokenForPost(kept.gameId)) turns += 1;
  return turns;
}

describe('the pace of an interaction token', () => {
  it("allows its bot the pace's turns at once for a token it kept", async () => {
    const clock = new FakeClock();
    const client = newClient();
    kept.receivedAt = clock.now();
    keepToken(tokens, silentLogger, kept.gameId, { ...kept, createdTimestamp: 0, client }, 'board');
    // The kept token's own answer counts as its first request.
    expect(await turnsNow(routesOf(client, clock))).toBe(TOKEN_PACE.limit - 1);
  });

  it('takes a token another bot kept as spent just now, even one started in the same Node process', async () => {
    const clock = new FakeClock();
    const before = newClient();
    keepToken(tokens, silentLogger, kept.gameId, { ...kept, createdTimestamp: 0, client: before }, 'board');
    // The bot that takes over (a new client; in production a new process) waits a whole window before it uses
    // the token: the first bot may have spent Discord's bucket for it just before it stopped.
    const after = routesOf(newClient(), clock);
    let taken: KeptToken | null | undefined;
    const first = after.tokenForPost(kept.gameId).then((token) => (taken = token));
    await settle();
    await clock.advance(TOKEN_PACE.windowMs - 1);
    expect(taken).toBeUndefined();
    await clock.advance(1);
    await first;
    expect(taken?.token).toBe(kept.token);
    // From then on its pace is its own: the rest of the window's turns at once.
    expect(await turnsNow(after)).toBe(TOKEN_PACE.limit - 1);
  });
});
