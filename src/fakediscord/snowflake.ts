/** Discord snowflakes: 42 bits of milliseconds since the Discord epoch, then worker, process and increment. */
export const DISCORD_EPOCH_MS = 1_420_070_400_000;

export class SnowflakeGenerator {
  private increment = 0n;

  /** A new, strictly increasing snowflake for the given time (default: now). */
  next(atMs: number = Date.now()): string {
    const time = BigInt(Math.max(0, Math.floor(atMs) - DISCORD_EPOCH_MS));
    const id = (time << 22n) | (1n << 17n) | (1n << 12n) | (this.increment & 0xfffn);
    this.increment += 1n;
    return id.toString();
  }
}

/** The creation time encoded in a snowflake, in epoch milliseconds. */
export function snowflakeTimestamp(id: string): number {
  return Number(BigInt(id) >> 22n) + DISCORD_EPOCH_MS;
}

/** True for strings that look like a snowflake (digits only, at least 15 of them). */
export function isSnowflake(value: string): boolean {
  return /^\d{15,21}$/.test(value);
}
