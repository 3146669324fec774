/**
 * The import boundaries of eslint.config.js, proven on in-memory snippets: lint refuses a feature
 * that imports the app shell or another feature, and a static import of the offline engine where it
 * must load after sign-in.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js` });
});

/** The rules that refused `code` as the file at `filePath` (relative to the repository). */
async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('client import boundaries', { timeout: 60_000 }, () => {
  it('let a feature use session, api and ui', async () => {
    const code = [
      "import { useAuth } from '../../session/AuthContext.ts';",
      "import { hospitalKeys } from '../../api/hospitals.ts';",
      "import { Button } from '../../ui/Button.tsx';",
      'export const used = [useAuth, hospitalKeys, Button];',
    ].join('\n');
    expect(await refusals('src/features/people/Fixture.ts', code)).toEqual([]);
  });

  it('refuse a feature importing src/app', async () => {
    const code = "import { router } from '../../app/router.tsx';\nexport const used = router;";
    expect(await refusals('src/features/people/Fixture.ts', code)).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: src\/app is the shell/),
    ]);
  });

  it('refuse a feature importing another feature', async () => {
    const code = "import { submitBooking } from '../appointments/changes.ts';\nexport const used = submitBooking;";
    expect(await refusals('src/features/people/Fixture.ts', code)).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: A feature does not import another feature/),
    ]);
  });

  it('refuse a static import of the offline engine on the login route', async () => {
    const code = "import { userDatabase } from '../../offline/engine/db.ts';\nexport const used = userDatabase;";
    expect(await refusals('src/features/accounts/Fixture.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*The login route must not download the offline store/),
    ]);
  });

  it('let the login route load the offline engine with import()', async () => {
    const code = "export const load = () => import('../../offline/engine/db.ts');";
    expect(await refusals('src/features/accounts/Fixture.ts', code)).toEqual([]);
  });

  it('keep the service worker to the offline engine, and the engine free of the page', async () => {
    const worker = "import { queueMutation } from '../src/offline/outbox.ts';\nexport const used = queueMutation;";
    expect(await refusals('service-worker/Fixture.ts', worker)).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: The service worker reaches src\/ only through/),
    ]);
    const engine = "import { useOutbox } from '../useOutbox.ts';\nexport const used = useOutbox;";
    expect(await refusals('src/offline/engine/Fixture.ts', engine)).toContainEqual(
      expect.stringMatching(/The service worker reaches src\/ only through/),
    );
  });
});
