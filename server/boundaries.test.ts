import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own lint configuration, run on snippets placed (in name only) inside server/.
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((message) => message.ruleId === 'boundaries/dependencies');
}

// The first lint loads the whole configuration and its plugins: seconds on a busy machine.
describe('server import boundaries', { timeout: 60_000 }, () => {
  it('refuses platform/ importing a module', async () => {
    const errors = await boundaryErrors(
      'server/platform/fixture.ts',
      "import { appointmentsService } from '../modules/appointments/service.ts';\nexport const fixture = appointmentsService;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/never imports a module/);
  });

  it('refuses a module reaching into another module past its index.ts', async () => {
    const errors = await boundaryErrors(
      'server/modules/patients/fixture.ts',
      "import { loadAppointment } from '../appointments/queries.ts';\nexport const fixture = loadAppointment;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/index\.ts/);
  });

  it("lets a module use another module's index.ts, its own files and platform/", async () => {
    const errors = await boundaryErrors(
      'server/modules/patients/fixture.ts',
      [
        "import { sharedInCare } from '../appointments/index.ts';",
        "import { patientsService } from './service.ts';",
        "import { notFound } from '../../platform/errors.ts';",
        'export const fixture = [sharedInCare, patientsService, notFound];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });
});
