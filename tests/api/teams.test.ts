// Organisation teams: invitations, duties, deactivation, owners, and sign-in limits that count failures.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/platform/context.ts';
import { emailTokens, users } from '../../server/db/schema/index.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { GOOD_PASSWORD, bearer, mailbox, mailedToken, newAccount, signin } from './support/accounts.ts';
import { PUNE_ADDRESS } from './support/directory.ts';
import { onboard, onboardPharmacy, type Org } from './support/organisations.ts';
import { issuePaths, json, signedRequests } from './support/requests.ts';

let t: TestApp;
let hospital: Org;
let rival: Org;
const { get, post, patch } = signedRequests(() => t);

const hospitalBody = (name: string, registrationNumber: string) => ({
  name,
  registrationNumber,
  hospitalType: 'PRIVATE',
  phone: '+91 98220 12345',
  address: PUNE_ADDRESS,
  latitude: 18.5167,
  longitude: 73.8411,
});

const invite = (token: string, body: Record<string, unknown>) => post('/api/teams/me/members', token, body);
const accept = (token: string, password = GOOD_PASSWORD) =>
  t.request(`/api/users/reset-password/${token}`, { method: 'POST', json: { password } });
const team = async (token: string) => (await json(await get('/api/teams/me', token))).data;

/** Invites `email` to the hospital, accepts the mailed link and signs in: the member's token and id. */
async function member(email: string, duties: string[] = ['FRONT_DESK']) {
  const res = await invite(hospital.token, { email, name: 'Anita Desai', duties });
  expect(res.status, await res.clone().text()).toBe(201);
  const id = (await json(res)).data.id as string;
  expect((await accept(await mailedToken(t, email, 'reset'))).status).toBe(200);
  const signed = await signin(t, email);
  expect(signed.status).toBe(200);
  return { id, token: (await json(signed)).data.token as string };
}

beforeAll(async () => {
  t = await startTestApp();
  hospital = await onboard(
    t,
    'owner@kaveri.example.in',
    'HOSPITAL',
    '/api/hospitals/onboard',
    hospitalBody('Kaveri Hospital', 'KA-BLR-2020-11'),
  );
  rival = await onboard(
    t,
    'owner@rival.example.in',
    'HOSPITAL',
    '/api/hospitals/onboard',
    hospitalBody('Rival Hospital', 'KA-BLR-2020-12'),
  );
});
afterAll(() => t?.close());

describe('invitations', () => {
  it('makes the onboarding account the owner, with every duty of its kind to give', async () => {
    const mine = await team(hospital.token);
    expect(mine).toMatchObject({
      organisationId: hospital.referenceId,
      role: 'HOSPITAL',
      duties: ['FRONT_DESK', 'BILLING', 'ADMINISTRATION'],
      callerIsOwner: true,
    });
    expect(mine.members).toEqual([expect.objectContaining({ id: hospital.userId, isOwner: true, state: 'ACTIVE' })]);
  });

  it('lets an invited member choose a password from the mailed link and sign in as the organisation', async () => {
    const res = await invite(hospital.token, {
      email: 'Desk1@Kaveri.example.in',
      name: 'Anita Desai',
      duties: ['FRONT_DESK'],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await json(res)).data).toMatchObject({
      email: 'desk1@kaveri.example.in',
      state: 'INVITED',
      duties: ['FRONT_DESK'],
      isOwner: false,
    });
    const [mail] = await mailbox(t, 'desk1@kaveri.example.in');
    expect(mail!.subject).toBe('You are invited to join Kaveri Hospital on CareMesh');
    expect(mail!.text).toMatch(/for 72 hours/);

    // Not signed in before the link is used.
    expect((await signin(t, 'desk1@kaveri.example.in')).status).toBe(401);
    const link = await mailedToken(t, 'desk1@kaveri.example.in', 'reset');
    expect((await accept(link)).status).toBe(200);
    const signed = await signin(t, 'desk1@kaveri.example.in');
    expect(signed.status).toBe(200);
    const { user, token } = (await json(signed)).data;
    expect(user).toMatchObject({ role: 'HOSPITAL', referenceId: hospital.referenceId });
    expect((await get('/api/hospitals/me', token)).status).toBe(200);

    // The link worked once.
    const again = await accept(link, 'Another2026');
    expect(again.status).toBe(400);
    expect((await json(again)).details.reason).toBe('LINK_USED');
    expect((await team(hospital.token)).members.find((m: any) => m.email === 'desk1@kaveri.example.in').state).toBe(
      'ACTIVE',
    );
  });

  it('expires a link after 72 hours, resends a fresh one (the old one dead), and withdraws one', async () => {
    const res = await invite(hospital.token, { email: 'late@kaveri.example.in', name: 'Late Joiner', duties: [] });
    const id = (await json(res)).data.id as string;
    const first = await mailedToken(t, 'late@kaveri.example.in', 'reset');
    await t.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, id));
    await t.database.db
      .update(users)
      .set({ invitedAt: new Date(Date.now() - 73 * 3_600_000) })
      .where(eq(users.id, id));
    expect((await json(await accept(first))).details.reason).toBe('LINK_EXPIRED');
    expect((await team(hospital.token)).members.find((m: any) => m.id === id)).toMatchObject({
      state: 'INVITED',
      invitationExpired: true,
    });

    expect((await post(`/api/teams/me/members/${id}/resend`, hospital.token, {})).status).toBe(200);
    const second = await mailedToken(t, 'late@kaveri.example.in', 'reset');
    expect(second).not.toBe(first);
    expect((await team(hospital.token)).members.find((m: any) => m.id === id).invitationExpired).toBe(false);

    // Withdrawn: the account and its link are gone.
    expect(
      (await t.request(`/api/teams/me/members/${id}`, { method: 'DELETE', headers: bearer(hospital.token) })).status,
    ).toBe(200);
    expect((await json(await accept(second))).details.reason).toBe('LINK_UNKNOWN');
    expect((await team(hospital.token)).members.some((m: any) => m.id === id)).toBe(false);
  });

  it('refuses an email that has an account, duties of another kind, and callers who are not owners', async () => {
    await newAccount(t, 'taken@example.in', 'PATIENT');
    expect((await invite(hospital.token, { email: 'taken@example.in', name: 'Some One', duties: [] })).status).toBe(
      409,
    );
    const foreign = await invite(hospital.token, {
      email: 'chemist@kaveri.example.in',
      name: 'Some One',
      duties: ['PHARMACIST'],
    });
    expect(foreign.status).toBe(400);
    expect(await issuePaths(foreign)).toContain('body.duties');

    const desk = await member('desk2@kaveri.example.in');
    const byMember = await invite(desk.token, { email: 'friend@kaveri.example.in', name: 'A Friend', duties: [] });
    expect(byMember.status).toBe(403);
    // A member sees the team, read only.
    expect((await team(desk.token)).callerIsOwner).toBe(false);

    // Another organisation's owner does not reach this team's members.
    expect((await patch(`/api/teams/me/members/${desk.id}`, rival.token, { duties: ['BILLING'] })).status).toBe(404);
    expect((await post(`/api/teams/me/members/${desk.id}/deactivate`, rival.token, {})).status).toBe(404);
    const pharmacy = await onboardPharmacy(t, 'owner@chemist.example.in', 'Chemist', 'KA-20B-1');
    expect((await post(`/api/teams/me/members/${desk.id}/deactivate`, pharmacy.token, {})).status).toBe(404);
    const patient = await newAccount(t, 'not-a-team@example.in', 'PATIENT');
    expect((await get('/api/teams/me', patient.token)).status).toBe(403);
  });
});

