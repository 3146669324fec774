import type { RouteObject } from 'react-router-dom';
import { onlyFor, screen } from './routeParts.tsx';

/** The care areas' screens by role: emergency access, consultations, diagnostics, pharmacy. */
export const areaRoutes: RouteObject[] = [
  onlyFor(
    ['ADMIN'],
    [
      {
        path: 'admin/emergency-access',
        ...screen(() =>
          import('../features/consultations/EmergencyGrantsScreen.tsx').then((m) => m.EmergencyGrantsScreen),
        ),
      },
      {
        path: 'admin/verifications',
        ...screen(() =>
          import('../features/verification/AdminVerificationsScreen.tsx').then((m) => m.AdminVerificationsScreen),
        ),
      },
      {
        path: 'admin/affiliations',
        ...screen(() =>
          import('../features/affiliations/AdminAffiliationsScreen.tsx').then((m) => m.AdminAffiliationsScreen),
        ),
      },
      {
        path: 'admin/verifications/:entityId',
        ...screen(() => import('../features/verification/AdminEntityScreen.tsx').then((m) => m.AdminEntityScreen)),
      },
    ],
  ),
  onlyFor(
    ['DOCTOR'],
    [
      {
        path: 'patients',
        ...screen(() => import('../features/patients/PatientsScreen.tsx').then((m) => m.PatientsScreen)),
      },
      {
        path: 'schedule',
        ...screen(() => import('../features/schedules/ScheduleScreen.tsx').then((m) => m.ScheduleScreen)),
      },
      {
        path: 'patients/:patientId/order-tests',
        ...screen(() => import('../features/diagnostic-orders/OrderTestsScreen.tsx').then((m) => m.OrderTestsScreen)),
      },
    ],
  ),
  onlyFor(
    ['DIAGNOSTICS'],
    [
      {
        path: 'tests',
        ...screen(() => import('../features/diagnostic-orders/CatalogueScreen.tsx').then((m) => m.CatalogueScreen)),
      },
      {
        path: 'tests/orders',
        ...screen(() => import('../features/diagnostic-orders/OrdersScreen.tsx').then((m) => m.OrdersScreen)),
      },
      {
        path: 'tests/orders/:orderId',
        ...screen(() => import('../features/diagnostic-orders/OrderDetailScreen.tsx').then((m) => m.OrderDetailScreen)),
      },
      {
        path: 'tests/today',
        ...screen(() => import('../features/diagnostic-orders/TodayScreen.tsx').then((m) => m.TodayScreen)),
      },
      {
        path: 'reports',
        ...screen(() => import('../features/diagnostic-orders/ReportsScreen.tsx').then((m) => m.ReportsScreen)),
      },
    ],
  ),
  onlyFor(
    ['PHARMACY'],
    [
      {
        path: 'inventory',
        ...screen(() => import('../features/pharmacy/InventoryScreen.tsx').then((m) => m.InventoryScreen)),
      },
      {
        path: 'orders',
        ...screen(() => import('../features/pharmacy/OrdersScreen.tsx').then((m) => m.OrdersScreen)),
      },
      {
        path: 'orders/:orderId',
        ...screen(() => import('../features/pharmacy/OrderScreen.tsx').then((m) => m.OrderScreen)),
      },
    ],
  ),
  onlyFor(
    ['PATIENT'],
    [
      {
        path: 'medical-records',
        ...screen(() => import('../features/records/MedicalRecordsScreen.tsx').then((m) => m.MedicalRecordsScreen)),
      },
      {
        path: 'medical-records/book-tests',
        ...screen(() => import('../features/diagnostic-orders/OrderTestsScreen.tsx').then((m) => m.OrderTestsScreen)),
      },
      {
        path: 'medical-records/reports/:orderId',
        ...screen(() => import('../features/records/ReportPrintScreen.tsx').then((m) => m.ReportPrintScreen)),
      },
    ],
  ),
  // The patient chart: the doctor (from /patients or an appointment) and the hospital (from an
  // appointment or a consultation), within the care relationship the server decides. The treating
  // doctor or hospital orders a consultation's tests at a centre (the order form, with the consultation).
  onlyFor(
    ['DOCTOR', 'HOSPITAL'],
    [
      {
        path: 'patients/:patientId',
        ...screen(() => import('../features/consultations/PatientChartScreen.tsx').then((m) => m.PatientChartScreen)),
      },
      {
        path: 'consultations/:consultationId/order-tests',
        ...screen(() => import('../features/diagnostic-orders/OrderTestsScreen.tsx').then((m) => m.OrderTestsScreen)),
      },
    ],
  ),
  // A notification's deep link to an order opens it for the doctor, the hospital and the patient.
  onlyFor(
    ['PATIENT', 'DOCTOR', 'HOSPITAL'],
    [
      {
        path: 'diagnostic-orders/:orderId',
        ...screen(() => import('../features/diagnostic-orders/OrderDetailScreen.tsx').then((m) => m.OrderDetailScreen)),
      },
    ],
  ),
];
