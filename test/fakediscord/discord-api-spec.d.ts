// The package ships its zod schemas as JavaScript only; the one schema the tests use, typed.
declare module 'discord-api-spec/zod' {
  import type { ZodMiniType } from 'zod/mini';

  export const MessageResponseSchema: ZodMiniType;
}
