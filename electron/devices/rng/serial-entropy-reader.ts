/**
 * The hardware RNG driver: reads raw bytes from a serial TRNG, health-tests every byte
 * (SP 800-90B §4.4, health-tests.ts), keeps a pool of tested bytes and hands them to the DRBG
 * on demand. docs/protocols/serial-rng.md#what-the-reader-does.
 *
 * - TrueRNG-style devices stream as soon as the port is open; OneRNG needs "cmdO" first
 *   (`startCommand`), and "cmdo" stops it (`stopCommand`, sent on stop()).
 * - Start-up (SP 800-90B §4.3): after every (re)connection and after every failure, the next
 *   `startupSamples` (1024) samples must pass both tests; they are discarded, never used as entropy.
 *   Then the pool fills with `readyBytes` (512) tested bytes, and only then the status says healthy.
 * - Demand that outruns the device (pool exhausted) is a fault too, recovered the same way, so the
 *   cabinet always sees a status event that clears its tilt.
 * - A failure of either test, a stall (no byte for `stallTimeoutMs` while connected) or an unplug
 *   makes the source unhealthy at once: the pool is zeroized, getEntropy() throws
 *   RngUnavailableError, and a status event says why. The cabinet voids the round and stops play.
 * - Reconnection with exponential backoff comes from the shared LinkSupervisor.
 *
 * Over 400 lines: reading, the start-up test, the pool and recovery share one state machine per
 * connection; the health tests themselves are in health-tests.ts.
 */
import { existsSync } from 'node:fs';
import type { DeviceStatus } from '../../core/cabinet/cabinet-api.ts';
import type { DeviceDetail } from '../../core/model/device-detail.ts';
import { RngUnavailableError, type EntropySource } from '../../core/random/drbg-random-source.ts';
import { LinkSupervisor, type BackoffOptions, type LinkReport } from '../serial/link-supervisor.ts';
import type { SerialLink, SerialLinkOpener } from '../serial/serial-link.ts';
import { openSerialportLink } from '../serial/serialport-link.ts';
import {
  DEFAULT_HEALTH_CONFIG,
  HealthTests,
  STARTUP_SAMPLES,
  type HealthFailure,
  type HealthTestConfig,
} from './health-tests.ts';
import { TypedEmitter } from '../typed-emitter.ts';

export interface SerialEntropyReaderOptions {
  readonly portPath: string;
  readonly open?: SerialLinkOpener;
  /** Ignored by USB CDC-ACM devices; kept for real UARTs. */
  readonly baudRate?: number;
  /** Sent after every open, e.g. "cmdO" for a OneRNG. */
  readonly startCommand?: string | null;
  /** Sent before closing on stop(), e.g. "cmdo" for a OneRNG. */
  readonly stopCommand?: string | null;
  /** No byte for this long while connected → stalled fault (default 2000 ms). */
  readonly stallTimeoutMs?: number;
  readonly startupSamples?: number;
  /** Health-tested bytes kept ready for the DRBG (default 16 KiB; the oldest are dropped when full). */
  readonly poolBytes?: number;
  /** Tested bytes in the pool, after the start-up test, before the source reports healthy (default 512). */
  readonly readyBytes?: number;
  readonly backoff?: Partial<BackoffOptions>;
  readonly health?: HealthTestConfig;
}

/** 'startup' covers the start-up test and the first filling of the pool; 'fault' recovers the same way. */
export type ReaderPhase = 'stopped' | 'disconnected' | 'startup' | 'healthy' | 'fault';

export interface ReaderEvents extends Record<string, unknown> {
  status: DeviceStatus;
  /** Every health-test failure, with the number of samples since the last (re)start of the tests. */
  failure: HealthFailure & { readonly samplesSinceReset: number };
}

export interface ReaderCounters {
  /** Raw samples received and tested since start(). */
  readonly samples: number;
  readonly failures: number;
  /** Bytes handed to the DRBG. */
  readonly delivered: number;
  /** Health-test failures by test since start(). */
  readonly rctFailures: number;
  readonly aptFailures: number;
  /** The last health-test failure (its words and its code), or null. */
  readonly lastFailure: { readonly at: string; readonly reason: string; readonly code: DeviceDetail } | null;
  /** The tests' cutoffs (SP 800-90B §4.4) and the APT window, for the diagnostics screen. */
  readonly rctCutoff: number;
  readonly aptCutoff: number;
  readonly aptWindow: number;
}

