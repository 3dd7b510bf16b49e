import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { CabinetBridge, IpcResult, ResponseOf } from '../../../electron/ipc/contract.ts';
import { createInProcessBridge, type InProcessCabinet } from '../../../electron/testing/in-process-bridge.ts';

let real: InProcessCabinet;
let bridge: CabinetBridge;
vi.mock('./index.ts', () => ({ connectBridge: async () => bridge }));

const { useCabinetApi } = await import('./useCabinetApi.ts');

beforeEach(() => {
  setActivePinia(createPinia());
  real = createInProcessBridge({ seed: 20261201 });
  bridge = real.bridge;
});
afterEach(() => real.close());

describe('useCabinetApi: every request and answer is typed by the channel table', () => {
  it('a channel outside the table, or a payload that does not fit its channel, does not compile', () => {
    const api = useCabinetApi();
    // Type-level only: the calls below are never awaited against a cabinet.
    const typeChecks = (): void => {
      // @ts-expect-error 'bets:double' is not a channel of the production table
      void api.request('bets:double', {});
      // @ts-expect-error bets:place needs a spot and a chip in minor units
      void api.request('bets:place', { spot: 'player' });
      // @ts-expect-error a chip is an integer of minor units, never a string
      void api.request('bets:place', { spot: 'player', chipMinor: '5' });
      // @ts-expect-error the service panel's channel belongs to the development table only
      void api.request('service:insert-note', { channel: 3 });
      // @ts-expect-error round:rebet takes 1 or 2
      void api.request('round:rebet', { multiplier: 3 });
    };
    void typeChecks;
    expectTypeOf(api.request<'history:list'>)
      .parameter(1)
      .toEqualTypeOf<{ offset: number; limit: number }>();
    expectTypeOf(api.request<'tech:meters'>).returns.resolves.toEqualTypeOf<IpcResult<ResponseOf<'tech:meters'>>>();
  });

  it('answers a request before any connection with an internal refusal, as data', async () => {
    const api = useCabinetApi();
    const r = await api.request('cabinet:snapshot', {});
    expect(r).toEqual({ ok: false, error: { code: 'internal', message: 'not connected to the cabinet' } });
  });

  it('after connecting, answers from main and hands main pushes to every listener', async () => {
    const api = useCabinetApi();
    const pushes: string[] = [];
    api.onEvent((e) => pushes.push(e.type));
    await api.connect();
    await api.connect(); // a second connect shares the first connection
    const r = await api.request('cabinet:snapshot', {});
    expect(r.ok && r.value.creditsMinor).toBe(0);
    real.insertNote(3);
    expect(pushes).toContain('state');
  });

  it('a transport that throws answers internal instead of rejecting', async () => {
    bridge = { invoke: () => Promise.reject(new Error('socket gone')), onEvent: () => () => undefined };
    const api = useCabinetApi();
    await api.connect();
    const r = await api.request('bets:clear', {});
    expect(r).toEqual({ ok: false, error: { code: 'internal', message: 'Error: socket gone' } });
  });
});
