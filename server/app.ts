import { randomUUID } from 'node:crypto';
import { Agent } from 'node:https';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { isApiRoute, registerAccessGate } from './platform/access.ts';
import { registerAfterAnswer } from './platform/afterAnswer.ts';
import { publicOnlyLookup } from './platform/network.ts';
import { createAuthenticator, createTokenService, revokedSessionsSweepJob } from './platform/auth.ts';
import {
  DEFAULT_RATE_LIMITS,
  SIGNIN_ACCOUNTS_PER_ADDRESS,
  type AppContext,
  type RateLimits,
} from './platform/context.ts';
import { registerErrorHandling, registerStoredTextCheck } from './platform/errors.ts';
import { MAX_UPLOAD_BYTES, createFileStore } from './platform/files.ts';
import { IDEMPOTENCY_HEADER, registerIdempotency } from './platform/idempotency.ts';
import { idempotencySweepJob } from './platform/idempotencyKeys.ts';
import { createJobRunner, type JobRunner } from './platform/jobs.ts';
import { createMailer } from './platform/mail.ts';
import { createPushSender } from './platform/push.ts';
import { createRealtime } from './platform/realtime.ts';
import { scopedDb } from './platform/unitOfWork.ts';
import { createSessionCache } from './platform/sessionCache.ts';
import { sharedSecret } from './platform/secrets.ts';
import { loggerOptions, registerRequestLog } from './platform/logging.ts';
import { registerStaticApp } from './platform/static.ts';
import { registerSecurityHeaders } from './platform/securityHeaders.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { hospitalsRoutes } from './modules/hospitals/routes.ts';
import { patientsRoutes } from './modules/patients/routes.ts';
import { pharmaciesRoutes } from './modules/pharmacies/routes.ts';
import { diagnosticsRoutes } from './modules/diagnostics/routes.ts';
import { catalogueRoutes } from './modules/diagnostic-orders/catalogueRoutes.ts';
import { diagnosticOrdersRoutes } from './modules/diagnostic-orders/routes.ts';
import { affiliationsRoutes } from './modules/affiliations/routes.ts';
import { affiliationMoneyRoutes } from './modules/affiliations/moneyRoutes.ts';
import { pharmacyInventoryRoutes } from './modules/pharmacy-inventory/routes.ts';
import { pharmacyOrdersRoutes } from './modules/pharmacy-orders/routes.ts';
import { doctorsRoutes } from './modules/doctors/routes.ts';
import { appointmentsRoutes } from './modules/appointments/routes.ts';
import { schedulesRoutes } from './modules/schedules/routes.ts';
import { waitlistRoutes } from './modules/waitlist/routes.ts';
import { consultationsRoutes } from './modules/consultations/routes.ts';
import { verificationRoutes } from './modules/verification/routes.ts';
import { teamRoutes } from './modules/accounts/teamRoutes.ts';
import { ownAccountRoutes } from './modules/accounts/ownAccountRoutes.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { idempotencyRoutes } from './modules/idempotency/routes.ts';
import { buildServices } from './services.ts';
import { APP_VERSION } from './version.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  /** Overrides the logger built from the config (tests pass false). */
  logger?: FastifyServerOptions['logger'];
  /** Overrides of the per-route rate limits (suites that sign in many times raise them). */
  rateLimits?: Partial<RateLimits>;
  /** The https agent Web Push uses (tests trust their loopback push service with it). */
  pushAgent?: Agent;
  /** Start the scheduled jobs' timers (default true); tests run jobs by hand with app.jobs.runNow. */
  startJobs?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export const BODY_LIMIT = 1024 * 1024;
