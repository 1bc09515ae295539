/** The render pool's worker: draws and encodes images away from the bot's main thread. */
import { parentPort } from 'node:worker_threads';
import { renderBoard } from './board';
import { renderSummary } from './summary';
import type { RenderRequest, RenderResponse } from './pool';

function render(request: RenderRequest): Buffer {
  return request.kind === 'board'
    ? renderBoard(request.state, request.options)
    : renderSummary(request.state, request.options);
}

parentPort?.on('message', (request: RenderRequest) => {
  let response: RenderResponse;
  try {
    const png = render(request);
    response = { id: request.id, png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength) };
  } catch (error) {
    response = {
      id: request.id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
  parentPort?.postMessage(response);
});
