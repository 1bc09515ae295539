import fs from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { FakeDiscord } from '../fakediscord/index';
import { emojiAsset } from './emoji-font';
import { refuse, sendJson } from './http-json';

/**
 * The files the sandbox page is made of (./public/: the page, its stylesheets and script modules), the emoji
 * font, and the attachments of the fake Discord's messages, answered to a GET.
 */

const PUBLIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));
const JAVASCRIPT = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';
const PAGE_FILES: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/index.html': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/app.js': { file: 'app.js', type: JAVASCRIPT },
  '/style.css': { file: 'style.css', type: CSS },
  '/favicon.svg': { file: 'favicon.svg', type: 'image/svg+xml' },
};
/** The page's modules (`/js/messages.js`) and stylesheets: a plain name, so no path can leave the folder. */
const MODULE_PATH = /^\/js\/[a-z][a-z-]*\.js$/;
const STYLESHEET_PATH = /^\/css\/[a-z][a-z-]*\.css$/;
// The page must work offline: nothing may load from anywhere but this server.
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'";

function pageFileOf(pathname: string): { file: string; type: string } | null {
  if (MODULE_PATH.test(pathname)) return { file: pathname.slice(1), type: JAVASCRIPT };
  if (STYLESHEET_PATH.test(pathname)) return { file: pathname.slice(1), type: CSS };
  return PAGE_FILES[pathname] ?? null;
}

/** Answers a GET of a file of the page, the emoji font or an attachment; false when `url` names none. */
export async function sendFile(response: ServerResponse, url: URL, fake: FakeDiscord): Promise<boolean> {
  if (url.pathname.startsWith('/attachments/')) {
    sendAttachment(response, url, fake);
    return true;
  }
  const pageFile = pageFileOf(url.pathname);
  if (pageFile) {
    await sendPageFile(response, pageFile);
    return true;
  }
  const emoji = await emojiAsset(url.pathname);
  if (!emoji) return false;
  response.writeHead(200, { 'Content-Type': emoji.type, 'Cache-Control': 'public, max-age=86400' });
  response.end(emoji.body);
  return true;
}

async function sendPageFile(response: ServerResponse, file: { file: string; type: string }): Promise<void> {
  const body = await fs.readFile(`${PUBLIC_DIR}${file.file}`).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (body === null) return sendJson(response, refuse(404, 'No such file.'));
  response.writeHead(200, {
    'Content-Type': file.type,
    'Cache-Control': 'no-cache',
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  });
  response.end(body);
}

function sendAttachment(response: ServerResponse, url: URL, fake: FakeDiscord): void {
  const id = url.pathname.split('/')[2] ?? '';
  const attachment = fake.state.attachments.get(id);
  if (!attachment) return sendJson(response, refuse(404, 'No such attachment.'));
  response.writeHead(200, {
    'Content-Type': attachment.contentType,
    'Content-Length': attachment.data.length,
    'Cache-Control': 'public, max-age=31536000, immutable',
  });
  response.end(attachment.data);
}
