import type { FakeDiscord, RecordedInteraction } from '../fakediscord/index';
import { commandPath } from './page-view';

/**
 * The full command ("hare start") of each slash command, by interaction id, for the "Alice used /hare start"
 * line above its reply. A stored message's interaction link names only the top-level command ("hare"), so the
 * sandbox records the path as the command arrives, and the history saves it with the reply across restarts.
 */
export class CommandPaths {
  private readonly byInteraction = new Map<string, string>();
  private readonly onInteraction = (interaction: RecordedInteraction): void => {
    const path = interaction.kind === 'command' ? commandPath(interaction.payload) : null;
    if (path) this.byInteraction.set(interaction.id, path);
  };

  constructor(private readonly fake: FakeDiscord) {}

  /** Starts recording the commands the fake receives. */
  attach(): void {
    this.fake.on('interactionCreate', this.onInteraction);
  }

  detach(): void {
    this.fake.off('interactionCreate', this.onInteraction);
  }

  get(interactionId: string): string | undefined {
    return this.byInteraction.get(interactionId);
  }

  /** Puts back a path saved with a reply. */
  restore(interactionId: string, path: string): void {
    this.byInteraction.set(interactionId, path);
  }
}
