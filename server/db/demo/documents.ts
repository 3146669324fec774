import { and, eq } from 'drizzle-orm';
import { DOCUMENT_FILE_TYPES, MB, type FileStore, type StoredFile } from '../../platform/files.ts';
import { appointmentDocuments, appointments, patientDocuments } from '../schema/index.ts';
import type { Db } from '../client.ts';
import { DEMO_REFERENCE_IDS, DEMO_USER_IDS } from './members.ts';

type Writer = Pick<Db, 'insert' | 'select'>;

/** A one-page PDF that reads `lines` (Helvetica), with a correct cross-reference table. */
export function demoPdf(lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines.map((line, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 40 ${760 - i * 24} Td (${escape(line)}) Tj ET`);
  const stream = text.join('\n');
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Resources<</Font<</F1 4 0 R>>>>/Contents 5 0 R>>',
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
    `<</Length ${Buffer.byteLength(stream, 'latin1')}>>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const DEMO_DOCUMENTS = [
  {
    title: 'Echo report',
    fileName: 'echo-report.pdf',
    lines: [
      'Echocardiography report (demo)',
      'Patient: Priya Sharma',
      'LVEF 58%. No regional wall motion abnormality.',
    ],
    /** Shared with the demo patient's appointment of this reason. */
    sharedWith: 'Review of echo report',
  },
  {
    title: 'Blood test results',
    fileName: 'blood-tests.pdf',
    lines: ['Complete blood count (demo)', 'Patient: Priya Sharma', 'Haemoglobin 12.8 g/dL. Within reference ranges.'],
    sharedWith: null,
  },
];

/** Writes the demo patient's document files; done before the seeding transaction (files are not in it). */
export async function storeDemoDocumentFiles(files: FileStore): Promise<StoredFile[]> {
  return Promise.all(DEMO_DOCUMENTS.map((doc) => files.store(demoPdf(doc.lines), DOCUMENT_FILE_TYPES, 10 * MB)));
}

/**
 * The demo patient's documents: an echo report shared with her confirmed appointment with the demo
 * doctor (so he sees it), and blood test results she keeps to herself.
 */
export async function insertDemoDocuments(db: Writer, stored: StoredFile[]) {
  const patientUser = DEMO_USER_IDS['patient@caremesh.test']!;
  for (const [i, doc] of DEMO_DOCUMENTS.entries()) {
    const file = stored[i];
    if (!file) continue;
    const [row] = await db
      .insert(patientDocuments)
      .values({
        patientId: DEMO_REFERENCE_IDS.patient,
        title: doc.title,
        fileKey: file.key,
        fileName: doc.fileName,
        contentType: file.contentType,
        size: file.size,
        uploadedBy: patientUser,
      })
      .returning({ id: patientDocuments.id });
    if (!doc.sharedWith) continue;
    const [visit] = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.patientId, DEMO_REFERENCE_IDS.patient), eq(appointments.reason, doc.sharedWith)));
    if (visit) {
      await db
        .insert(appointmentDocuments)
        .values({ appointmentId: visit.id, documentId: row!.id, sharedBy: patientUser });
    }
  }
}
