import type { TestApp } from './test-app.ts';
import { bearer } from './accounts.ts';

/** An answer's JSON, as the suites read it. */
export const json = async (res: Response) => (await res.json()) as Record<string, any>;

/** The paths of a 400's issues (`body.name`, `query.page`…). */
export const issuePaths = async (res: Response) =>
  ((await json(res)).details?.issues ?? []).map((i: { path: string }) => i.path) as string[];

/** Signed-in requests to the suite's app (`app` is read at call time: suites start it in beforeAll). */
export function signedRequests(app: () => TestApp) {
  return {
    get: (path: string, token: string) => app().request(path, { headers: bearer(token) }),
    post: (path: string, token: string, body: unknown) =>
      app().request(path, { method: 'POST', json: body, headers: bearer(token) }),
    patch: (path: string, token: string, body: unknown) =>
      app().request(path, { method: 'PATCH', json: body, headers: bearer(token) }),
  };
}
