import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Work a request starts only once its answer has been sent, so that neither the answer's time nor its
 * outcome depends on it: a reset request for a known email answers as fast as for an unknown one.
 */
export type AfterAnswer = {
  schedule(request: FastifyRequest, work: () => Promise<unknown>): void;
  /** Resolves once every piece of work started so far has finished (the development mailbox waits for it). */
  idle(): Promise<void>;
};

export function registerAfterAnswer(app: FastifyInstance): AfterAnswer {
  const queued = new WeakMap<FastifyRequest, Array<() => Promise<unknown>>>();
  const running = new Set<Promise<unknown>>();

  app.addHook('onResponse', async (request) => {
    const works = queued.get(request);
    if (!works) return;
    queued.delete(request);
    for (const work of works) {
      const started: Promise<unknown> = work()
        .catch((error: unknown) => request.log.error({ err: error }, 'work after the answer failed'))
        .finally(() => running.delete(started));
      running.add(started);
    }
  });
  // Closing waits for it, so that nothing runs against a database that is going away.
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  return {
    schedule(request, work) {
      queued.set(request, [...(queued.get(request) ?? []), work]);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
