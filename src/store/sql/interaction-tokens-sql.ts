/** The interaction tokens' statements (src/store/interaction-tokens.ts), the same on both engines. */
import type { Dialect } from './dialect';

export function interactionTokensSql(d: Dialect) {
  const p = d.param;
  return {
    /** Parameters: game, application, token, original message, message ids (JSON), received, expires. */
    keep: `INSERT INTO interaction_tokens
        (game_id, application_id, token, original_message_id, message_ids, received_at, expires_at)
      VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)})
      ON CONFLICT (game_id, token) DO UPDATE SET
        original_message_id = COALESCE(excluded.original_message_id, interaction_tokens.original_message_id),
        expires_at = excluded.expires_at`,
    /** Parameter: now. */
    prune: `DELETE FROM interaction_tokens WHERE expires_at <= ${p(1)}`,
    /** Parameters: game, now. */
    live: `SELECT * FROM interaction_tokens WHERE game_id = ${p(1)} AND expires_at > ${p(2)}
      ORDER BY expires_at DESC, token`,
    /** Parameters: message ids (JSON), game, token. */
    setMessages: `UPDATE interaction_tokens SET message_ids = ${p(1)}
      WHERE game_id = ${p(2)} AND token = ${p(3)}`,
    /** Parameters: game, token. */
    forget: `DELETE FROM interaction_tokens WHERE game_id = ${p(1)} AND token = ${p(2)}`,
    /** Parameters: game, token. */
    forgetUnused: `DELETE FROM interaction_tokens
      WHERE game_id = ${p(1)} AND token = ${p(2)} AND message_ids = '[]'`,
  };
}
