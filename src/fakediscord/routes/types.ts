import type { FakeApp } from '../app';
import type { ParsedRequest } from '../http/request';
import type { Params } from '../http/router';

export interface RouteContext {
  app: FakeApp;
  req: ParsedRequest;
  params: Params;
}

export interface RouteResult {
  status: number;
  body?: unknown;
}

export type RouteHandler = (ctx: RouteContext) => RouteResult | Promise<RouteResult>;

export interface RouteDefinition {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  template: string;
  handler: RouteHandler;
  /** Whether the route needs the bot's `Authorization` header (interaction and webhook routes do not). */
  auth: boolean;
}

export function ok(body: unknown, status = 200): RouteResult {
  return { status, body };
}

export function noContent(): RouteResult {
  return { status: 204 };
}

export function param(ctx: RouteContext, name: string): string {
  const value = ctx.params[name];
  if (value === undefined) throw new Error(`route parameter ${name} missing`);
  return value;
}