/** About one TCP packet's payload (1500-byte MTU less the IP and TCP headers). */
export const COMPRESS_THRESHOLD = 1400;
const MULTIPART_LIMITS = { fileSize: MAX_UPLOAD_BYTES, files: 5, fields: 20, fieldSize: 10_000 };
const SAFE_REQUEST_ID = /^[\w.:-]{1,64}$/;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    // Written by registerRequestLog instead: one cheap line per request.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    // Reuse a caller's request id only when it cannot smuggle anything into the log.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, { bodyLimit: BODY_LIMIT });
  registerStoredTextCheck(app);
  registerRequestLog(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // An API answer is about someone at some moment: no browser or proxy keeps it unless its route says so.
    if (isApiRoute(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // API answers (directory pages, lists) compressed for slow mobile networks; built assets come precompressed.
  // Nothing that fits in one packet anyway: compressing it costs CPU and saves no round trip.
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });

  const secure = config.publicUrl.startsWith('https:');
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        // A verification document's PDF is shown in the page from a blob: URL (src/features/verification).
        frameSrc: ['blob:'],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS on plain http would lock a LAN deployment out of itself.
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'CareMesh API',
        description:
          'The API behind the CareMesh PWA. Every answer is `{ data, message? }` or `{ error, message, details? }`.',
        version: APP_VERSION,
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'jwtToken' },
        },
      },
    },
    // Every mutating endpoint honours Idempotency-Key; say so on each of them.
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const methods = ([] as string[]).concat(input.route.method);
      if (!methods.some((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m))) return output;
      const schema = output.schema as { headers?: { type: string; properties?: Record<string, unknown> } };
      schema.headers = {
        ...schema.headers,
        type: 'object',
        properties: {
          ...schema.headers?.properties,
          [IDEMPOTENCY_HEADER]: {
            type: 'string',
            maxLength: 255,
            description:
              'A key (a UUID) that makes this change safe to send again: the first answer for (you, key) is kept for at least 48 hours and returned again, with `Idempotent-Replayed: true`, for a replay of the same request. The same key with a different request answers 422; while the first is still running, 409 with Retry-After. 5xx and 429 answers are not kept.',
          },
        },
      };
      return output;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(cookie);
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  // Its counters back the budgets routes spend from (platform/budgets.ts); no route uses it directly.
  await app.register(rateLimit, { global: false });

  // What services use: inside an idempotent request, that request's transaction (platform/unitOfWork.ts).
  const db = scopedDb(database.db);
  const tokens = createTokenService(config.jwtSecret ?? (await sharedSecret(db, 'jwt')));
  const sessions = await createSessionCache({ db, redisUrl: config.redisUrl, log: app.log });
  app.addHook('onClose', async () => sessions.close());
  const auth = createAuthenticator(db, tokens, sessions);
  const ctx: AppContext = {
    config,
    database,
    db,
    log: app.log,
    mailer: await createMailer(db, app.log, { smtpUrl: config.smtpUrl, from: config.mailFrom }),
    files: createFileStore(path.join(config.dataDir, 'files')),
    tokens,
    auth,
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      signin: { ...DEFAULT_RATE_LIMITS.signin, max: config.signinAttemptsPer15Min },
      signinPerAddress: {
        ...DEFAULT_RATE_LIMITS.signinPerAddress,
        max: config.signinAttemptsPer15Min * SIGNIN_ACCOUNTS_PER_ADDRESS,
      },
      message: { ...DEFAULT_RATE_LIMITS.message, max: config.messagesPerMinute },
      register: { ...DEFAULT_RATE_LIMITS.register, max: config.registrationsPerHour },
      ...deps.rateLimits,
    },
    realtime: await createRealtime(app.server, {
      auth,
      log: app.log,
      publicUrl: config.publicUrl,
      redisUrl: config.redisUrl,
      parseCookie: (header) => app.parseCookie(header),
    }),
    push: await createPushSender({
      db,
      log: app.log,
      vapid: config.vapid,
      subject: config.vapidSubject,
      // Without a configured list of push services, a name that resolves to this machine's networks is refused
      // when the push is sent, however it resolved when the subscription was made.
      agent: deps.pushAgent ?? (config.pushServiceHosts === null ? new Agent({ lookup: publicOnlyLookup }) : undefined),
    }),
    afterAnswer: registerAfterAnswer(app),
  };
  // Before any route is added (it lists them) and before any body is read (it refuses callers first).
  registerAccessGate(app, auth);
  registerIdempotency(app, database.db, {
    json: BODY_LIMIT,
    // Every file an upload may carry, and its text fields.
    multipart: MULTIPART_LIMITS.files * MULTIPART_LIMITS.fileSize + BODY_LIMIT,
  });

  // Sockets end before the HTTP server closes, or it would wait for them.
  app.addHook('preClose', async () => {
    await ctx.realtime.close();
  });

  const services = buildServices(ctx);
  const jobs = createJobRunner(database.db, app.log, [
    ...services.jobs,
    idempotencySweepJob(),
    revokedSessionsSweepJob(),
  ]);
  app.decorate('jobs', jobs);
  if (deps.startJobs !== false) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    await ctx.push.idle();
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes(database));
      await api.register(accountsRoutes({ ...services, rateLimits: ctx.rateLimits, afterAnswer: ctx.afterAnswer }));
      await api.register(hospitalsRoutes(services));
      await api.register(patientsRoutes(services));
      await api.register(pharmaciesRoutes(services));
      await api.register(diagnosticsRoutes(services));
      await api.register(catalogueRoutes(services));
      await api.register(diagnosticOrdersRoutes(services));
      await api.register(affiliationsRoutes(services));
      await api.register(affiliationMoneyRoutes(services));
      await api.register(pharmacyInventoryRoutes(services));
      await api.register(pharmacyOrdersRoutes(services));
      await api.register(doctorsRoutes(services));
      await api.register(appointmentsRoutes({ ...services, rateLimits: ctx.rateLimits }));
      await api.register(schedulesRoutes(services));
      await api.register(waitlistRoutes(services));
      await api.register(consultationsRoutes(services));
      await api.register(notificationsRoutes(services));
      await api.register(verificationRoutes(services));
      await api.register(teamRoutes(services));
      await api.register(ownAccountRoutes({ ...services, rateLimits: ctx.rateLimits }));
      await api.register(idempotencyRoutes(ctx));
      // Development helpers only when asked for (DEV_ROUTES), never in production, and only for this machine.
      if (config.devRoutes) await api.register(devRoutes(ctx));
    },
    { prefix: '/api' },
  );

  await registerStaticApp(app, config.staticDir);
  return app;
}
