/**
 * The renderer of a module that has none (GameModule.loadRenderer absent): the default board and summary,
 * drawn from the contract alone. The render workers fall back to it (src/workers/render-pool.ts).
 */
import type { AnyGameModule, GameRenderer } from '../contract';
import { drawDefaultBoard } from './default-board';
import { drawDefaultSummary } from './default-summary';
import { encodeOpaquePng } from './png';

export function defaultRenderer(module: AnyGameModule): GameRenderer<unknown, unknown> {
  return {
    board: (input) => encodeOpaquePng(drawDefaultBoard(module, input)),
    summary: (input) => encodeOpaquePng(drawDefaultSummary(module, input)),
  };
}
