/**
 * The browser host's e2e controls (`--test-controls` only), a dev-only table in the shape of
 * the production one (see electron/ipc/dev-contract.ts); their handlers are in test-controls.ts.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { resolveJournalPath } from '../storage/journal-path.ts';
import { MAX_DECKS } from '../core/engine/shoe.ts';
import { PIN_PATTERN, type StaffRole } from '../core/staff/staff-status.ts';
import { answers, type ChannelTable } from '../ipc/channel-spec.ts';
import { checkForcedRound, parseForcedCards } from '../testing/forced-card-source.ts';
import { noteChannel, type NoteAnswer } from '../ipc/dev-contract.ts';

const empty = z.object({}).strict();

/**
 * One whole round's cards in deal order, in the round CLI's notation ("K", "KH", "10d"; see
 * electron/testing/forced-card-source.ts). Whether the shoe holds them is checked against
 * the running deck count when they are armed.
 */
const forcedCards = z
  .array(z.string().min(1).max(4))
  .min(4)
  .max(6)
  .superRefine((labels, context) => {
    try {
      checkForcedRound(parseForcedCards(labels), MAX_DECKS);
    } catch (error) {
      context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
    }
  });

export const TEST_CHANNEL_TABLE = {
  'test:rng-unplug': {
    role: 'test',
    availability: 'dev',
    request: z.object({ duringNextDeal: z.boolean().optional() }).strict(),
    response: answers<{ armed?: boolean }>(),
  },
  'test:rng-replug': { role: 'test', availability: 'dev', request: empty, response: answers<object>() },
  'test:bill-unplug': { role: 'test', availability: 'dev', request: empty, response: answers<object>() },
  'test:bill-replug': { role: 'test', availability: 'dev', request: empty, response: answers<object>() },
  'test:insert-note': {
    role: 'test',
    availability: 'dev',
    request: z.object({ channel: noteChannel }).strict(),
    response: answers<NoteAnswer>(),
  },
  'test:operator-key': {
    role: 'test',
    availability: 'dev',
    request: z.object({ on: z.boolean() }).strict(),
    response: answers<{ on: boolean }>(),
  },
  /** The door switch, as the hardware input would set it (docs/cabinet-rules.md#door-and-tilt). */
  'test:door': {
    role: 'test',
    availability: 'dev',
    request: z.object({ open: z.boolean() }).strict(),
    response: answers<{ open: boolean }>(),
  },
  /** Sets a staff role's PIN (hashed and journaled), standing in for provisioning in tests. */
  'test:set-pin': {
    role: 'test',
    availability: 'dev',
    request: z
      .object({
        role: z.enum(['attendant', 'technician']),
        pin: z.string().regex(PIN_PATTERN, 'a PIN is 4 to 8 digits'),
      })
      .strict(),
    response: answers<{ role: StaffRole; pinSet: true }>(),
  },
  /**
   * Stops the running cabinet and starts a new one on `journal`, a file that does not exist yet, with the venue
   * file `config` if given: the state of a fresh host in a fraction of a new process's time (browser-host.ts).
   * Answers once the new cabinet is up; a bad venue file is refused in words and leaves no cabinet running, so
   * the next reset or a new process is needed.
   */
  'test:reset': {
    role: 'test',
    availability: 'dev',
    request: z
      .object({
        journal: z.string().superRefine((journal, context) => {
          try {
            resolveJournalPath(journal, 'journal');
          } catch (error) {
            context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
            return;
          }
          if (existsSync(journal)) {
            context.addIssue({
              code: 'custom',
              message: `${journal} exists; a reset starts on a journal that does not`,
            });
          }
        }),
        /** A venue file for the new cabinet (docs/venue-config.md); without it, the host's own. */
        config: z
          .string()
          .refine((file) => path.isAbsolute(file), 'an absolute path to a venue file')
          .optional(),
        /** The emulated bill acceptor's pace: a real unit's ("device", the default) or about five times as fast. */
        notes: z.enum(['device', 'quick']).optional(),
      })
      .strict(),
    response: answers<{ journal: string; recovery: string }>(),
  },
  /** Moves the cabinet's test clock forward (hook 5 of test-hooks.ts), then the cabinet looks at its session. */
  'test:advance-clock': {
    role: 'test',
    availability: 'dev',
    request: z
      .object({
        ms: z
          .number()
          .int('ms must be a whole number of milliseconds')
          .min(1, 'ms must be at least 1')
          .max(7 * 24 * 3_600_000, 'ms must be at most a week'),
        /** The clock stops running by itself from now on (until the next reset). */
        hold: z.boolean().optional(),
      })
      .strict(),
    response: answers<{ offsetMs: number }>(),
  },
  /** The next round deals exactly these cards (the forced-card source). */
  'test:force-cards': {
    role: 'test',
    availability: 'dev',
    request: z.object({ cards: forcedCards }).strict(),
    response: answers<{ armed: string[] }>(),
  },
} as const satisfies ChannelTable<'dev'>;

export type TestTable = typeof TEST_CHANNEL_TABLE;
