/**
 * The technician's views, main side, over the browser host's socket exactly as the staff menu
 * calls them: game recall of a voided and a settled round and their replay check
 * (docs/cabinet-rules.md#game-recall), the event log by kind, the meters CSV export
 * (docs/cabinet-rules.md#meters), and the device diagnostics with the bill acceptor's note test
 * mode (docs/protocols/essp.md#note-test-mode). The rounds are played on the touchscreen with
 * given cards (`test:force-cards`); the views answer only with the operator key on and a
 * technician signed in (its PIN set by `test:set-pin`, standing in for provisioning).
 */
import { bet, expect, expectMeter, insertNote, test } from './fixtures.ts';
import type { HostProcess } from './host-process.ts';

/** Turns the key and signs in as the technician (its PIN set by the test controls: no sign-in sets one). */
async function signInTechnician(host: HostProcess): Promise<void> {
  await host.must('test:operator-key', { on: true });
  await host.must('test:set-pin', { role: 'technician', pin: '2468' });
  await host.must('staff:sign-in', { role: 'technician', pin: '2468' });
}

interface Round {
  roundId: number;
  status: string;
  cards: Array<{ rank: string; suit: string }>;
  returns: Record<string, number>;
  refundedMinor: number;
  startedAt: string;
  profile?: { id: string; decks: number; tiePays: number } | null;
}

interface Replay {
  roundId: number;
  outcomeMatches: boolean;
  payoutsMatch: boolean;
  recordedOutcome: { winner: string } | null;
  replayedOutcome: { winner: string } | null;
  recordedReturns: Record<string, number>;
  replayedReturns: Record<string, number>;
  profileRecorded: boolean;
  differences: string[];
}

interface Diagnostics {
  billAcceptor: {
    health: string;
    serialNumber?: string;
    firmware?: string;
    dataset?: string;
    channels: Array<{ channel: number; valueMinor: number; enabled: boolean }>;
    counters: { notesIn: number; rejects: Record<string, number>; jams: number };
    testMode: boolean;
    testNotes: Array<{ channel: number; valueMinor: number }>;
  };
  rng: { health: string; source: string; bytesRead: number; rctFailures: number; aptFailures: number };
  inputs: { keyOn: boolean; doorOpen: boolean; keyFile: string | null; doorFile: string | null };
}

/** Player 8 (A K 7) against Banker 6 (9 5 2): a Player win. */
const PLAYER_WINS = ['AH', '9H', 'KH', '5H', '7H', '2H'];

