import { describe, expect, it } from 'vitest';
import { acceptorFault, fakeCabinet } from '../../testing/bill-acceptor-harness.ts';
import { AcceptorConditions } from './acceptor-conditions.ts';
import { EscrowPolicy, cabinetTakesMoney } from './escrow-policy.ts';
import { NoteTracker, memoryStore } from './note-tracker.ts';
import { actOnPollEvents } from './poll-events.ts';
import { Command, Event, Reply, encodeSetupReply, parsePollReply, parseSetupReply } from './ssp-protocol.ts';

/** The receive side as the driver composes it, with a master that records each command and what was done by then. */
function receiver() {
  const cabinet = fakeCabinet();
  const parsed = parseSetupReply(
    encodeSetupReply({
      firmware: '0410',
      countryCode: 'EUR',
      channelValuesMajor: [5, 10, 20],
      realValueMultiplier: 100,
      protocolVersion: 7,
    }),
  );
  if (!parsed.ok) throw new Error(parsed.error);
  const conditions = new AcceptorConditions({
    raised: (condition) => cabinet.raiseFault('device-fault', 'bill-acceptor', acceptorFault(condition)),
    cleared: () => undefined,
    changed: () => undefined,
  });
  const escrow = new EscrowPolicy({
    tracker: new NoteTracker(memoryStore(), '4242'),
    setup: parsed.value,
    acceptedChannels: [1, 2, 3],
    cabinet,
    metrics: { credits: 0, duplicateCredits: 0, rejects: 0, creditLatencyMs: [] },
    canTakeMoney: () => !conditions.active && cabinetTakesMoney(cabinet.snapshot()),
    anomaly: (reason) => conditions.raise('credit-anomaly', reason),
    emit: () => undefined,
  });
  const sent: Array<{ code: number; faults: number; credits: number }> = [];
  const master = {
    command: async (data: Uint8Array) => {
      sent.push({ code: data[0]!, faults: cabinet.faults.length, credits: cabinet.credits.length });
      return new Uint8Array(0);
    },
  };
  let initialising: boolean | null = null;
  const hooks = {
    emit: () => undefined,
    disabledReported: () => undefined,
    resetReported: () => undefined,
    initialising: (still: boolean) => void (initialising = still),
  };
  const poll = async (...body: number[]) => {
    const reply = parsePollReply(Uint8Array.from([Reply.OK, ...body]));
    if (!reply.ok) throw new Error(reply.error);
    await actOnPollEvents(master, reply.value.events, 0, escrow, conditions, hooks, reply.value.unread);
  };
  return {
    cabinet,
    sent,
    poll,
    acks: () => sent.filter((c) => c.code === Command.EVENT_ACK),
    initialising: () => initialising,
  };
}

describe('EVENT_ACK (docs/protocols/essp.md#event-ack)', () => {
  it('acknowledges every "Poll with Ack" event, once per reply', async () => {
    for (const body of [
      [Event.INITIALISING],
      [Event.FRAUD_ATTEMPT, 2],
      [Event.BARCODE_TICKET_ACK],
      [Event.NOTE_CLEARED_FROM_FRONT, 0],
    ]) {
      const r = receiver();
      await r.poll(...body);
      expect(r.acks()).toHaveLength(1);
    }
    const none = receiver();
    await none.poll(Event.DISABLED, Event.NOTE_STACKED, Event.CHANNEL_DISABLE, Event.TICKET_PRINTED);
    expect(none.acks()).toEqual([]);
  });

  it('acknowledges a fraud attempt after its tilt was raised, a credit after it was journaled', async () => {
    const r = receiver();
    await r.poll(Event.FRAUD_ATTEMPT, 2);
    expect(r.cabinet.faults).toHaveLength(1);
    expect(r.acks()[0]).toMatchObject({ faults: 1 });
    const c = receiver();
    await c.poll(Event.READ_NOTE, 2);
    await c.poll(Event.NOTE_STACKING);
    await c.poll(Event.CREDIT_NOTE, 2, Event.NOTE_STACKED);
    expect(c.acks()).toEqual([{ code: Command.EVENT_ACK, faults: 0, credits: 1 }]);
  });

  it('0xB6 holds the enable back while it is reported', async () => {
    const r = receiver();
    await r.poll(Event.SLAVE_RESET, Event.INITIALISING, Event.DISABLED);
    expect(r.initialising()).toBe(true);
    await r.poll(Event.DISABLED);
    expect(r.initialising()).toBe(false);
  });

  it('a reply with an unknown code: what came before is acted on, the code is a fault, nothing is acknowledged', async () => {
    const r = receiver();
    await r.poll(Event.READ_NOTE, 1);
    await r.poll(Event.CREDIT_NOTE, 1, 0x99, Event.CREDIT_NOTE, 2);
    expect(r.cabinet.credits.map((c) => c.channel)).toEqual([1]);
    expect(r.cabinet.faults).toEqual([
      expect.objectContaining({ deviceDetail: { code: 'acceptor-conditions', conditions: ['unknown-event'] } }),
    ]);
    expect(r.acks()).toEqual([]);
  });
});
