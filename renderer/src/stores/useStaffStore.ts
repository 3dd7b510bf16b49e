/**
 * The staff session: main's word on the key and the session, the role chosen at sign-in, which staff view is
 * showing, and the one way every staff view asks main (`ask`), which shows a refusal in the menu. Each view's
 * own state is in its store under stores/staff/ and is forgotten when the session closes (session-scoped.ts).
 * Main decides who is signed in, what a PIN unlocks, what may be cleared and what a config may hold; nothing
 * here works out a permission or a balance.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { CabinetSnapshot } from '../../../electron/core/cabinet/cabinet-api.ts';
import type { Channel, PushEvent, RequestOf, ResponseOf } from '../../../electron/ipc/contract.ts';
import { useCabinetApi } from '../bridge/useCabinetApi.ts';
import type { StaffError, StaffRole, StaffStatus } from './staff-types.ts';
import { useCabinetStore } from './useCabinetStore.ts';

export type StaffView =
  'meters' | 'handpay' | 'tilts' | 'events' | 'recall' | 'config' | 'audit' | 'diagnostics' | 'ram-clear';
export const ATTENDANT_VIEWS: readonly StaffView[] = ['meters', 'handpay', 'tilts'];
export const TECHNICIAN_VIEWS: readonly StaffView[] = [
  ...ATTENDANT_VIEWS,
  'events',
  'recall',
  'config',
  'audit',
  'diagnostics',
  'ram-clear',
];

/** A finished action the screen confirms in words (`staff.done.<key>`). */
export type StaffDone =
  'handpay-cleared' | 'tilt-cleared' | 'config-applied' | 'config-imported' | 'ram-cleared' | 'exported';

export const useStaffStore = defineStore('staff', () => {
  const cabinet = useCabinetStore();
  const api = useCabinetApi();
  const status = shallowRef<StaffStatus | null>(null);
  const view = ref<StaffView>('meters');
  /** The role chosen on the sign-in screen, before its PIN. */
  const signInRole = ref<StaffRole | null>(null);
  /** The player's table is shown under a small bar while a session stays open. */
  const peekTable = ref(false);
  const busy = ref(false);
  const error = shallowRef<StaffError | null>(null);
  const done = ref<{ key: StaffDone; detail?: string } | null>(null);
  /** A session has opened and its first view has not been read yet (the menu reads it, useStaffViews). */
  const opening = ref(false);

  const keyOn = computed(() => status.value?.keyOn === true);
  const role = computed<StaffRole | null>(() => status.value?.session?.role ?? null);
  const views = computed(() => (role.value === 'technician' ? TECHNICIAN_VIEWS : ATTENDANT_VIEWS));

  /** One staff request; a refusal is shown in the menu unless `quiet` (a background read). */
  async function ask<C extends Channel>(
    channel: C,
    request: RequestOf<C>,
    quiet = false,
  ): Promise<ResponseOf<C> | null> {
    busy.value = true;
    const result = await api.request(channel, request);
    busy.value = false;
    if (result.ok) return result.value;
    if (!quiet) error.value = result.error;
    return null;
  }

  /** The menu says a finished action in words. */
  function confirm(key: StaffDone, detail?: string): void {
    done.value = detail === undefined ? { key } : { key, detail };
  }

  /** Main's snapshot after a staff action: the table shows it and the menu confirms the action. */
  function adopt(s: CabinetSnapshot | null, key: StaffDone): boolean {
    if (!s) return false;
    // A refusal of an earlier try (money in flight, say) no longer stands once main has done it.
    error.value = null;
    cabinet.adopt(s);
    confirm(key);
    return true;
  }

  /** Shows a view with no message left from the last one; its store loads what it shows (useStaffViews). */
  function show(next: StaffView): void {
    view.value = next;
    error.value = null;
    done.value = null;
    peekTable.value = false;
  }

  /** Main's word on the key and the session: the menu follows it, and starts on the meters for a new session. */
  function setStatus(next: StaffStatus): void {
    const before = status.value;
    status.value = next;
    if (!next.keyOn || !next.session) {
      if (before?.session) show('meters');
      if (!next.keyOn) signInRole.value = null;
    } else if (!before?.session) {
      show('meters');
      signInRole.value = null;
      opening.value = true;
    }
  }

  function onPush(event: PushEvent): void {
    if (event.type === 'staff') setStatus(event.status);
  }

  async function init(): Promise<void> {
    api.onEvent(onPush);
    const s = await ask('staff:status', {}, true);
    if (s) setStatus(s);
  }

  function chooseRole(r: StaffRole | null): void {
    signInRole.value = r;
    error.value = null;
  }

  /** Sends a PIN; on a refusal the keypad shows it and main's status (failures, lock) is read again. */
  async function signIn(pin: string): Promise<boolean> {
    const r = signInRole.value;
    if (!r) return false;
    error.value = null;
    const s = await ask('staff:sign-in', { role: r, pin });
    if (s) {
      setStatus(s);
      return true;
    }
    const fresh = await ask('staff:status', {}, true);
    if (fresh) setStatus(fresh);
    return false;
  }

  async function signOut(): Promise<void> {
    const s = await ask('staff:sign-out', {});
    if (s) setStatus(s);
  }

  return {
    status,
    view,
    signInRole,
    peekTable,
    busy,
    error,
    done,
    opening,
    keyOn,
    role,
    views,
    init,
    setStatus,
    chooseRole,
    signIn,
    signOut,
    show,
    ask,
    confirm,
    adopt,
  };
});
