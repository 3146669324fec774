import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { Role } from '../../domain/enums.ts';
import { StartupLoader } from '../ui/PageLoader.tsx';
import { HomeRedirect, PublicOnly, RequireAuth } from './guards.tsx';
import { NotFoundScreen } from './NotFoundScreen.tsx';
import { PublicLayout } from './PublicLayout.tsx';
import { roleRoute } from './RoleScreen.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';
import { areaRoutes } from './areaRoutes.tsx';
import { onlyFor, screen } from './routeParts.tsx';

const MyHospital = () => import('../features/profile/MyHospitalScreen.tsx').then((m) => m.MyHospitalScreen);

const HospitalDoctors = () =>
  import('../features/hospital-doctors/HospitalDoctorsScreen.tsx').then((m) => m.HospitalDoctorsScreen);

const ProviderAppointments = () =>
  import('../features/appointments/AppointmentsScreen.tsx').then((m) => m.ProviderAppointmentsScreen);

const ProviderDocuments = () => import('../features/verification/DocumentsScreen.tsx').then((m) => m.DocumentsScreen);

const Affiliations = () => import('../features/affiliations/AffiliationsScreen.tsx').then((m) => m.AffiliationsScreen);
const Affiliation = () =>
  import('../features/affiliations/AffiliationDetailScreen.tsx').then((m) => m.AffiliationDetailScreen);
/** The detail on a role path: the route's guard has checked the role, the screen checks the id. */
const affiliationScreen = screen(() =>
  import('../features/affiliations/AffiliationDetailScreen.tsx').then((m) => m.AffiliationDetailScreen),
);

const ORGANISATIONS: readonly Role[] = ['HOSPITAL', 'DOCTOR', 'DIAGNOSTICS', 'PHARMACY'];

