/** The bill acceptor's driver is chosen by protocol; a setting that cannot make one is a device fault in words. */
import { createBillAcceptorService } from '../devices/bill-acceptor/bill-acceptor-service.ts';
import { createId003BillAcceptorService } from '../devices/bill-acceptor/id003/id003-service.ts';
import { describe, expect, it } from 'vitest';
import type { DevicePort } from '../core/cabinet/cabinet-api.ts';
import type { BillAcceptorService } from '../devices/bill-acceptor/acceptor-service.ts';
import {
  BUILT_IN_BILL_ACCEPTORS,
  chooseBillAcceptor,
  ID003_NOT_INSTALLED,
  type BillAcceptorConstructors,
  type Id003ServiceOptions,
} from './bill-acceptor-factory.ts';
import type { BillSettings } from './device-settings.ts';

const cabinet = {} as DevicePort;
const context = { cabinet, stateFile: '/tmp/never-written.json' };
const base: BillSettings & { port: string } = {
  port: '/dev/ttyUSB0',
  protocol: 'essp',
  fixedKeyHex: '9a3f04c27e51b8d6',
  enabledChannels: [1, 2],
  currency: 'SEK',
};

/** Stub constructors that remember what they were given. */
function stubs(withId003: boolean) {
  const calls: Array<{ driver: string; options: unknown }> = [];
  const service = (driver: string) => ({ driver }) as unknown as BillAcceptorService;
  const constructors: BillAcceptorConstructors = {
    essp: (options) => (calls.push({ driver: 'essp', options }), service('essp')),
    id003: withId003
      ? (options: Id003ServiceOptions) => (calls.push({ driver: 'id003', options }), service('id003'))
      : null,
  };
  return { calls, constructors };
}

describe('chooseBillAcceptor', () => {
  it('essp: the eSSP constructor gets the port, the key, the enabled channels and the currency', () => {
    const { calls, constructors } = stubs(true);
    const choice = chooseBillAcceptor(base, context, constructors);
    expect(choice.kind).toBe('service');
    expect(calls).toEqual([
      {
        driver: 'essp',
        options: {
          portPath: '/dev/ttyUSB0',
          cabinet,
          stateFile: context.stateFile,
          config: { fixedKeyHex: '9a3f04c27e51b8d6', enabledChannels: [1, 2], currency: 'SEK' },
        },
      },
    ]);
  });

  it('id003: the ID-003 constructor, without any fixed key (none is needed)', () => {
    const { calls, constructors } = stubs(true);
    const choice = chooseBillAcceptor({ ...base, protocol: 'id003', fixedKeyHex: null }, context, constructors);
    expect(choice.kind).toBe('service');
    expect(calls[0]?.driver).toBe('id003');
    expect(JSON.stringify(calls[0]?.options)).not.toContain('fixedKeyHex');
  });

  it('id003 in a build without its driver: a device fault "ID-003 driver not installed in this build"', () => {
    const { calls, constructors } = stubs(false);
    const choice = chooseBillAcceptor({ ...base, protocol: 'id003' }, context, constructors);
    expect(choice).toEqual({
      kind: 'fault',
      status: {
        device: 'bill-acceptor',
        health: 'fault',
        detail: `${ID003_NOT_INSTALLED} (/dev/ttyUSB0)`,
        detailCode: { code: 'id003-not-installed', port: '/dev/ttyUSB0' },
      },
    });
    expect(calls).toEqual([]);
  });

  it('this build carries both drivers: eSSP and the JCM ID-003 driver', () => {
    expect(BUILT_IN_BILL_ACCEPTORS.essp).toBe(createBillAcceptorService);
    expect(BUILT_IN_BILL_ACCEPTORS.id003).toBe(createId003BillAcceptorService);
  });

  it('essp without a key: a fault that says where to set it, and no driver', () => {
    const { calls, constructors } = stubs(true);
    const choice = chooseBillAcceptor({ ...base, fixedKeyHex: null }, context, constructors);
    expect(choice.kind === 'fault' && choice.status.detail).toMatch(
      /no eSSP fixed key is set for \/dev\/ttyUSB0: set devices\.billAcceptor\.fixedKeyHex/,
    );
    expect(choice.kind === 'fault' && choice.status.detailCode).toEqual({
      code: 'acceptor-no-fixed-key',
      port: '/dev/ttyUSB0',
    });
    expect(calls).toEqual([]);
  });

  it('the real eSSP driver refuses the factory key: a fault in words, never a throw', () => {
    const choice = chooseBillAcceptor({ ...base, fixedKeyHex: '0123456701234567' }, context);
    expect(choice.kind).toBe('fault');
    expect(choice.kind === 'fault' && choice.status.detail).toMatch(
      /^essp bill acceptor on \/dev\/ttyUSB0: .*factory default/,
    );
    expect(choice.kind === 'fault' && choice.status.detailCode).toEqual({
      code: 'acceptor-factory-key-refused',
      port: '/dev/ttyUSB0',
    });
  });

  it('a key the driver refuses for another reason: settings refused, naming the protocol', () => {
    const choice = chooseBillAcceptor({ ...base, fixedKeyHex: 'xyz' }, context);
    expect(choice.kind === 'fault' && choice.status.detailCode).toEqual({
      code: 'acceptor-settings-refused',
      port: '/dev/ttyUSB0',
      protocol: 'essp',
    });
  });
});
