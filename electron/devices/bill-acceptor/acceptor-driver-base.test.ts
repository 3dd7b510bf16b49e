/**
 * The cabinet-facing half both drivers share (docs/cabinet-rules.md#door-and-tilt, #bill-validator): a raised
 * condition is a device fault carrying its code and logged, a jam is counted, a change reports the health
 * again; switching the note test mode is logged once and wakes the poll loop.
 */
import { describe, expect, it } from 'vitest';
import type { DeviceDetail } from '../../core/model/device-detail.ts';
import type { TiltReason } from '../../core/model/journal-message.ts';
import { fakeCabinet } from '../../testing/bill-acceptor-harness.ts';
import { AcceptorDriverBase } from './acceptor-driver-base.ts';
import { ConditionSet } from './condition-set.ts';

type Demo = 'jam' | 'fraud';
const codeOf = (condition: Demo): DeviceDetail => ({
  code: 'id003-conditions',
  conditions: [condition === 'jam' ? 'acceptor-jam' : 'cheated'],
});

/** The smallest driver: a condition set and counts of the hooks the base calls. */
class DemoDriver extends AcceptorDriverBase {
  wakes = 0;
  refreshes = 0;
  readonly conditions = new ConditionSet<Demo>(
    { texts: { jam: 'note jammed', fraud: 'fraud attempt' }, latched: new Set(['fraud']) },
    this.conditionEffects(['jam'], codeOf),
  );
  readonly log: string[] = [];

  constructor(cabinet: ReturnType<typeof fakeCabinet>) {
    super({ portPath: '/dev/ttyTEST', cabinet }, { notAccepting: 'disabled', firstPollPending: 'pending' });
    this.onEvent((event) => this.log.push(`${event.type}: ${event.detail}`));
  }

  watchCabinet(): void {
    this.cabinetWatch.start(() => this.wake());
  }

  wants(conditionActive: boolean): boolean {
    return this.wantsNotes(conditionActive);
  }

  counted(): number {
    return this.counters.view().jams;
  }

  protected override wake(): void {
    this.wakes++;
  }

  protected override refreshHealth(): void {
    this.refreshes++;
  }
}

describe('the cabinet-facing half of a driver', () => {
  it('tells the cabinet of a raised condition with its code and logs it; a jam is counted', () => {
    const cabinet = fakeCabinet();
    const faults: Array<{ kind: string; source: string; reason: TiltReason }> = [];
    cabinet.raiseFault = (kind, source, reason) => void faults.push({ kind, source, reason });
    const driver = new DemoDriver(cabinet);
    driver.conditions.update(new Set<Demo>(['jam']));
    driver.conditions.raise('fraud', 'fraud attempt (channel 2)');
    expect(faults).toEqual([
      {
        kind: 'device-fault',
        source: 'bill-acceptor',
        reason: { code: 'device-reported', device: 'bill-acceptor', health: 'fault', deviceDetail: codeOf('jam') },
      },
      {
        kind: 'device-fault',
        source: 'bill-acceptor',
        reason: { code: 'device-reported', device: 'bill-acceptor', health: 'fault', deviceDetail: codeOf('fraud') },
      },
    ]);
    expect(driver.counted()).toBe(1);
    expect(driver.log).toEqual(['fault: note jammed', 'fault: fraud attempt (channel 2)']);
    expect(driver.refreshes).toBeGreaterThan(0);
  });

  it('logs a tilt that ended', () => {
    const driver = new DemoDriver(fakeCabinet());
    driver.conditions.update(new Set<Demo>(['jam']));
    driver.conditions.update(new Set());
    expect(driver.log).toContain('cleared: jam cleared');
  });

  it('logs a test mode switch once and wakes the poll loop for it', () => {
    const driver = new DemoDriver(fakeCabinet());
    driver.setTestMode(true);
    driver.setTestMode(true);
    driver.setTestMode(false);
    expect(driver.log).toEqual([
      'test-mode: note test mode on: notes are read and returned',
      'test-mode: note test mode off',
    ]);
    expect(driver.wakes).toBe(2);
  });

  it('takes notes only without a condition while the cabinet takes money, or in note test mode', () => {
    const cabinet = fakeCabinet();
    const driver = new DemoDriver(cabinet);
    driver.watchCabinet();
    expect(driver.wants(false)).toBe(true);
    expect(driver.wants(true)).toBe(false);
    cabinet.setPhase('dealt');
    expect(driver.wants(false)).toBe(false);
    driver.setTestMode(true);
    expect(driver.wants(false)).toBe(true);
    expect(driver.wants(true)).toBe(false);
  });

  it('starts not started, on its port', () => {
    expect(new DemoDriver(fakeCabinet()).status()).toMatchObject({
      device: 'bill-acceptor',
      health: 'disconnected',
      detailCode: { code: 'device-not-started', port: '/dev/ttyTEST' },
    });
  });
});
