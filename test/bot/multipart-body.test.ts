import busboy from 'busboy';
import { describe, expect, it } from 'vitest';
import { multipartBody } from '../../src/bot/publishing/multipart-body';

interface Part {
  field: string;
  filename?: string;
  mimeType?: string;
  value: Buffer;
}

/** Reads a multipart/form-data body with busboy, as an HTTP server would. */
function parse(body: Buffer, contentType: string): Promise<Part[]> {
  return new Promise((resolve, reject) => {
    const parts: Part[] = [];
    const parser = busboy({ headers: { 'content-type': contentType } });
    parser.on('field', (field, value) => parts.push({ field, value: Buffer.from(value) }));
    parser.on('file', (field, stream, info) => {
      const part: Part = { field, filename: info.filename, mimeType: info.mimeType, value: Buffer.alloc(0) };
      parts.push(part); // in the order of the body
      stream.on('data', (chunk: Buffer) => (part.value = Buffer.concat([part.value, chunk])));
    });
    parser.on('close', () => resolve(parts));
    parser.on('error', reject);
    parser.end(body);
  });
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest'),
]);

describe('multipartBody', () => {
  it('carries each file as files[n] with its name and type, then the payload as payload_json', async () => {
    const payload = { type: 7, data: { content: 'line one\nline "two"', embeds: [{ title: 'Turn 3' }] } };
    const other = new Uint8Array([0, 1, 2, 13, 10, 45, 45, 255]);
    const { body, contentType } = multipartBody(
      [
        { name: 'board.png', data: PNG },
        { name: 'notes.bin', data: other },
      ],
      payload,
    );
    expect(contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
    const parts = await parse(body, contentType);
    expect(parts.map((part) => [part.field, part.filename, part.mimeType])).toEqual([
      ['files[0]', 'board.png', 'image/png'],
      ['files[1]', 'notes.bin', 'application/octet-stream'],
      ['payload_json', undefined, undefined],
    ]);
    expect(parts[0]!.value.equals(PNG)).toBe(true);
    expect(parts[1]!.value.equals(Buffer.from(other))).toBe(true);
    expect(JSON.parse(parts[2]!.value.toString('utf8'))).toEqual(payload);
  });

  it('keeps a file’s own key and type, and escapes quotes and line breaks in names', async () => {
    const { body, contentType } = multipartBody(
      [{ name: 'a "b"\r\nc.png', data: Buffer.from('x'), key: 'files[3]', contentType: 'image/webp' }],
      {},
    );
    const [file] = await parse(body, contentType);
    expect(file).toMatchObject({
      field: 'files[3]',
      filename: 'a %22b%22%0D%0Ac.png',
      mimeType: 'image/webp',
    });
  });

  it('uses a new boundary for every body', () => {
    const boundaries = new Set(
      Array.from({ length: 20 }, () => multipartBody([{ name: 'f.png', data: PNG }], {}).contentType),
    );
    expect(boundaries.size).toBe(20);
  });
});