const signedInRoutes: RouteObject[] = [
  { index: true, element: <HomeRedirect /> },
  {
    path: 'profile',
    ...roleRoute({
      USER: () => import('../features/profile/MyAccountScreen.tsx').then((m) => m.MyAccountScreen),
      DOCTOR: () => import('../features/profile/DoctorProfileScreen.tsx').then((m) => m.DoctorProfileScreen),
      PATIENT: () => import('../features/profile/PatientProfileScreen.tsx').then((m) => m.PatientProfileScreen),
      HOSPITAL: MyHospital,
      PHARMACY: () => import('../features/profile/MyPharmacyScreen.tsx').then((m) => m.MyPharmacyScreen),
      DIAGNOSTICS: () => import('../features/profile/MyDiagnosticsScreen.tsx').then((m) => m.MyDiagnosticsScreen),
    }),
  },
  {
    path: 'appointments',
    ...roleRoute({
      HOSPITAL: ProviderAppointments,
      DOCTOR: ProviderAppointments,
      PATIENT: () => import('../features/appointments/AppointmentsScreen.tsx').then((m) => m.PatientAppointmentsScreen),
    }),
  },
  // SPEC §2 lists the detail for the hospital; a push deep link opens it for the patient and doctor too.
  onlyFor(
    ['PATIENT', 'DOCTOR', 'HOSPITAL'],
    [
      {
        path: 'appointments/:id',
        ...screen(() =>
          import('../features/appointments/AppointmentDetailScreen.tsx').then((m) => m.AppointmentDetailScreen),
        ),
      },
      // The hospital's and the treating doctor's working screen; the patient reads their own in it.
      {
        path: 'consultations/:id',
        ...screen(() => import('../features/consultations/ConsultationScreen.tsx').then((m) => m.ConsultationScreen)),
      },
      {
        path: 'consultations/:id/receipt',
        ...screen(() => import('../features/consultations/ReceiptScreen.tsx').then((m) => m.ReceiptScreen)),
      },
    ],
  ),
  // Telemedicine: the call between the patient and the treating doctor (its WebRTC code is this chunk's alone).
  onlyFor(
    ['PATIENT', 'DOCTOR'],
    [
      {
        path: 'consultations/:id/call',
        ...screen(() => import('../features/telemedicine/CallScreen.tsx').then((m) => m.CallScreen)),
      },
    ],
  ),
  // Referrals: sent and received by doctors, hospitals and centres; the patient's own, to book.
  onlyFor(
    ['PATIENT', 'DOCTOR', 'HOSPITAL', 'DIAGNOSTICS'],
    [
      {
        path: 'referrals',
        ...screen(() => import('../features/consultations/ReferralsScreen.tsx').then((m) => m.ReferralsScreen)),
      },
    ],
  ),
  // One search for everyone who looks for care; a User who books is offered to become a patient first.
  onlyFor(
    ['PATIENT', 'USER'],
    [
      {
        path: 'appointments/book',
        ...screen(() => import('../features/directory/FindCareScreen.tsx').then((m) => m.FindCareScreen)),
      },
      {
        path: 'appointments/book/:kind/:targetId',
        ...screen(() =>
          import('../features/appointments/BookAppointmentScreen.tsx').then((m) => m.BookAppointmentScreen),
        ),
      },
    ],
  ),
  // Affiliations: each organisation's list; one affiliation on /affiliations/{id} (a notification's link,
  // an admin's review) and on the four role paths of SPEC §2, where the id must be the caller's own.
  {
    path: 'affiliations',
    ...roleRoute(Object.fromEntries(ORGANISATIONS.map((r) => [r, Affiliations]))),
  },
  {
    path: 'affiliations/:affiliationId',
    ...roleRoute(Object.fromEntries([...ORGANISATIONS, 'ADMIN'].map((r) => [r, Affiliation]))),
  },
  onlyFor(['DOCTOR'], [{ path: 'doctor/:doctorId/affiliations/:affiliationId', ...affiliationScreen }]),
  onlyFor(['DIAGNOSTICS'], [{ path: 'diagnostics/:diagnosticsId/affiliations/:affiliationId', ...affiliationScreen }]),
  onlyFor(['PHARMACY'], [{ path: 'pharmacy/:pharmacyId/affiliations/:affiliationId', ...affiliationScreen }]),
  onlyFor(['HOSPITAL'], [{ path: 'hospital/:hospitalId/affiliations/:affiliationId', ...affiliationScreen }]),
  {
    path: 'documents',
    ...roleRoute(Object.fromEntries(ORGANISATIONS.map((r) => [r, ProviderDocuments]))),
  },
  {
    path: 'doctors',
    ...roleRoute({
      ADMIN: () => import('../features/directory/DoctorsScreen.tsx').then((m) => m.DoctorsScreen),
      USER: () => import('../features/directory/DoctorsScreen.tsx').then((m) => m.DoctorsScreen),
      HOSPITAL: HospitalDoctors,
    }),
  },
  onlyFor(
    ['HOSPITAL'],
    [
      {
        path: 'consultations',
        ...screen(() => import('../features/consultations/ConsultationsScreen.tsx').then((m) => m.ConsultationsScreen)),
      },
      {
        path: 'consultations/walk-in',
        ...screen(() => import('../features/consultations/WalkInScreen.tsx').then((m) => m.WalkInScreen)),
      },
      {
        path: 'waitlist',
        ...screen(() => import('../features/appointments/waitlist/WaitlistScreen.tsx').then((m) => m.WaitlistScreen)),
      },
      {
        path: 'verification',
        ...screen(() => import('../features/verification/VerificationScreen.tsx').then((m) => m.VerificationScreen)),
      },
      {
        path: 'doctors/:doctorId/schedule',
        ...screen(() => import('../features/schedules/ScheduleScreen.tsx').then((m) => m.ScheduleScreen)),
      },
    ],
  ),
  // The User role browses the same organisation lists (its menu in SPEC §2 lists them).
  onlyFor(
    ['ADMIN', 'USER'],
    [
      {
        path: 'hospitals',
        ...screen(() => import('../features/directory/HospitalsScreen.tsx').then((m) => m.HospitalsScreen)),
      },
      {
        path: 'diagnostics',
        ...screen(() => import('../features/directory/DiagnosticsScreen.tsx').then((m) => m.DiagnosticsScreen)),
      },
      {
        path: 'pharmacies',
        ...screen(() => import('../features/directory/PharmaciesScreen.tsx').then((m) => m.PharmaciesScreen)),
      },
    ],
  ),
  ...areaRoutes,
  // The public pages of places, opened from any list (the server decides who may see which).
  {
    path: 'doctors/:slug',
    ...screen(() => import('../features/directory/pages/DoctorPageScreen.tsx').then((m) => m.DoctorPageScreen)),
  },
  {
    path: 'hospitals/:hospitalId',
    ...screen(() => import('../features/directory/pages/HospitalPageScreen.tsx').then((m) => m.HospitalPageScreen)),
  },
  {
    path: 'diagnostics/:diagnosticsId',
    ...screen(() =>
      import('../features/directory/pages/DiagnosticsPageScreen.tsx').then((m) => m.DiagnosticsPageScreen),
    ),
  },
  {
    path: 'pharmacies/:pharmacyId',
    ...screen(() => import('../features/directory/pages/PharmacyPageScreen.tsx').then((m) => m.PharmacyPageScreen)),
  },
  // A User becomes a patient by creating their patient profile (then goes on where they were).
  onlyFor(
    ['USER', 'PATIENT'],
    [
      {
        path: 'patient/onboarding',
        ...screen(() => import('../features/profile/PatientProfileScreen.tsx').then((m) => m.PatientOnboardingScreen)),
      },
    ],
  ),
  // Every role: the changes made on this device that the server does not have yet.
  {
    path: 'pending-changes',
    ...screen(() => import('../offline/PendingChangesScreen.tsx').then((m) => m.PendingChangesScreen)),
  },
  { path: 'people', ...screen(() => import('../features/people/PeopleScreen.tsx').then((m) => m.PeopleScreen)) },
  { path: 'people/:id', ...screen(() => import('../features/people/PersonScreen.tsx').then((m) => m.PersonScreen)) },
  // Onboarding has its own guard: only the role it is for.
  onlyFor(
    ['HOSPITAL'],
    [
      {
        path: 'hospital/onboarding',
        ...screen(() =>
          import('../features/onboarding/HospitalOnboardingScreen.tsx').then((m) => m.HospitalOnboardingScreen),
        ),
      },
    ],
  ),
  onlyFor(
    ['PHARMACY'],
    [
      {
        path: 'pharmacy/onboarding',
        ...screen(() =>
          import('../features/onboarding/PharmacyOnboardingScreen.tsx').then((m) => m.PharmacyOnboardingScreen),
        ),
      },
    ],
  ),
  onlyFor(
    ['DIAGNOSTICS'],
    [
      {
        path: 'diagnostics/onboarding',
        ...screen(() =>
          import('../features/onboarding/DiagnosticsOnboardingScreen.tsx').then((m) => m.DiagnosticsOnboardingScreen),
        ),
      },
    ],
  ),
];

