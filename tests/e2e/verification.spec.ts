import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DOCUMENT_TYPE_LABELS, type DocumentType } from '../../domain/enums.ts';
import { expectNoA11yViolations } from './support/a11y.ts';
import { mailedLink, signIn } from './support/accounts.ts';
import { bell, items, panel, waitForLiveUpdates } from './support/notifications.ts';
import { goOffline, goOnline, indiaDate, waitForControllingWorker } from './support/offlineQueue.ts';
import { apiSession, bearer, useSession } from './support/sessions.ts';

const PASSWORD = 'Naya@2026';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

/** A one-page PDF with a line of text, its cross-reference table at the right offsets. */
function onePagePdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    (() => {
      const stream = `BT /F1 14 Tf 20 100 Td (${text}) Tj ET`;
      return `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
    })(),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Upload = { type: DocumentType; numberLabel: string; number: string; expires: boolean };

/** The hospital's required documents (domain/rules/verification.ts), each with its number's name. */
const REQUIRED: readonly Upload[] = [
  {
    type: 'CLINICAL_ESTABLISHMENT_REGISTRATION',
    numberLabel: 'Registration number',
    number: 'MH/CEA/2024/5531',
    expires: true,
  },
  { type: 'FIRE_NOC', numberLabel: 'NOC number', number: 'MFS/NOC/2025/2211', expires: true },
  {
    type: 'BIOMEDICAL_WASTE_AUTHORIZATION',
    numberLabel: 'Authorisation number',
    number: 'MPCB/BMW/2025/880',
    expires: true,
  },
  { type: 'PAN_CARD', numberLabel: 'PAN', number: 'AAKCS1234F', expires: false },
  { type: 'GST_REGISTRATION', numberLabel: 'GSTIN', number: '27AAKCS1234F1Z5', expires: false },
];

const label = (type: DocumentType) => DOCUMENT_TYPE_LABELS[type];

/** A document's card on /documents or on the admin's page, found by its heading. */
const row = (page: Page, type: DocumentType): Locator =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: label(type), exact: true }) })
    .first();

/** A new hospital account, verified through the development mailbox and signed in. */
async function newHospitalAccount(page: Page, request: APIRequestContext, name: string) {
  const email = `verify.hospital.${Date.now()}@example.in`;
  const registered = await request.post('/api/users/register', {
    data: { email, password: PASSWORD, role: 'HOSPITAL', name },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.goto(await mailedLink(request, email, 'verify'));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.goto('/login');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/hospital\/onboarding$/);
  return email;
}

async function onboard(page: Page, name: string, registrationNumber: string) {
  await page.getByLabel('Hospital name').fill(name);
  await page.getByLabel('Registration number').fill(registrationNumber);
  await page.getByLabel('Hospital type').selectOption('MULTISPECIALTY');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Building number').fill('18');
  await page.getByLabel('Street').fill('Karve Road');
  await page.getByLabel('Locality').fill('Kothrud');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('State').selectOption('MAHARASHTRA');
  await page.getByLabel('Pincode').fill('411038');
  await page.getByLabel('Phone').fill('98220 77881');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Cardiology').check();
  await page.getByRole('button', { name: 'Next' }).click();
  // The review step says which documents come next, from the verification catalogue.
  const next = page.getByRole('region', { name: 'Next: your documents' });
  for (const upload of REQUIRED) await expect(next.getByText(label(upload.type), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Submit hospital' }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

/** Fills the upload (or replace) dialog of a document and sends it. */
async function fillDocument(page: Page, upload: Upload, files: Parameters<Locator['setInputFiles']>[0]) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(upload.numberLabel, { exact: true }).fill(upload.number);
  // The usual issuing authority is filled in from the catalogue.
  await expect(dialog.getByLabel('Issuing authority', { exact: true })).not.toHaveValue('');
  await dialog.getByLabel('Issue date', { exact: true }).fill(indiaDate(-200));
  if (upload.expires) await dialog.getByLabel('Expiry date', { exact: true }).fill(indiaDate(700));
  else await expect(dialog.getByLabel('Expiry date', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('Files', { exact: true }).setInputFiles(files);
  await dialog.getByRole('button', { name: /^Upload (document|new version)$/ }).click();
}

async function versionsOf(request: APIRequestContext, token: string, type: DocumentType) {
  const res = await request.get(`/api/verification/documents/history?documentType=${type}&limit=50`, {
    headers: bearer(token),
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { documents: Array<{ version: number; status: string }> } }).data.documents;
}

test('a new hospital is verified from its documents and a patient books it', async ({ browser, page, request }) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString().slice(-6);
  const name = `Kothrud Heart Hospital ${stamp}`;

  // ---- The hospital registers, onboards and opens its documents on a phone.
  await page.setViewportSize(PHONE);
  await newHospitalAccount(page, request, name);
  await onboard(page, name, `MH-PUN-CEA-${stamp}`);
  const profileCard = page.getByRole('region', { name: 'Verification' });
  await expect(profileCard.getByText('Upload the required documents so an admin can verify you.')).toBeVisible();
  await profileCard.getByRole('link', { name: /Open Documents/ }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  await expect(page.getByText('Upload the required documents so an admin can verify you.')).toBeVisible();
  await expect(page.getByText(/^Not listed/)).toBeVisible();
  await expect(row(page, 'FIRE_NOC').getByText('Not uploaded')).toBeVisible();
  await expectNoA11yViolations(page);

  // The form checks what the server checks before anything is sent.
  await row(page, 'FIRE_NOC').getByRole('button', { name: 'Upload Fire NOC' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Fire NOC' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Issue date', { exact: true }).fill(indiaDate(3));
  await dialog.getByRole('button', { name: 'Upload document' }).click();
  await expect(dialog.getByText('NOC number')).toBeVisible();
  await expect(dialog.getByText('Document number is required')).toBeVisible();
  await expect(dialog.getByText('Issue date cannot be in the future')).toBeVisible();
  await expect(dialog.getByText('Expiry date is required for this document')).toBeVisible();
  await expect(dialog.getByText('Choose at least one file')).toBeVisible();
  await dialog
    .getByLabel('Files', { exact: true })
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') });
  await expect(dialog.getByText('notes.txt is not a PDF, JPEG, PNG or WebP file')).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Four documents go up online, Fire NOC with two files (front and back).
  for (const upload of REQUIRED.filter((u) => u.type !== 'PAN_CARD')) {
    await row(page, upload.type)
      .getByRole('button', { name: `Upload ${label(upload.type)}` })
      .click();
    await fillDocument(
      page,
      upload,
      upload.type === 'FIRE_NOC'
        ? [
            { name: 'noc-front.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Fire NOC front') },
            { name: 'noc-back.png', mimeType: 'image/png', buffer: PNG },
          ]
        : [
            {
              name: `${upload.type.toLowerCase()}.pdf`,
              mimeType: 'application/pdf',
              buffer: onePagePdf(upload.number),
            },
          ],
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(row(page, upload.type).getByText('Pending', { exact: true })).toBeVisible();
  }
  await expect(row(page, 'FIRE_NOC').getByText('noc-front.pdf')).toBeVisible();
  await expect(row(page, 'FIRE_NOC').getByText('noc-back.png')).toBeVisible();

  // A file opens in the page.
  await row(page, 'FIRE_NOC').getByRole('button', { name: 'View noc-back.png' }).click();
  await expect(row(page, 'FIRE_NOC').getByRole('img', { name: /Fire NOC, version 1, file 2 of 2/ })).toBeVisible();

  // The PAN card goes up offline: it waits on the device, then is sent once.
  const hospital = {
    token: (await page.context().cookies()).find((c) => c.name === 'jwtToken')!.value,
  };
  await waitForControllingWorker(page);
  await goOffline(page.context());
  const pan = REQUIRED.find((u) => u.type === 'PAN_CARD')!;
  await row(page, 'PAN_CARD').getByRole('button', { name: 'Upload PAN card' }).click();
  await fillDocument(page, pan, { name: 'pan.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Saved on this device — will be sent when you are back online.')).toBeVisible();
  await expect(row(page, 'PAN_CARD').getByText('Waiting to send')).toBeVisible();
  await expect(row(page, 'PAN_CARD').getByText('Upload PAN card: pan.png')).toBeVisible();
  // Deleting needs the server: disabled offline, and it says why.
  await expect(row(page, 'GST_REGISTRATION').getByRole('button', { name: 'Delete GST registration' })).toBeDisabled();
  await page.goto('/pending-changes');
  await expect(page.getByText('Upload PAN card')).toBeVisible();
  await page.goto('/documents');
  await expect(row(page, 'PAN_CARD').getByText('Waiting to send')).toBeVisible();
  await goOnline(page.context());
  await expect(row(page, 'PAN_CARD').getByText('Pending', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row(page, 'PAN_CARD').getByText('Waiting to send')).toHaveCount(0);
  expect(await versionsOf(request, hospital.token, 'PAN_CARD')).toHaveLength(1);
  await expect(page.getByText('Your documents are with an admin for review. Nothing to do for now.')).toBeVisible();

  // ---- The admin sees the submission in the bell and in the queue, on a desktop.
  const adminSession = await apiSession(request, 'admin@caremesh.test');
  const adminContext = await browser.newContext({ viewport: DESKTOP });
  const admin = await adminContext.newPage();
  await useSession(adminContext, new URL(page.url()).origin, adminSession);
  await admin.goto('/admin/verifications');
  await expect(admin.getByRole('heading', { name: 'Verifications', level: 1 })).toBeVisible();
  await expect(admin.getByText('Documents awaiting review')).toBeVisible();
  await bell(admin).click();
  const submitted = items(admin)
    .filter({ hasText: `${name} (hospital) uploaded` })
    .first();
  await expect(submitted).toBeVisible();
  await panel(admin).getByRole('button', { name: 'Close notifications' }).click();
  await admin.getByLabel('Search').fill(name);
  await admin.getByRole('button', { name: 'Apply filters' }).click();
  await expect(admin).toHaveURL(/search=/);
  const queueRow = admin.getByRole('table', { name: 'Providers waiting for verification' }).getByRole('row', {
    name: new RegExp(name),
  });
  await expect(queueRow.getByText(/^waiting (less than an hour|\d+ (hour|hours))$/)).toBeVisible();
  await expectNoA11yViolations(admin);
  await queueRow.getByRole('link', { name }).click();
  await expect(admin).toHaveURL(/\/admin\/verifications\/[0-9a-f-]{36}\?entityType=HOSPITAL$/);
  await expect(admin.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(admin.getByText(`MH-PUN-CEA-${stamp}`)).toBeVisible();
  // The first file of a document waiting for review shows in the page.
  await expect(row(admin, 'PAN_CARD').getByRole('img', { name: /PAN card, version 1, file 1 of 1/ })).toBeVisible();
  await expect(row(admin, 'FIRE_NOC').getByRole('link', { name: /Open noc-front\.pdf full size/ })).toBeVisible();
  await expectNoA11yViolations(admin);

  // The hospital's page listens for the decision.
  await waitForLiveUpdates(page);

  // A re-upload is requested, with the reason the hospital reads.
  const fire = row(admin, 'FIRE_NOC');
  await fire.getByLabel('Request re-upload').check();
  await fire.getByRole('button', { name: 'Record decision' }).click();
  await expect(fire.getByText('Say why: the provider reads this reason')).toBeVisible();
  const reason = 'The back page is unreadable: scan it again at a higher resolution.';
  await fire.getByLabel('Reason').fill(reason);
  await expect(fire.getByLabel('Not checked against a registry')).toBeChecked();
  await fire.getByRole('button', { name: 'Record decision' }).click();
  await expect(fire.getByText('Re-upload requested', { exact: true })).toBeVisible();

  // ---- The hospital sees it without a reload, and replaces the document.
  await expect(row(page, 'FIRE_NOC').getByText('Re-upload requested', { exact: true })).toBeVisible();
  await expect(row(page, 'FIRE_NOC').getByText(reason)).toBeVisible();
  await expect(page.getByText('A reviewer sent a document back. Read the reason and upload it again.')).toBeVisible();
  await row(page, 'FIRE_NOC').getByRole('button', { name: 'Replace Fire NOC' }).click();
  await expect(page.getByRole('dialog', { name: 'Replace Fire NOC' }).getByLabel('NOC number')).toHaveValue(
    'MFS/NOC/2025/2211',
  );
  await fillDocument(page, REQUIRED[1]!, [
    { name: 'noc-2.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Fire NOC, rescanned') },
  ]);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row(page, 'FIRE_NOC').getByText('Pending', { exact: true })).toBeVisible();
  await row(page, 'FIRE_NOC').getByRole('button', { name: 'Show version history of Fire NOC' }).click();
  await expect(row(page, 'FIRE_NOC').getByText('Version 1', { exact: true })).toBeVisible();
  await expect(row(page, 'FIRE_NOC').getByText('Version 2', { exact: true })).toBeVisible();
  await page.setViewportSize(DESKTOP);
  await expectNoA11yViolations(page);
  await page.setViewportSize(PHONE);

  // ---- The admin approves every document, then verifies the hospital.
  await admin.reload();
  // Verifying is offered only once every required document is approved.
  await expect(admin.getByRole('region', { name: 'Status' }).getByRole('button', { name: 'Verify' })).toHaveCount(0);
  for (const upload of REQUIRED) {
    const card = row(admin, upload.type);
    await card.getByLabel('Approve').check();
    await card.getByLabel('Checked: matches the registry').check();
    await card.getByLabel('Check note').fill('Looked up on the state portal');
    await card.getByRole('button', { name: 'Record decision' }).click();
    await expect(card.getByText('Approved', { exact: true })).toBeVisible();
  }
  await expect(admin.getByRole('region', { name: 'Decisions' }).getByText(reason)).toBeVisible();
  // Another admin rejects the PAN card meanwhile: verifying from this page is refused, in the dialog.
  const entityId = new URL(admin.url()).pathname.split('/').pop()!;
  const rejected = await request.post(`/api/verification/admin/entity/${entityId}/document/PAN_CARD/verify`, {
    headers: bearer(adminSession.token),
    data: { action: 'REJECT', reason: 'The name does not match the profile.', registryCheck: 'NOT_CHECKED' },
  });
  expect(rejected.ok(), await rejected.text()).toBe(true);
  // This page hears of it at once: Verify is no longer offered; and the server refuses it anyway.
  const status = admin.getByRole('region', { name: 'Status' });
  await expect(status.getByText('Re-upload rejected documents')).toBeVisible();
  await expect(status.getByRole('button', { name: 'Verify', exact: true })).toHaveCount(0);
  const refused = await request.post(`/api/verification/admin/entity/${entityId}/status`, {
    headers: bearer(adminSession.token),
    data: { status: 'VERIFIED' },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain('required document must be approved');
  // The hospital sends the PAN card again and it is approved; now the hospital is verified.
  const resent = await request.put('/api/verification/documents/PAN_CARD', {
    headers: bearer(hospital.token),
    multipart: {
      files: { name: 'pan-2.png', mimeType: 'image/png', buffer: PNG },
      documentNumber: 'AAKCS1234F',
      issuingAuthority: 'Income Tax Department',
      issueDate: indiaDate(-200),
    },
  });
  expect(resent.ok(), await resent.text()).toBe(true);
  const approved = await request.post(`/api/verification/admin/entity/${entityId}/document/PAN_CARD/verify`, {
    headers: bearer(adminSession.token),
    data: { action: 'APPROVE', registryCheck: 'CHECKED_MATCHES' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  await admin.reload();
  await admin.getByRole('button', { name: 'Verify', exact: true }).click();
  const verifyDialog = admin.getByRole('dialog', { name: `Verify: ${name}` });
  await verifyDialog.getByRole('button', { name: 'Verify' }).click();
  await expect(verifyDialog).toBeHidden();
  await expect(admin.getByRole('region', { name: 'Status' }).getByText('Verified', { exact: true })).toBeVisible();
  await admin.setViewportSize(PHONE);
  await expectNoA11yViolations(admin);
  await adminContext.close();

  // The hospital sees it live: verified and listed.
  await expect(page.getByText('You are verified and every required document is valid.')).toBeVisible();
  await page.goto('/verification');
  await expect(page.getByRole('heading', { name: 'Verification', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Listed until /)).toBeVisible();
  await expectNoA11yViolations(page);

  // ---- A patient finds the hospital in the directory and books it.
  const patientContext = await browser.newContext({ viewport: PHONE });
  try {
    const patient = await patientContext.newPage();
    await useSession(patientContext, new URL(page.url()).origin, await apiSession(request, 'patient@caremesh.test'));
    await patient.goto('/appointments/book');
    await patient.getByRole('radio', { name: 'A hospital' }).check();
    await patient.getByLabel('Name or speciality').fill(name);
    await patient.getByRole('button', { name: 'Search', exact: true }).click();
    await patient.getByRole('link', { name: `Book with ${name}` }).click();
    await expect(patient.getByRole('heading', { name })).toBeVisible();
    await patient.getByLabel('Date', { exact: true }).fill(indiaDate(5));
    await patient.getByLabel('Time', { exact: true }).fill('11:30');
    await patient.getByLabel('Mode', { exact: true }).selectOption({ label: 'In-person' });
    await patient.getByLabel('Reason for the visit').fill('Chest pain on climbing stairs');
    await patient.getByRole('button', { name: 'Book appointment' }).click();
    await expect(patient).toHaveURL(/\/appointments\/[0-9a-f-]{36}$/);
    await expect(patient.getByText('Pending', { exact: true })).toBeVisible();
  } finally {
    await patientContext.close();
  }
});
