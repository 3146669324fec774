import { AffiliationRealtimeSync } from '../features/affiliations/AffiliationRealtimeSync.tsx';
import { AppointmentRealtimeSync } from '../features/appointments/AppointmentRealtimeSync.tsx';
import { OrderRealtimeSync } from '../features/diagnostic-orders/OrderRealtimeSync.tsx';
import { PharmacyOrderRealtimeSync } from '../features/pharmacy/PharmacyOrderRealtimeSync.tsx';
import { NotificationRealtimeSync } from '../features/notifications/NotificationRealtimeSync.tsx';
import { VerificationRealtimeSync } from '../features/verification/VerificationRealtimeSync.tsx';
import { WaitlistRealtimeSync } from '../features/appointments/waitlist/WaitlistRealtimeSync.tsx';
import { OutboxReplay } from '../offline/pageReplay.ts';
import { useEffect } from 'react';

/**
 * What keeps the signed-in session current without being part of any screen: the outbox replay and
 * the listeners that put realtime events into the query cache (with the schemas that parse them). A
 * chunk of its own, mounted once the first screen is up (afterFirstScreen.tsx); events the socket
 * received before are held until these are mounted (`onMounted`).
 */
export function LiveUpdates({ onMounted }: { onMounted: () => void }) {
  // Child effects run first: every listener below is subscribed by now.
  useEffect(() => onMounted(), [onMounted]);
  return (
    <>
      <OutboxReplay />
      <AppointmentRealtimeSync />
      <NotificationRealtimeSync />
      <VerificationRealtimeSync />
      <WaitlistRealtimeSync />
      <OrderRealtimeSync />
      <PharmacyOrderRealtimeSync />
      <AffiliationRealtimeSync />
    </>
  );
}
