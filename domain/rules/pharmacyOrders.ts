import type { PharmacyOrderStatus, RealtimeEvent, TeamDuty } from '../enums.ts';
import { defineWorkflow, type WorkflowAction } from './workflow.ts';

/**
 * A pharmacy order, prescription to doorstep, as a workflow table (domain/rules/workflow.ts). The
 * steps that need more than a status (verification, stock, a second person at QC) are checked by
 * the service with the pure rules of domain/rules/pharmacy.ts; the table says who and from where.
 */

/** How a caller stands to an order: the pharmacy, its patient, the prescribing doctor or hospital, an admin. */
export type PharmacyOrderParty = 'PHARMACY' | 'PATIENT' | 'PRESCRIBER' | 'ADMIN';

export const PHARMACY_ORDER_ACTIONS = [
  'START_VERIFICATION',
  'VERIFY_PRESCRIPTION',
  'INSURANCE_CHECK',
  'CHECK_INVENTORY',
  'APPROVE',
  'PARTIALLY_FILL',
  'PREPARE',
  'SEND_TO_QC',
  'QUALITY_CHECK',
  'MARK_READY',
  'DISPATCH',
  'DELIVER',
  'COMPLETE',
  'HOLD',
  'CANCEL',
  'RETURN',
] as const;
export type PharmacyOrderAction = (typeof PHARMACY_ORDER_ACTIONS)[number];
export type PharmacyOrderState = { status: PharmacyOrderStatus };

type Transition = WorkflowAction<PharmacyOrderParty, PharmacyOrderStatus, PharmacyOrderState, RealtimeEvent>;
const event = 'pharmacyOrderUpdate' as const;
const P = ['PHARMACY'] as const;

/** Before anything has been prepared: the order may still be cancelled (by the patient too). */
export const BEFORE_PREPARATION = [
  'RECEIVED',
  'PRESCRIPTION_VERIFICATION',
  'INSURANCE_VERIFICATION',
  'INVENTORY_CHECK',
  'ON_HOLD',
] as const satisfies readonly PharmacyOrderStatus[];
/** Stock is reserved for the order's items in these statuses (released on cancel). */
export const RESERVING_STATUSES = [
  'APPROVED',
  'PARTIALLY_FILLED',
  'IN_PREPARATION',
  'QUALITY_CHECK',
  'READY_FOR_PICKUP',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
] as const satisfies readonly PharmacyOrderStatus[];
/** Nothing more happens to the order. */
export const CLOSED_ORDER_STATUSES = [
  'COMPLETED',
  'CANCELLED',
  'RETURNED',
] as const satisfies readonly PharmacyOrderStatus[];
/** The negative statuses: moving to one needs a reason. */
export const REASONED_ORDER_STATUSES = [
  'CANCELLED',
  'RETURNED',
  'ON_HOLD',
  'PARTIALLY_FILLED',
] as const satisfies readonly PharmacyOrderStatus[];

export const PHARMACY_ORDER_TRANSITIONS: Record<PharmacyOrderAction, Transition> = {
  START_VERIFICATION: {
    by: P,
    from: ['RECEIVED'],
    to: 'PRESCRIPTION_VERIFICATION',
    event,
    label: 'Start verification',
  },
  VERIFY_PRESCRIPTION: {
    by: P,
    from: ['RECEIVED', 'PRESCRIPTION_VERIFICATION', 'ON_HOLD'],
    to: 'INVENTORY_CHECK',
    event,
    label: 'Verify prescription',
  },
  INSURANCE_CHECK: {
    by: P,
    from: ['PRESCRIPTION_VERIFICATION', 'INVENTORY_CHECK'],
    to: 'INSURANCE_VERIFICATION',
    event,
    label: 'Check insurance',
  },
  CHECK_INVENTORY: {
    by: P,
    from: ['RECEIVED', 'PRESCRIPTION_VERIFICATION', 'INSURANCE_VERIFICATION', 'ON_HOLD', 'PARTIALLY_FILLED'],
    to: 'INVENTORY_CHECK',
    event,
    label: 'Check stock',
  },
  APPROVE: { by: P, from: ['INVENTORY_CHECK'], to: 'APPROVED', event, label: 'Approve (reserve stock)' },
  PARTIALLY_FILL: {
    by: P,
    from: ['INVENTORY_CHECK'],
    to: 'PARTIALLY_FILLED',
    event,
    label: 'Fill what is in stock',
  },
  PREPARE: { by: P, from: ['APPROVED', 'PARTIALLY_FILLED'], to: 'IN_PREPARATION', event, label: 'Start preparing' },
  SEND_TO_QC: { by: P, from: ['IN_PREPARATION'], to: 'QUALITY_CHECK', event, label: 'Send to quality check' },
  // A failed check sends it back to preparation; a passed one stays here until it is marked ready.
  QUALITY_CHECK: { by: P, from: ['QUALITY_CHECK'], to: 'UNCHANGED', event, label: 'Quality check' },
  MARK_READY: { by: P, from: ['QUALITY_CHECK'], to: 'READY_FOR_PICKUP', event, label: 'Mark ready' },
  DISPATCH: { by: P, from: ['READY_FOR_PICKUP'], to: 'OUT_FOR_DELIVERY', event, label: 'Out for delivery' },
  DELIVER: { by: P, from: ['OUT_FOR_DELIVERY'], to: 'DELIVERED', event, label: 'Mark delivered' },
  COMPLETE: { by: P, from: ['READY_FOR_PICKUP', 'DELIVERED'], to: 'COMPLETED', event, label: 'Complete (dispense)' },
  HOLD: {
    by: P,
    from: [
      'RECEIVED',
      'PRESCRIPTION_VERIFICATION',
      'INSURANCE_VERIFICATION',
      'INVENTORY_CHECK',
      'APPROVED',
      'PARTIALLY_FILLED',
      'IN_PREPARATION',
    ],
    to: 'ON_HOLD',
    event,
    label: 'Put on hold',
  },
  CANCEL: {
    by: ['PHARMACY', 'PATIENT', 'ADMIN'],
    from: [
      ...BEFORE_PREPARATION,
      'APPROVED',
      'PARTIALLY_FILLED',
      'IN_PREPARATION',
      'QUALITY_CHECK',
      'READY_FOR_PICKUP',
    ],
    to: 'CANCELLED',
    event,
    label: 'Cancel order',
  },
  RETURN: { by: P, from: ['COMPLETED'], to: 'RETURNED', event, label: 'Record a return' },
};

