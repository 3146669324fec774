import { describe, it, expect } from 'vitest';
import { RequiredParameterError, requireParam } from './params.ts';

describe('requireParam', () => {
  it('returns a present value unchanged', () => {
    const body = { reason: 'Clash' };
    expect(requireParam('appt-1', 'appointmentId', 'cancelAppointment')).toBe('appt-1');
    expect(requireParam(body, 'body', 'cancelAppointment')).toBe(body);
  });

  it('lets falsy but present values through', () => {
    expect(requireParam('', 'searchQuery', 'searchDoctors')).toBe('');
    expect(requireParam(0, 'page', 'listNotifications')).toBe(0);
    expect(requireParam(false, 'hasHomeDelivery', 'searchPharmacies')).toBe(false);
  });

  it('throws the SPEC message for undefined', () => {
    expect(() => requireParam(undefined, 'appointmentId', 'getAppointment')).toThrow(
      'Required parameter appointmentId was null or undefined when calling getAppointment.',
    );
  });

  it('throws a RequiredParameterError naming the parameter and operation for null', () => {
    let caught: unknown;
    try {
      requireParam(null, 'notificationId', 'markNotificationAsRead');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RequiredParameterError);
    expect(caught).toBeInstanceOf(Error);
    const error = caught as RequiredParameterError;
    expect(error.name).toBe('RequiredParameterError');
    expect(error.parameter).toBe('notificationId');
    expect(error.operation).toBe('markNotificationAsRead');
    expect(error.message).toBe(
      'Required parameter notificationId was null or undefined when calling markNotificationAsRead.',
    );
  });
});
