import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ROLES, ROLE_LABELS, type Role } from '../../domain/enums.ts';
import type { Authenticator } from './auth.ts';
import { AppError, forbidden } from './errors.ts';

/**
 * How a route decides whose rows a caller reaches, once the caller's role is admitted. The route's
 * service enforces it; the authorisation suite (tests/api/authorization.test.ts) calls every route as
 * its owner and as another tenant of the same kind and expects exactly this.
 */
export const OWNERSHIP = {
  /** Not about anyone's rows: a directory read, a lookup of the caller's own keys. */
  none: 'Not about one tenant: every admitted caller gets the same kind of answer.',
  /** The caller's own account or profile, found from the caller, never from the path. */
  caller: "The caller's own account or profile; the path names no one else's.",
  /** A directory entry: a listed one (domain/rules/directory.ts: verified, active) is everyone's to read; an unlisted one its own organisation's and admins'. */
  listed:
    'A listed (verified, active) entry answers every admitted caller; an unlisted one only its own organisation and admins, others get 404.',
  /** A row of one organisation: its own account (referenceId) changes it; an admin any. */
  organisation: "The organisation named in the path is the caller's own (referenceId); an admin reaches any.",
  /** A row addressed to one account (a notification): only that account reaches it. */
  recipient: 'The row is addressed to the caller; anyone else gets 404.',
  /** Other accounts: only those the caller may know (server/modules/accounts/service.ts knownTo). */
  acquaintance:
    'Only accounts the caller may know: admins every one; others themselves, their organisation, and the parties of their appointments.',
  /** An appointment: its patient, its doctor and its hospital; an admin any. */
  appointmentParty: "The caller is the appointment's patient, doctor or hospital; an admin reaches any.",
  /** A patient's record: the patient, a provider in a care relationship (domain/rules/careAccess.ts), an admin. */
  patientCare:
    'The patient themselves; a doctor or hospital only within a care relationship (domain/rules/careAccess.ts); an admin any.',
  /** A doctor's schedule: the doctor, the hospital the doctor practises at (its sessions there), admins (read). */
  scheduleKeeper:
    'The doctor themselves, or the hospital the doctor practises at (its own sessions there); an admin reads any; others get 404.',
  /** A consultation: its treating doctor and hospital; its patient reads; a live emergency grant reads. */
  consultationParty:
    "The consultation's treating doctor or hospital; its patient reads (private notes excepted); a doctor or hospital with a live emergency grant reads; others (admins included) get 404.",
  /** A referral: the consultation's doctor or hospital that sent it, the receiver it names, its patient. */
  referralParty:
    "The referral's sender (the consultation's doctor or hospital), its receiver (the doctor, hospital or diagnostics centre it names) or its patient; only the receiver decides; others get 404 (or do not find it in a list).",
  /** Break the glass: any doctor or hospital may ask, with a reason; time-limited, notified, audited. */
  emergency:
    'Any admitted doctor or hospital may ask, with a reason, for a time-limited view of an existing consultation; the patient and the treating hospital are notified and every read is audited.',
  /** A diagnostic order: its performing centre, its patient, the doctor or hospital that ordered it; an admin any. */
  orderParty:
    "The caller is the order's diagnostics centre, its patient, or the doctor or hospital that ordered it; an admin reaches any; others get 404 (or do not find it in a list).",
  /** A pharmacy order: its pharmacy, its patient, the prescribing doctor or hospital; an admin any. */
  pharmacyOrderParty:
    "The caller is the order's pharmacy, its patient, or the doctor or hospital whose prescription it fills; an admin reaches any; others get 404 (or do not find it in a list).",
  /** A provider's verification paper: the provider's own accounts (referenceId) and admins. */
  providerPaper: "The paper belongs to the caller's own provider (referenceId); an admin reaches any; others get 404.",
  /** An affiliation: its two parties (the proposer's and the recipient's accounts); an admin reaches any. */
  affiliationParty:
    "The caller's organisation (or the doctor) is one of the affiliation's two parties; an admin reaches any; others get 404 (or do not find it in a list).",
  /** A waitlist entry: its patient, its doctor, the hospital it waits at; admins read. */
  waitlistParty:
    "The entry's patient, its doctor, or the hospital it waits at (a list: only those); an admin reads any; others get 404.",
} as const;
export type Ownership = keyof typeof OWNERSHIP;

