import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  appointmentKeys,
  type Appointment,
  type AppointmentPage,
  type ConversationMessage,
} from '../../api/appointments.ts';
import {
  appendMessage,
  applyAppointmentChange,
  addMessageToCache,
  messagesOldestFirst,
  parseAppointmentEvent,
  parseConversationEvent,
  prependToList,
  removeAppointmentFromCache,
  removeFromList,
  replaceDetail,
  replaceInList,
  type ConversationData,
} from './cache.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function appointment(n: number, changes: Partial<Appointment> = {}): Appointment {
  return {
    id: id(n),
    status: 'PENDING',
    mode: 'IN_PERSON',
    reason: `Reason ${n}`,
    scheduledAt: '2030-01-05T10:30:00+05:30',
    durationMinutes: 15,
    endsAt: '2030-01-05T10:45:00+05:30',
    proposedAt: null,
    proposedDurationMinutes: null,
    statusReason: null,
    lastActor: 'PATIENT',
    patient: { id: id(900), name: 'Priya Sharma' },
    doctor: { id: id(901), name: 'Dr Arjun Rao' },
    hospital: null,
    actions: ['ACCEPT', 'REJECT', 'PROPOSE_RESCHEDULE'],
    createdAt: '2029-12-01T10:00:00.000Z',
    updatedAt: '2029-12-01T10:00:00.000Z',
    ...changes,
  };
}

function message(n: number, appointmentId = id(1), createdAt = `2029-12-01T10:${String(n).padStart(2, '0')}:00.000Z`) {
  return {
    id: id(500 + n),
    appointmentId,
    kind: 'MESSAGE',
    authorRole: 'PATIENT',
    authorName: 'Priya Sharma',
    body: `Message ${n}`,
    createdAt,
  } satisfies ConversationMessage;
}

const page = (appointments: Appointment[], page = 1, limit = 3, total = appointments.length): AppointmentPage => ({
  appointments,
  pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
});

const conversation = (...pages: ConversationMessage[][]): ConversationData => ({
  pages: pages.map((messages, i) => ({
    messages,
    pagination: { page: i + 1, limit: 2, total: 3, totalPages: 2 },
  })),
  pageParams: pages.map((_, i) => i + 1),
});

describe('replaceInList', () => {
  it('puts the new version in place of the old one, keeping the order', () => {
    const list = page([appointment(1), appointment(2), appointment(3)]);
    const accepted = appointment(2, { status: 'ACCEPTED', updatedAt: '2029-12-02T10:00:00.000Z' });
    const next = replaceInList(list, accepted);
    expect(next?.appointments.map((a) => a.status)).toEqual(['PENDING', 'ACCEPTED', 'PENDING']);
    expect(list.appointments[1]?.status).toBe('PENDING');
  });
  it('leaves a list without that appointment (and a missing list) as it is', () => {
    const list = page([appointment(1)]);
    expect(replaceInList(list, appointment(9))).toBe(list);
    expect(replaceInList(undefined, appointment(9))).toBeUndefined();
  });
  it('keeps a newer version than the one that arrives', () => {
    const list = page([appointment(1, { status: 'CONFIRMED', updatedAt: '2029-12-03T00:00:00.000Z' })]);
    expect(replaceInList(list, appointment(1, { status: 'RESCHEDULED' }))).toBe(list);
  });
});

