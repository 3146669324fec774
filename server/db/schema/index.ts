export * from './platform.ts';
export * from './accounts.ts';
export * from './organisations.ts';
export * from './doctors.ts';
export * from './patients.ts';
export * from './appointments.ts';
export * from './notifications.ts';
export * from './verification.ts';
