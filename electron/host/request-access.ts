/**
 * How the browser test host tells an allowed request from any other (browser-host.ts): the per-run token, from
 * the page's query or its cookie, compared in constant time, and a request target parsed without throwing.
 */
import { timingSafeEqual } from 'node:crypto';

/** The cookie that carries the token to the page's own assets. */
export const COOKIE = 'kiosk_token';

export function sameSecret(given: string | null | undefined, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function cookieToken(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) return rest.join('=');
  }
  return null;
}

/** The request target as a URL, or null when it is malformed (a bad request line must not crash the host). */
export function requestUrl(target: string | undefined, base: string): URL | null {
  try {
    return new URL(target ?? '/', base);
  } catch {
    return null;
  }
}
