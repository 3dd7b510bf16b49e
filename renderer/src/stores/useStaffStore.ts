/**
 * The staff menu's store: sign-in, the session and every staff view's requests. Over 400 lines: it holds the
 * state of nine views behind one sign-in; splitting it per view is planned with the typed renderer API.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { Channel, PushEvent, RequestOf, ResponseMap, ResponseOf } from '../../../electron/ipc/contract.ts';
import { useCabinetApi } from '../bridge/useCabinetApi.ts';
import type { CabinetSnapshot } from '../../../electron/core/cabinet/cabinet-api.ts';
import type { EventLogEntry } from '../../../electron/core/model/event-log.ts';
import type { Meters } from '../../../electron/core/model/meters.ts';
import type { RoundRecord } from '../../../electron/core/model/round-record.ts';
import type { Tilt } from '../../../electron/core/model/tilt.ts';
import { setAt, type ConfigPath } from '../format/staff-config.ts';
import { useCabinetStore } from './useCabinetStore.ts';
import type { ConfigAuditEntry, ConfigView, FieldIssue, StaffError, StaffRole, StaffStatus } from './staff-types.ts';
import type { ConfigApplyOutcome } from '../../../electron/core/config/config-apply-outcome.ts';

/**
 * The operator menu's calls to main, through the typed API (useCabinetApi). Main decides who is signed in,
 * what a PIN unlocks, what may be cleared and what a config may hold. This store keeps what main answered and
 * which staff screen is showing; it never works out a permission or a balance.
 */

export type EventQuery = RequestOf<'tech:events'>;
export type RecallQuery = RequestOf<'tech:recall'>;
export type Diagnostics = ResponseMap['tech:diagnostics'];
export type ReplayCheck = ResponseMap['tech:recall:replay'];
/** A journal found damaged at start-up and kept aside until the RAM clear (docs/cabinet-rules.md#damaged-journal). */
export type JournalDamage = NonNullable<ResponseMap['tech:journal-damage']>;
export type JournalSalvage = ResponseMap['tech:journal-damage:export'];
/** The journal files main builds: game recall, and the event log as JSON or CSV. */
/** The files a technician can save: recall and event log live, and the archived rounds and events. */
export type JournalExport = 'recall' | 'events' | 'events-csv' | 'archive-rounds' | 'archive-events';

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

