import { describe, expect, it } from 'vitest';
import type { IpcError } from '../../../electron/ipc/contract.ts';
import { staffErrorText } from './error-text.ts';
import { i18n } from '../i18n/index.ts';
import en from '../i18n/en.ts';

const { t, te } = i18n.global;
const words = (error: IpcError): string => staffErrorText(error, t, te, (iso) => iso);

describe('a refusal with a reason is worded by the reason, never by main’s English', () => {
  it('the reason’s sentence names the device by its staff-menu name', () => {
    const text = words({
      code: 'not-permitted',
      message: 'the bill acceptor has a credit pending',
      reason: { code: 'credit-pending', device: 'bill-acceptor' },
    });
    expect(text).toBe(en.refusal['credit-pending'].replace('{device}', en.staff.config.device['bill-acceptor']));
  });

  it('a reason this screen has no sentence for falls back to the refusal’s code', () => {
    const unknown = { code: 'not-a-known-reason', device: 'bill-acceptor' } as unknown as IpcError['reason'];
    const text = words({ code: 'not-permitted', message: 'refused in English', reason: unknown });
    expect(text).toBe(en.errors['not-permitted']);
  });
});
