import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_DOCTOR_ID, indiaInstant } from './offlineQueue.ts';
import { apiSession, bearer, useSession, type ApiSession } from './sessions.ts';

/**
 * The demo patient books the demo doctor at the next free slot of `nextSlot` (a spec's own
 * `slotPicker`) and the doctor accepts: a care relationship of the spec's own. A taken slot or one
 * outside the doctor's sessions moves on (`skipOnConflict` more slots each time).
 */
export async function acceptedAppointment(
  request: APIRequestContext,
  nextSlot: () => { date: string; time: string },
  reason: string,
  skipOnConflict = 0,
): Promise<string> {
  const patient = await apiSession(request, 'patient@caremesh.test');
  const doctor = await apiSession(request, 'doctor@caremesh.test');
  for (let attempt = 0; attempt < 10; attempt++) {
    const slot = nextSlot();
    const booked = await request.post('/api/appointments/patient/book-appointment', {
      headers: bearer(patient.token),
      data: { doctorId: DEMO_DOCTOR_ID, scheduledAt: indiaInstant(slot.date, slot.time), mode: 'IN_PERSON', reason },
    });
    if (booked.status() === 409) {
      for (let skip = 0; skip < skipOnConflict; skip++) nextSlot();
      continue;
    }
    expect(booked.status(), await booked.text()).toBe(201);
    const id = ((await booked.json()) as { data: { id: string } }).data.id;
    const accepted = await request.patch(`/api/appointments/${id}/decision`, {
      headers: bearer(doctor.token),
      data: { decision: 'ACCEPT' },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    return id;
  }
  throw new Error(`no free slot for "${reason}"`);
}

/**
 * A new appointment of `session`'s patient with the demo doctor at the next free slot of `nextSlot`
 * (a spec's own `slotPicker`), booked through the API of `origin` (this run's server by default); a
 * slot another run took is skipped.
 */
export async function bookThroughApi(
  request: APIRequestContext,
  session: ApiSession,
  nextSlot: () => { date: string; time: string },
  reason: string,
  origin = '',
): Promise<string> {
  for (let tries = 0; ; tries++) {
    const { date, time } = nextSlot();
    const res = await request.post(`${origin}/api/appointments/patient/book-appointment`, {
      headers: bearer(session.token),
      data: { doctorId: DEMO_DOCTOR_ID, scheduledAt: indiaInstant(date, time), mode: 'IN_PERSON', reason },
    });
    if (res.status() === 409 && tries < 5) continue;
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: { id: string } }).data.id;
  }
}

/** A browser context signed in as a demo account, and a page in it. */
export async function signedInAs(browser: Browser, request: APIRequestContext, baseURL: string, email: string) {
  const context = await browser.newContext();
  await useSession(context, baseURL, await apiSession(request, email));
  return { context, page: await context.newPage() };
}

/** Nothing wider than the window, measured once the layout has settled (the side menu slides shut when it narrows). */
export async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}
