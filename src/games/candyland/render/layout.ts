/**
 * Where the 134 spaces (start, 1–132, castle) lie: one winding candy path. Its centre line runs along
 * horizontal lanes, left to right then back, joined by half-circle turns; each space is an equal stretch of it,
 * so consecutive spaces always touch and a pawn can be followed along the path.
 */
import type { Point } from '../../draw/geometry';
import { CASTLE, SHORTCUTS, type Shortcut } from '../rules/track';

export const BOARD_WIDTH = 800;
export const TRACK_TOP = 176;
/** The length of path one space takes (centre to centre along the path). */
export const STEP = 49;
/** The path's width, which is a space's size across it. */
export const PATH_WIDTH = 44;
/** The white edge of the path beyond the spaces, on each side. */
export const PATH_EDGE = 5;
/** The radius of the centre line in the turns; two lanes are two radii apart. */
const TURN_RADIUS = 34;
const LANE_LEFT = 70;
const LANE_RIGHT = 730;
const LANE_LENGTH = LANE_RIGHT - LANE_LEFT;
/** One lane and the turn after it. */
const LAP = LANE_LENGTH + Math.PI * TURN_RADIUS;
const FIRST_LANE_Y = TRACK_TOP + PATH_WIDTH / 2 + PATH_EDGE + 2;
/** The whole path's length: every space, the castle included. */
export const PATH_LENGTH = (CASTLE + 1) * STEP;
const LANES = Math.ceil(PATH_LENGTH / LAP);
export const TRACK_BOTTOM = laneY(LANES - 1) + PATH_WIDTH / 2 + PATH_EDGE + 2;

function laneY(lane: number): number {
  return FIRST_LANE_Y + lane * 2 * TURN_RADIUS;
}

/** A piece of the centre line: a straight run or a turn (canvas arc angles). */
export type PathPiece =
  | { kind: 'line'; from: Point; to: Point }
  | { kind: 'arc'; center: Point; radius: number; start: number; end: number; anticlockwise: boolean };

/** The piece of the centre line from `from` to `to` (distances along the path) within one lane or one turn. */
function piece(lane: number, from: number, to: number): PathPiece {
  const forward = lane % 2 === 0;
  const y = laneY(lane);
  if (from < LANE_LENGTH) {
    const x = (d: number) => (forward ? LANE_LEFT + d : LANE_RIGHT - d);
    return { kind: 'line', from: { x: x(from), y }, to: { x: x(to), y } };
  }
  // A turn: clockwise on the right after a lane run forward, anticlockwise on the left after one run back.
  const center = { x: forward ? LANE_RIGHT : LANE_LEFT, y: y + TURN_RADIUS };
  const radius = TURN_RADIUS;
  const a = (from - LANE_LENGTH) / TURN_RADIUS;
  const b = (to - LANE_LENGTH) / TURN_RADIUS;
  return forward
    ? { kind: 'arc', center, radius, start: a - Math.PI / 2, end: b - Math.PI / 2, anticlockwise: false }
    : { kind: 'arc', center, radius, start: -Math.PI / 2 - a, end: -Math.PI / 2 - b, anticlockwise: true };
}

/** The centre line from distance `from` to `to` as pieces, each within one lane or one turn. */
export function pathPieces(from: number, to: number): PathPiece[] {
  const pieces: PathPiece[] = [];
  let lane = Math.floor(from / LAP);
  let within = from - lane * LAP;
  while (lane * LAP + within < to - 1e-6) {
    const until = Math.min(to - lane * LAP, within < LANE_LENGTH ? LANE_LENGTH : LAP);
    pieces.push(piece(lane, within, until));
    if (until < LAP) within = until;
    else [lane, within] = [lane + 1, 0];
  }
  return pieces;
}

/** The point of the centre line at `distance` along the path. */
export function pointAt(distance: number): Point {
  const lane = Math.floor(distance / LAP);
  const found = piece(lane, distance - lane * LAP, distance - lane * LAP);
  if (found.kind === 'line') return found.from;
  return {
    x: found.center.x + TURN_RADIUS * Math.cos(found.start),
    y: found.center.y + TURN_RADIUS * Math.sin(found.start),
  };
}

/** Where space `space` starts along the path; it ends one STEP later. */
export function spaceStart(space: number): number {
  return space * STEP;
}

export function cellCenter(space: number): Point {
  return pointAt(spaceStart(space) + STEP / 2);
}

/** Where the legend goes: the rest of the last lane, after the castle. */
export function legendArea(): { left: number; right: number; y: number } {
  const castleEnd = pointAt(PATH_LENGTH);
  return { left: castleEnd.x + 22, right: BOARD_WIDTH - 8, y: castleEnd.y };
}

/**
 * A shortcut's bridge as points from its start space's centre to its end's: the Rainbow Trail arches straight
 * over the path; a bridge whose ends lie on neighbouring lanes runs in the gap between them.
 */
export function bridgeRoute(shortcut: Shortcut): Point[] {
  const from = cellCenter(shortcut.from);
  const to = cellCenter(shortcut.to);
  const lanesApart = Math.abs(to.y - from.y) / (2 * TURN_RADIUS);
  if (lanesApart > 1.5) return [from, to];
  const upperLane = Math.round((Math.min(from.y, to.y) - FIRST_LANE_Y) / (2 * TURN_RADIUS));
  const gapY = laneY(upperLane) + TURN_RADIUS;
  const inset = STEP;
  return [from, { x: from.x + inset, y: gapY }, { x: to.x - inset, y: gapY }, to];
}

export const BRIDGES: readonly { shortcut: Shortcut; route: Point[] }[] = SHORTCUTS.map((shortcut) => ({
  shortcut,
  route: bridgeRoute(shortcut),
}));

/** Pawn centres on a space: one pawn in the middle, several in its corners. */
export function pawnSpots(space: number, count: number): { at: Point; radius: number }[] {
  const center = cellCenter(space);
  if (count === 1) return [{ at: center, radius: 18 }];
  const d = PATH_WIDTH / 4;
  const corners = [
    { x: -d, y: -d },
    { x: d, y: -d },
    { x: -d, y: d },
    { x: d, y: d },
  ];
  return corners.slice(0, count).map((c) => ({ at: { x: center.x + c.x, y: center.y + c.y }, radius: 13 }));
}