describe('prependToList', () => {
  const all = { page: 1, status: [] };
  it('puts a new appointment on top of the first page, keeping the page size', () => {
    const list = page([appointment(1), appointment(2), appointment(3)], 1, 3, 4);
    const next = prependToList(list, appointment(7), all);
    expect(next?.appointments.map((a) => a.id)).toEqual([id(7), id(1), id(2)]);
    expect(next?.pagination).toEqual({ page: 1, limit: 3, total: 5, totalPages: 2 });
  });
  it('adds it to an empty list', () => {
    const next = prependToList(page([], 1, 10, 0), appointment(7), all);
    expect(next?.appointments).toHaveLength(1);
    expect(next?.pagination.totalPages).toBe(1);
  });
  it('only to lists whose status filter it matches', () => {
    const list = page([appointment(1, { status: 'CONFIRMED' })]);
    expect(prependToList(list, appointment(7), { page: 1, status: ['CONFIRMED'] })).toBe(list);
    expect(
      prependToList(list, appointment(7), { page: 1, status: ['PENDING', 'CONFIRMED'] })?.appointments,
    ).toHaveLength(2);
  });
  it('not to later pages', () => {
    const list = page([appointment(4)], 2);
    expect(prependToList(list, appointment(7), { page: 2, status: [] })).toBe(list);
  });
  it('never twice: one already listed is replaced', () => {
    const list = page([appointment(7)]);
    const next = prependToList(list, appointment(7, { reason: 'Changed', updatedAt: '2029-12-05T00:00:00.000Z' }), all);
    expect(next?.appointments).toHaveLength(1);
    expect(next?.appointments[0]?.reason).toBe('Changed');
    expect(next?.pagination.total).toBe(1);
  });
});

describe('removeFromList', () => {
  it('takes the appointment out and counts one less', () => {
    const next = removeFromList(page([appointment(1), appointment(2)], 1, 3, 2), id(1));
    expect(next?.appointments.map((a) => a.id)).toEqual([id(2)]);
    expect(next?.pagination.total).toBe(1);
  });
  it('leaves other lists alone', () => {
    const list = page([appointment(2)]);
    expect(removeFromList(list, id(1))).toBe(list);
  });
});

describe('replaceDetail', () => {
  it('replaces a cached detail and never creates one', () => {
    const next = appointment(1, { status: 'ACCEPTED', updatedAt: '2029-12-02T00:00:00.000Z' });
    expect(replaceDetail(appointment(1), next)).toBe(next);
    expect(replaceDetail(undefined, next)).toBeUndefined();
  });
  it('keeps the newer of the two', () => {
    const current = appointment(1, { updatedAt: '2029-12-09T00:00:00.000Z' });
    expect(replaceDetail(current, appointment(1))).toBe(current);
  });
});

describe('appendMessage', () => {
  it('adds the message first on the first page (pages are newest first)', () => {
    const data = conversation([message(3), message(2)], [message(1)]);
    const next = appendMessage(data, message(4));
    expect(next?.pages[0]?.messages.map((m) => m.body)).toEqual(['Message 4', 'Message 3', 'Message 2']);
    expect(next?.pages[0]?.pagination.total).toBe(4);
    expect(next?.pages[1]).toBe(data.pages[1]);
    expect(next?.pageParams).toEqual([1, 2]);
  });
  it('does not add a message twice (the POST answer and the socket echo)', () => {
    const data = conversation([message(3), message(2)], [message(1)]);
    expect(appendMessage(data, message(3))).toBe(data);
    expect(appendMessage(data, message(1))).toBe(data);
  });
  it('leaves a conversation nobody loaded alone', () => {
    expect(appendMessage(undefined, message(1))).toBeUndefined();
  });
});

describe('messagesOldestFirst', () => {
  it('reads the pages oldest first, each message once', () => {
    // Page 2 was fetched after message 4 arrived, so it starts with message 2 again.
    const data = conversation([message(4), message(3), message(2)], [message(2), message(1)]);
    expect(messagesOldestFirst(data).map((m) => m.body)).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4']);
    expect(messagesOldestFirst(undefined)).toEqual([]);
  });
});

describe('parsing event payloads', () => {
  it('accepts { appointment, message } and { appointmentId, message }', () => {
    const change = parseAppointmentEvent({ appointment: appointment(1), message: message(1) });
    expect(change?.appointment.id).toBe(id(1));
    expect(change?.message?.id).toBe(message(1).id);
    expect(parseAppointmentEvent({ appointment: appointment(1), message: null })?.message).toBeNull();
    expect(parseConversationEvent({ appointmentId: id(1), message: message(1) })?.id).toBe(message(1).id);
  });
  it('refuses anything else', () => {
    expect(parseAppointmentEvent(null)).toBeNull();
    expect(parseAppointmentEvent({ message: message(1) })).toBeNull();
    expect(parseAppointmentEvent({ appointment: { id: id(1) } })).toBeNull();
    expect(parseConversationEvent({ appointmentId: id(2), message: message(1) })).toBeNull();
    expect(parseConversationEvent('hello')).toBeNull();
  });
});

