/**
 * The size limit every IPC request meets before its zod schema sees it. Electron hands main an
 * already structured-cloned value, so "before it parses" means: measure that value with a walk that
 * stops as soon as the limit is passed (a 100 MB string or a million-element array costs no more
 * than the limit to refuse), before validation walks or copies it. The measure is the length of the
 * value as JSON in UTF-8 (strings as UTF-8 bytes plus quotes), the same unit the browser host's
 * WebSocket frame limit counts in. Values JSON cannot carry (functions, bigints, cycles) count as
 * over the limit: no channel takes them. So does nesting deeper than MAX_IPC_REQUEST_DEPTH, which
 * also keeps the walk's own stack small.
 */

/**
 * The largest request any channel takes, in bytes of JSON: 1 MiB. The largest legitimate request is
 * a venue file for `tech:config:import` (at most 256 Ki characters, contract.ts), which fits even
 * when every character takes UTF-8's three bytes; everything else is a few hundred bytes.
 */
export const MAX_IPC_REQUEST_BYTES = 1024 * 1024;

/** Deeper nesting than any request has (a venue config nests four levels) counts as over the limit. */
export const MAX_IPC_REQUEST_DEPTH = 32;

/** True when `value` as JSON would be longer than `limit` bytes (or cannot be JSON at all). */
export function exceedsPayloadLimit(value: unknown, limit: number = MAX_IPC_REQUEST_BYTES): boolean {
  let total = 0;
  const seen = new Set<object>();
  const add = (bytes: number): boolean => {
    total += bytes;
    return total > limit;
  };
  const over = (v: unknown, depth: number): boolean => {
    if (v === undefined || v === null) return add(4);
    switch (typeof v) {
      case 'boolean':
        return add(5);
      case 'number':
        return add(24);
      case 'string':
        // Quotes plus the UTF-8 length, counted without copying the string.
        return add(2 + (v.length > limit ? v.length : Buffer.byteLength(v, 'utf8')));
      case 'object': {
        if (seen.has(v) || depth > MAX_IPC_REQUEST_DEPTH) return true;
        seen.add(v);
        if (ArrayBuffer.isView(v)) return add(v.byteLength * 4);
        if (Array.isArray(v)) {
          if (add(2 + v.length)) return true;
          for (const item of v) if (over(item, depth + 1)) return true;
        } else {
          for (const key of Object.keys(v)) {
            if (add(4 + Buffer.byteLength(key, 'utf8'))) return true;
            if (over((v as Record<string, unknown>)[key], depth + 1)) return true;
          }
          if (add(2)) return true;
        }
        seen.delete(v);
        return false;
      }
      default:
        return true;
    }
  };
  return over(value, 0);
}
