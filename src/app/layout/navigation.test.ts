import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../domain/enums.ts';
import { MENUS, isMenuEntryActive, isMenuItemActive, menuForRole } from './navigation.ts';

const routesAndLabels = (role: string) => menuForRole(role).map(({ to, label }) => [to, label]);

describe('menus by role (SPEC §2)', () => {
  it('Admin', () => {
    expect(routesAndLabels('ADMIN')).toEqual([
      ['/hospitals', 'Hospitals'],
      ['/doctors', 'Doctors'],
      ['/diagnostics', 'Diagnostics'],
      ['/pharmacies', 'Pharmacies'],
      ['/admin/verifications', 'Verifications'],
      ['/admin/affiliations', 'Affiliations'],
    ]);
  });

  it('Hospital', () => {
    expect(routesAndLabels('HOSPITAL')).toEqual([
      ['/profile', 'My Hospital'],
      ['/documents', 'Documents'],
      ['/affiliations', 'Affiliations'],
      ['/verification', 'Verification'],
      ['/doctors', 'Doctors'],
      ['/appointments', 'Appointments'],
      ['/consultations', 'Consultations'],
      ['/waitlist', 'Waitlist'],
    ]);
  });

  it('Doctor', () => {
    expect(routesAndLabels('DOCTOR')).toEqual([
      ['/', 'My Profile'],
      ['/documents', 'Documents'],
      ['/affiliations', 'Affiliations'],
      ['/patients', 'Patients'],
      ['/appointments', 'Appointments'],
    ]);
  });

  it('Diagnostics', () => {
    expect(routesAndLabels('DIAGNOSTICS')).toEqual([
      ['/profile', 'My Diagnostics'],
      ['/documents', 'Documents'],
      ['/affiliations', 'Affiliations'],
      ['/tests', 'Tests'],
      ['/reports', 'Reports'],
    ]);
  });

  it('Pharmacy', () => {
    expect(routesAndLabels('PHARMACY')).toEqual([
      ['/profile', 'My Pharmacy'],
      ['/documents', 'Documents'],
      ['/affiliations', 'Affiliations'],
      ['/inventory', 'Inventory'],
      ['/orders', 'Orders'],
    ]);
  });

  it('Patient', () => {
    expect(routesAndLabels('PATIENT')).toEqual([
      ['/', 'My Profile'],
      ['/appointments', 'Appointments'],
      ['/medical-records', 'Medical Records'],
    ]);
  });

  it('User', () => {
    expect(routesAndLabels('USER')).toEqual([
      ['/hospitals', 'Hospitals'],
      ['/diagnostics', 'Diagnostics'],
      ['/doctors', 'Doctors'],
      ['/pharmacies', 'Pharmacies'],
    ]);
  });

  it('gives a missing or unknown role the User menu', () => {
    expect(menuForRole(null)).toBe(MENUS.USER);
    expect(menuForRole(undefined)).toBe(MENUS.USER);
    expect(menuForRole('SUPERHERO')).toBe(MENUS.USER);
    expect(menuForRole(' admin ')).toBe(MENUS.ADMIN);
  });

  it('has a menu with an icon and unique routes for every role', () => {
    for (const role of ROLES) {
      const menu = MENUS[role];
      expect(menu.length).toBeGreaterThan(0);
      expect(new Set(menu.map((entry) => entry.to)).size).toBe(menu.length);
      for (const entry of menu) expect(entry.icon).toBeTruthy();
    }
  });
});

describe('isMenuItemActive', () => {
  it('highlights the item whose route the path starts with', () => {
    expect(isMenuItemActive('/doctors', '/doctors')).toBe(true);
    expect(isMenuItemActive('/doctors', '/doctors/42')).toBe(true);
    expect(isMenuItemActive('/admin/verifications', '/admin/verifications/abc')).toBe(true);
    expect(isMenuItemActive('/appointments', '/appointments/7/messages')).toBe(true);
  });

  it('matches on a segment boundary only', () => {
    expect(isMenuItemActive('/doctors', '/doctorsX')).toBe(false);
    expect(isMenuItemActive('/orders', '/orders-archive')).toBe(false);
    expect(isMenuItemActive('/doctors', '/doctor/1/affiliations/2')).toBe(false);
    expect(isMenuItemActive('/affiliations', '/hospital/1/affiliations/2')).toBe(false);
  });

  it("matches '/' only on '/' itself", () => {
    expect(isMenuItemActive('/', '/')).toBe(true);
    expect(isMenuItemActive('/', '/doctors')).toBe(false);
    expect(isMenuItemActive('/', '/profile')).toBe(false);
  });

  it('ignores a trailing slash and letter case, as the router does', () => {
    expect(isMenuItemActive('/doctors', '/doctors/')).toBe(true);
    expect(isMenuItemActive('/doctors', '/Doctors')).toBe(true);
    expect(isMenuItemActive('/', '//')).toBe(true);
  });
});

describe('isMenuEntryActive', () => {
  it("lights the '/' My Profile item on /profile too, where '/' sends Doctors and Patients", () => {
    const [myProfile] = menuForRole('DOCTOR');
    expect(myProfile?.label).toBe('My Profile');
    if (!myProfile) return;
    expect(isMenuEntryActive(myProfile, '/')).toBe(true);
    expect(isMenuEntryActive(myProfile, '/profile')).toBe(true);
    expect(isMenuEntryActive(myProfile, '/patients')).toBe(false);
  });

  it('otherwise follows the item route', () => {
    const hospitalMenu = menuForRole('HOSPITAL');
    const active = hospitalMenu.filter((entry) => isMenuEntryActive(entry, '/appointments/12'));
    expect(active.map((entry) => entry.label)).toEqual(['Appointments']);
  });
});
