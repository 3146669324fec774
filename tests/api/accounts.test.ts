import { SignJWT, decodeJwt } from 'jose';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, users } from '../../server/db/schema/index.ts';
import { GENEROUS_LIMITS, TEST_JWT_SECRET, startTestApp, type TestApp } from './support/test-app.ts';
import { GOOD_PASSWORD, bearer, mailbox, mailedToken, newAccount, register, signin } from './support/accounts.ts';
import { newAdmin } from './support/directory.ts';
import { appointmentWorld, futureSlot } from './support/appointments.ts';

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ rateLimits: GENEROUS_LIMITS, logTo: { write: (line) => logLines.push(line) } });
});
afterAll(() => t?.close());

const json = async (res: Response) => (await res.json()) as Record<string, any>;
const key = new TextEncoder().encode(TEST_JWT_SECRET);
const expireLinks = (email: string) =>
  t.database.db
    .update(emailTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(sql`${emailTokens.userId} = (select id from users where lower(email) = ${email})`);

describe('POST /api/users/register', () => {
  it('creates a USER by default and mails a verification link to PUBLIC_URL', async () => {
    const res = await register(t, { email: 'Asha.Kulkarni@Example.in', password: GOOD_PASSWORD });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.message).toMatch(/Registration successful/);
    expect(body.data).toMatchObject({
      email: 'asha.kulkarni@example.in',
      role: 'USER',
      referenceId: null,
      emailVerified: false,
    });
    expect(body.data).not.toHaveProperty('passwordHash');
    const [mail] = await mailbox(t, 'asha.kulkarni@example.in');
    expect(mail?.subject).toBe('Verify your email for CareMesh');
    expect(mail?.text).toContain(`${t.config.publicUrl}/verify-email?token=`);
  });

  it.each(['PATIENT', 'DOCTOR', 'HOSPITAL', 'DIAGNOSTICS', 'PHARMACY', 'USER'])('accepts the role %s', async (role) => {
    const res = await register(t, { email: `role-${role.toLowerCase()}@example.in`, password: GOOD_PASSWORD, role });
    expect(res.status).toBe(201);
    expect((await json(res)).data.role).toBe(role);
  });

  it('answers a second registration for an email exactly like a first, creates nothing, and tells only the owner', async () => {
    const first = await register(t, { email: 'dup@example.in', password: GOOD_PASSWORD });
    expect(first.status).toBe(201);
    const token = await mailedToken(t, 'dup@example.in', 'verify');
    expect((await t.request(`/api/users/verify-email?token=${token}`)).status).toBe(200);

    const again = await register(t, { email: 'DUP@example.IN', password: 'Another2028', role: 'PATIENT' });
    const stranger = await register(t, { email: 'nobody-yet@example.in', password: 'Another2028', role: 'PATIENT' });
    expect(again.status).toBe(201);
    const answer = await json(again);
    const strangerAnswer = await json(stranger);
    expect(Object.keys(answer.data).sort()).toEqual(Object.keys(strangerAnswer.data).sort());
    expect({ ...answer.data, email: '' }).toEqual({ ...strangerAnswer.data, email: '' });
    expect(answer.message).toBe(strangerAnswer.message);

    const rows = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'dup@example.in'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.role).toBe('USER');
    // The owner is told by mail, with a way in; the old password still works.
    const [mail] = await mailbox(t, 'dup@example.in');
    expect(mail?.subject).toBe('You already have a CareMesh account');
    expect(mail?.text).toContain(`${t.config.publicUrl}/forgot-password`);
    expect((await signin(t, 'dup@example.in')).status).toBe(200);
  });

  it('mails a fresh verification link when the earlier registration was never verified', async () => {
    await register(t, { email: 'lost-link@example.in', password: GOOD_PASSWORD });
    const firstLink = await mailedToken(t, 'lost-link@example.in', 'verify');
    expect((await register(t, { email: 'lost-link@example.in', password: GOOD_PASSWORD })).status).toBe(201);
    const secondLink = await mailedToken(t, 'lost-link@example.in', 'verify');
    expect(secondLink).not.toBe(firstLink);
    expect((await t.request(`/api/users/verify-email?token=${secondLink}`)).status).toBe(200);
  });

  it('never lets anyone register as ADMIN', async () => {
    const res = await register(t, { email: 'sneaky@example.in', password: GOOD_PASSWORD, role: 'ADMIN' });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({
      error: 'VALIDATION',
      message: 'body.role: An Admin account cannot be created by registering',
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'sneaky@example.in'))).toHaveLength(0);
  });

  it.each([
    ['an unknown role', { email: 'x1@example.in', password: GOOD_PASSWORD, role: 'NURSE' }, 'body.role'],
    ['a missing email', { password: GOOD_PASSWORD }, 'body.email'],
    ['a malformed email', { email: 'not-an-email', password: GOOD_PASSWORD }, 'body.email'],
    ['a mistyped password', { email: 'x2@example.in', password: 12345678 }, 'body.password'],
    ['a missing password', { email: 'x3@example.in' }, 'body.password'],
  ])('answers %s with 400 naming the field', async (_case, body, path) => {
    const res = await register(t, body);
    expect(res.status).toBe(400);
    const answer = await json(res);
    expect(answer.error).toBe('VALIDATION');
    expect(answer.details.issues.map((i: { path: string }) => i.path)).toContain(path);
  });

  it('says what a weak password is missing', async () => {
    const res = await register(t, { email: 'weak@example.in', password: 'abc' });
    expect(res.status).toBe(400);
    const messages = (await json(res)).details.issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual([
      'Password must be at least 8 characters long',
      'Password must contain at least one number',
    ]);
  });
});