/** The patient may cancel only before preparation starts (the table lets the pharmacy later). */
export function patientMayCancel(status: PharmacyOrderStatus): boolean {
  return (BEFORE_PREPARATION as readonly string[]).includes(status);
}

export const PHARMACY_ORDER_STATUS_WORDS: Record<PharmacyOrderStatus, string> = {
  RECEIVED: 'just received',
  PRESCRIPTION_VERIFICATION: 'in prescription verification',
  INSURANCE_VERIFICATION: 'in insurance verification',
  INVENTORY_CHECK: 'in the stock check',
  APPROVED: 'approved',
  IN_PREPARATION: 'being prepared',
  QUALITY_CHECK: 'in quality check',
  READY_FOR_PICKUP: 'ready',
  OUT_FOR_DELIVERY: 'out for delivery',
  DELIVERED: 'delivered',
  COMPLETED: 'completed',
  CANCELLED: 'cancelled',
  RETURNED: 'returned',
  PARTIALLY_FILLED: 'partially filled',
  ON_HOLD: 'on hold',
};

export const PHARMACY_ORDER_WORKFLOW = defineWorkflow({
  name: 'pharmacy-order',
  noun: 'order',
  order: PHARMACY_ORDER_ACTIONS,
  actions: PHARMACY_ORDER_TRANSITIONS,
  statusWords: PHARMACY_ORDER_STATUS_WORDS,
  standsInFor: { ADMIN: ['PHARMACY'] },
});

/** The status PATCH …/status may ask for, and the action it is (the others have their own route). */
export const ORDER_STATUS_ACTIONS = {
  PRESCRIPTION_VERIFICATION: 'START_VERIFICATION',
  INSURANCE_VERIFICATION: 'INSURANCE_CHECK',
  INVENTORY_CHECK: 'CHECK_INVENTORY',
  APPROVED: 'APPROVE',
  PARTIALLY_FILLED: 'PARTIALLY_FILL',
  IN_PREPARATION: 'PREPARE',
  QUALITY_CHECK: 'SEND_TO_QC',
  READY_FOR_PICKUP: 'MARK_READY',
  OUT_FOR_DELIVERY: 'DISPATCH',
  DELIVERED: 'DELIVER',
  COMPLETED: 'COMPLETE',
  ON_HOLD: 'HOLD',
  CANCELLED: 'CANCEL',
  RETURNED: 'RETURN',
} as const satisfies Partial<Record<PharmacyOrderStatus, PharmacyOrderAction>>;
export type RequestableOrderStatus = keyof typeof ORDER_STATUS_ACTIONS;
export const REQUESTABLE_ORDER_STATUSES = Object.keys(ORDER_STATUS_ACTIONS) as RequestableOrderStatus[];

/** The team duties that may take an action for the pharmacy (any one of them); an owner holds all. */
export const PHARMACY_DUTIES_FOR_ACTION: Partial<Record<PharmacyOrderAction, readonly TeamDuty[]>> = {
  START_VERIFICATION: ['PHARMACIST'],
  VERIFY_PRESCRIPTION: ['PHARMACIST'],
  INSURANCE_CHECK: ['PHARMACIST', 'BILLING', 'FRONT_DESK'],
  CHECK_INVENTORY: ['PHARMACIST'],
  APPROVE: ['PHARMACIST'],
  PARTIALLY_FILL: ['PHARMACIST'],
  PREPARE: ['PHARMACIST'],
  SEND_TO_QC: ['PHARMACIST'],
  QUALITY_CHECK: ['QUALITY_CHECKER', 'PHARMACIST'],
  MARK_READY: ['PHARMACIST', 'QUALITY_CHECKER'],
  DISPATCH: ['DELIVERY', 'FRONT_DESK', 'PHARMACIST'],
  DELIVER: ['DELIVERY', 'FRONT_DESK', 'PHARMACIST'],
  COMPLETE: ['PHARMACIST', 'FRONT_DESK', 'DELIVERY'],
  HOLD: ['PHARMACIST'],
  CANCEL: ['PHARMACIST', 'FRONT_DESK'],
  RETURN: ['PHARMACIST'],
};
