import { describe, it, expect } from 'vitest';
import { ROLES } from '../enums.ts';
import { DEFAULT_ROLE, SELF_REGISTRABLE_ROLES, humanizeRole, isRole, roleOrDefault } from './roles.ts';

describe('DEFAULT_ROLE', () => {
  it('is User', () => {
    expect(DEFAULT_ROLE).toBe('USER');
  });
});

describe('SELF_REGISTRABLE_ROLES', () => {
  it('is every role except Admin', () => {
    expect(SELF_REGISTRABLE_ROLES).not.toContain('ADMIN');
    expect([...SELF_REGISTRABLE_ROLES].sort()).toEqual(ROLES.filter((role) => role !== 'ADMIN').sort());
  });
});

describe('humanizeRole', () => {
  it.each([
    ['ADMIN', 'Admin'],
    ['HOSPITAL', 'Hospital'],
    ['DOCTOR', 'Doctor'],
    ['DIAGNOSTICS', 'Diagnostics'],
    ['PHARMACY', 'Pharmacy'],
    ['PATIENT', 'Patient'],
    ['USER', 'User'],
  ])('shows %s as %s', (role, label) => {
    expect(humanizeRole(role)).toBe(label);
  });

  it('ignores case and surrounding spaces', () => {
    expect(humanizeRole('doctor')).toBe('Doctor');
    expect(humanizeRole(' Pharmacy ')).toBe('Pharmacy');
  });

  it('shows a missing or unknown role as User, the default role', () => {
    expect(humanizeRole(null)).toBe('User');
    expect(humanizeRole(undefined)).toBe('User');
    expect(humanizeRole('')).toBe('User');
    expect(humanizeRole('SUPERUSER')).toBe('User');
    expect(humanizeRole('constructor')).toBe('User');
  });
});

describe('isRole and roleOrDefault', () => {
  it('recognises only exact role values', () => {
    expect(isRole('ADMIN')).toBe(true);
    expect(isRole('admin')).toBe(false);
    expect(isRole(null)).toBe(false);
  });

  it('falls back to the default role', () => {
    expect(roleOrDefault('hospital')).toBe('HOSPITAL');
    expect(roleOrDefault('nobody')).toBe('USER');
    expect(roleOrDefault(undefined)).toBe('USER');
  });
});