export class SerialEntropyReader implements EntropySource {
  readonly description: string;
  readonly events = new TypedEmitter<ReaderEvents>();
  readonly #options: SerialEntropyReaderOptions;
  readonly #supervisor: LinkSupervisor;
  readonly #health: HealthTests;
  readonly #entropyPerSample: number;
  readonly #startupSamples: number;
  readonly #stallTimeoutMs: number;
  readonly #pool: Uint8Array;
  readonly #readyBytes: number;
  #startupPassed = false;
  #poolStart = 0;
  #poolCount = 0;
  #phase: ReaderPhase = 'stopped';
  #status: DeviceStatus;
  #startupCount = 0;
  #lastByteAt = 0;
  #stallTimer: NodeJS.Timeout | null = null;
  readonly #stallCheckEveryMs: number;
  #lastStallCheckAt = 0;
  #link: SerialLink | null = null;
  #unsubscribeData: (() => void) | null = null;
  #waiters = new Set<() => void>();
  #samples = 0;
  #failures = 0;
  #delivered = 0;
  #rctFailures = 0;
  #aptFailures = 0;
  #lastFailure: { at: string; reason: string; code: DeviceDetail } | null = null;

  constructor(options: SerialEntropyReaderOptions) {
    this.#options = options;
    this.description = `hardware RNG on ${options.portPath}`;
    const health = options.health ?? DEFAULT_HEALTH_CONFIG;
    this.#health = new HealthTests(health);
    this.#entropyPerSample = health.entropyBits;
    this.#startupSamples = options.startupSamples ?? STARTUP_SAMPLES;
    this.#stallTimeoutMs = options.stallTimeoutMs ?? 2000;
    this.#stallCheckEveryMs = Math.max(5, Math.floor(this.#stallTimeoutMs / 4));
    const poolBytes = options.poolBytes ?? 16384;
    if (!Number.isInteger(poolBytes) || poolBytes < 64) throw new RangeError('poolBytes must be a whole number ≥ 64');
    if (!(this.#stallTimeoutMs >= 10)) throw new RangeError('stallTimeoutMs must be at least 10 ms');
    if (!Number.isInteger(this.#startupSamples) || this.#startupSamples < 1024) {
      throw new RangeError('startupSamples must be at least 1024 (SP 800-90B §4.3)');
    }
    this.#pool = new Uint8Array(poolBytes);
    this.#readyBytes = options.readyBytes ?? 512;
    if (!Number.isInteger(this.#readyBytes) || this.#readyBytes < 64 || this.#readyBytes > poolBytes) {
      throw new RangeError('readyBytes must be a whole number from 64 to poolBytes');
    }
    this.#status = {
      device: 'rng',
      health: 'disconnected',
      detail: `${this.description}: not started`,
      detailCode: { code: 'device-not-started', port: options.portPath },
    };
    this.#supervisor = new LinkSupervisor({
      open: options.open ?? openSerialportLink,
      link: { path: options.portPath, baudRate: options.baudRate ?? 115200 },
      backoff: options.backoff ?? {},
      onConnected: (link) => this.#attach(link),
    });
    this.#supervisor.onReport((report) => {
      if (report.state === 'disconnected') this.#detach(report);
    });
  }

  get phase(): ReaderPhase {
    return this.#phase;
  }

  get counters(): ReaderCounters {
    return {
      samples: this.#samples,
      failures: this.#failures,
      delivered: this.#delivered,
      rctFailures: this.#rctFailures,
      aptFailures: this.#aptFailures,
      lastFailure: this.#lastFailure,
      rctCutoff: this.#health.rct.cutoff,
      aptCutoff: this.#health.apt.cutoff,
      aptWindow: this.#health.apt.window,
    };
  }

  /** Bytes ready for the DRBG. */
  get available(): number {
    return this.#phase === 'healthy' ? this.#poolCount : 0;
  }

  /** Device bytes needed for `bits` of entropy at the assessed H per sample. */
  bytesFor(bits: number): number {
    return Math.ceil(bits / this.#entropyPerSample);
  }

  status(): DeviceStatus {
    return this.#status;
  }

  async start(): Promise<void> {
    if (this.#phase !== 'stopped') return;
    this.#phase = 'disconnected';
    this.#lastStallCheckAt = Date.now();
    this.#stallTimer = setInterval(() => this.#checkStall(), this.#stallCheckEveryMs);
    await this.#supervisor.start();
  }

  async stop(): Promise<void> {
    if (this.#phase === 'stopped') return;
    if (this.#stallTimer) clearInterval(this.#stallTimer);
    this.#stallTimer = null;
    const link = this.#link;
    if (link && this.#options.stopCommand)
      await link.write(new TextEncoder().encode(this.#options.stopCommand)).catch(() => undefined);
    this.#unsubscribeData?.();
    this.#unsubscribeData = null;
    this.#link = null;
    this.#phase = 'stopped';
    this.#flushPool();
    await this.#supervisor.stop();
    this.#setStatus('disconnected', `${this.description}: stopped`, { code: 'device-stopped', port: this.#port });
    this.#wake();
  }

  unavailableReason(): string | null {
    if (this.#phase === 'healthy') return null;
    return this.#status.detail;
  }

  getEntropy(minEntropyBits: number): Uint8Array {
    const reason = this.unavailableReason();
    if (reason !== null) throw new RngUnavailableError(`RNG unavailable: ${reason}`);
    const need = this.bytesFor(minEntropyBits);
    if (this.#poolCount < need) {
      // Demand outran the device: unhealthy until a fresh start-up test and a refilled pool say otherwise,
      // so the cabinet's tilt is cleared by a status event like any other RNG fault.
      const reason = `entropy pool exhausted: ${this.#poolCount} tested bytes, ${need} needed (device too slow for the demand)`;
      this.#fault(reason, { code: 'rng-pool-exhausted', port: this.#port, have: this.#poolCount, need });
      throw new RngUnavailableError(`RNG unavailable: ${this.description}: ${reason}`);
    }
    // Take the newest bytes (the freshest entropy) and zeroize them in the pool.
    const out = new Uint8Array(need);
    const size = this.#pool.length;
    for (let i = 0; i < need; i++) {
      const index = (this.#poolStart + this.#poolCount - 1) % size;
      out[i] = this.#pool[index]!;
      this.#pool[index] = 0;
      this.#poolCount--;
    }
    this.#delivered += need;
    return out;
  }

  /** Resolves once healthy with at least `bytes` in the pool; rejects with RngUnavailableError on timeout. */
  whenAvailable(bytes: number, timeoutMs: number): Promise<void> {
    if (bytes > this.#pool.length)
      return Promise.reject(new RangeError(`the pool holds at most ${this.#pool.length} bytes`));
    return new Promise<void>((resolve, reject) => {
      const check = () => {
        if (this.#phase === 'healthy' && this.#poolCount >= bytes) {
          done();
          resolve();
        } else if (this.#phase === 'stopped') {
          done();
          reject(new RngUnavailableError('RNG unavailable: the reader is stopped'));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new RngUnavailableError(
            `RNG unavailable after ${timeoutMs} ms: ${this.unavailableReason() ?? 'entropy pool short'}`,
          ),
        );
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(check);
      };
      this.#waiters.add(check);
      check();
    });
  }

  /** Resolves when the health equals `health` (for tests and the report tool). */
  whenHealth(health: DeviceStatus['health'], timeoutMs: number): Promise<DeviceStatus> {
    if (this.#status.health === health) return Promise.resolve(this.#status);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(
          new Error(
            `RNG did not become ${health} within ${timeoutMs} ms (now ${this.#status.health}: ${this.#status.detail})`,
          ),
        );
      }, timeoutMs);
      const off = this.events.on('status', (status) => {
        if (status.health !== health) return;
        clearTimeout(timer);
        off();
        resolve(status);
      });
    });
  }

  async #attach(link: SerialLink): Promise<void> {
    this.#link = link;
    this.#restartTests();
    this.#phase = 'startup';
    this.#lastByteAt = Date.now();
    this.#unsubscribeData = link.onData((chunk) => this.#onData(chunk));
    this.#setStatus('connected', `${this.description}: connected, start-up test on ${this.#startupSamples} samples`, {
      code: 'rng-starting',
      port: this.#port,
      samples: this.#startupSamples,
    });
    if (this.#options.startCommand) await link.write(new TextEncoder().encode(this.#options.startCommand));
  }

  #detach(report: LinkReport & { readonly state: 'disconnected' }): void {
    const { reason, retryInMs } = report;
    if (this.#phase === 'stopped') return;
    this.#unsubscribeData?.();
    this.#unsubscribeData = null;
    this.#link = null;
    this.#phase = 'disconnected';
    this.#flushPool();
    this.#setStatus('disconnected', `${this.description}: ${reason}; retrying in ${retryInMs} ms`, {
      code: 'link-retrying',
      port: this.#port,
      cause: report.cause,
      retryInMs,
      ...(report.osCode === undefined ? {} : { osCode: report.osCode }),
    });
    this.#wake();
  }

  #onData(chunk: Uint8Array): void {
    if (this.#phase === 'stopped' || this.#phase === 'disconnected') return;
    this.#lastByteAt = Date.now();
    const size = this.#pool.length;
    for (let i = 0; i < chunk.length; i++) {
      const sample = chunk[i]!;
      this.#samples++;
      const failure = this.#health.feed(sample);
      if (failure !== null) {
        this.#failures++;
        if (failure.test === 'repetition-count') this.#rctFailures++;
        else this.#aptFailures++;
        const code = this.#failureCode(failure.test);
        this.#lastFailure = { at: new Date().toISOString(), reason: failure.reason, code };
        this.events.emit('failure', { ...failure, samplesSinceReset: this.#health.samples });
        this.#fault(failure.reason, code);
        continue;
      }
      if (this.#startupPassed) {
        // Append; when full, overwrite the oldest byte.
        const index = (this.#poolStart + this.#poolCount) % size;
        this.#pool[index] = sample;
        if (this.#poolCount < size) this.#poolCount++;
        else this.#poolStart = (this.#poolStart + 1) % size;
        if (this.#phase !== 'healthy' && this.#poolCount >= this.#readyBytes) {
          this.#phase = 'healthy';
          this.#setStatus(
            'healthy',
            `${this.description}: healthy (start-up test passed on ${this.#startupSamples} samples; continuous RCT/APT, H = ${this.#entropyPerSample} bits/byte)`,
            {
              code: 'rng-healthy',
              port: this.#port,
              samples: this.#startupSamples,
              bitsPerByte: this.#entropyPerSample,
            },
          );
        }
      } else {
        // Start-up test samples (after a connect or a failure): tested, never used as entropy.
        this.#startupCount++;
        if (this.#startupCount >= this.#startupSamples) this.#startupPassed = true;
      }
    }
    this.#wake();
  }

  #checkStall(): void {
    const now = Date.now();
    const sinceLastCheck = now - this.#lastStallCheckAt;
    this.#lastStallCheckAt = now;
    if (this.#phase === 'stopped' || this.#phase === 'disconnected') return;
    // An unplugged USB device loses its /dev node, and socat removes its link when it dies; a hung-up
    // pty does not always make `serialport` close the port (reads return 0 after a hangup), so look.
    if (this.#link && !existsSync(this.#options.portPath)) {
      this.#supervisor.linkLost(`device unplugged (${this.#options.portPath} is gone)`, 'device-unplugged');
      return;
    }
    // A check that comes late means this process could not run (a busy machine, a long journal write), and
    // timers run before pending reads: bytes the device sent meanwhile still wait unread in the port. That
    // time is no silence of the device; of the gap, only one check period counts.
    if (sinceLastCheck > 2 * this.#stallCheckEveryMs) {
      this.#lastByteAt = Math.min(now, this.#lastByteAt + sinceLastCheck - this.#stallCheckEveryMs);
    }
    const silent = now - this.#lastByteAt;
    // A OneRNG that missed "cmdO" (sent while it was still opening its end) stays silent: ask again.
    if (silent > this.#stallTimeoutMs / 2 && this.#options.startCommand && this.#link) {
      void this.#link.write(new TextEncoder().encode(this.#options.startCommand)).catch(() => undefined);
    }
    if (this.#phase === 'fault') return;
    if (silent > this.#stallTimeoutMs)
      this.#fault(`stalled: no bytes from the device for ${silent} ms (limit ${this.#stallTimeoutMs} ms)`, {
        code: 'rng-stalled',
        port: this.#port,
        silentMs: silent,
        limitMs: this.#stallTimeoutMs,
      });
  }

  #fault(reason: string, code: DeviceDetail): void {
    this.#restartTests();
    const wasFault = this.#phase === 'fault';
    this.#phase = 'fault';
    if (!wasFault || this.#status.detail !== `${this.description}: ${reason}`) {
      this.#setStatus('fault', `${this.description}: ${reason}`, code);
    }
    this.#wake();
  }

  #restartTests(): void {
    this.#health.reset();
    this.#startupCount = 0;
    this.#startupPassed = false;
    this.#flushPool();
  }

  #flushPool(): void {
    this.#pool.fill(0);
    this.#poolStart = 0;
    this.#poolCount = 0;
  }

  get #port(): string {
    return this.#options.portPath;
  }

  #failureCode(test: 'repetition-count' | 'adaptive-proportion'): DeviceDetail {
    const port = this.#port;
    if (test === 'repetition-count') return { code: 'rng-repetition-failed', port, cutoff: this.#health.rct.cutoff };
    const { cutoff, window } = this.#health.apt;
    return { code: 'rng-proportion-failed', port, cutoff, window };
  }

  #setStatus(health: DeviceStatus['health'], detail: string, detailCode: DeviceDetail): void {
    this.#status = { device: 'rng', health, detail, detailCode };
    this.events.emit('status', this.#status);
  }

  #wake(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }
}
