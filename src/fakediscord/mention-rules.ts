/**
 * allowed_mentions as Discord checks and applies it: the body is validated (50035), and a new message pings
 * only the mentions of its content that the rules allow (an edit never pings). Tests read who was pinged.
 */
import { FormErrors } from './errors';
import { isRecord } from './json';

export interface AllowedMentions {
  parse: ('users' | 'roles' | 'everyone')[];
  users: string[];
  roles: string[];
}

const PARSE_TYPES = new Set(['users', 'roles', 'everyone']);
const MAX_IDS = 100;

/** The body's allowed_mentions (undefined when not sent: Discord then parses every mention). */
export function parseAllowedMentions(value: unknown, errors: FormErrors): AllowedMentions | undefined {
  if (value === undefined || value === null) return undefined;
  const path = ['allowed_mentions'];
  if (!isRecord(value)) {
    errors.add(path, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
    return undefined;
  }
  const parse = Array.isArray(value['parse']) ? value['parse'] : [];
  parse.forEach((type, i) => {
    if (typeof type !== 'string' || !PARSE_TYPES.has(type))
      errors.add(
        [...path, 'parse', i],
        'BASE_TYPE_CHOICES',
        'Value must be one of {"users", "roles", "everyone"}.',
      );
  });
  const ids = (key: 'users' | 'roles'): string[] => {
    const list = Array.isArray(value[key]) ? (value[key] as unknown[]).map(String) : [];
    if (list.length > MAX_IDS)
      errors.add([...path, key], 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_IDS} or fewer in length.`);
    if (list.length > 0 && parse.includes(key))
      errors.add(
        [...path, 'parse'],
        'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
        `parse:["${key}"] and ${key}: [ids...] are mutually exclusive.`,
      );
    return list;
  };
  return {
    parse: parse.filter((type): type is AllowedMentions['parse'][number] => PARSE_TYPES.has(String(type))),
    users: ids('users'),
    roles: ids('roles'),
  };
}

/** The users and roles a new message with `content` notifies, and whether it pings everyone. */
export function pingsOf(
  content: string,
  allowed: AllowedMentions | undefined,
): { users: string[]; roles: string[]; everyone: boolean } {
  const users = unique([...content.matchAll(/<@!?(\d+)>/g)].map((match) => match[1] ?? ''));
  const roles = unique([...content.matchAll(/<@&(\d+)>/g)].map((match) => match[1] ?? ''));
  const everyone = /@(everyone|here)\b/.test(content);
  if (!allowed) return { users, roles, everyone };
  return {
    users: allowed.parse.includes('users') ? users : users.filter((id) => allowed.users.includes(id)),
    roles: allowed.parse.includes('roles') ? roles : roles.filter((id) => allowed.roles.includes(id)),
    everyone: everyone && allowed.parse.includes('everyone'),
  };
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}