describe('verification and sign-in', () => {
  const email = 'verify.me@example.in';

  it('refuses to sign in before the email is verified, and only after a correct password says so', async () => {
    expect((await register(t, { email, password: GOOD_PASSWORD, role: 'PATIENT' })).status).toBe(201);
    const wrong = await signin(t, email, 'Wrong-password-1');
    expect(wrong.status).toBe(401);
    const unverified = await signin(t, email);
    expect(unverified.status).toBe(403);
    expect(await json(unverified)).toMatchObject({ error: 'FORBIDDEN', details: { reason: 'EMAIL_NOT_VERIFIED' } });
  });

  it('mails a new link on request, and answers the same for unknown emails', async () => {
    const before = (await mailbox(t, email)).length;
    const known = await t.request('/api/users/resend-verification', { method: 'POST', json: { email } });
    const unknown = await t.request('/api/users/resend-verification', {
      method: 'POST',
      json: { email: 'nobody@example.in' },
    });
    expect(known.status).toBe(200);
    expect(await json(known)).toEqual(await json(unknown));
    expect((await mailbox(t, email)).length).toBe(before + 1);
  });

  it('verifies once with the mailed token; the link cannot be used again', async () => {
    const token = await mailedToken(t, email, 'verify');
    const ok = await t.request(`/api/users/verify-email?token=${token}`);
    expect(ok.status).toBe(200);
    expect((await json(ok)).message).toMatch(/verified/);
    const again = await t.request(`/api/users/verify-email?token=${token}`);
    expect(again.status).toBe(400);
    expect(await json(again)).toMatchObject({
      error: 'VALIDATION',
      message: expect.stringMatching(/already been used/),
    });
  });

  it('answers an unknown, a missing and an expired verification token with a clear 400', async () => {
    const unknown = await t.request('/api/users/verify-email?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).message).toMatch(/not valid/);
    expect((await t.request('/api/users/verify-email')).status).toBe(400);

    const late = 'late@example.in';
    await register(t, { email: late, password: GOOD_PASSWORD });
    const token = await mailedToken(t, late, 'verify');
    await expireLinks(late);
    const expired = await t.request(`/api/users/verify-email?token=${token}`);
    expect(expired.status).toBe(400);
    expect((await json(expired)).message).toMatch(/expired/);
  });

  it('signs in with a 7-day HS256 token carrying sub, role, referenceId and the token version', async () => {
    const res = await signin(t, 'VERIFY.ME@example.in');
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data.user).toMatchObject({ email, role: 'PATIENT', referenceId: null });
    expect(data.token.split('.')).toHaveLength(3);
    const claims = decodeJwt(data.token);
    expect(claims).toMatchObject({ sub: data.user.id, role: 'PATIENT', referenceId: null, tv: 0 });
    expect((claims.exp as number) - (claims.iat as number)).toBe(7 * 24 * 60 * 60);
  });

  it('gives one answer for an unknown email and a wrong password', async () => {
    const unknown = await signin(t, 'ghost@example.in', GOOD_PASSWORD);
    const wrong = await signin(t, email, 'Not-the-password-9');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await json(unknown)).toEqual(await json(wrong));
  });

  it('answers a malformed sign-in with 400', async () => {
    expect((await t.request('/api/users/signin', { method: 'POST', json: { email } })).status).toBe(400);
    expect((await t.request('/api/users/signin', { method: 'POST', json: { email: 5, password: 'x' } })).status).toBe(
      400,
    );
  });
});

