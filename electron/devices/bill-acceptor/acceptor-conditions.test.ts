/**
 * The acceptor's conditions as a code (docs/protocols/essp.md#poll-events): whatever poll replies, resets and
 * refusals come in, the status code names exactly the active conditions, in the order the words list them,
 * and names the unknown event's byte exactly while 'unknown-event' is active.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AcceptorConditions, CLEARED_BY_RESET, CONDITION_TEXT, type Condition } from './acceptor-conditions.ts';

const CONDITIONS = Object.keys(CONDITION_TEXT) as Condition[];

type Step =
  | { readonly kind: 'reply'; readonly seen: readonly Condition[] }
  | { readonly kind: 'raise'; readonly condition: Condition }
  | { readonly kind: 'unknown'; readonly byte: number }
  | { readonly kind: 'reset' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('reply' as const), seen: fc.subarray(CONDITIONS) }),
  fc.record({ kind: fc.constant('raise' as const), condition: fc.constantFrom(...CONDITIONS) }),
  fc.record({ kind: fc.constant('unknown' as const), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.constant({ kind: 'reset' as const }),
);

describe('acceptor conditions as a code', () => {
  it('the code lists the active conditions the words describe, and the unknown byte only while it is active', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const raised: { condition: Condition; code: unknown }[] = [];
        const conditions: AcceptorConditions = new AcceptorConditions({
          raised: (condition) => raised.push({ condition, code: conditions.codeOf(condition) }),
          cleared: () => undefined,
          changed: () => undefined,
        });
        let firstUnknown: number | null = null;
        for (const s of steps) {
          if (s.kind === 'reply') conditions.update(new Set(s.seen.filter((c) => c !== 'unknown-event')));
          else if (s.kind === 'raise' && s.condition !== 'unknown-event') conditions.raise(s.condition);
          else if (s.kind === 'unknown') {
            if (!conditions.has('unknown-event')) firstUnknown = s.byte;
            conditions.raiseUnknownEvent(s.byte, 'words');
          } else if (s.kind === 'reset') conditions.drop(CLEARED_BY_RESET);
          const code = conditions.code();
          const words = conditions.describe();
          expect(code.conditions.map((c) => CONDITION_TEXT[c]).join('; ')).toBe(words);
          if (conditions.has('unknown-event')) expect(code.unknownEventCode).toBe(firstUnknown);
          else expect(code).not.toHaveProperty('unknownEventCode');
        }
        // Each fault the cabinet heard of names its own condition alone.
        for (const { condition, code } of raised) {
          expect(code).toMatchObject({ code: 'acceptor-conditions', conditions: [condition] });
        }
      }),
    );
  });
});