/** Who may call a route: anyone (public), or signed-in accounts of some roles, with an ownership rule. */
export type Access =
  | { public: true; why: string }
  | { public: false; roles: readonly Role[] | 'ANY'; owner: Ownership; localOnly?: false }
  | { public: true; why: string; localOnly: true };

/** Anyone, signed in or not: say why the route needs no account. */
export const publicRoute = (why: string): Access => ({ public: true, why });
/** Development only: anyone on this machine (loopback), no account. Registered only when opted in. */
export const localOnlyRoute = (why: string): Access => ({ public: true, why, localOnly: true });
/** Signed-in accounts of these roles ('ANY': every role), reaching rows as `owner` says. */
export const allow = (roles: readonly Role[] | 'ANY', owner: Ownership): Access => ({ public: false, roles, owner });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (every /api route declares it; undeclared ones refuse everyone). */
    access?: Access;
    /** This route takes file uploads: only here may a multipart body be larger than the JSON limit. */
    uploads?: boolean;
  }
}

/** Routes the API registers through plugins it does not own (the documentation pages). */
const PLUGIN_ROUTES = /^\/api\/docs(\/|$)/;

export type RouteEntry = { method: string; url: string; access: Access | undefined; uploads: boolean };

export function isApiRoute(url: string) {
  return url === '/api' || url.startsWith('/api/');
}

/** The roles a declaration admits, as a list. */
export function admittedRoles(access: Access): readonly Role[] {
  if (access.public) return ROLES;
  return access.roles === 'ANY' ? ROLES : access.roles;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/**
 * The TCP peer is this machine and no proxy forwarded the request: a reverse proxy on this machine
 * makes every caller look local, so a forwarded request never counts as local.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const headers = request.headers;
  if (
    headers['x-forwarded-for'] !== undefined ||
    headers.forwarded !== undefined ||
    headers['x-real-ip'] !== undefined
  ) {
    return false;
  }
  return LOOPBACK.has(request.raw.socket.remoteAddress ?? '');
}

/**
 * The gate every /api request passes first, before its body is read or validated: an undeclared
 * route refuses everyone; a protected one answers 401 without a valid session and 403 for a role it
 * does not admit. The signed-in caller is kept on the request for the route (callerOf).
 * Also collects the route list (app.routeList) the authorisation and bad-input suites walk.
 */
export function registerAccessGate(app: FastifyInstance, auth: Authenticator) {
  const routes: RouteEntry[] = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiRoute(route.url) || PLUGIN_ROUTES.test(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' && route.exposeHeadRoute !== false && methods.length === 1) continue;
      routes.push({
        method,
        url: route.url,
        access: route.config?.access,
        uploads: route.config?.uploads === true,
      });
    }
  });

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url || !isApiRoute(url) || PLUGIN_ROUTES.test(url)) return;
    const access = request.routeOptions.config.access;
    if (!access) {
      request.log.error({ route: `${request.method} ${url}` }, 'route declares no access: refused');
      throw new AppError('FORBIDDEN', 'This endpoint is not available.');
    }
    if (access.public) {
      if ('localOnly' in access && access.localOnly && !fromThisMachine(request)) {
        // As if it did not exist: nothing tells a remote caller there is a development route here.
        throw new AppError('NOT_FOUND', `There is no endpoint ${request.method} ${request.url.split('?')[0]}.`);
      }
      return;
    }
    const user = await auth.authenticate(request);
    request.user = user;
    if (access.roles !== 'ANY' && !access.roles.includes(user.role)) {
      throw forbidden(
        `This is only for ${access.roles.map((r) => ROLE_LABELS[r]).join(', ')} accounts; you are signed in as ${ROLE_LABELS[user.role]}.`,
      );
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its access declaration, in registration order. */
    routeList: RouteEntry[];
  }
}