describe('GET /api/users/user-details', () => {
  let token: string;
  let userId: string;
  beforeAll(async () => {
    const account = await newAccount(t, 'details@example.in', 'DOCTOR');
    token = account.token;
    userId = account.user.id;
  });

  it('answers the user for a bearer token and for the jwtToken cookie', async () => {
    for (const headers of [bearer(token), { cookie: `jwtToken=${token}` }]) {
      const res = await t.request('/api/users/user-details', { headers });
      expect(res.status).toBe(200);
      expect((await json(res)).data).toMatchObject({
        id: userId,
        email: 'details@example.in',
        role: 'DOCTOR',
        emailVerified: true,
      });
    }
  });

  it('answers 401 without a token', async () => {
    const res = await t.request('/api/users/user-details');
    expect(res.status).toBe(401);
    expect((await json(res)).error).toBe('UNAUTHORIZED');
  });

  it('refuses a tampered token', async () => {
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'ADMIN' })).toString('base64url');
    const res = await t.request('/api/users/user-details', { headers: bearer(`${header}.${forged}.${signature}`) });
    expect(res.status).toBe(401);
  });

  it('refuses alg none', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        sub: userId,
        role: 'ADMIN',
        referenceId: null,
        tv: 0,
        exp: Math.floor(Date.now() / 1000) + 3600,
      }),
    ).toString('base64url');
    const res = await t.request('/api/users/user-details', { headers: bearer(`${header}.${payload}.`) });
    expect(res.status).toBe(401);
  });

  it('refuses another algorithm even with the right key', async () => {
    const other = await new SignJWT({ role: 'DOCTOR', referenceId: null, tv: 0 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    expect((await t.request('/api/users/user-details', { headers: bearer(other) })).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: 'DOCTOR', referenceId: null, tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt(now - 8 * 86400)
      .setExpirationTime(now - 86400)
      .sign(key);
    const res = await t.request('/api/users/user-details', { headers: bearer(expired) });
    expect(res.status).toBe(401);
    expect((await json(res)).message).toMatch(/sign in again/);
  });

  it('refuses a token for a user that does not exist', async () => {
    const stray = await new SignJWT({ role: 'ADMIN', referenceId: null, tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-4000-8000-000000000000')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    expect((await t.request('/api/users/user-details', { headers: bearer(stray) })).status).toBe(401);
  });
});

describe('password reset', () => {
  const email = 'forgetful@example.in';
  let oldToken: string;
  beforeAll(async () => {
    oldToken = (await newAccount(t, email, 'PHARMACY')).token;
  });

  it('answers the same whether or not the email has an account, and mails a link only to a real one', async () => {
    const known = await t.request('/api/users/request-reset-password', { method: 'POST', json: { email } });
    const unknown = await t.request('/api/users/request-reset-password', {
      method: 'POST',
      json: { email: 'nope@example.in' },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await json(known)).toEqual(await json(unknown));
    expect(await mailbox(t, 'nope@example.in')).toEqual([]);
    const [mail] = await mailbox(t, email);
    expect(mail?.subject).toBe('Reset your CareMesh password');
    expect(mail?.text).toContain(`${t.config.publicUrl}/reset-password/`);
  });

  it('answers before doing any of the mail work, so its timing tells nothing either', async () => {
    // While the accounts table is locked, a request that looked the email up could not answer.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table users in access exclusive mode`);
      for (const path of ['/api/users/request-reset-password', '/api/users/resend-verification']) {
        const res = await t.request(path, { method: 'POST', json: { email }, signal: AbortSignal.timeout(5_000) });
        expect(res.status, path).toBe(200);
      }
    });
    // Once it can, the work is done: the link arrives.
    const [mail] = await mailbox(t, email);
    expect(mail?.subject).toBe('Reset your CareMesh password');
  });

  it('refuses a weak new password and keeps the link usable', async () => {
    const token = await mailedToken(t, email, 'reset');
    const res = await t.request(`/api/users/reset-password/${token}`, { method: 'POST', json: { password: 'short' } });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBe('VALIDATION');
  });

  it('sets the new password once, signs out older sessions and refuses the old password', async () => {
    const token = await mailedToken(t, email, 'reset');
    const res = await t.request(`/api/users/reset-password/${token}`, {
      method: 'POST',
      json: { password: 'NewSecret2027' },
    });
    expect(res.status).toBe(200);
    expect((await t.request('/api/users/user-details', { headers: bearer(oldToken) })).status).toBe(401);
    expect((await signin(t, email, GOOD_PASSWORD)).status).toBe(401);
    const fresh = await signin(t, email, 'NewSecret2027');
    expect(fresh.status).toBe(200);
    const { data } = await json(fresh);
    expect(decodeJwt(data.token).tv).toBe(1);
    expect((await t.request('/api/users/user-details', { headers: bearer(data.token) })).status).toBe(200);

    const reused = await t.request(`/api/users/reset-password/${token}`, {
      method: 'POST',
      json: { password: 'Another2028' },
    });
    expect(reused.status).toBe(400);
    expect((await json(reused)).message).toMatch(/already been used/);
  });

  it('refuses an expired reset link', async () => {
    await t.request('/api/users/request-reset-password', { method: 'POST', json: { email } });
    const token = await mailedToken(t, email, 'reset');
    await expireLinks(email);
    const res = await t.request(`/api/users/reset-password/${token}`, {
      method: 'POST',
      json: { password: 'Another2028' },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/expired/);
  });

  it('makes a reset link expire after 1 hour', async () => {
    await t.request('/api/users/request-reset-password', { method: 'POST', json: { email } });
    // The link is made after the answer; the mailbox answers once it has been.
    await mailbox(t, email);
    const [row] = await t.database.db
      .select({ createdAt: emailTokens.createdAt, expiresAt: emailTokens.expiresAt })
      .from(emailTokens)
      .where(eq(emailTokens.purpose, 'RESET_PASSWORD'))
      .orderBy(sql`${emailTokens.createdAt} desc`)
      .limit(1);
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60.1);
  });
});

describe('POST /api/users/register-by-reference-id', () => {
  const referenceId = '4b0f1c2e-9a7d-4e3b-8c21-5f6a7b8c9d0e';
  let adminToken: string;
  let hospitalToken: string;

  beforeAll(async () => {
    await newAccount(t, 'ops.admin@example.in', 'USER');
    await t.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.email, 'ops.admin@example.in'));
    adminToken = (await json(await signin(t, 'ops.admin@example.in'))).data.token;
    hospitalToken = (await newAccount(t, 'desk@hospital.example.in', 'HOSPITAL')).token;
  });

  it('is for admins only', async () => {
    const body = { email: 'dr.new@example.in', role: 'DOCTOR', referenceId };
    expect((await t.request('/api/users/register-by-reference-id', { method: 'POST', json: body })).status).toBe(401);
    const asHospital = await t.request('/api/users/register-by-reference-id', {
      method: 'POST',
      json: body,
      headers: bearer(hospitalToken),
    });
    expect(asHospital.status).toBe(403);
    expect((await json(asHospital)).error).toBe('FORBIDDEN');
  });

  it('creates a linked account whose owner sets the password from the mailed link', async () => {
    const res = await t.request('/api/users/register-by-reference-id', {
      method: 'POST',
      json: { email: 'dr.new@example.in', role: 'DOCTOR', referenceId, name: 'Dr Kavya Menon' },
      headers: bearer(adminToken),
    });
    expect(res.status).toBe(201);
    expect((await json(res)).data).toMatchObject({ email: 'dr.new@example.in', role: 'DOCTOR', referenceId });
    expect((await signin(t, 'dr.new@example.in', 'Anything123')).status).toBe(401);

    const token = await mailedToken(t, 'dr.new@example.in', 'reset');
    expect(
      (await t.request(`/api/users/reset-password/${token}`, { method: 'POST', json: { password: 'Hridaya2026' } }))
        .status,
    ).toBe(200);
    const signed = await signin(t, 'dr.new@example.in', 'Hridaya2026');
    expect(signed.status).toBe(200);
    expect((await json(signed)).data.user).toMatchObject({ role: 'DOCTOR', referenceId });
  });

  it('refuses a profile that already has an account, an existing email and the ADMIN role', async () => {
    const again = await t.request('/api/users/register-by-reference-id', {
      method: 'POST',
      json: { email: 'someone.else@example.in', role: 'DOCTOR', referenceId },
      headers: bearer(adminToken),
    });
    expect(again.status).toBe(409);
    const taken = await t.request('/api/users/register-by-reference-id', {
      method: 'POST',
      json: { email: 'dr.new@example.in', role: 'DOCTOR', referenceId: 'a4a4a4a4-1111-4222-8333-444455556666' },
      headers: bearer(adminToken),
    });
    expect(taken.status).toBe(409);
    const admin = await t.request('/api/users/register-by-reference-id', {
      method: 'POST',
      json: { email: 'root@example.in', role: 'ADMIN', referenceId: 'b4a4a4a4-1111-4222-8333-444455556666' },
      headers: bearer(adminToken),
    });
    expect(admin.status).toBe(400);
  });
});

