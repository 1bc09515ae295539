/**
 * A multipart/form-data body as Discord takes it with files: each file as `files[n]` (or its own key), then the
 * JSON payload as `payload_json`. Built in one buffer from the files' bytes.
 */
import { randomBytes } from 'node:crypto';

export interface BodyFile {
  name: string;
  data: Buffer | Uint8Array;
  key?: string;
  contentType?: string;
}

const CRLF = '\r\n';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A field's name or file name inside its quotes, escaped as browsers escape them. */
function quoted(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function contentTypeOf(file: BodyFile): string {
  if (file.contentType) return file.contentType;
  const head = Buffer.from(file.data.buffer, file.data.byteOffset, Math.min(8, file.data.byteLength));
  return head.equals(PNG_SIGNATURE) ? 'image/png' : 'application/octet-stream';
}

function filePart(file: BodyFile, index: number): Buffer[] {
  const name = quoted(file.key ?? `files[${index}]`);
  const head =
    `Content-Disposition: form-data; name="${name}"; filename="${quoted(file.name)}"${CRLF}` +
    `Content-Type: ${contentTypeOf(file)}${CRLF}${CRLF}`;
  return [Buffer.from(head), Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength)];
}

export function multipartBody(
  files: readonly BodyFile[],
  payload: unknown,
): { body: Buffer; contentType: string } {
  const boundary = `hare-${randomBytes(12).toString('hex')}`;
  const delimiter = Buffer.from(`--${boundary}${CRLF}`);
  const chunks: Buffer[] = [];
  files.forEach((file, index) => chunks.push(delimiter, ...filePart(file, index), Buffer.from(CRLF)));
  const json = `Content-Disposition: form-data; name="payload_json"${CRLF}${CRLF}${JSON.stringify(payload)}${CRLF}`;
  chunks.push(delimiter, Buffer.from(json), Buffer.from(`--${boundary}--${CRLF}`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
