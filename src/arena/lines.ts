/**
 * Splits a byte stream into lines, never holding more than `maxBytes` of one: a longer line is reported once
 * as oversize and its bytes are skipped up to its newline.
 */
export type LineOut = { kind: 'line'; text: string } | { kind: 'oversize' };

export class LineSplitter {
  private parts: Buffer[] = [];
  private held = 0;
  private skipping = false;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): LineOut[] {
    const out: LineOut[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline;
      if (!this.skipping) {
        const piece = chunk.subarray(start, end);
        if (this.held + piece.length > this.maxBytes) {
          this.parts = [];
          this.held = 0;
          this.skipping = true;
          out.push({ kind: 'oversize' });
        } else {
          this.parts.push(piece);
          this.held += piece.length;
        }
      }
      if (newline === -1) break;
      if (!this.skipping) out.push({ kind: 'line', text: this.take() });
      this.skipping = false;
      this.parts = [];
      this.held = 0;
      start = newline + 1;
    }
    return out;
  }

  private take(): string {
    const text = Buffer.concat(this.parts).toString('utf8');
    return text.endsWith('\r') ? text.slice(0, -1) : text;
  }
}
