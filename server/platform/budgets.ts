import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimitRule } from './context.ts';
import { AppError } from './errors.ts';

/** One budget a request spends from: a rule and whose it is (undefined: this request does not spend it). */
export type Budget = { name: string; rule: RateLimitRule; key: (request: FastifyRequest) => string | undefined };

type Check = (request: FastifyRequest) => Promise<{ isExceeded: boolean; ttlInSeconds: number }>;

declare module 'fastify' {
  interface FastifyInstance {
    createRateLimit(options: RateLimitRule & { keyGenerator: (request: FastifyRequest) => string }): Check;
  }
}

/** "15 minutes", "40 seconds": how long a caller waits. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * A request spends from every budget it names, each counted on its own (an address across all the
 * accounts it tries, an account from every address that tries it), and is refused with 429 when any
 * is spent. The route's own rate-limit config allows one key only; this checks several.
 */
export function spendBudgets(app: FastifyInstance, budgets: Budget[]): preHandlerAsyncHookHandler {
  const limiters = budgets.map((budget) => ({
    budget,
    check: app.createRateLimit({
      ...budget.rule,
      keyGenerator: (request) => `${budget.name}|${budget.key(request) ?? ''}`,
    }),
  }));
  return async (request, reply) => {
    let wait = 0;
    for (const { budget, check } of limiters) {
      if (budget.key(request) === undefined) continue;
      const result = await check(request);
      if (result.isExceeded) wait = Math.max(wait, result.ttlInSeconds);
    }
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new AppError('RATE_LIMITED', `Too many attempts. Please wait ${waitText(wait)} and try again.`);
    }
  };
}

/** The address a request came from (behind a trusted proxy, the client's). */
export const byAddress = (request: FastifyRequest) => `ip:${request.ip}`;

/** The account a request's body names (sign-in, mail requests), however it is spelt. */
export function byNamedAccount(request: FastifyRequest): string | undefined {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? `email:${email.trim().toLowerCase()}` : undefined;
}

/** The signed-in account, whichever session it uses (a new sign-in starts no new budget). */
export const bySignedInAccount = (request: FastifyRequest) =>
  request.user ? `user:${request.user.id}` : byAddress(request);

/**
 * Budgets spent by failures only (sign-in: a busy front desk signing in all day is never locked out;
 * wrong passwords are). `guard` refuses with 429 while any of the request's budgets is spent; `fail`
 * records one failure against each. Counted in this process, like the other budgets.
 */
export function failureBudgets(budgets: Budget[]) {
  const counts = new Map<string, { failures: number; resetAt: number }>();
  const sweepAbove = 10_000;
  const entry = (key: string, now: number) => {
    const found = counts.get(key);
    return found && found.resetAt > now ? found : undefined;
  };
  const keysOf = (request: FastifyRequest) =>
    budgets.flatMap((budget) => {
      const key = budget.key(request);
      return key === undefined ? [] : [{ budget, key: `${budget.name}|${key}` }];
    });
  return {
    guard: (async (request, reply) => {
      const now = Date.now();
      let wait = 0;
      for (const { budget, key } of keysOf(request)) {
        const found = entry(key, now);
        if (found && found.failures >= budget.rule.max) wait = Math.max(wait, Math.ceil((found.resetAt - now) / 1000));
      }
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new AppError('RATE_LIMITED', `Too many attempts. Please wait ${waitText(wait)} and try again.`);
      }
    }) satisfies preHandlerAsyncHookHandler,
    fail(request: FastifyRequest) {
      const now = Date.now();
      if (counts.size > sweepAbove) {
        for (const [key, value] of counts) if (value.resetAt <= now) counts.delete(key);
      }
      for (const { budget, key } of keysOf(request)) {
        const found = entry(key, now);
        if (found) found.failures += 1;
        else counts.set(key, { failures: 1, resetAt: now + budget.rule.timeWindow });
      }
    },
  };
}
