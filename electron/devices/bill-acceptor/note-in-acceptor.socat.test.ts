/**
 * "A note is being read" on the player's screen comes from the bill acceptor's device status
 * (docs/cabinet-rules.md#bill-validator): both drivers, over real pseudo-terminals against their emulators
 * and the real cabinet, report `note` from the unit's first report of a note, and clear it only after the
 * credit is committed, or once a note the cabinet refuses has gone back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { CabinetCore } from '../../core/cabinet/cabinet.ts';
import type { CabinetEvent } from '../../core/cabinet/cabinet-api.ts';
import { DEFAULT_VENUE_CONFIG } from '../../core/config/venue-config.ts';
import { createCryptoRandomSource } from '../../core/random/crypto-random-source.ts';
import {
  EMULATOR_FIXED_KEY_HEX,
  startEmbeddedBillAcceptorEmulator,
  type EmbeddedBillAcceptor,
} from '../../emulators/bill-acceptor/embedded-emulator.ts';
import {
  startEmbeddedId003Emulator,
  type EmbeddedId003Emulator,
} from '../../emulators/bill-acceptor/id003/embedded-id003-emulator.ts';
import { openCabinet } from '../../storage/open-cabinet.ts';
import { until } from '../../testing/bill-acceptor-harness.ts';
import { tempJournalPath } from '../../testing/fixtures.ts';
import type { BillAcceptorService } from './acceptor-service.ts';
import { createBillAcceptorService } from './bill-acceptor-service.ts';
import { createId003BillAcceptorService } from './id003/id003-service.ts';

let socatAvailable = true;
try {
  execFileSync('socat', ['-V'], { stdio: 'ignore' });
} catch {
  socatAvailable = false;
}

const enabledChannels = DEFAULT_VENUE_CONFIG.billChannels.filter((c) => c.enabled).map((c) => c.channel);

/** What the cabinet told its listeners, in order: the acceptor's note and every credit. */
type Heard = { note: string | null } | { credited: number };

function listen(cabinet: CabinetCore): Heard[] {
  const heard: Heard[] = [];
  cabinet.subscribe((e: CabinetEvent) => {
    if (e.type === 'device' && e.status.device === 'bill-acceptor') {
      const note = e.status.note ?? null;
      const last = [...heard].reverse().find((h) => 'note' in h);
      if (!last || (last as { note: string | null }).note !== note) heard.push({ note });
    }
    if (e.type === 'bill-credited') heard.push({ credited: e.valueMinor });
  });
  return heard;
}

/** The note shown from the first report to the credit, cleared only after the credit. */
function expectShownUntilCredit(heard: readonly Heard[], valueMinor: number): void {
  const credit = heard.findIndex((h) => 'credited' in h && h.credited === valueMinor);
  expect(credit, JSON.stringify(heard)).toBeGreaterThan(0);
  const before = heard.slice(0, credit);
  expect(
    before.some((h) => 'note' in h && h.note !== null),
    JSON.stringify(heard),
  ).toBe(true);
  expect(heard.slice(credit + 1), JSON.stringify(heard)).toContainEqual({ note: null });
  // Nothing cleared it between the first report and the commit.
  const firstShown = before.findIndex((h) => 'note' in h && h.note !== null);
  expect(before.slice(firstShown), JSON.stringify(heard)).not.toContainEqual({ note: null });
}

/** A note the cabinet refuses is shown while read, and cleared without a credit once it went back. */
function expectShownThenClearedWithoutCredit(heard: readonly Heard[]): void {
  expect(
    heard.some((h) => 'credited' in h),
    JSON.stringify(heard),
  ).toBe(false);
  const firstShown = heard.findIndex((h) => 'note' in h && h.note !== null);
  expect(firstShown, JSON.stringify(heard)).toBeGreaterThanOrEqual(0);
  expect(heard[heard.length - 1], JSON.stringify(heard)).toEqual({ note: null });
}

