import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { documentForm, verificationKeys, type MyVerification } from '../../api/verification.ts';
import { createMemoryOutboxStore } from '../../offline/engine/memoryStore.ts';
import type { OutboxEntry } from '../../offline/engine/index.ts';
import { applySentAnswers, offlineChangeOf } from '../../offline/offlineChange.ts';
import { enqueue } from '../../offline/outbox.ts';
import { changeFor, verificationReplaceChange, verificationUploadChange, waitingUploadOf } from './changes.ts';

const details = {
  documentNumber: ' MH/FIRE/2025/77 ',
  issuingAuthority: 'Maharashtra Fire Services',
  issueDate: '2025-04-01',
  expiryDate: '2026-03-31',
};
const front = new File([new Uint8Array([1, 2, 3])], 'front.png', { type: 'image/png' });
const back = new File([new Uint8Array([4, 5])], 'back.pdf', { type: 'application/pdf' });

describe('documentForm', () => {
  it('sends the type, the trimmed texts and every file under the one field "files"', () => {
    const form = documentForm(details, [front, back], 'FIRE_NOC');
    expect(form.map(([name]) => name)).toEqual([
      'documentType',
      'documentNumber',
      'issuingAuthority',
      'issueDate',
      'expiryDate',
      'files',
      'files',
    ]);
    expect(form[1]).toEqual(['documentNumber', 'MH/FIRE/2025/77']);
    expect(form.slice(5).map(([, value]) => value)).toEqual([front, back]);
  });

  it('leaves out the expiry date of a document that does not expire, and the type of a replacement', () => {
    const form = documentForm({ ...details, expiryDate: '' }, [front]);
    expect(form.map(([name]) => name)).toEqual(['documentNumber', 'issuingAuthority', 'issueDate', 'files']);
  });
});

describe('the upload and replacement changes', () => {
  it('are declared once each, a POST to upload and a PUT to the type for a new version', () => {
    expect(changeFor({ mode: 'upload' })).toBe(verificationUploadChange);
    expect(changeFor({ mode: 'replace' })).toBe(verificationReplaceChange);
    const upload = offlineChangeOf({ meta: { kind: verificationUploadChange.kind } });
    const replace = offlineChangeOf({ meta: { kind: verificationReplaceChange.kind } });
    const input = { documentType: 'FIRE_NOC' as const, mode: 'upload' as const, details, files: [front, back] };
    expect(upload?.method).toBe('POST');
    expect(upload?.path(input as never)).toBe('/verification/documents/upload');
    expect(upload?.label(input as never)).toBe('Upload Fire NOC');
    expect(replace?.method).toBe('PUT');
    expect(replace?.path(input as never)).toBe('/verification/documents/FIRE_NOC');
    expect(replace?.invalidates?.(input as never)).toEqual([verificationKeys.mine, verificationKeys.histories]);
  });

  it('keep several files of one field on the device, in order, with their names and types', async () => {
    const store = createMemoryOutboxStore();
    const definition = offlineChangeOf({ meta: { kind: verificationUploadChange.kind } })!;
    const input = { documentType: 'FIRE_NOC' as const, mode: 'upload' as const, details, files: [front, back] };
    const entry = await enqueue(
      store,
      {
        userId: 'u1',
        method: definition.method,
        path: definition.path(input as never),
        form: definition.form!(input as never),
        label: definition.label(input as never),
        meta: { kind: verificationUploadChange.kind, ...definition.meta!(input as never) },
      },
      { now: () => 0, newId: () => 'e1' },
    );
    const files = entry.request.form!.filter(([name]) => name === 'files');
    expect(files).toHaveLength(2);
    expect(files.map(([, value]) => (typeof value === 'string' ? value : [value.name, value.type]))).toEqual([
      ['front.png', 'image/png'],
      ['back.pdf', 'application/pdf'],
    ]);
    expect(waitingUploadOf(entry)).toMatchObject({
      documentType: 'FIRE_NOC',
      mode: 'upload',
      fileNames: ['front.png', 'back.pdf'],
    });
  });

  it('put the sent version in the checklist at once', () => {
    const queryClient = new QueryClient();
    const mine = {
      checklist: [
        { documentType: 'FIRE_NOC', status: 'NOT_UPLOADED', urgency: null, document: null },
        { documentType: 'PAN_CARD', status: 'NOT_UPLOADED', urgency: null, document: null },
      ],
    } as unknown as MyVerification;
    queryClient.setQueryData(verificationKeys.mine, mine);
    const document = {
      id: '7d1c1d8e-8c61-4a53-9d1f-0c6a8f1f4b10',
      entityType: 'HOSPITAL',
      entityId: '0b3c5b8e-2d7e-4f0a-9a43-3c3d1f6d8a21',
      documentType: 'FIRE_NOC',
      category: 'INFRASTRUCTURE',
      version: 1,
      current: true,
      status: 'PENDING',
      documentNumber: 'MH/FIRE/2025/77',
      issuingAuthority: 'Maharashtra Fire Services',
      issueDate: '2025-04-01',
      expiryDate: '2026-03-31',
      urgency: null,
      files: [],
      uploadedAt: '2026-11-25T10:00:00.000Z',
      uploadedBy: null,
      review: null,
    };
    applySentAnswers(queryClient, [
      { id: 'e1', state: 'sent', meta: { kind: verificationUploadChange.kind }, response: { data: document } },
    ] as unknown as OutboxEntry[]);
    const after = queryClient.getQueryData<MyVerification>(verificationKeys.mine)!;
    expect(after.checklist[0]).toMatchObject({ status: 'PENDING', document: { documentNumber: 'MH/FIRE/2025/77' } });
    expect(after.checklist[1]).toMatchObject({ status: 'NOT_UPLOADED', document: null });
  });

  it('shows only entries that name a known document type', () => {
    expect(waitingUploadOf({ meta: { kind: 'x', documentType: 'NOT_A_TYPE' } } as unknown as OutboxEntry)).toBeNull();
  });
});
