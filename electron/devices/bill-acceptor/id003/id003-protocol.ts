/**
 * ID-003 codes and the parsers of the replies that carry data (docs/protocols/id003.md#statuses,
 * #commands, #currency-assignment). Every code is checked against the open hosts named on that page.
 * Parsing never throws on device input.
 */

/** Host → unit. */
export const Command = {
  STATUS_REQUEST: 0x11,
  RESET: 0x40,
  STACK_1: 0x41,
  STACK_2: 0x42,
  RETURN: 0x43,
  HOLD: 0x44,
  WAIT: 0x45,
  /** The host's acknowledgement of VEND_VALID; the unit does not answer it. */
  ACK: 0x50,
  // Setting commands: the unit echoes command and data.
  SET_DENOMINATIONS: 0xc0,
  SET_SECURITY: 0xc1,
  SET_COMMUNICATION_MODE: 0xc2,
  SET_INHIBIT: 0xc3,
  SET_DIRECTION: 0xc4,
  SET_OPTIONAL_FUNCTION: 0xc5,
  // Setting requests: the unit answers with the same code and the data.
  GET_DENOMINATIONS: 0x80,
  GET_SECURITY: 0x81,
  GET_COMMUNICATION_MODE: 0x82,
  GET_INHIBIT: 0x83,
  GET_DIRECTION: 0x84,
  GET_OPTIONAL_FUNCTION: 0x85,
  VERSION_REQUEST: 0x88,
  BOOT_VERSION_REQUEST: 0x89,
  CURRENCY_ASSIGNMENT_REQUEST: 0x8a,
} as const;

/** Unit → host, in answer to STATUS_REQUEST (and ACK / INVALID_COMMAND to operation commands). */
export const Status = {
  IDLING: 0x11,
  ACCEPTING: 0x12,
  ESCROW: 0x13,
  STACKING: 0x14,
  VEND_VALID: 0x15,
  STACKED: 0x16,
  REJECTING: 0x17,
  RETURNING: 0x18,
  HOLDING: 0x19,
  DISABLED: 0x1a,
  INITIALIZE: 0x1b,
  POWER_UP: 0x40,
  POWER_UP_BILL_IN_ACCEPTOR: 0x41,
  POWER_UP_BILL_IN_STACKER: 0x42,
  STACKER_FULL: 0x43,
  STACKER_OPEN: 0x44,
  JAM_IN_ACCEPTOR: 0x45,
  JAM_IN_STACKER: 0x46,
  PAUSE: 0x47,
  CHEATED: 0x48,
  FAILURE: 0x49,
  COMMUNICATION_ERROR: 0x4a,
  INVALID_COMMAND: 0x4b,
  ACK: 0x50,
} as const;

const STATUS_NAMES: ReadonlyMap<number, string> = new Map(
  Object.entries(Status).map(([name, code]) => [code, name.toLowerCase().replaceAll('_', ' ')]),
);

export function statusName(code: number): string {
  return STATUS_NAMES.get(code) ?? `unknown status 0x${code.toString(16).padStart(2, '0')}`;
}

/** A status a unit sends in answer to STATUS_REQUEST (not an ACK, not an echo). */
export function isStatus(code: number): boolean {
  return (
    (code >= Status.IDLING && code <= Status.INITIALIZE) || (code >= Status.POWER_UP && code <= Status.INVALID_COMMAND)
  );
}

export function isPowerUp(code: number): boolean {
  return (
    code === Status.POWER_UP || code === Status.POWER_UP_BILL_IN_ACCEPTOR || code === Status.POWER_UP_BILL_IN_STACKER
  );
}

/** Why the unit rejected a note (the data byte of REJECTING). */
export const REJECT_REASONS: ReadonlyMap<number, string> = new Map([
  [0x71, 'insertion error'],
  [0x72, 'magnetic pattern error'],
  [0x73, 'a note left in the head / other sensor'],
  [0x74, 'data amplitude (compensation) error'],
  [0x75, 'conveying (feed) error'],
  [0x76, 'denomination assessing error'],
  [0x77, 'photo pattern error'],
  [0x78, 'photo level error'],
  [0x79, 'inhibited (denomination, direction or unit inhibit)'],
  [0x7a, 'unknown reject reason 0x7a'],
  [0x7b, 'operation error'],
  [0x7c, 'a note in the stacker path at the wrong time'],
  [0x7d, 'length error'],
  [0x7e, 'colour pattern error'],
  [0x7f, 'true-bill check error'],
]);