test.describe('technician views (main side)', () => {
  test('recall a voided and a settled round and replay both; the event log; the meters CSV', async ({
    kiosk,
    host,
  }) => {
    await insertNote(kiosk, host, 4, 5_000);

    // A voided round: the RNG goes away during the deal.
    await bet(kiosk, 'banker', 500, 1);
    await host.must('test:rng-unplug', { duringNextDeal: true });
    await kiosk.getByTestId('btn-deal').click();
    await expect(kiosk.getByTestId('void-screen')).toBeVisible({ timeout: 20_000 });
    await kiosk.getByTestId('void-ok').click();
    await host.must('test:rng-replug');
    await expect(kiosk.getByTestId('tilt-screen')).toBeHidden({ timeout: 30_000 });

    // A settled round with given cards.
    expect(await host.must<{ armed: string[] }>('test:force-cards', { cards: PLAYER_WINS })).toEqual({
      armed: PLAYER_WINS,
    });
    await bet(kiosk, 'player', 500, 2);
    await kiosk.getByTestId('btn-deal').click();
    await expect(kiosk.getByTestId('result-banner')).toHaveAttribute('data-winner', 'player', { timeout: 20_000 });
    await expectMeter(kiosk, 'credit-meter', 5_000 + 1_000);

    // The technician views answer only with the operator key on and a technician signed in.
    expect(await host.call('tech:recall', { limit: 10 })).toMatchObject({ ok: false, error: { code: 'key-off' } });
    await host.must('test:operator-key', { on: true });
    expect(await host.call('tech:recall', { limit: 10 })).toMatchObject({ ok: false, error: { code: 'signed-out' } });
    await host.must('test:set-pin', { role: 'technician', pin: '2468' });
    await host.must('staff:sign-in', { role: 'technician', pin: '2468' });

    const rounds = await host.must<Round[]>('tech:recall', { limit: 10 });
    expect(rounds.map((r) => r.status)).toEqual(['settled', 'voided']);
    const [settled, voided] = rounds as [Round, Round];
    expect(settled.cards.map((c) => `${c.rank}${c.suit}`)).toEqual(PLAYER_WINS);
    expect(settled.returns).toEqual({ player: 2_000 });
    expect(settled.profile).toMatchObject({ id: 'eight-deck-tie-8-to-1', decks: 8, tiePays: 8 });
    expect(voided).toMatchObject({ cards: [], refundedMinor: 500 });

    // Searchable by round number and by time.
    const byNumber = await host.must<Round[]>('tech:recall', {
      limit: 5,
      fromRoundId: voided.roundId,
      toRoundId: voided.roundId,
    });
    expect(byNumber.map((r) => r.roundId)).toEqual([voided.roundId]);
    const byTime = await host.must<Round[]>('tech:recall', {
      limit: 5,
      fromTime: settled.startedAt,
      toTime: settled.startedAt,
    });
    expect(byTime.map((r) => r.roundId)).toEqual([settled.roundId]);

    const replaySettled = await host.must<Replay>('tech:recall:replay', { roundId: settled.roundId });
    expect(replaySettled).toMatchObject({
      roundId: settled.roundId,
      outcomeMatches: true,
      payoutsMatch: true,
      profileRecorded: true,
      differences: [],
      recordedReturns: { player: 2_000 },
      replayedReturns: { player: 2_000 },
    });
    expect(replaySettled.replayedOutcome?.winner).toBe('player');
    const replayVoided = await host.must<Replay>('tech:recall:replay', { roundId: voided.roundId });
    expect(replayVoided).toMatchObject({
      outcomeMatches: true,
      payoutsMatch: true,
      recordedOutcome: null,
      replayedOutcome: null,
      differences: [],
    });
    expect(await host.call('tech:recall:replay', { roundId: 999 })).toMatchObject({
      ok: false,
      error: { code: 'not-permitted' },
    });

    // The event log by kind, paged.
    const faults = await host.must<Array<{ id: number; kind: string }>>('tech:events', { limit: 50, kind: 'fault' });
    expect(faults.length).toBeGreaterThan(0);
    expect(faults.every((e) => e.kind === 'fault')).toBe(true);
    const first = await host.must<Array<{ id: number }>>('tech:events', { limit: 1 });
    const next = await host.must<Array<{ id: number }>>('tech:events', { limit: 1, toId: first[0]!.id - 1 });
    expect(next[0]!.id).toBeLessThan(first[0]!.id);

    // The meters as a lab's CSV.
    const { fileName, csv } = await host.must<{ fileName: string; csv: string }>('tech:meters:export', {
      format: 'csv',
    });
    expect(fileName).toMatch(/^meters-[A-Za-z0-9._-]+-\d{8}T\d{6}Z\.csv$/);
    const lines = csv.split('\r\n');
    expect(lines[0]).toMatch(/^cabinet,./);
    expect(lines[1]).toMatch(/^config_sha256,[0-9a-f]{64}$/);
    expect(lines[2]).toMatch(/^generated_at,\d{4}-\d\d-\d\dT/);
    expect(lines[3]).toBe('currency,EUR,2 minor digits');
    expect(lines[5]).toBe('meter,description,count,minor_units,amount');
    expect(lines).toContain('bills-in,Bills in (notes stacked and credited),1,5000,50.00');
    expect(lines).toContain('bills-in-5000,Bills in: 50.00 EUR notes,1,5000,50.00');
    expect(lines).toContain('wagered,Total wagered (settled rounds),,1000,10.00');
    expect(lines).toContain('won-player,Won on Player,,2000,20.00');
    expect(lines).toContain('rounds-played,Rounds played (settled),1,,');
    expect(lines).toContain('rounds-voided,Rounds voided,1,,');
    expect(lines).toContain('refunds,Refunds (stakes of voided rounds),,500,5.00');

    // The same meters as a printable page.
    const page = await host.must<{ fileName: string; html: string }>('tech:meters:export', { format: 'html' });
    // Named as the CSV is, by the time of its own export (a second may have passed).
    const cabinetPart = fileName.replace(/-\d{8}T\d{6}Z\.csv$/, '');
    expect(page.fileName.replace(/-\d{8}T\d{6}Z\.html$/, '')).toBe(cabinetPart);
    expect(page.fileName).toMatch(/-\d{8}T\d{6}Z\.html$/);
    expect(page.html).toMatch(/^<!DOCTYPE html>/);
    expect(page.html).toContain('<td class="n">500</td><td class="n">5.00</td></tr>');
  });

  test('device diagnostics and the note test mode: a note is read and returned, never credited', async ({
    kiosk,
    host,
  }) => {
    await insertNote(kiosk, host, 1, 500);
    await signInTechnician(host);
    const d = await host.must<Diagnostics>('tech:diagnostics', {});
    expect(d.billAcceptor).toMatchObject({
      health: 'healthy',
      serialNumber: String(0x00c0ffee),
      firmware: 'NV0200041000000',
      dataset: 'EUR01610',
      testMode: false,
      counters: { notesIn: 1, jams: 0 },
    });
    expect(d.billAcceptor.channels[0]).toMatchObject({ channel: 1, valueMinor: 500, enabled: true });
    expect(d.rng.health).toBe('healthy');
    expect(d.rng.source).toMatch(/^hardware RNG on /);
    expect(d.rng.bytesRead).toBeGreaterThan(1024);
    expect(d.rng).toMatchObject({ rctFailures: 0, aptFailures: 0 });
    expect(d.inputs).toMatchObject({ keyOn: true, doorOpen: false });

    const on = await host.must<Diagnostics>('tech:bill-test-mode', { on: true });
    expect(on.billAcceptor.testMode).toBe(true);
    await host.call('test:insert-note', { channel: 3 });
    await expect
      .poll(async () => (await host.must<Diagnostics>('tech:diagnostics', {})).billAcceptor.testNotes, {
        timeout: 20_000,
      })
      .toEqual([expect.objectContaining({ channel: 3, valueMinor: 2_000 })]);
    const after = await host.must<Diagnostics>('tech:diagnostics', {});
    expect(after.billAcceptor.counters.notesIn).toBe(1);
    expect(after.billAcceptor.counters.rejects['test-mode']).toBe(1);
    await expectMeter(kiosk, 'credit-meter', 500);

    // Turning the key off signs the technician out and ends the test mode: notes are credited again.
    await host.must('test:operator-key', { on: false });
    await insertNote(kiosk, host, 2, 1_000);
    await signInTechnician(host);
    expect((await host.must<Diagnostics>('tech:diagnostics', {})).billAcceptor).toMatchObject({
      testMode: false,
      counters: { notesIn: 2 },
    });
  });
});
