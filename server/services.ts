import type { AppContext } from './platform/context.ts';
import type { Job } from './platform/jobs.ts';
import { accountsService } from './modules/accounts/service.ts';
import { teamUseCases } from './modules/accounts/teams.ts';
import { ownAccountUseCases } from './modules/accounts/ownAccount.ts';
import { appointmentExpiryJob } from './modules/appointments/jobs.ts';
import { appointmentsService } from './modules/appointments/service.ts';
import { consultationAccessUseCases } from './modules/consultations/access.ts';
import { consultationPartUseCases } from './modules/consultations/parts.ts';
import { consultationsService } from './modules/consultations/service.ts';
import { consultationDiagnosticsLink } from './modules/consultations/index.ts';
import { consultationBilling } from './modules/consultations/billing.ts';
import { consultationCareUseCases } from './modules/consultations/care.ts';
import { consultationReferralUseCases } from './modules/consultations/referrals.ts';
import { consultationStats } from './modules/consultations/stats.ts';
import { followUpReminderJob } from './modules/consultations/jobs.ts';
import { telemedicineUseCases } from './modules/consultations/telemedicine.ts';
import { catalogueUseCases } from './modules/diagnostic-orders/catalogue.ts';
import { diagnosticOrdersService } from './modules/diagnostic-orders/service.ts';
import { orderTestUseCases } from './modules/diagnostic-orders/tests.ts';
import { diagnosticsService } from './modules/diagnostics/service.ts';
import { inventoryCsv } from './modules/pharmacy-inventory/csv.ts';
import { inventoryService } from './modules/pharmacy-inventory/service.ts';
import { orderItemUseCases } from './modules/pharmacy-orders/items.ts';
import { pharmacyOrdersService } from './modules/pharmacy-orders/service.ts';
import { doctorsService } from './modules/doctors/service.ts';
import { hospitalsService } from './modules/hospitals/service.ts';
import { notificationsService } from './modules/notifications/service.ts';
import { patientsService } from './modules/patients/service.ts';
import { schedulesService } from './modules/schedules/service.ts';
import { pharmaciesService } from './modules/pharmacies/service.ts';
import { waitlistOffersJob } from './modules/waitlist/jobs.ts';
import { affiliationExpiryJob } from './modules/affiliations/jobs.ts';
import { affiliationCommissionUseCases } from './modules/affiliations/commission.ts';
import { affiliationReports } from './modules/affiliations/reports.ts';
import { affiliationsService } from './modules/affiliations/service.ts';
import { offerEngine } from './modules/waitlist/offers.ts';
import { waitlistService, type WaitlistService } from './modules/waitlist/service.ts';
import { documentExpiryJob } from './modules/verification/jobs.ts';
import { verificationService } from './modules/verification/service.ts';

/**
 * The composition root: every service is built here, once, from the platform pieces it declares,
 * and handed to the routes and jobs that use it. No service builds another.
 */
export function buildServices(ctx: AppContext) {
  const { db, realtime, push, files, mailer, tokens, config, log } = ctx;
  const notifications = notificationsService({ db, realtime, push, pushServiceHosts: config.pushServiceHosts });
  const announcing = { realtime, notify: notifications };
  const verification = verificationService({ db, files, ...announcing });
  // The waitlist hears of freed time from appointments and schedules, and books through appointments.
  const late: { waitlist?: WaitlistService } = {};
  const schedules = schedulesService({ db, onScheduleSaved: (doctorId) => late.waitlist!.scheduleSaved(doctorId) });
  const offers = offerEngine({
    db,
    ...announcing,
    log,
    modesAt: schedules.modesAt,
    quietHours: () => config.waitlistQuietHours,
  });
  const onTimeFreed = offers.slotFreed;
  const appointments = appointmentsService({ db, ...announcing, schedules, onTimeFreed });
  const waitlist = waitlistService({
    db,
    engine: offers,
    appointments,
    slotForBooking: schedules.slotForBooking,
    openSlotsOf: schedules.openSlotsOf,
  });
  late.waitlist = waitlist;
  const diagnosticsLink = consultationDiagnosticsLink(db);
  const telemedicine = telemedicineUseCases({
    db,
    iceServers: config.iceServers,
    calls: realtime,
    notify: notifications,
  });
  // Only a participant of an open session joins a call's signalling room.
  realtime.gateCalls(telemedicine.mayJoinCall);
  return {
    accounts: accountsService({ db, mailer, tokens, realtime, publicUrl: config.publicUrl }),
    ownAccount: ownAccountUseCases({ db, tokens, realtime }),
    teams: teamUseCases({ db, mailer, realtime, publicUrl: config.publicUrl }),
    notifications,
    hospitals: hospitalsService({ db }),
    doctors: doctorsService({ db }),
    diagnostics: diagnosticsService({ db }),
    pharmacies: pharmaciesService({ db, files }),
    patients: patientsService({ db, files }),
    schedules,
    appointments,
    waitlist,
    consultations: consultationsService({ db, notify: notifications }),
    consultationParts: consultationPartUseCases(db),
    consultationAccess: consultationAccessUseCases({ db, notify: notifications }),
    consultationCare: {
      billing: consultationBilling({ db, notify: notifications }),
      care: consultationCareUseCases({ db, notify: notifications }),
      referrals: consultationReferralUseCases({ db, notify: notifications }),
      stats: consultationStats(db),
      telemedicine,
    },
    verification,
    catalogue: catalogueUseCases({ db }),
    // A critical result raises an alert on the order's consultation; released orders move it on.
    diagnosticOrders: diagnosticOrdersService({ db, files, ...announcing, consultations: diagnosticsLink }),
    orderTests: orderTestUseCases({ db, files, ...announcing, consultations: diagnosticsLink }),
    affiliations: affiliationsService({ db, ...announcing }),
    affiliationCommission: affiliationCommissionUseCases({ db, ...announcing }),
    affiliationReports: affiliationReports({ db }),
    inventory: inventoryService({ db }),
    inventoryCsv: inventoryCsv({ db }),
    // An order from a consultation's prescription moves it to PHARMACY_ORDERED, its completion to PHARMACY_FULFILLED.
    pharmacyOrders: pharmacyOrdersService({ db, files, ...announcing, consultations: diagnosticsLink }),
    orderItems: orderItemUseCases({ db, ...announcing }),
    /** The modules' scheduled jobs (the platform's own sweeps are added beside them in buildApp). */
    jobs: [
      appointmentExpiryJob({ ...announcing, onTimeFreed }),
      documentExpiryJob({ db, ...announcing, verification }),
      waitlistOffersJob(offers),
      followUpReminderJob({ notify: notifications }),
      affiliationExpiryJob(announcing),
    ] satisfies Job[],
  };
}

export type Services = ReturnType<typeof buildServices>;
