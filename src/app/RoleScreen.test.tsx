import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { Role } from '../../domain/enums.ts';
import { AuthContext, type AuthContextValue } from '../session/AuthContext.ts';
import { roleRoute } from './RoleScreen.tsx';

const base64Url = (value: string) => btoa(value).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
/** A session token's shape: only its payload is read on the device (the server checks the signature). */
const tokenFor = (role: Role) => `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify({ role }))}.signature`;

function signedInAs(role: Role, children: ReactNode) {
  const auth = { user: { role } } as unknown as AuthContextValue;
  return (
    <MemoryRouter>
      <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>
    </MemoryRouter>
  );
}

/** What the router does before the route first renders. */
const runLazy = (route: ReturnType<typeof roleRoute>) => (route.lazy as () => Promise<unknown>)();

const PatientScreen = () => <p>the patient’s appointments</p>;
const DoctorScreen = () => <p>the doctor’s appointments</p>;

describe('roleRoute', () => {
  const globals = globalThis as { document?: unknown };
  let before: unknown;
  beforeEach(() => {
    before = globals.document;
  });
  afterEach(() => {
    globals.document = before;
  });

  it('renders the screen the route fetched for the token’s role at once, without a loader', async () => {
    globals.document = { cookie: `jwtToken=${tokenFor('PATIENT')}` };
    const route = roleRoute({ PATIENT: async () => PatientScreen, DOCTOR: async () => DoctorScreen });
    await runLazy(route);
    const html = renderToString(signedInAs('PATIENT', route.element));
    expect(html).toContain('the patient’s appointments');
    expect(html).not.toContain('Loading…');
  });

  it('shows the loader while a screen the route did not fetch arrives (the user’s role is what counts)', async () => {
    globals.document = { cookie: `jwtToken=${tokenFor('DOCTOR')}` };
    const route = roleRoute({ PATIENT: async () => PatientScreen, DOCTOR: async () => DoctorScreen });
    await runLazy(route);
    const html = renderToString(signedInAs('PATIENT', route.element));
    expect(html).toContain('Loading…');
    expect(html).not.toContain('appointments');
  });

  it('shows the not-found screen to a role the path has no screen for', async () => {
    globals.document = { cookie: `jwtToken=${tokenFor('ADMIN')}` };
    const route = roleRoute({ PATIENT: async () => PatientScreen });
    await runLazy(route);
    const html = renderToString(signedInAs('ADMIN', route.element));
    expect(html).toContain('404');
    expect(html).not.toContain('appointments');
  });
});
