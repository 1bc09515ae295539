/** Values a drawing thread keeps for each image size, forgetting the least recently used beyond `limit` sizes. */
export class KeptBySize<T> {
  private readonly kept = new Map<string, T>();

  constructor(private readonly limit: number) {}

  /** The value kept for `width` × `height`, now the most recently used, or a new one from `create`, kept. */
  get(width: number, height: number, create: () => T): T {
    const key = `${width}x${height}`;
    const value = this.kept.get(key) ?? create();
    this.kept.delete(key);
    this.kept.set(key, value);
    if (this.kept.size > this.limit) this.kept.delete(this.kept.keys().next().value!);
    return value;
  }
}