describe('public user lookups', () => {
  // An admin may know every account; the rule for everyone else has its own tests below.
  let token: string;
  let patientToken: string;
  let ids: string[];
  beforeAll(async () => {
    const a = await newAccount(t, 'lookup.a@example.in', 'PATIENT');
    const b = await newAccount(t, 'lookup.b@example.in', 'DOCTOR');
    token = await newAdmin(t, 'lookup.admin@example.in');
    patientToken = a.token;
    ids = [a.user.id, b.user.id];
  });

  it('tells anyone but an admin only themselves among strangers, never the directory of everyone', async () => {
    const res = await t.request(`/api/users/public/ids?ids=${ids.join(',')}`, { headers: bearer(patientToken) });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(Object.keys(data.users)).toEqual([ids[0]]);
    const search = await json(
      await t.request('/api/users/test-search?name=Test&limit=100', { headers: bearer(patientToken) }),
    );
    expect(search.data.users.map((u: { id: string }) => u.id)).toEqual([ids[0]]);
    const everyoneKnown = await json(await t.request('/api/users/test-search', { headers: bearer(patientToken) }));
    expect(everyoneKnown.data.users.map((u: { id: string }) => u.id)).toEqual([ids[0]]);
    expect(everyoneKnown.data.pagination.total).toBe(1);
  });

  it('tells the parties of one appointment about each other, and about nobody else', async () => {
    const w = await appointmentWorld(t, 'lookup');
    const book = await t.request('/api/appointments/patient/book-appointment', {
      method: 'POST',
      json: {
        doctorId: w.doctor.referenceId,
        scheduledAt: futureSlot(9),
        mode: 'IN_PERSON',
        reason: 'Fever for a week',
      },
      headers: bearer(w.patient.token),
    });
    expect(book.status).toBe(201);
    const everyone = [w.patient, w.otherPatient, w.doctor, w.otherDoctor, w.hospital, w.otherHospital];
    const ask = (asker: { token: string }) =>
      t
        .request(
          `/api/users/public/ids?limit=100&ids=${[...everyone.map((m) => m.userId), w.admin.userId].join(',')}`,
          {
            headers: bearer(asker.token),
          },
        )
        .then(json)
        .then((body) => Object.keys(body.data.users).sort());
    // The booking names the doctor alone: the patient and the doctor know each other, nobody else.
    const party = [w.patient.userId, w.doctor.userId].sort();
    expect(await ask(w.patient)).toEqual(party);
    expect(await ask(w.doctor)).toEqual(party);
    expect(await ask(w.otherPatient)).toEqual([w.otherPatient.userId]);
    expect(await ask(w.otherDoctor)).toEqual([w.otherDoctor.userId]);
    expect(await ask(w.admin)).toEqual([...everyone.map((m) => m.userId), w.admin.userId].sort());
    // Without a name, the list of the people one knows says the same.
    const listed = await json(await t.request('/api/users/test-search?limit=100', { headers: bearer(w.doctor.token) }));
    expect(listed.data.users.map((u: { id: string }) => u.id).sort()).toEqual(party);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.request(`/api/users/public/ids?ids=${ids.join(',')}`)).status).toBe(401);
    expect((await t.request('/api/users/test-search?name=Test')).status).toBe(401);
  });

  it('answers public fields keyed by id, never the email', async () => {
    const res = await t.request(`/api/users/public/ids?ids=${ids.join(',')}`, { headers: bearer(token) });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(Object.keys(data.users).sort()).toEqual([...ids].sort());
    expect(data.users[ids[1]!]).toEqual({ id: ids[1], name: 'Test doctor', role: 'DOCTOR', referenceId: null });
    expect(JSON.stringify(data)).not.toContain('@example.in');
    expect(data.pagination).toEqual({ page: 1, limit: 10, total: 2, totalPages: 1 });
  });

  it('pages through the ids', async () => {
    const res = await t.request(`/api/users/public/ids?ids=${ids[0]}&ids=${ids[1]}&page=2&limit=1`, {
      headers: bearer(token),
    });
    const { data } = await json(res);
    expect(Object.keys(data.users)).toEqual([ids[1]]);
    expect(data.pagination).toEqual({ page: 2, limit: 1, total: 2, totalPages: 2 });
  });

  it('refuses ids that are not ids', async () => {
    const res = await t.request('/api/users/public/ids?ids=1,2', { headers: bearer(token) });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/^query\.ids/);
  });

  it('searches names case-insensitively, public fields only', async () => {
    const res = await t.request('/api/users/test-search?name=TEST%20DOC&limit=50', { headers: bearer(token) });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data.users.length).toBeGreaterThan(0);
    expect(data.users.every((u: { name: string }) => u.name.toLowerCase().includes('test doc'))).toBe(true);
    expect(JSON.stringify(data)).not.toContain('@');
    expect((await t.request('/api/users/test-search?name=a', { headers: bearer(token) })).status).toBe(400);
    const wildcard = await json(await t.request('/api/users/test-search?name=%25%25', { headers: bearer(token) }));
    expect(wildcard.data.users).toEqual([]);
  });
});

describe('the log', () => {
  it('never holds a password, a token or a mailed link', async () => {
    const email = 'quiet@example.in';
    const { token } = await newAccount(t, email, 'USER', 'Gupt-Shabd-2026');
    await t.request('/api/users/request-reset-password', { method: 'POST', json: { email } });
    const resetToken = await mailedToken(t, email, 'reset');
    await t.request(`/api/users/reset-password/${resetToken}`, {
      method: 'POST',
      json: { password: 'Naya-Shabd-2027' },
    });
    await t.request('/api/users/user-details', { headers: bearer(token) });
    const log = logLines.join('\n');
    expect(log).toContain('/api/users/reset-password/[redacted]');
    for (const secret of ['Gupt-Shabd-2026', 'Naya-Shabd-2027', token, resetToken, TEST_JWT_SECRET]) {
      expect(log).not.toContain(secret);
    }
  });
});