export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: StartupLoader,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            Component: PublicOnly,
            children: [
              {
                path: 'login',
                ...screen(() => import('../features/accounts/LoginScreen.tsx').then((m) => m.LoginScreen)),
              },
              {
                path: 'register',
                ...screen(() => import('../features/accounts/RegisterScreen.tsx').then((m) => m.RegisterScreen)),
              },
              {
                path: 'registration-success',
                ...screen(() =>
                  import('../features/accounts/RegistrationSuccessScreen.tsx').then((m) => m.RegistrationSuccessScreen),
                ),
              },
              {
                path: 'forgot-password',
                ...screen(() =>
                  import('../features/accounts/ForgotPasswordScreen.tsx').then((m) => m.ForgotPasswordScreen),
                ),
              },
              {
                path: 'reset-password/:token',
                ...screen(() =>
                  import('../features/accounts/ResetPasswordScreen.tsx').then((m) => m.ResetPasswordScreen),
                ),
              },
              {
                path: 'verify-email',
                ...screen(() => import('../features/accounts/VerifyEmailScreen.tsx').then((m) => m.VerifyEmailScreen)),
              },
            ],
          },
          { path: '403', ...screen(() => import('./ForbiddenScreen.tsx').then((m) => m.ForbiddenScreen)) },
          // Already in the main chunk: the role screens show it for a role without a screen.
          { path: '*', Component: NotFoundScreen },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { ...screen(() => import('./SignedInArea.tsx').then((m) => m.SignedInArea)), children: signedInRoutes },
        ],
      },
    ],
  },
]);