export function rejectReason(code: number | undefined): string {
  if (code === undefined) return 'no reason given';
  return REJECT_REASONS.get(code) ?? `unknown reject reason 0x${code.toString(16).padStart(2, '0')}`;
}

/** The data byte of FAILURE. */
export const FAILURE_CODES: ReadonlyMap<number, string> = new Map([
  [0xa2, 'stacker motor failure'],
  [0xa5, 'transport motor speed failure'],
  [0xa6, 'transport motor failure'],
  [0xa7, 'aligning motor failure'],
  [0xab, 'cash box not ready'],
  [0xac, 'optical sensor failure'],
  [0xad, 'magnetic sensor failure'],
  [0xaf, 'validator head removed'],
  [0xb0, 'boot ROM failure'],
  [0xb1, 'external ROM failure'],
  [0xb2, 'ROM failure'],
  [0xb3, 'external ROM write failure'],
]);

export function failureName(code: number | undefined): string {
  if (code === undefined) return 'no failure code given';
  return FAILURE_CODES.get(code) ?? `unknown failure 0x${code.toString(16).padStart(2, '0')}`;
}

/** The first denomination code; code 0x61 + i is bit i of SET_DENOMINATIONS (1 = disabled). */
export const FIRST_DENOMINATION_CODE = 0x61;
export const LAST_DENOMINATION_CODE = 0x68;

/** JCM's one-byte country codes (the second byte of each currency assignment entry) that we know. */
export const COUNTRY_CODES: ReadonlyMap<number, string> = new Map([
  [0x01, 'USD'],
  [0x08, 'CAD'],
  [0x16, 'CHF'],
  [0x27, 'RUB'],
  [0x2d, 'CNY'],
  [0x30, 'HUF'],
  [0x51, 'KZT'],
  [0x5c, 'UAH'],
  [0x63, 'INR'],
  [0x78, 'IRR'],
  [0x7e, 'MDL'],
  [0x86, 'UZS'],
  [0xe0, 'EUR'],
]);

export interface Denomination {
  /** The escrow code the unit reports (0x61…). */
  readonly code: number;
  /** ISO 4217, or '' for a country code we do not know. */
  readonly currency: string;
  /** Face value in major units: integer × 10^exponent. */
  readonly valueMajor: number;
}

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/**
 * The CURRENCY_ASSIGNMENT_REQUEST reply data: 4 bytes per denomination — escrow code, country code, value
 * integer, value exponent (value = integer × 10^exponent). Entries with value 0 are unused slots.
 */
export function parseCurrencyAssignment(data: Uint8Array): Parsed<Denomination[]> {
  if (data.length === 0 || data.length % 4 !== 0) {
    return { ok: false, error: `a currency assignment is 4 bytes per denomination, got ${data.length} bytes` };
  }
  const out: Denomination[] = [];
  for (let at = 0; at < data.length; at += 4) {
    const [code, country, integer, exponent] = [data[at]!, data[at + 1]!, data[at + 2]!, data[at + 3]!];
    if (integer === 0) continue;
    if (exponent > 6)
      return { ok: false, error: `denomination 0x${code.toString(16)} has exponent ${exponent} (at most 6)` };
    if (out.some((d) => d.code === code))
      return { ok: false, error: `denomination 0x${code.toString(16)} is listed twice` };
    out.push({ code, currency: COUNTRY_CODES.get(country) ?? '', valueMajor: integer * 10 ** exponent });
  }
  return { ok: true, value: out };
}

/** The VERSION_REQUEST reply: printable ASCII, trimmed; anything else is replaced, never thrown on. */
export function parseVersion(data: Uint8Array): string {
  return String.fromCharCode(...data.map((b) => (b >= 0x20 && b <= 0x7e ? b : 0x3f))).trim();
}