describe.runIf(socatAvailable)('eSSP: the acceptor reports the note it is reading', () => {
  let temp: ReturnType<typeof tempJournalPath>;
  let cabinet: CabinetCore;
  let emulator: EmbeddedBillAcceptor;
  let service: BillAcceptorService;
  let heard: Heard[];
  const idle = async () => (await emulator.controller.status()).note === null;

  beforeAll(async () => {
    temp = tempJournalPath('note-essp-');
    cabinet = openCabinet({ journalPath: temp.path, config: DEFAULT_VENUE_CONFIG, random: createCryptoRandomSource() });
    heard = listen(cabinet);
    emulator = await startEmbeddedBillAcceptorEmulator(); // the unit's own escrow time-out: no case here is about it
    service = createBillAcceptorService({
      portPath: emulator.portPath,
      cabinet,
      config: { fixedKeyHex: EMULATOR_FIXED_KEY_HEX, enabledChannels, pollIntervalMs: 200, replyTimeoutMs: 400 },
      stateFile: join(temp.dir, 'bill-acceptor-state.json'),
    });
    await service.start();
    await until(async () => (await emulator.controller.status()).enabled === true, 'acceptor enabled', {
      timeoutMs: 20_000,
    });
  });

  afterAll(async () => {
    await service?.stop();
    await emulator?.stop();
    cabinet?.close();
    temp?.cleanup();
  });

  it('from the first READ_NOTE until the credit is committed', async () => {
    heard.length = 0;
    expect((await emulator.controller.insertNote(3)).accepted).toBe(true);
    await until(
      () => heard.some((h) => 'credited' in h) && heard[heard.length - 1]?.['note' as never] === null,
      'the credit and the note cleared',
      { timeoutMs: 20_000 },
    );
    expectShownUntilCredit(heard, 2_000);
    expect(service.status().note ?? null).toBeNull();
  });

  it('a note of a channel the venue turned off is shown while read and cleared when it went back', async () => {
    await until(idle, 'no note in the unit', { timeoutMs: 20_000 });
    heard.length = 0;
    const disabled = DEFAULT_VENUE_CONFIG.billChannels.find((c) => !c.enabled)!.channel;
    await emulator.controller.insertNote(disabled);
    await until(
      async () => (await idle()) && heard.length > 0 && heard[heard.length - 1]?.['note' as never] === null,
      'the note returned',
      { timeoutMs: 20_000 },
    );
    expectShownThenClearedWithoutCredit(heard);
  });
});

describe.runIf(socatAvailable)('ID-003: the acceptor reports the note it is reading', () => {
  let temp: ReturnType<typeof tempJournalPath>;
  let cabinet: CabinetCore;
  let emulator: EmbeddedId003Emulator;
  let service: BillAcceptorService;
  let heard: Heard[];
  const unit = () => emulator.status() as { stage: string; inhibited: boolean };
  const control = (line: string) => expect(emulator.control(line)).toMatch(/^ok/);

  beforeAll(async () => {
    temp = tempJournalPath('note-id003-');
    // Room for one 20 note only: the second is refused at escrow by the cabinet and handed back.
    const config = { ...DEFAULT_VENUE_CONFIG, limits: { ...DEFAULT_VENUE_CONFIG.limits, creditLimitMinor: 3_000 } };
    cabinet = openCabinet({ journalPath: temp.path, config, random: createCryptoRandomSource() });
    heard = listen(cabinet);
    emulator = await startEmbeddedId003Emulator();
    service = createId003BillAcceptorService({
      portPath: emulator.portPath,
      cabinet,
      config: { enabledChannels, pollIntervalMs: 100, replyTimeoutMs: 400 },
      stateFile: join(temp.dir, 'bill-acceptor-state.json'),
    });
    await service.start();
    await until(() => unit().inhibited === false && unit().stage === 'idle', 'the unit enabled and idle', {
      timeoutMs: 20_000,
    });
  });

  afterAll(async () => {
    await service?.stop();
    await emulator?.stop();
    cabinet?.close();
    temp?.cleanup();
  });

  it('from ACCEPTING until the credit at VEND_VALID is committed', async () => {
    heard.length = 0;
    control('insert 20');
    await until(
      () =>
        unit().stage === 'idle' &&
        heard.some((h) => 'credited' in h) &&
        heard[heard.length - 1]?.['note' as never] === null,
      'credited and cleared',
      { timeoutMs: 20_000 },
    );
    expectShownUntilCredit(heard, 2_000);
  });

  it('a note over the credit limit is shown while read and cleared when it is returned', async () => {
    heard.length = 0;
    control('insert 20');
    await until(
      () => unit().stage === 'idle' && heard.length > 0 && heard[heard.length - 1]?.['note' as never] === null,
      'returned and cleared',
      { timeoutMs: 20_000, context: () => JSON.stringify({ heard, unit: unit() }) },
    );
    expectShownThenClearedWithoutCredit(heard);
  });
});
