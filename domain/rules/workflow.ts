/**
 * A workflow is data: a table of actions (who, from which statuses, to which status, on what
 * further condition, which realtime event, which label). From the table come the decision the
 * server enforces (not on it → 404, wrong side → 403, wrong status or time → 409) and the buttons
 * the client shows. Each status machine defines its table with `defineWorkflow`.
 */

/** A further condition an action needs besides the status (for example: the appointment's time has come). */
export type WorkflowGuard<State> = {
  /** Why the action is refused when the guard does not hold (a 409 either way). */
  reason: string;
  holds(state: State, now: Date): boolean;
  message(label: string): string;
};

export type WorkflowAction<Party extends string, Status extends string, State, Event extends string> = {
  by: readonly Party[];
  from: readonly Status[];
  /** The status after the action; 'UNCHANGED' keeps it (a removal, a note). */
  to: Status | 'UNCHANGED';
  guards?: ReadonlyArray<WorkflowGuard<State>>;
  /** What the parties' rooms hear once the change has committed; null for nothing. */
  event: Event | null;
  label: string;
};

export type TransitionCheck<Status extends string> =
  { ok: true; to: Status | 'UNCHANGED' } | { ok: false; reason: 'PARTY' | 'STATUS' | (string & {}); message: string };

/** What to answer a caller who asks for an action, as the API words it. */
export type TransitionDecision<Status extends string> =
  | { ok: true; to: Status | 'UNCHANGED' }
  | { ok: false; refusal: 'NOT_FOUND' | 'FORBIDDEN' | 'CONFLICT'; reason: string; message: string };

export type WorkflowSpec<
  Action extends string,
  Party extends string,
  Status extends string,
  State extends { status: Status },
  Event extends string,
> = {
  /** The name history rows carry (`appointment`, `pharmacy-order`…). */
  name: string;
  /** The actions in the order the screens offer them. */
  order: readonly Action[];
  actions: Record<Action, WorkflowAction<Party, Status, State, Event>>;
  /** How the refusal names the current status ("This appointment is {words}…"). */
  statusWords: Record<Status, string>;
  /** The thing the workflow moves, as refusals name it ("appointment"). */
  noun: string;
  /** A party that may also do what another party may (an admin standing in for the system). */
  standsInFor?: Partial<Record<Party, readonly Party[]>>;
};

export type Workflow<
  Action extends string,
  Party extends string,
  Status extends string,
  State extends { status: Status },
  Event extends string,
> = WorkflowSpec<Action, Party, Status, State, Event> & {
  checkTransition(action: Action, party: Party, state: State, now?: Date): TransitionCheck<Status>;
  availableActions(party: Party, state: State, now?: Date): Action[];
  /** The whole decision: `party` null (or no state) means the caller is not on it at all. */
  decide(action: Action, party: Party | null, state: State | undefined, now?: Date): TransitionDecision<Status>;
};

export function defineWorkflow<
  Action extends string,
  Party extends string,
  Status extends string,
  State extends { status: Status },
  Event extends string,
>(spec: WorkflowSpec<Action, Party, Status, State, Event>): Workflow<Action, Party, Status, State, Event> {
  function checkTransition(
    action: Action,
    party: Party,
    state: State,
    now: Date = new Date(),
  ): TransitionCheck<Status> {
    const rule = spec.actions[action];
    const admitted =
      rule.by.includes(party) || (spec.standsInFor?.[party] ?? []).some((other) => rule.by.includes(other));
    if (!admitted) {
      return { ok: false, reason: 'PARTY', message: `${rule.label} is not something you can do on this ${spec.noun}.` };
    }
    if (!rule.from.includes(state.status)) {
      return {
        ok: false,
        reason: 'STATUS',
        message: `This ${spec.noun} is ${spec.statusWords[state.status]}, so it cannot be changed that way (${rule.label.toLowerCase()}).`,
      };
    }
    for (const guard of rule.guards ?? []) {
      if (!guard.holds(state, now)) return { ok: false, reason: guard.reason, message: guard.message(rule.label) };
    }
    return { ok: true, to: rule.to };
  }

  return {
    ...spec,
    checkTransition,
    availableActions(party, state, now = new Date()) {
      return spec.order.filter((action) => checkTransition(action, party, state, now).ok);
    },
    decide(action, party, state, now = new Date()) {
      if (party === null || state === undefined) {
        return { ok: false, refusal: 'NOT_FOUND', reason: 'NOT_FOUND', message: `There is no such ${spec.noun}.` };
      }
      const check = checkTransition(action, party, state, now);
      if (check.ok) return check;
      return {
        ok: false,
        refusal: check.reason === 'PARTY' ? 'FORBIDDEN' : 'CONFLICT',
        reason: check.reason,
        message: check.message,
      };
    },
  };
}
