import { DRUG_FORM_LABELS, DRUG_ROUTE_LABELS, GENDER_LABELS } from '../../../domain/enums.ts';
import { formatDate, formatDateTime } from '../../../domain/rules/format.ts';
import type { Consultation } from '../../../domain/schemas/consultations.ts';

/**
 * The visit as a print-styled HTML page (a browser prints it or saves it as PDF, shaping Devanagari
 * and the other Indian scripts correctly). The prescription follows the Indian layout: the doctor's
 * name, qualifications and registration number at the top; the patient and the date; diagnoses;
 * the Rx lines; advice and follow-up; the signature.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const e = escapeHtml;

/** The page's own policy: nothing loads, nothing runs; only its inline styles apply. */
export const SUMMARY_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const STYLE = `
  *{box-sizing:border-box} body{font-family:"Noto Sans","Noto Sans Devanagari",system-ui,sans-serif;color:#111;margin:0;padding:24px;line-height:1.45}
  main{max-width:800px;margin:0 auto}
  header{display:flex;justify-content:space-between;gap:16px;border-bottom:3px double #111;padding-bottom:8px}
  h1{font-size:1.4rem;margin:0} h2{font-size:1.05rem;margin:20px 0 6px;border-bottom:1px solid #999}
  .muted{color:#444;font-size:.9rem} .right{text-align:right}
  .patient{display:flex;flex-wrap:wrap;gap:4px 24px;margin:12px 0;padding:8px 0;border-bottom:1px solid #999}
  .allergy{color:#8a0000;font-weight:700}
  .rx{font-family:Georgia,serif;font-size:2rem;font-weight:700;margin:12px 0 0}
  table{width:100%;border-collapse:collapse} th,td{text-align:left;padding:6px 4px;border-bottom:1px solid #ccc;vertical-align:top}
  ol{margin:0;padding-left:20px}
  .sign{margin-top:48px;text-align:right} .sign div{display:inline-block;border-top:1px solid #111;padding-top:4px;min-width:220px;text-align:center}
  footer{margin-top:24px;font-size:.8rem;color:#444}
  @media print{body{padding:0} @page{size:A4;margin:14mm} .noprint{display:none}}
`;

function section(title: string, body: string) {
  return body ? `<section><h2>${e(title)}</h2>${body}</section>` : '';
}

export function renderMedicalSummary(c: Consultation): string {
  const doctor = c.doctor;
  const date = formatDate(c.startedAt ?? c.createdAt);
  const patientBits = [
    `<div><strong>${e(c.patient.name)}</strong></div>`,
    c.patient.age !== null ? `<div>Age: ${c.patient.age} years</div>` : '',
    c.patient.gender ? `<div>Sex: ${e(GENDER_LABELS[c.patient.gender])}</div>` : '',
    `<div>Date: ${e(date)}</div>`,
    `<div class="allergy">Allergies: ${c.patient.allergies.length ? e(c.patient.allergies.join(', ')) : 'none recorded'}</div>`,
  ].join('');
  const latest = c.vitals[0];
  const vitals = latest
    ? `<p>${latest.readings.map((r) => `${e(r.label)} ${r.value} ${e(r.unit)}${r.reading === 'NORMAL' ? '' : ` (${e(r.reading.toLowerCase())})`}`).join(' · ')}</p>`
    : '';
  const diagnoses = c.diagnoses.length
    ? `<ol>${c.diagnoses
        .map(
          (d) =>
            `<li>${e(d.description)}${d.code ? ` <span class="muted">(ICD-10 ${e(d.code)})</span>` : ''} — ${e(d.certainty.toLowerCase())}, ${e(d.rank.toLowerCase())}</li>`,
        )
        .join('')}</ol>`
    : '';
  const rx = c.prescriptions.length
    ? `<p class="rx" aria-label="Prescription">℞</p><table><thead><tr><th>#</th><th>Medicine</th><th>Dose and frequency</th><th>Duration</th><th>Instructions</th></tr></thead><tbody>${c.prescriptions
        .map(
          (p, i) =>
            `<tr><td>${i + 1}</td><td><strong>${e(DRUG_FORM_LABELS[p.form])} ${e(p.genericName)}${p.strength ? ` ${e(p.strength)}` : ''}</strong>${p.brandName ? `<br><span class="muted">(${e(p.brandName)})</span>` : ''}<br><span class="muted">${e(DRUG_ROUTE_LABELS[p.route])}${p.quantity ? ` · Qty ${p.quantity}` : ''}</span></td><td>${e(p.dose)}, ${e(p.frequency)}</td><td>${e(p.duration)}</td><td>${e(p.instructions ?? '')}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  const tests = c.tests.length
    ? `<ol>${c.tests.map((t) => `<li>${e(t.testName)}${t.instructions ? ` — ${e(t.instructions)}` : ''}</li>`).join('')}</ol>`
    : '';
  const para = (text: string) => (text.trim() ? `<p>${e(text).replace(/\n/g, '<br>')}</p>` : '');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Consultation summary — ${e(c.patient.name)} — ${e(date)}</title><style>${STYLE}</style></head>
<body><main>
<header><div><h1>${e(doctor?.name ?? c.hospital?.name ?? 'Consultation')}</h1>
${doctor?.qualifications.length ? `<div>${e(doctor.qualifications.join(', '))}</div>` : ''}
${doctor?.registrationNumber ? `<div class="muted">Reg. No. ${e(doctor.registrationNumber)}</div>` : ''}</div>
<div class="right">${c.hospital ? `<strong>${e(c.hospital.name)}</strong>` : ''}<div class="muted">Consultation summary</div></div></header>
<div class="patient">${patientBits}</div>
${section('Chief complaint', para(c.chiefComplaint))}
${section('Vital signs', vitals)}
${section('Examination', para(c.examination))}
${section('Diagnosis', diagnoses)}
${rx}
${section('Tests advised', tests)}
${section('Advice', para(c.advice))}
${section('Notes', para(c.notes))}
${section('Follow-up', para(c.followUp))}
<div class="sign"><div>${e(doctor?.name ?? c.hospital?.name ?? '')}<br><span class="muted">Signature</span></div></div>
<footer>Printed from CareMesh on ${e(formatDateTime(new Date()))}. ${c.completedAt ? `Consultation completed ${e(formatDateTime(c.completedAt))}.` : 'Consultation not yet completed.'}</footer>
</main></body></html>`;
}
