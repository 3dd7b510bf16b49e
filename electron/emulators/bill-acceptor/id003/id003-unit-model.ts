/**
 * An emulated JCM ID-003 unit (UBA / iVIZION class) as a pure state machine: one host frame in, at most one
 * reply out. Its behaviour follows what the open ID-003 hosts named in docs/protocols/id003.md expect of a real
 * unit, never this project's driver (nothing here imports it):
 *
 * - after power-up it reports POWER UP (0x40), or 0x41 / 0x42 when a note was in the acceptor / the stacker
 *   path, until the host sends RESET; RESET hands a note in the acceptor back and finishes one in the stacker
 *   (no VEND_VALID: the power-recovery option is off), then INITIALIZE for a few polls, then inhibited;
 * - a note goes ACCEPTING → ESCROW(code) and waits for STACK-1/2, RETURN or HOLD; STACKING → VEND_VALID, which
 *   repeats until the host's ACK (unanswered) → STACKED → idle;
 * - a denomination disabled by SET_DENOMINATIONS, or any note while the unit is inhibited, is refused;
 * - error statuses (failure, cheated, stacker open / full, jams, pause) take precedence over the note states;
 * - settings are echoed while no note is in the path, otherwise refused with INVALID COMMAND (0x4B), as are
 *   operation commands in the wrong state.
 * A file over 200 lines: the state machine is one concept and reads best whole.
 */
export interface UnitDenomination {
  readonly code: number;
  readonly country: number;
  readonly integer: number;
  readonly exponent: number;
}

/** A EUR unit: 5 … 500 on codes 0x62…0x68, code 0x61 unused. */
export const EUR_UNIT: readonly UnitDenomination[] = [
  { code: 0x61, country: 0xe0, integer: 0, exponent: 0 },
  { code: 0x62, country: 0xe0, integer: 5, exponent: 0 },
  { code: 0x63, country: 0xe0, integer: 1, exponent: 1 },
  { code: 0x64, country: 0xe0, integer: 2, exponent: 1 },
  { code: 0x65, country: 0xe0, integer: 5, exponent: 1 },
  { code: 0x66, country: 0xe0, integer: 1, exponent: 2 },
  { code: 0x67, country: 0xe0, integer: 2, exponent: 2 },
  { code: 0x68, country: 0xe0, integer: 5, exponent: 2 },
];

export interface UnitOptions {
  readonly denominations?: readonly UnitDenomination[];
  readonly version?: string;
  /** STATUS_REQUESTs answered with INITIALIZE after RESET. */
  readonly initializePolls?: number;
  /** Answer 0x8A with INVALID COMMAND (an older firmware). */
  readonly refuseCurrencyAssignment?: boolean;
  readonly log?: (line: string) => void;
}

type Stage =
  | 'power-up'
  | 'initialize'
  | 'idle'
  | 'accepting'
  | 'escrow'
  | 'holding'
  | 'stacking'
  | 'vend-valid'
  | 'stacked'
  | 'returning'
  | 'rejecting';

const IN_ACCEPTOR: ReadonlySet<Stage> = new Set<Stage>(['accepting', 'escrow', 'holding', 'returning', 'rejecting']);
const IN_STACKER: ReadonlySet<Stage> = new Set<Stage>(['stacking', 'vend-valid']);

export interface UnitReply {
  readonly cmd: number;
  readonly data?: Uint8Array;
}

export class Id003UnitModel {
  readonly denominations: readonly UnitDenomination[];
  readonly #options: UnitOptions;
  #stage: Stage = 'power-up';
  #powerUpCode = 0x40;
  #initializeLeft = 0;
  #inhibited = true;
  #disabledMask = 0;
  #settings = new Map<number, Uint8Array>();
  #note: number | null = null;
  #rejectReason = 0;
  #holdStacking = false;
  #loseAck = false;
  #failure: number | null = null;
  #cheated = false;
  #stackerOpen = false;
  #stackerFull = false;
  #jam: 'acceptor' | 'stacker' | null = null;
  #paused = false;
  /** Counters the tests read through the `status` control. */
  cashbox = 0;
  returned = 0;
  rejected = 0;
  vendValidReports = 0;
  hostAcks = 0;
  resets = 0;

  constructor(options: UnitOptions = {}) {
    this.#options = options;
    this.denominations = options.denominations ?? EUR_UNIT;
  }

