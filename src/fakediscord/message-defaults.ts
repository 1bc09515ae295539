/**
 * What Discord fills in when it stores a message: every component gets a numeric `id` (sent ones are kept, the
 * others numbered from 1 in order, depth first, passing over the ids the message already uses), a select its
 * value counts (1 and 1), an embed field `inline: false`, and the layout components of components v2 their
 * defaults. The answers then have the shape of Discord's documented message object.
 */
import { ComponentType, type APIEmbed, type APIMessageTopLevelComponent } from 'discord.js';
import type { JsonRecord } from './json';
import { walkComponents } from './message-input';

const SELECT_TYPES: ReadonlySet<unknown> = new Set([
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
]);

/** Discord's defaults of the fields a component of `type` always carries in an answer. */
const DEFAULTS: ReadonlyMap<unknown, JsonRecord> = new Map<unknown, JsonRecord>([
  ...[...SELECT_TYPES].map((type): [unknown, JsonRecord] => [type, { min_values: 1, max_values: 1 }]),
  [ComponentType.Container, { accent_color: null, spoiler: false }],
  [ComponentType.Separator, { spacing: 1, divider: true }],
  [ComponentType.Thumbnail, { description: null, spoiler: false }],
]);

/** A copy of `components` as Discord stores them (the input is not changed). */
export function storedComponents(
  components: readonly APIMessageTopLevelComponent[],
): APIMessageTopLevelComponent[] {
  const copy = structuredClone(components) as unknown as JsonRecord[];
  const used = new Set<number>();
  walkComponents(copy, (component) => {
    if (typeof component['id'] === 'number') used.add(component['id']);
  });
  let next = 1;
  walkComponents(copy, (component) => {
    for (const [key, value] of Object.entries(DEFAULTS.get(component['type']) ?? {}))
      if (component[key] === undefined) component[key] = value;
    if (typeof component['id'] === 'number') return;
    while (used.has(next)) next += 1;
    component['id'] = next;
    used.add(next);
  });
  return copy as unknown as APIMessageTopLevelComponent[];
}

/** An embed as Discord stores it: every field says whether it is inline. */
export function storedEmbed(embed: APIEmbed): APIEmbed {
  if (!embed.fields) return embed;
  return { ...embed, fields: embed.fields.map((field) => ({ ...field, inline: field.inline ?? false })) };
}
