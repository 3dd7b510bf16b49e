/**
 * The app://kiosk custom protocol (Electron security checklist §18: no file://).
 * registerAppScheme() must run before `ready`; serveRenderer() after it. Every response
 * carries the strict CSP as a header.
 */
import { protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import { contentSecurityPolicy, securityHeaders } from './csp.ts';
import { contentType, resolveStaticPath } from './static-files.ts';
import { APP_HOST, APP_SCHEME } from '../ipc/sender-policy.ts';

export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: false } },
  ]);
}

export function serveRenderer(rendererDir: string): void {
  const headers = securityHeaders(contentSecurityPolicy());
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST || request.method !== 'GET') return new Response('not found', { status: 404 });
    const file = resolveStaticPath(rendererDir, url.pathname);
    if (!file) return new Response('not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, { status: 200, headers: { ...headers, 'Content-Type': contentType(file) } });
    } catch {
      return new Response('not found', { status: 404, headers });
    }
  });
}
