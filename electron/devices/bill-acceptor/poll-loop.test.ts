import { describe, expect, it } from 'vitest';
import { EncryptionError } from './essp-crypto.ts';
import { PollLoop, MIN_POLL_SPACING_MS, pollOnce, type PollLoopOptions, type PollTimers } from './poll-loop.ts';
import { UnitRefusedError } from './unit-refusal.ts';
import { SspReplyError, SspTimeoutError } from './ssp-master.ts';
import { Command, Reply } from './ssp-protocol.ts';

/** A clock that jumps to each timer's deadline at once; records what the loop asked to wait. */
function jumpingClock() {
  let now = 0;
  const waits: number[] = [];
  let next = 0;
  const pending = new Map<number, () => void>();
  const timers: PollTimers = {
    now: () => now,
    setTimeout(callback, ms) {
      const id = ++next;
      waits.push(ms);
      pending.set(id, callback);
      setImmediate(() => {
        const fire = pending.get(id);
        if (!fire) return;
        pending.delete(id);
        now += ms;
        fire();
      });
      return id;
    },
    clearTimeout: (handle) => void pending.delete(handle as number),
  };
  return { timers, waits, advance: (ms: number) => void (now += ms) };
}

/** Runs a loop whose cycles follow `script` (a value to throw, or null for a good cycle), then stop. */
async function run(script: Array<Error | null>, extra: Partial<PollLoopOptions> = {}) {
  const clock = jumpingClock();
  const log: string[] = [];
  let cycles = 0;
  const loop = new PollLoop({
    intervalMs: 250,
    timers: clock.timers,
    isCurrent: () => cycles < script.length && !log.includes('link lost'),
    cycle: async () => {
      const step = script[cycles++];
      if (step) throw step;
    },
    rehandshake: async () => void log.push('rehandshake'),
    linkLost: (reason) => void log.push('link lost', reason),
    refused: (error) => void log.push('refused', error.kind),
    emit: (type) => void log.push(type),
    ...extra,
  });
  await loop.run();
  return { log, cycles, waits: clock.waits };
}

describe('poll loop (docs/protocols/essp.md#handshake)', () => {
  const timeout = () => new SspTimeoutError('no reply');

  it('one timeout starts a new session; the next good cycle resets the count', async () => {
    const { log, cycles } = await run([timeout(), null, timeout(), null]);
    expect(cycles).toBe(4);
    expect(log).toEqual(['timeout', 'rehandshake', 'timeout', 'rehandshake']);
  });

  it('two timeouts in a row: the link is lost and the loop ends', async () => {
    const { log, cycles } = await run([null, timeout(), timeout(), null, null]);
    expect(cycles).toBe(3);
    expect(log).toEqual(['timeout', 'rehandshake', 'timeout', 'link lost', 'the acceptor stopped answering']);
  });

  it('a bad encrypted reply or "key not set" renegotiates; any other error is logged and polling goes on', async () => {
    const { log, cycles } = await run([
      new EncryptionError('bad eCOUNT'),
      new SspReplyError(Command.POLL_WITH_ACK, Reply.KEY_NOT_SET),
      new SspReplyError(Command.HOLD, Reply.CANNOT_PROCESS),
      new Error('something else'),
      null,
    ]);
    expect(cycles).toBe(5);
    expect(log).toEqual(['encryption', 'rehandshake', 'encryption', 'rehandshake', 'error', 'error']);
  });

  it('a refused unit ends the loop without renegotiating', async () => {
    const refusal = new UnitRefusedError('no-poll-with-ack', 'no POLL_WITH_ACK');
    const { log, cycles } = await run([null, refusal, null, null]);
    expect(cycles).toBe(2);
    expect(log).toEqual(['refused', 'no-poll-with-ack']);
  });

  it('a unit that does not know POLL_WITH_ACK is refused, never polled with plain POLL', async () => {
    const sent: number[][] = [];
    const master = {
      transact: async (data: Uint8Array) => {
        sent.push(Array.from(data));
        return Uint8Array.of(Reply.UNKNOWN_COMMAND);
      },
    };
    await expect(pollOnce(master, { polls: 0 }, () => undefined)).rejects.toMatchObject({
      kind: 'no-poll-with-ack',
      message: /does not know POLL_WITH_ACK/,
    });
    expect(sent).toEqual([[Command.POLL_WITH_ACK]]);
  });

  it('an error after the loop was replaced ends it quietly', async () => {
    let current = true;
    const { log, cycles } = await run([timeout(), null], {
      isCurrent: () => current,
      cycle: async () => {
        current = false;
        throw new SspTimeoutError('no reply');
      },
    });
    expect(cycles).toBe(0);
    expect(log).toEqual([]);
  });

  it('waits out the poll interval after each cycle, and a wake never brings polls closer than 200 ms', async () => {
    const clock = jumpingClock();
    let cycles = 0;
    const loop: PollLoop = new PollLoop({
      intervalMs: 1_000,
      timers: clock.timers,
      isCurrent: () => cycles < 3,
      cycle: async () => {
        cycles++;
        clock.advance(30); // the cycle itself took 30 ms
        if (cycles === 2) setImmediate(() => loop.wake()); // an enable change while pausing
      },
      rehandshake: async () => undefined,
      linkLost: () => undefined,
      refused: () => undefined,
      emit: () => undefined,
    });
    await loop.run();
    // Cycle 1: the rest of the interval. Cycle 2: the pause is cut short by the wake, to what is left of 200 ms.
    expect(clock.waits.slice(0, 3)).toEqual([970, 970, MIN_POLL_SPACING_MS - 30]);
  });
});
