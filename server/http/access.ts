/**
 * The one place where the API decides who may call what. Every route declares `config.access`; a route without one
 * refuses to register. Tenancy starts here too: the actor's company is what every repository scopes by.
 */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS_STAMP_HEADER, accessStamp } from '../../common/access-stamp.ts';
import { type Action, canAccess, type Level } from '../../common/menu.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';

export type Access =
  /** Anyone, signed in or not. */
  | { kind: 'public' }
  /** Any signed-in user. `company` requires the user to belong to a company. */
  | { kind: 'signed-in'; company?: boolean }
  /** Users whom the menu registry lets see (read) or change (write) this menu, inside their company. */
  | { kind: 'menu'; menu: string; action: Action; company?: boolean }
  /**
   * A route shared by the records of several menus, where the body or the stored record says which menu a request
   * concerns (a payroll summary: its type, decision 0091). The hook lets through users who may see or change any of
   * `menus`; the handler names the request's own menu with `requireMenu` before it reads or changes anything.
   */
  | { kind: 'menus'; menus: readonly string[]; action: Action; company?: boolean };

export interface Actor {
  userId: string;
  sessionId: string;
  level: Level;
  username: string;
  fullname: string;
  companyId: string | null;
  companyCode: string | null;
  features: Record<string, unknown>;
  permissions: string[];
  impersonatorId: string | null;
  /**
   * The department of the actor's own employee record (null without one), loaded with the session: what a resource's
   * `department` scoping compares with for an admin_department caller (docs/decisions/0010).
   */
  departmentId: string | null;
}

/** An actor who belongs to a company: what company-scoped repositories need. */
export interface Scope {
  actor: Actor;
  companyId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every /v1 route with its access rule: what the authorisation matrix test iterates. */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

export type Authenticate = (request: FastifyRequest) => Promise<Actor | null>;

export function installAccess(app: FastifyInstance, authenticate: Authenticate) {
  app.decorateRequest('actor', null);
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v1')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, access });
  });
  // Before the body is parsed or validated: a caller who may not call the route learns nothing more.
  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    request.actor = await authenticate(request);
    // What the caller may do now: the client reloads its user when this differs from the one it holds (decision 0151).
    if (request.actor) {
      reply.header(ACCESS_STAMP_HEADER, accessStamp(request.actor.level, request.actor.permissions));
    }
    if (access.kind === 'public') return;
    const actor = request.actor;
    if (!actor) throw unauthorized();
    if (access.kind === 'menu' && !canAccess(access.menu, actorViewer(actor), access.action)) throw forbidden();
    if (access.kind === 'menus' && !access.menus.some((menu) => canAccess(menu, actorViewer(actor), access.action))) {
      throw forbidden();
    }
    if (access.company && !actor.companyId) {
      throw new AppError(403, 'no_company', 'Sign in to a company to use this');
    }
  });
}

export const actorViewer = (actor: Actor) => ({
  level: actor.level,
  username: actor.username,
  permissions: actor.permissions,
  companyCode: actor.companyCode,
  features: actor.features,
});

/** May the actor see (read) or change (write) this menu? */
export const mayAccess = (actor: Actor, menu: string, action: Action) => canAccess(menu, actorViewer(actor), action);

/** A `menus` route's own check: 403 unless the actor may `action` the menu the request concerns. */
export function requireMenu(actor: Actor, menu: string, action: Action) {
  if (!mayAccess(actor, menu, action)) throw forbidden();
}

/** The signed-in actor of a route whose access rule guarantees one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** The company scope of a route whose access rule requires a company. */
export function scopeOf(request: FastifyRequest): Scope {
  const actor = actorOf(request);
  if (!actor.companyId) throw new AppError(403, 'no_company', 'Sign in to a company to use this');
  return { actor, companyId: actor.companyId };
}
