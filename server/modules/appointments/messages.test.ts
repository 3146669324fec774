import { describe, expect, it } from 'vitest';
import { nameOf } from './messages.ts';

const row = { patientName: 'Priya Sharma', doctorName: 'Dr Arjun Rao', hospitalName: 'Sahyadri Care Hospital' };
const caller = (role: string, name: string | null) =>
  ({ id: 'u', email: 'x@example.in', role, referenceId: 'r', name }) as Parameters<typeof nameOf>[0];

describe('who an appointment’s history names', () => {
  it('names a hospital’s team member with the hospital, and the hospital for its own account', () => {
    expect(nameOf(caller('HOSPITAL', 'Anita Desai'), row as never)).toBe('Anita Desai (Sahyadri Care Hospital)');
    expect(nameOf(caller('HOSPITAL', 'Sahyadri Care Hospital'), row as never)).toBe('Sahyadri Care Hospital');
    expect(nameOf(caller('HOSPITAL', null), row as never)).toBe('Sahyadri Care Hospital');
    expect(nameOf(caller('PATIENT', 'Priya'), row as never)).toBe('Priya Sharma');
  });
});