export const EVENT_PAGE = 12;
export const RECALL_PAGE = 8;

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
  const meters = shallowRef<Meters | null>(null);
  const events = shallowRef<EventLogEntry[] | null>(null);
  const recall = shallowRef<RoundRecord[] | null>(null);
  const replay = shallowRef<ReplayCheck | null>(null);
  const config = shallowRef<ConfigView | null>(null);
  const draft = shallowRef<ConfigView | null>(null);
  const issues = shallowRef<readonly FieldIssue[]>([]);
  const audit = shallowRef<ConfigAuditEntry[] | null>(null);
  const diagnostics = shallowRef<Diagnostics | null>(null);
  /** What the last applied change did to the running devices (restarted, at next start, overridden). */
  const applied = shallowRef<ConfigApplyOutcome | null>(null);
  const journalDamage = shallowRef<JournalDamage | null>(null);
  const journalSalvage = shallowRef<JournalSalvage | null>(null);
  let validateSeq = 0;

  const keyOn = computed(() => status.value?.keyOn === true);
  const role = computed<StaffRole | null>(() => status.value?.session?.role ?? null);
  const views = computed(() => (role.value === 'technician' ? TECHNICIAN_VIEWS : ATTENDANT_VIEWS));

  async function invoke<C extends Channel>(
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

  function clearData(): void {
    meters.value = null;
    events.value = null;
    recall.value = null;
    replay.value = null;
    config.value = null;
    draft.value = null;
    issues.value = [];
    audit.value = null;
    diagnostics.value = null;
    journalDamage.value = null;
    journalSalvage.value = null;
    error.value = null;
    done.value = null;
    peekTable.value = false;
    view.value = 'meters';
  }

  /** Main's word on the key and the session: the menu follows it, and forgets everything when it closes. */
  function setStatus(next: StaffStatus): void {
    const before = status.value;
    status.value = next;
    if (!next.keyOn || !next.session) {
      if (before?.session) clearData();
      if (!next.keyOn) signInRole.value = null;
    } else if (!before?.session) {
      clearData();
      signInRole.value = null;
      void go('meters');
    }
  }

  function onPush(event: PushEvent): void {
    if (event.type === 'staff') setStatus(event.status);
  }

  async function init(): Promise<void> {
    api.onEvent(onPush);
    const s = await invoke('staff:status', {}, true);
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
    const s = await invoke('staff:sign-in', { role: r, pin });
    if (s) {
      setStatus(s);
      return true;
    }
    const fresh = await invoke('staff:status', {}, true);
    if (fresh) setStatus(fresh);
    return false;
  }

  async function signOut(): Promise<void> {
    const s = await invoke('staff:sign-out', {});
    if (s) setStatus(s);
  }

  async function go(next: StaffView): Promise<void> {
    view.value = next;
    error.value = null;
    done.value = null;
    peekTable.value = false;
    if (next === 'meters') await loadMeters();
    else if (next === 'events') await loadEvents({ limit: EVENT_PAGE });
    else if (next === 'recall') await loadRecall({ limit: RECALL_PAGE });
    else if (next === 'config') await loadConfig();
    else if (next === 'audit') await loadAudit();
    else if (next === 'diagnostics') await loadDiagnostics();
    else if (next === 'ram-clear') await loadJournalDamage();
  }

  async function loadMeters(): Promise<void> {
    meters.value = await invoke('tech:meters', {});
  }

  /**
   * Asks main for the meters as a CSV or as a printable HTML page and hands the text to `save` (a download in
   * the browser, a file in the shell).
   */
  async function exportMeters(
    save: (fileName: string, text: string) => void,
    format: RequestOf<'tech:meters:export'>['format'] = 'csv',
  ): Promise<boolean> {
    const r = await invoke('tech:meters:export', { format });
    if (!r) return false;
    save(r.fileName, 'html' in r ? r.html : r.csv);
    done.value = { key: 'exported', detail: r.fileName };
    return true;
  }

  function adopt(s: CabinetSnapshot | null, key: StaffDone): boolean {
    if (!s) return false;
    // A refusal of an earlier try (money in flight, say) no longer stands once main has done it.
    error.value = null;
    cabinet.adopt(s);
    done.value = { key };
    return true;
  }

  async function clearHandpay(): Promise<boolean> {
    return adopt(await invoke('tech:clear-handpay', {}), 'handpay-cleared');
  }

  async function clearTilt(tilt: Tilt): Promise<boolean> {
    return adopt(await invoke('tech:clear-tilt', { kind: tilt.kind, source: tilt.source }), 'tilt-cleared');
  }

  async function loadEvents(query: EventQuery): Promise<void> {
    events.value = (await invoke('tech:events', query)) ?? [];
  }

  async function loadRecall(query: RecallQuery): Promise<void> {
    replay.value = null;
    recall.value = (await invoke('tech:recall', query)) ?? [];
  }

  async function replayRound(roundId: number): Promise<void> {
    replay.value = null;
    replay.value = await invoke('tech:recall:replay', { roundId });
  }

  async function loadConfig(): Promise<void> {
    const r = await invoke('tech:config:get', {});
    const shown = (r?.config ?? null) as ConfigView | null;
    config.value = shown;
    draft.value = shown;
    issues.value = [];
  }

  /** Main checks every edit as it is typed; its structured issues are shown next to each field. */
  async function validate(candidate: ConfigView): Promise<readonly FieldIssue[]> {
    const seq = ++validateSeq;
    const result = await api.request('tech:config:validate', { config: candidate });
    const found: readonly FieldIssue[] = result.ok ? [] : (result.error.fields ?? []);
    if (!result.ok && !result.error.fields) error.value = result.error;
    if (seq === validateSeq) issues.value = found;
    return found;
  }

  async function edit(path: ConfigPath, value: unknown): Promise<void> {
    if (!draft.value) return;
    draft.value = setAt(draft.value, path, value) as ConfigView;
    done.value = null;
    applied.value = null;
    await validate(draft.value);
  }

  function resetDraft(): void {
    draft.value = config.value;
    issues.value = [];
  }

  async function applyConfig(): Promise<boolean> {
    if (!draft.value) return false;
    const answer = await invoke('tech:config:apply', { config: draft.value });
    applied.value = answer?.configApplied ?? null;
    const ok = adopt(answer, 'config-applied');
    if (ok) {
      await loadConfig();
      done.value = { key: 'config-applied' };
    } else if (error.value?.fields) issues.value = error.value.fields;
    return ok;
  }

  async function exportConfig(save: (fileName: string, text: string) => void): Promise<boolean> {
    const r = await invoke('tech:config:export', {});
    if (!r) return false;
    save(r.fileName, r.json);
    save(r.audit.fileName, r.audit.csv);
    done.value = { key: 'exported', detail: `${r.fileName}, ${r.audit.fileName}` };
    return true;
  }

  async function importConfig(json: string): Promise<boolean> {
    const answer = await invoke('tech:config:import', { json });
    applied.value = answer?.configApplied ?? null;
    const ok = adopt(answer, 'config-imported');
    if (ok) {
      await loadConfig();
      done.value = { key: 'config-imported' };
    } else if (error.value?.fields) issues.value = error.value.fields;
    return ok;
  }

  async function loadAudit(beforeId?: number): Promise<void> {
    const page = await invoke('tech:config:audit', beforeId === undefined ? { limit: 20 } : { limit: 20, beforeId });
    audit.value = beforeId === undefined ? (page ?? []) : [...(audit.value ?? []), ...(page ?? [])];
  }

  async function loadDiagnostics(): Promise<void> {
    diagnostics.value = await invoke('tech:diagnostics', {});
  }

  async function setBillTestMode(on: boolean): Promise<void> {
    const d = await invoke('tech:bill-test-mode', { on });
    if (d) diagnostics.value = d;
  }

  /** Recall and the event log as files before a RAM clear: every page main holds, newest first. */
  /**
   * The whole game recall (JSON) or event log (JSON or CSV) as main builds it from the journal, or the
   * archived rounds or events (docs/cabinet-rules.md#retention-and-archive), one file each, handed to `save`
   * with its content type (the RAM clear screen offers them first).
   */
  async function exportJournal(
    what: JournalExport,
    save: (fileName: string, text: string, contentType: string) => void,
  ): Promise<boolean> {
    const file =
      what === 'recall'
        ? await invoke('tech:recall:export', {})
        : what === 'archive-rounds' || what === 'archive-events'
          ? await invoke('tech:archive:export', { part: what === 'archive-rounds' ? 'rounds' : 'events' })
          : await invoke('tech:events:export', { format: what === 'events-csv' ? 'csv' : 'json' });
    if (!file) return false;
    save(file.fileName, file.text, file.contentType);
    done.value = { key: 'exported', detail: file.fileName };
    return true;
  }

  async function ramClear(): Promise<boolean> {
    const ok = adopt(await invoke('tech:ram-clear', { confirm: 'RAM CLEAR' }), 'ram-cleared');
    // A damaged journal kept aside is dealt with by the clear: main no longer reports one.
    if (ok) await loadJournalDamage();
    return ok;
  }

  /** Starts the roads at the table afresh (docs/roads.md#implementation-status); the table follows main's snapshot. */
  async function resetRoads(): Promise<boolean> {
    const s = await invoke('tech:roads:reset', {});
    if (!s) return false;
    cabinet.adopt(s);
    return true;
  }

  /** The damaged journal main kept aside at start-up, if any (shown on the RAM clear screen). */
  async function loadJournalDamage(): Promise<void> {
    journalDamage.value = await invoke('tech:journal-damage', {}, true);
  }

  /** A fresh export of what can still be read from the damaged journal, handed to `save` when main sent the text. */
  async function exportJournalDamage(
    save: (fileName: string, text: string, contentType: string) => void,
  ): Promise<boolean> {
    const r = await invoke('tech:journal-damage:export', {});
    if (!r) return false;
    journalSalvage.value = r;
    if (r.text !== null) save(r.fileName, r.text, r.contentType);
    done.value = { key: 'exported', detail: r.fileName };
    return true;
  }

  return {
    status,
    view,
    signInRole,
    peekTable,
    busy,
    error,
    done,
    meters,
    events,
    recall,
    replay,
    config,
    draft,
    issues,
    audit,
    diagnostics,
    journalDamage,
    journalSalvage,
    keyOn,
    role,
    views,
    init,
    setStatus,
    chooseRole,
    signIn,
    signOut,
    go,
    loadMeters,
    exportMeters,
    clearHandpay,
    clearTilt,
    loadEvents,
    loadRecall,
    replayRound,
    loadConfig,
    validate,
    edit,
    resetDraft,
    applyConfig,
    applied,
    exportConfig,
    importConfig,
    loadAudit,
    loadDiagnostics,
    setBillTestMode,
    exportJournal,
    ramClear,
    resetRoads,
    loadJournalDamage,
    exportJournalDamage,
  };
});