  #log(line: string): void {
    this.#options.log?.(line);
  }

  /** One host frame → the reply (null: the unit does not answer, e.g. the host's ACK). */
  handle(cmd: number, data: Uint8Array): UnitReply | null {
    if (cmd === 0x11) return this.#statusReply();
    if (cmd === 0x50) {
      if (this.#stage === 'vend-valid') {
        if (this.#loseAck) {
          this.#loseAck = false;
          this.#log('host ACK lost (injected)');
        } else {
          this.hostAcks++;
          this.#stage = 'stacked';
          this.cashbox++;
        }
      }
      return null;
    }
    if (cmd === 0x40) return this.#reset();
    if (cmd >= 0x41 && cmd <= 0x45) return this.#operate(cmd);
    if (cmd >= 0xc0 && cmd <= 0xc7) return this.#setting(cmd, data);
    if (cmd >= 0x80 && cmd <= 0x8a) return this.#request(cmd);
    return { cmd: 0x4b };
  }

  #statusReply(): UnitReply {
    if (this.#stage === 'power-up') return { cmd: this.#powerUpCode };
    if (this.#stage === 'initialize') {
      if (--this.#initializeLeft <= 0) this.#stage = 'idle';
      return { cmd: 0x1b };
    }
    if (this.#failure !== null) return { cmd: 0x49, data: Uint8Array.of(this.#failure) };
    if (this.#cheated) return { cmd: 0x48 };
    if (this.#stackerOpen) return { cmd: 0x44 };
    if (this.#jam === 'acceptor') return { cmd: 0x45 };
    if (this.#jam === 'stacker') return { cmd: 0x46 };
    if (this.#stackerFull && this.#stage === 'idle') return { cmd: 0x43 };
    if (this.#paused) return { cmd: 0x47 };
    switch (this.#stage) {
      case 'idle':
        return { cmd: this.#inhibited ? 0x1a : 0x11 };
      case 'accepting':
        this.#stage = 'escrow';
        return { cmd: 0x12 };
      case 'escrow':
        return { cmd: 0x13, data: Uint8Array.of(this.#note!) };
      case 'holding':
        return { cmd: 0x19 };
      case 'stacking':
        if (!this.#holdStacking) this.#stage = 'vend-valid';
        return { cmd: 0x14 };
      case 'vend-valid':
        this.vendValidReports++;
        return { cmd: 0x15 };
      case 'stacked':
        this.#stage = 'idle';
        this.#note = null;
        return { cmd: 0x16 };
      case 'returning':
        this.#stage = 'idle';
        this.#note = null;
        this.returned++;
        return { cmd: 0x18 };
      case 'rejecting':
        this.#stage = 'idle';
        this.#note = null;
        this.rejected++;
        return { cmd: 0x17, data: Uint8Array.of(this.#rejectReason) };
    }
  }

  #reset(): UnitReply {
    this.resets++;
    if (this.#stage === 'power-up') {
      if (this.#powerUpCode === 0x41) this.returned++;
      if (this.#powerUpCode === 0x42) this.cashbox++;
    } else if (IN_ACCEPTOR.has(this.#stage)) this.returned++;
    else if (IN_STACKER.has(this.#stage)) this.cashbox++;
    this.#note = null;
    this.#stage = 'initialize';
    this.#initializeLeft = this.#options.initializePolls ?? 2;
    this.#inhibited = true;
    return { cmd: 0x50 };
  }

  #operate(cmd: number): UnitReply {
    const inEscrow = this.#stage === 'escrow' || this.#stage === 'holding';
    if (cmd === 0x45) return { cmd: inEscrow ? 0x50 : 0x4b }; // WAIT
    if (!inEscrow) return { cmd: 0x4b };
    if (cmd === 0x41 || cmd === 0x42) this.#stage = 'stacking';
    else if (cmd === 0x43) this.#stage = 'returning';
    else this.#stage = 'holding';
    return { cmd: 0x50 };
  }

  #setting(cmd: number, data: Uint8Array): UnitReply {
    if (this.#stage !== 'idle' && this.#stage !== 'initialize' && this.#stage !== 'power-up') return { cmd: 0x4b };
    if (cmd === 0xc3) this.#inhibited = (data[0] ?? 1) !== 0;
    if (cmd === 0xc0) this.#disabledMask = (data[0] ?? 0) | ((data[1] ?? 0) << 8);
    this.#settings.set(cmd, Uint8Array.from(data));
    return { cmd, data: Uint8Array.from(data) };
  }

  #request(cmd: number): UnitReply {
    if (cmd === 0x88)
      return { cmd, data: new TextEncoder().encode(this.#options.version ?? 'i(EUR)-100-SS ID003-05V271-01 13JUN24') };
    if (cmd === 0x89) return { cmd, data: new TextEncoder().encode('BOOT V1.02') };
    if (cmd === 0x8a) {
      if (this.#options.refuseCurrencyAssignment) return { cmd: 0x4b };
      return {
        cmd,
        data: Uint8Array.from(this.denominations.flatMap((d) => [d.code, d.country, d.integer, d.exponent])),
      };
    }
    const setting = this.#settings.get(cmd + 0x40);
    return setting ? { cmd, data: setting } : { cmd: 0x4b };
  }

  // ----- controls (the player, the technician, the power) -----

  /** A note of face value `value` (major units) at the slot; `{ code }` names the escrow code instead. */
  insert(note: number | { readonly code: number }): void {
    const denomination = this.denominations.find(
      (d) => d.integer > 0 && (typeof note === 'number' ? d.integer * 10 ** d.exponent === note : d.code === note.code),
    );
    if (this.#stage !== 'idle') throw new Error(`the unit is busy (${this.#stage})`);
    if (this.#inhibited) throw new Error('the unit is inhibited: the slot does not take notes');
    if (this.#failure !== null || this.#cheated || this.#stackerOpen || this.#jam || this.#stackerFull) {
      throw new Error('the unit is in an error state');
    }
    if (!denomination) return this.rejectNote(0x76);
    if (this.#disabledMask & (1 << (denomination.code - 0x61))) return this.rejectNote(0x79);
    this.#note = denomination.code;
    this.#stage = 'accepting';
  }

  /** A note the unit cannot accept, refused with `reason` (0x71…0x7F). */
  rejectNote(reason: number): void {
    if (this.#stage !== 'idle') throw new Error(`the unit is busy (${this.#stage})`);
    this.#rejectReason = reason;
    this.#stage = 'rejecting';
  }

  jam(where: 'acceptor' | 'stacker'): void {
    this.#jam = where;
  }

  /** A technician clears the jam: the note is taken out by hand. */
  clearJam(): void {
    this.#jam = null;
    if (this.#stage !== 'power-up' && this.#stage !== 'initialize') {
      this.#stage = 'idle';
      this.#note = null;
    }
  }

  setStackerOpen(open: boolean): void {
    this.#stackerOpen = open;
  }

  setStackerFull(full: boolean): void {
    this.#stackerFull = full;
    if (!full) this.cashbox = 0;
  }

  /** A cheat (string, light, fishing) detected: reported until the unit powers up again. */
  cheat(): void {
    this.#cheated = true;
  }

  fail(code: number): void {
    this.#failure = code;
  }

  pause(on: boolean): void {
    this.#paused = on;
  }

  /** Keep the note in STACKING until released (to power-cycle mid-stack). */
  holdStacking(on: boolean): void {
    this.#holdStacking = on;
  }

  /** The next host ACK of VEND_VALID never arrives. */
  loseAck(): void {
    this.#loseAck = true;
  }

  /** Power off and on: a note in the path is reported by the power-up status; settings are gone. */
  powerCycle(): void {
    this.#powerUpCode = IN_STACKER.has(this.#stage) ? 0x42 : IN_ACCEPTOR.has(this.#stage) ? 0x41 : 0x40;
    this.#stage = 'power-up';
    this.#inhibited = true;
    this.#disabledMask = 0;
    this.#settings.clear();
    this.#cheated = false;
    this.#failure = null;
    this.#holdStacking = false;
    this.#loseAck = false;
  }

  view(): Record<string, unknown> {
    return {
      stage: this.#stage,
      note: this.#note,
      inhibited: this.#inhibited,
      disabledMask: this.#disabledMask,
      cashbox: this.cashbox,
      returned: this.returned,
      rejected: this.rejected,
      vendValidReports: this.vendValidReports,
      hostAcks: this.hostAcks,
      resets: this.resets,
      conditions: {
        failure: this.#failure,
        cheated: this.#cheated,
        stackerOpen: this.#stackerOpen,
        stackerFull: this.#stackerFull,
        jam: this.#jam,
        paused: this.#paused,
      },
    };
  }
}