describe('duties', () => {
  it('are checked by the server: a member without the duty is refused, and allowed once given it', async () => {
    const desk = await member('desk3@kaveri.example.in', ['FRONT_DESK']);
    const upload = () => {
      const form = new FormData();
      form.append('documentType', 'PAN_CARD');
      form.append('documentNumber', 'AAACK1234K');
      form.append('issuingAuthority', 'Income Tax Department');
      form.append('issueDate', '2020-04-01');
      form.append('files', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'pan.pdf');
      return t.request('/api/verification/documents/upload', {
        method: 'POST',
        body: form,
        headers: bearer(desk.token),
      });
    };
    const refused = await upload();
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toMatch(/Administration/);

    expect(
      (await patch(`/api/teams/me/members/${desk.id}`, hospital.token, { duties: ['FRONT_DESK', 'ADMINISTRATION'] }))
        .status,
    ).toBe(200);
    expect((await upload()).status).toBe(201);
  });
});

describe('deactivation and owners', () => {
  it('ends a member’s sessions at once and refuses their sign-in until reactivated', async () => {
    const desk = await member('desk4@kaveri.example.in');
    expect((await get('/api/users/user-details', desk.token)).status).toBe(200);
    const res = await post(`/api/teams/me/members/${desk.id}/deactivate`, hospital.token, {});
    expect(res.status).toBe(200);
    expect((await json(res)).data.state).toBe('DEACTIVATED');
    expect((await get('/api/users/user-details', desk.token)).status).toBe(401);
    const refused = await signin(t, 'desk4@kaveri.example.in');
    expect(refused.status).toBe(403);
    expect((await json(refused)).details.reason).toBe('ACCOUNT_DEACTIVATED');

    expect((await post(`/api/teams/me/members/${desk.id}/reactivate`, hospital.token, {})).status).toBe(200);
    expect((await signin(t, 'desk4@kaveri.example.in')).status).toBe(200);
  });

  it('always keeps one active owner', async () => {
    expect((await post(`/api/teams/me/members/${hospital.userId}/deactivate`, hospital.token, {})).status).toBe(409);
    const lastOwner = await patch(`/api/teams/me/members/${hospital.userId}`, hospital.token, { isOwner: false });
    expect(lastOwner.status).toBe(409);
    expect((await json(lastOwner)).message).toMatch(/at least one active owner/);

    const deputy = await member('deputy@kaveri.example.in', ['ADMINISTRATION']);
    expect((await patch(`/api/teams/me/members/${deputy.id}`, hospital.token, { isOwner: true })).status).toBe(200);
    // Now the first owner may step down, and the new owner runs the team.
    expect((await patch(`/api/teams/me/members/${hospital.userId}`, hospital.token, { isOwner: false })).status).toBe(
      200,
    );
    expect((await invite(hospital.token, { email: 'x@kaveri.example.in', name: 'Some One', duties: [] })).status).toBe(
      403,
    );
    expect((await patch(`/api/teams/me/members/${hospital.userId}`, deputy.token, { isOwner: true })).status).toBe(200);
  });
});

describe('sign-in limits', () => {
  it('count failed attempts only: a busy front desk signing in all day is never locked out', async () => {
    const { max } = DEFAULT_RATE_LIMITS.signin;
    for (let i = 0; i < max + 3; i++) {
      expect((await signin(t, 'owner@kaveri.example.in')).status, `sign-in ${i + 1}`).toBe(200);
    }
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) statuses.push((await signin(t, 'owner@kaveri.example.in', 'Wrong2026x')).status);
    expect(statuses.slice(0, max).every((s) => s === 401)).toBe(true);
    expect(statuses[max]).toBe(429);
    // Locked now, even with the right password, until the window passes.
    expect((await signin(t, 'owner@kaveri.example.in')).status).toBe(429);
  });
});
