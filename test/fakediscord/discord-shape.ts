/**
 * Discord's documented message object (its OpenAPI description, as zod schemas from the `discord-api-spec`
 * package): what the fake answers must look like.
 */
import { MessageResponseSchema } from 'discord-api-spec/zod';
import * as z from 'zod/mini';

// zod/mini carries no wording of its own: the English one names what was expected.
z.config(z.locales.en());

/**
 * How `message` differs from Discord's documented message: fields missing or of the wrong type, and fields
 * Discord does not document (empty when it matches).
 */
export function messageShapeProblems(message: unknown): string[] {
  const result = MessageResponseSchema.safeParse(message);
  if (!result.success) return result.error.issues.flatMap((issue) => described(issue, []));
  // The schemas drop what they do not know: whatever was dropped is not documented.
  return undocumented(message, result.data, '');
}

interface Issue {
  path: PropertyKey[];
  message: string;
  code?: string;
  errors?: Issue[][];
}

/** An issue as `path: message`; a union no branch of which matched is told by its closest branch. */
function described(issue: Issue, base: PropertyKey[]): string[] {
  const path = [...base, ...issue.path];
  const branches = issue.code === 'invalid_union' ? (issue.errors ?? []) : [];
  const closest = branches.filter((b) => b.length > 0).sort((a, b) => a.length - b.length)[0];
  if (closest) return closest.flatMap((inner) => described(inner, path));
  return [`${path.map(String).join('.') || '(message)'}: ${issue.message}`];
}

function undocumented(given: unknown, known: unknown, path: string): string[] {
  if (Array.isArray(given) && Array.isArray(known))
    return given.flatMap((item, i) => undocumented(item, known[i], `${path}.${i}`));
  if (!isRecord(given) || !isRecord(known)) return [];
  return Object.keys(given).flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    return key in known ? undocumented(given[key], known[key], at) : [`${at}: not documented`];
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
