/**
 * The venue config view (docs/venue-config.md): main's config with secrets as `{ set }`, the technician's
 * draft, main's issue for each bad field as it is typed, and applying, importing and exporting it.
 */
import { defineStore } from 'pinia';
import type { ConfigApplyOutcome } from '../../../../electron/core/config/config-apply-outcome.ts';
import type { OfferedReturn } from '../../../../electron/core/config/side-bet-settings.ts';
import type { ResponseOf } from '../../../../electron/ipc/contract.ts';
import { setAt, type ConfigPath } from '../../format/staff-config.ts';
import { useCabinetApi } from '../../bridge/useCabinetApi.ts';
import type { ConfigView, FieldIssue } from '../staff-types.ts';
import { useStaffStore, type StaffDone } from '../useStaffStore.ts';
import { sessionRef } from './session-scoped.ts';

function isConfigView(value: unknown): value is ConfigView {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const useStaffConfigStore = defineStore('staff-config', () => {
  const session = useStaffStore();
  const api = useCabinetApi();
  const config = sessionRef<ConfigView | null>(null);
  const draft = sessionRef<ConfigView | null>(null);
  const issues = sessionRef<readonly FieldIssue[]>([]);
  /** The draft's exact return of every bet it offers, from main, before it is applied; empty while it is invalid. */
  const returns = sessionRef<readonly OfferedReturn[]>([]);
  /** What the last applied change did to the running devices (restarted, at next start, overridden). */
  const applied = sessionRef<ConfigApplyOutcome | null>(null);
  let validateSeq = 0;

  async function load(): Promise<void> {
    const r = await session.ask('tech:config:get', {});
    const shown: ConfigView | null = r?.config ?? null;
    config.value = shown;
    draft.value = shown;
    issues.value = [];
    if (shown) await validate(shown);
  }

  /** Main checks every edit as it is typed; its structured issues are shown next to each field. */
  async function validate(candidate: ConfigView): Promise<readonly FieldIssue[]> {
    const seq = ++validateSeq;
    const result = await api.request('tech:config:validate', { config: candidate });
    const found: readonly FieldIssue[] = result.ok ? [] : (result.error.fields ?? []);
    if (!result.ok && !result.error.fields) session.error = result.error;
    if (seq === validateSeq) {
      issues.value = found;
      returns.value = result.ok ? result.value.returns : [];
    }
    return found;
  }

  async function edit(path: ConfigPath, value: unknown): Promise<void> {
    if (!draft.value) return;
    const next = setAt(draft.value, path, value);
    // An edit below the root always leaves an object; anything else is no config to show.
    if (!isConfigView(next)) return;
    draft.value = next;
    session.done = null;
    applied.value = null;
    await validate(next);
  }

  function resetDraft(): void {
    draft.value = config.value;
    issues.value = [];
  }

  /** Main's answer to an apply or an import: the table adopts it and the editor reads main's config again. */
  async function settle(answer: ResponseOf<'tech:config:apply'> | null, key: StaffDone): Promise<boolean> {
    applied.value = answer?.configApplied ?? null;
    const ok = session.adopt(answer, key);
    if (ok) {
      await load();
      session.confirm(key);
    } else if (session.error?.fields) issues.value = session.error.fields;
    return ok;
  }

  async function applyConfig(): Promise<boolean> {
    if (!draft.value) return false;
    return settle(await session.ask('tech:config:apply', { config: draft.value }), 'config-applied');
  }

  async function importConfig(json: string): Promise<boolean> {
    return settle(await session.ask('tech:config:import', { json }), 'config-imported');
  }

  async function exportConfig(save: (fileName: string, text: string) => void): Promise<boolean> {
    const r = await session.ask('tech:config:export', {});
    if (!r) return false;
    save(r.fileName, r.json);
    save(r.audit.fileName, r.audit.csv);
    session.confirm('exported', `${r.fileName}, ${r.audit.fileName}`);
    return true;
  }

  return {
    config,
    draft,
    issues,
    returns,
    applied,
    load,
    validate,
    edit,
    resetDraft,
    applyConfig,
    importConfig,
    exportConfig,
  };
});
