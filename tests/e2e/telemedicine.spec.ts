import { io } from 'socket.io-client';
import { chromium, expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { NEEDS_CONNECTION } from '../../src/offline/words.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DEMO_DOCTOR_ID, newPatient } from './support/offlineQueue.ts';
import { apiSession, bearer, useSession, type ApiSession } from './support/sessions.ts';

// A real call: two browser contexts with Chromium's fake camera and microphone (a test pattern and
// a tone) connect over WebRTC, signalled through the app's socket, and each plays the other's stream.

const DEMO_PATIENT_ID = '0d3c5a0e-7a51-4c1b-9a38-000000000005';
const TELECONSULTATION = 'Teleconsultation (video, audio or chat) with the treating doctor';

/**
 * A VIDEO walk-in of the demo patient with the demo doctor at the demo hospital, started now (a
 * walk-in's call opens once it is in progress, so the test does not depend on the clock), with the
 * patient's consent to a teleconsultation recorded by the doctor.
 */
async function videoConsultation(request: APIRequestContext, consent = true): Promise<string> {
  const hospital = await apiSession(request, 'hospital@caremesh.test');
  const doctor = await apiSession(request, 'doctor@caremesh.test');
  const created = await request.post('/api/consultations', {
    headers: bearer(hospital.token),
    data: {
      patientId: DEMO_PATIENT_ID,
      doctorId: DEMO_DOCTOR_ID,
      consultationType: 'VIDEO',
      chiefComplaint: 'Review of blood pressure readings',
      startNow: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  if (!consent) return id;
  const recorded = await request.post(`/api/consultations/${id}/consent`, {
    headers: bearer(doctor.token),
    data: { scope: TELECONSULTATION, agreed: true },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);
  return id;
}

async function signedIn(
  browser: Browser,
  baseURL: string,
  session: ApiSession,
  viewport = { width: 1280, height: 800 },
) {
  const context = await browser.newContext({ viewport, permissions: ['camera', 'microphone'], baseURL });
  await useSession(context, baseURL, session);
  return { context, page: await context.newPage() };
}

/** The call screen's status line (the sidebar has a status of its own). */
const callStatus = (page: Page) => page.getByRole('main').getByRole('status');

/** The other side's video is playing: it has a picture, and its time moves on. */
async function expectRemotePlaying(page: Page, peer: string) {
  const video = page.getByLabel(`Video of ${peer}`);
  await expect(video).toBeVisible({ timeout: 30_000 });
  const sample = () =>
    video.evaluate((v: HTMLVideoElement) => ({ time: v.currentTime, width: v.videoWidth, paused: v.paused }));
  await expect.poll(async () => (await sample()).width, { timeout: 30_000 }).toBeGreaterThan(0);
  const first = await sample();
  expect(first.paused).toBe(false);
  await expect.poll(async () => (await sample()).time, { timeout: 15_000 }).toBeGreaterThan(first.time + 0.5);
}

let browser: Browser;

test.beforeAll(async () => {
  // The config's own browser settings, plus the fake camera and microphone, granted without asking.
  const launch = test.info().project.use.launchOptions ?? {};
  browser = await chromium.launch({
    ...launch,
    args: [...(launch.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
});
test.afterAll(async () => {
  await browser?.close();
});

test('the doctor and the patient meet on video; the call is ended with its length recorded, and a stranger is refused', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const id = await videoConsultation(request);
  const doctorSession = await apiSession(request, 'doctor@caremesh.test');
  const patientSession = await apiSession(request, 'patient@caremesh.test');
  const doctor = await signedIn(browser, baseURL!, doctorSession);
  const patient = await signedIn(browser, baseURL!, patientSession, { width: 360, height: 740 });

  // The doctor joins from the consultation screen.
  await doctor.page.goto(`/consultations/${id}`);
  await doctor.page.getByRole('button', { name: 'Join video call' }).click();
  await expect(doctor.page).toHaveURL(new RegExp(`/consultations/${id}/call$`));
  const patientName = (await doctor.page.getByRole('heading', { name: /^Video call with / }).textContent())!.replace(
    /^Video call with /,
    '',
  );
  await expect(callStatus(doctor.page).filter({ hasText: `Waiting for ${patientName}` })).toBeVisible();

  // The patient joins from their own view of the consultation.
  await patient.page.goto(`/consultations/${id}`);
  await patient.page.getByRole('button', { name: 'Join video call' }).click();
  await expect(patient.page.getByRole('heading', { name: /^Video call with Dr/ })).toBeVisible();
  const doctorName = (await patient.page.getByRole('heading', { name: /^Video call with / }).textContent())!.replace(
    /^Video call with /,
    '',
  );

  await expect(callStatus(doctor.page).filter({ hasText: `Connected to ${patientName}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(callStatus(patient.page).filter({ hasText: `Connected to ${doctorName}` })).toBeVisible({
    timeout: 30_000,
  });
  await expectRemotePlaying(doctor.page, patientName);
  await expectRemotePlaying(patient.page, doctorName);

  // The controls say what they do and announce it.
  await doctor.page.getByRole('button', { name: 'Mute' }).click();
  await expect(doctor.page.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
  await expect(callStatus(doctor.page)).toContainText('Your microphone is muted.');
  await doctor.page.getByRole('button', { name: 'Unmute' }).click();
  await doctor.page.getByRole('button', { name: 'Camera off' }).click();
  await expect(doctor.page.getByRole('button', { name: 'Camera on' })).toHaveAttribute('aria-pressed', 'true');
  await doctor.page.getByRole('button', { name: 'Camera on' }).click();

  await doctor.page.screenshot({ path: test.info().outputPath('call-desktop.png') });
  await patient.page.screenshot({ path: test.info().outputPath('call-phone.png') });
  await expectNoSeriousA11yViolations(doctor.page);
  await expectNoSeriousA11yViolations(patient.page);

  // The patient's side drops (the page is gone without hanging up): the doctor is told, and the
  // patient coming back reconnects the call.
  await patient.page.close();
  await expect(callStatus(doctor.page)).toContainText(/dropped|lost/, { timeout: 45_000 });
  patient.page = await patient.context.newPage();
  await patient.page.goto(`/consultations/${id}/call`);
  await expect(callStatus(doctor.page)).toContainText(`Connected to ${patientName}`, { timeout: 45_000 });
  await expectRemotePlaying(patient.page, doctorName);
  await expectRemotePlaying(doctor.page, patientName);

  // A third account is refused: by the API, on the screen, and on the socket.
  const stranger = await newPatient(request);
  const refused = await request.post(`/api/consultations/${id}/telemedicine/start`, {
    headers: bearer(stranger.token),
  });
  expect(refused.status()).toBe(404);
  const intruder = await signedIn(browser, baseURL!, stranger);
  await intruder.page.goto(`/consultations/${id}/call`);
  await expect(intruder.page.getByRole('alert')).toContainText('Only the patient and the treating doctor');
  const socket = io(baseURL!, { path: '/socket.io', transports: ['websocket'], auth: { token: stranger.token } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  expect(await socket.timeout(5_000).emitWithAck('call:join', id)).toEqual({ ok: false, error: 'FORBIDDEN' });
  expect(
    await socket.timeout(5_000).emitWithAck('call:signal', { consultationId: id, kind: 'offer', data: { sdp: 'v=0' } }),
  ).toEqual({ ok: false, error: 'FORBIDDEN' });
  socket.close();
  await intruder.context.close();

  // The doctor hangs up: both hear it, and the consultation shows the call's length.
  await doctor.page.getByRole('button', { name: 'Hang up' }).click();
  await expect(callStatus(doctor.page)).toContainText('The call has ended.');
  await expect(callStatus(patient.page)).toContainText('The call has ended.');
  const record = await request.get(`/api/consultations/${id}`, { headers: bearer(doctorSession.token) });
  const call = ((await record.json()) as { data: { telemedicine: { durationSeconds: number; open: boolean } } }).data
    .telemedicine;
  expect(call.open).toBe(false);
  expect(call.durationSeconds).toBeGreaterThan(0);
  await doctor.page.getByRole('link', { name: 'Back to the consultation' }).click();
  await expect(doctor.page.getByTestId('call-duration')).toHaveText(/^\d+ (s|min \d+ s)$/);

  await patient.page.getByRole('link', { name: 'Back to the consultation' }).click();
  await expect(patient.page.getByTestId('call-duration')).toHaveText(/^\d+ (s|min \d+ s)$/);
  await patient.page.screenshot({ path: test.info().outputPath('consultation-phone.png'), fullPage: true });
  await expectNoSeriousA11yViolations(patient.page);

  // Offline, joining waits for the connection, and says so.
  await doctor.context.setOffline(true);
  const join = doctor.page.getByRole('button', { name: 'Join video call' });
  await expect(join).toBeDisabled();
  await expect(join).toHaveAccessibleDescription(NEEDS_CONNECTION);
  await doctor.context.setOffline(false);
  await doctor.page.screenshot({ path: test.info().outputPath('consultation-offline.png'), fullPage: true });

  await doctor.context.close();
  await patient.context.close();
});

test('the doctor records the patient’s consent before the call opens', async ({ request, baseURL }) => {
  const id = await videoConsultation(request, false);
  const doctor = await signedIn(browser, baseURL!, await apiSession(request, 'doctor@caremesh.test'), {
    width: 360,
    height: 740,
  });
  await doctor.page.goto(`/consultations/${id}/call`);
  await expect(doctor.page.getByRole('heading', { name: 'The call cannot start' })).toBeVisible();
  await expect(doctor.page.getByRole('alert')).toContainText("Record the patient's consent");
  await doctor.page.screenshot({ path: test.info().outputPath('consent-phone.png') });
  await expectNoSeriousA11yViolations(doctor.page);
  await doctor.page.getByRole('button', { name: 'The patient agrees: record consent' }).click();
  await expect(callStatus(doctor.page)).toContainText('Waiting for', { timeout: 20_000 });
  const record = await request.get(`/api/consultations/${id}`, {
    headers: bearer((await apiSession(request, 'doctor@caremesh.test')).token),
  });
  const consents = ((await record.json()) as { data: { consents: Array<{ scope: string; agreed: boolean }> } }).data
    .consents;
  expect(consents).toEqual([expect.objectContaining({ scope: TELECONSULTATION, agreed: true })]);
  await doctor.page.getByRole('button', { name: 'Hang up' }).click();
  await expect(callStatus(doctor.page)).toContainText('The call has ended.');
  await doctor.context.close();
});
