import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_TOAST_DURATION_MS,
  NOTIFICATION_TOAST,
  TOAST_LIMIT_PER_POSITION,
  addToast,
  createToastApi,
  createToastStore,
  dismissToast,
  groupByPosition,
  normalizeToast,
  type Toast,
  type ToastPosition,
} from './toastStore.ts';

const toast = (id: string, position: ToastPosition = 'bottom-right'): Toast =>
  normalizeToast({ message: `message ${id}`, position }, id);

describe('constants (SPEC §9)', () => {
  it('closes general toasts after 5 s and notification toasts after 30 s, top-right', () => {
    expect(DEFAULT_TOAST_DURATION_MS).toBe(5000);
    expect(NOTIFICATION_TOAST).toEqual({ duration: 30_000, position: 'top-right' });
    expect(TOAST_LIMIT_PER_POSITION).toBe(5);
  });
});

describe('normalizeToast', () => {
  it('fills in the defaults: info, bottom-right, 5 s, a title per kind', () => {
    expect(normalizeToast({ message: 'Hello' }, 'a')).toEqual({
      id: 'a',
      kind: 'info',
      title: 'Info',
      message: 'Hello',
      position: 'bottom-right',
      duration: 5000,
    });
    expect(normalizeToast({ message: 'Login successful!', kind: 'success' }, 'a').title).toBe('Success');
    expect(normalizeToast({ message: 'Login failed: x', kind: 'error' }, 'a').title).toBe('Error');
  });

  it('keeps what the caller gave, including a duration of 0 (until dismissed)', () => {
    const given = normalizeToast(
      { id: 'mine', kind: 'warning', title: 'Careful', message: 'm', position: 'top-left', duration: 0 },
      'generated',
    );
    expect(given).toEqual({
      id: 'mine',
      kind: 'warning',
      title: 'Careful',
      message: 'm',
      position: 'top-left',
      duration: 0,
    });
  });

  it('falls back to the default duration for negative or non-finite ones', () => {
    expect(normalizeToast({ message: 'm', duration: -1 }, 'a').duration).toBe(5000);
    expect(normalizeToast({ message: 'm', duration: Number.NaN }, 'a').duration).toBe(5000);
  });
});

describe('addToast', () => {
  it('puts the newest first', () => {
    const list = addToast(addToast([], toast('1')), toast('2'));
    expect(list.map((t) => t.id)).toEqual(['2', '1']);
  });

  it('keeps at most 5 per position, dropping the oldest when a sixth arrives', () => {
    let list: Toast[] = [];
    for (const id of ['1', '2', '3', '4', '5']) list = addToast(list, toast(id));
    expect(list).toHaveLength(5);
    list = addToast(list, toast('6'));
    expect(list.map((t) => t.id)).toEqual(['6', '5', '4', '3', '2']);
  });

  it('counts each position on its own', () => {
    let list: Toast[] = [];
    for (const id of ['1', '2', '3', '4', '5']) list = addToast(list, toast(id));
    list = addToast(list, toast('n1', 'top-right'));
    expect(list).toHaveLength(6);
    expect(list.filter((t) => t.position === 'bottom-right')).toHaveLength(5);
    list = addToast(list, toast('6'));
    expect(list.map((t) => t.id)).toEqual(['6', 'n1', '5', '4', '3', '2']);
  });

  it('replaces a toast with the same id and moves it to the top', () => {
    const list = addToast([toast('2'), toast('1')], { ...toast('1'), message: 'again' });
    expect(list.map((t) => [t.id, t.message])).toEqual([
      ['1', 'again'],
      ['2', 'message 2'],
    ]);
  });

  it('honours another limit', () => {
    expect(addToast([toast('2'), toast('1')], toast('3'), 2).map((t) => t.id)).toEqual(['3', '2']);
  });

  it('does not change the list it was given', () => {
    const before = [toast('1')];
    addToast(before, toast('2'));
    expect(before.map((t) => t.id)).toEqual(['1']);
  });
});

describe('dismissToast and groupByPosition', () => {
  it('removes only the toast with that id', () => {
    expect(dismissToast([toast('2'), toast('1')], '2').map((t) => t.id)).toEqual(['1']);
    expect(dismissToast([toast('1')], 'unknown').map((t) => t.id)).toEqual(['1']);
  });

  it('groups by position in a fixed order, newest first, leaving out empty positions', () => {
    const list = [toast('3', 'bottom-right'), toast('2', 'top-right'), toast('1', 'bottom-right')];
    expect(groupByPosition(list).map((g) => [g.position, g.toasts.map((t) => t.id)])).toEqual([
      ['top-right', ['2']],
      ['bottom-right', ['3', '1']],
    ]);
  });
});

describe('createToastStore', () => {
  it('shows toasts with generated ids, newest first, and notifies subscribers', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const first = store.show({ message: 'one' });
    const second = store.show({ message: 'two' });
    expect(first).not.toBe(second);
    expect(store.getSnapshot().map((t) => t.id)).toEqual([second, first]);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps the same snapshot until something changes', () => {
    const store = createToastStore();
    store.show({ message: 'one' });
    const snapshot = store.getSnapshot();
    expect(store.getSnapshot()).toBe(snapshot);
    store.dismiss('nothing-here');
    expect(store.getSnapshot()).toBe(snapshot);
  });

  it('dismisses, clears and stops notifying after unsubscribe', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.show({ message: 'one' });
    store.show({ message: 'two' });
    store.dismiss(id);
    expect(store.getSnapshot().map((t) => t.message)).toEqual(['two']);
    unsubscribe();
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('applies the per-position limit', () => {
    const store = createToastStore();
    for (let n = 1; n <= 7; n++) store.show({ message: `m${n}` });
    expect(store.getSnapshot().map((t) => t.message)).toEqual(['m7', 'm6', 'm5', 'm4', 'm3']);
  });
});

describe('createToastApi', () => {
  it('has one shorthand per kind that keeps the options', () => {
    const store = createToastStore();
    const toasts = createToastApi(store);
    toasts.success('Login successful!');
    toasts.error('Login failed: Invalid credentials');
    toasts.info('New appointment', { title: 'Appointment', ...NOTIFICATION_TOAST });
    toasts.warning('Offline');
    expect(
      store.getSnapshot().map(({ kind, title, message, position, duration }) => ({
        kind,
        title,
        message,
        position,
        duration,
      })),
    ).toEqual([
      { kind: 'warning', title: 'Warning', message: 'Offline', position: 'bottom-right', duration: 5000 },
      { kind: 'info', title: 'Appointment', message: 'New appointment', position: 'top-right', duration: 30_000 },
      {
        kind: 'error',
        title: 'Error',
        message: 'Login failed: Invalid credentials',
        position: 'bottom-right',
        duration: 5000,
      },
      { kind: 'success', title: 'Success', message: 'Login successful!', position: 'bottom-right', duration: 5000 },
    ]);
  });

  it('shows a full toast and dismisses by id', () => {
    const store = createToastStore();
    const toasts = createToastApi(store);
    const id = toasts.show({ kind: 'error', message: 'x', duration: 0 });
    expect(store.getSnapshot()[0]?.duration).toBe(0);
    toasts.dismiss(id);
    expect(store.getSnapshot()).toEqual([]);
  });
});
