/**
 * The status both drivers give the cabinet (docs/cabinet-rules.md#bill-validator): a fault while a condition
 * is active, healthy only after the first good poll, connected before it; the cabinet is told only of changes,
 * and a unit that is not healthy holds no note for the player's screen.
 */
import { describe, expect, it } from 'vitest';
import type { DeviceStatus } from '../../core/cabinet/cabinet-api.ts';
import { AcceptorStatus, type HealthInputs } from './acceptor-status.ts';

const PORT = '/dev/ttyTEST';

function rig() {
  const told: DeviceStatus[] = [];
  const log: string[] = [];
  const status = new AcceptorStatus(
    PORT,
    { reportDevice: (s) => void told.push(s) },
    (type, detail) => void log.push(`${type}: ${detail}`),
    { notAccepting: 'inhibited', firstPollPending: 'set up, first poll pending' },
  );
  return { status, told, log };
}

const noConditions = { active: false, describe: () => '', code: () => ({ code: 'id003-conditions', conditions: [] }) };
const jammed = {
  active: true,
  describe: () => 'note jammed',
  code: () => ({ code: 'id003-conditions', conditions: ['acceptor-jam'] }) as const,
};
const inputs = (over: Partial<HealthInputs>): HealthInputs => ({
  conditions: noConditions as HealthInputs['conditions'],
  setUp: true,
  polledOk: true,
  enabled: false,
  ...over,
});

describe('the acceptor status the cabinet sees', () => {
  it('is not started and untold before anything happens', () => {
    const { status, told } = rig();
    expect(status.current).toMatchObject({ health: 'disconnected', detailCode: { code: 'device-not-started' } });
    expect(told).toEqual([]);
  });

  it('is a fault while a condition is active, whatever else holds', () => {
    const { status } = rig();
    status.refresh(inputs({ conditions: jammed, enabled: true }));
    expect(status.current).toMatchObject({ health: 'fault', detail: 'note jammed' });
  });

  it('is connected once set up, and healthy only after the first good poll', () => {
    const { status, told } = rig();
    status.refresh(inputs({ setUp: false, polledOk: false }));
    expect(told).toEqual([]);
    status.refresh(inputs({ polledOk: false }));
    expect(status.current).toMatchObject({ health: 'connected', detail: `set up, first poll pending on ${PORT}` });
    status.refresh(inputs({ enabled: true }));
    expect(status.current).toMatchObject({ health: 'healthy', detail: `enabled on ${PORT}` });
    status.refresh(inputs({ enabled: false }));
    expect(status.current).toMatchObject({
      health: 'healthy',
      detail: `inhibited on ${PORT}`,
      detailCode: { code: 'acceptor-ready', port: PORT, enabled: false },
    });
  });

  it('tells the cabinet only when the health or the words change, each time with a log line', () => {
    const { status, told, log } = rig();
    status.refresh(inputs({}));
    status.refresh(inputs({}));
    expect(told).toHaveLength(1);
    expect(log).toEqual([`status: healthy: inhibited on ${PORT}`]);
  });

  it('drops the note being read when the unit stops being healthy', () => {
    const { status, told } = rig();
    status.refresh(inputs({}));
    status.reportNote('escrow');
    status.reportNote('escrow');
    expect(told.map((s) => s.note)).toEqual([null, 'escrow']);
    status.refresh(inputs({ conditions: jammed }));
    expect(status.current.note).toBeNull();
  });

  it('says why the link is down and when it is tried again', () => {
    const { status } = rig();
    status.linkDown({
      state: 'disconnected',
      reason: 'port gone',
      cause: 'device-unplugged',
      osCode: 'ENOENT',
      retryInMs: 400,
      attempt: 2,
    });
    expect(status.current).toMatchObject({
      health: 'disconnected',
      detail: 'port gone; retrying in 400 ms',
      detailCode: { code: 'link-retrying', port: PORT, cause: 'device-unplugged', retryInMs: 400, osCode: 'ENOENT' },
    });
  });

  it('does not tell the cabinet of a deliberate stop', () => {
    const { status, told } = rig();
    status.refresh(inputs({}));
    status.stopped();
    expect(status.current).toMatchObject({ health: 'disconnected', detail: 'stopped' });
    expect(told).toHaveLength(1);
  });

  it('keeps reporting after the cabinet refuses a report, and logs the refusal', () => {
    const log: string[] = [];
    const status = new AcceptorStatus(
      PORT,
      {
        reportDevice: () => {
          throw new Error('journal busy');
        },
      },
      (type, detail) => void log.push(`${type}: ${detail}`),
      { notAccepting: 'disabled', firstPollPending: 'key exchanged, first poll pending' },
    );
    status.refresh(inputs({}));
    expect(log).toContain('error: reportDevice failed: journal busy');
    expect(status.current.health).toBe('healthy');
  });
});