describe('applying changes to a QueryClient', () => {
  const params = (status: Appointment['status'][] = [], pageNo = 1) => ({
    scope: 'doctor' as const,
    page: pageNo,
    status,
  });

  function seeded() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(appointmentKeys.list(params()), page([appointment(1), appointment(2)], 1, 10, 2));
    queryClient.setQueryData(appointmentKeys.list(params(['CONFIRMED'])), page([], 1, 10, 0));
    queryClient.setQueryData(appointmentKeys.list(params([], 2)), page([appointment(3)], 2, 2, 3));
    queryClient.setQueryData(appointmentKeys.detail(id(1)), appointment(1));
    queryClient.setQueryData(appointmentKeys.conversation(id(1)), conversation([message(1)]));
    return queryClient;
  }

  it('replaces the appointment in lists and detail and appends the message once', () => {
    const queryClient = seeded();
    const rescheduled = appointment(1, {
      status: 'RESCHEDULED',
      proposedAt: '2030-01-06T11:00:00+05:30',
      updatedAt: '2029-12-02T00:00:00.000Z',
    });
    const line = message(2);
    applyAppointmentChange(queryClient, { appointment: rescheduled, message: line });
    applyAppointmentChange(queryClient, { appointment: rescheduled, message: line });
    const all = queryClient.getQueryData<AppointmentPage>(appointmentKeys.list(params()));
    expect(all?.appointments.map((a) => a.status)).toEqual(['RESCHEDULED', 'PENDING']);
    expect(queryClient.getQueryData<Appointment>(appointmentKeys.detail(id(1)))?.proposedAt).toBe(
      '2030-01-06T11:00:00+05:30',
    );
    const messages = queryClient.getQueryData<ConversationData>(appointmentKeys.conversation(id(1)));
    expect(messagesOldestFirst(messages).map((m) => m.body)).toEqual(['Message 1', 'Message 2']);
  });

  it('prepends a new appointment to first pages whose filter it matches', () => {
    const queryClient = seeded();
    applyAppointmentChange(queryClient, { appointment: appointment(7), message: null }, true);
    expect(queryClient.getQueryData<AppointmentPage>(appointmentKeys.list(params()))?.appointments[0]?.id).toBe(id(7));
    expect(
      queryClient.getQueryData<AppointmentPage>(appointmentKeys.list(params(['CONFIRMED'])))?.appointments,
    ).toHaveLength(0);
    expect(
      queryClient.getQueryData<AppointmentPage>(appointmentKeys.list(params([], 2)))?.appointments.map((a) => a.id),
    ).toEqual([id(3)]);
    // Nothing is cached for a detail nobody opened.
    expect(queryClient.getQueryData(appointmentKeys.detail(id(7)))).toBeUndefined();
  });

  it('appends a conversation message only to its own conversation', () => {
    const queryClient = seeded();
    addMessageToCache(queryClient, message(5, id(2)));
    addMessageToCache(queryClient, message(6));
    const messages = queryClient.getQueryData<ConversationData>(appointmentKeys.conversation(id(1)));
    expect(messagesOldestFirst(messages).map((m) => m.body)).toEqual(['Message 1', 'Message 6']);
    expect(queryClient.getQueryData(appointmentKeys.conversation(id(2)))).toBeUndefined();
  });

  it('removes a deleted appointment everywhere', () => {
    const queryClient = seeded();
    removeAppointmentFromCache(queryClient, id(1));
    expect(
      queryClient.getQueryData<AppointmentPage>(appointmentKeys.list(params()))?.appointments.map((a) => a.id),
    ).toEqual([id(2)]);
    expect(queryClient.getQueryData(appointmentKeys.detail(id(1)))).toBeUndefined();
    expect(queryClient.getQueryData(appointmentKeys.conversation(id(1)))).toBeUndefined();
  });
});
