import { describe, expect, it } from 'vitest';
import { homeFor, loginPathFor, onboardingRedirect, safeRedirectTarget } from './redirects.ts';

describe('loginPathFor', () => {
  it('keeps path, query and hash', () => {
    expect(loginPathFor('/appointments/42?tab=chat#latest')).toBe(
      '/login?redirectTo=%2Fappointments%2F42%3Ftab%3Dchat%23latest',
    );
  });
  it('has no redirectTo for / or the login page itself', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/login?redirectTo=%2Fx')).toBe('/login');
  });
});

describe('safeRedirectTarget', () => {
  it('accepts paths on this site', () => {
    expect(safeRedirectTarget('/appointments/42?tab=chat#latest')).toBe('/appointments/42?tab=chat#latest');
  });
  it.each([null, undefined, '', 'https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses %s',
    (value) => {
      expect(safeRedirectTarget(value)).toBe('/');
    },
  );
});

describe('onboardingRedirect', () => {
  it('sends organisations without a profile to their onboarding route', () => {
    expect(onboardingRedirect({ role: 'HOSPITAL', referenceId: null }, '/profile')).toBe('/hospital/onboarding');
    expect(onboardingRedirect({ role: 'PHARMACY', referenceId: null }, '/')).toBe('/pharmacy/onboarding');
    expect(onboardingRedirect({ role: 'DIAGNOSTICS', referenceId: null }, '/tests')).toBe('/diagnostics/onboarding');
  });
  it('leaves them alone once there, or once onboarded', () => {
    expect(onboardingRedirect({ role: 'HOSPITAL', referenceId: null }, '/hospital/onboarding')).toBeNull();
    expect(onboardingRedirect({ role: 'HOSPITAL', referenceId: 'h1' }, '/profile')).toBeNull();
  });
  it('never redirects other roles', () => {
    for (const role of ['ADMIN', 'DOCTOR', 'PATIENT', 'USER'] as const) {
      expect(onboardingRedirect({ role, referenceId: null }, '/profile')).toBeNull();
    }
  });
});

describe('homeFor', () => {
  it('sends Admin to /hospitals and everyone else to /profile', () => {
    expect(homeFor('ADMIN')).toBe('/hospitals');
    expect(homeFor('PATIENT')).toBe('/profile');
    expect(homeFor('USER')).toBe('/profile');
  });
});
