import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { contentType, resolveStaticPath } from './static-files.ts';

const ROOT = '/opt/kiosk/dist-renderer';

describe('static files: nothing outside the renderer build is served (Electron checklist: no file:// privileges)', () => {
  it('maps / to index.html and assets inside the root', () => {
    expect(resolveStaticPath(ROOT, '/')).toBe(path.join(ROOT, 'index.html'));
    expect(resolveStaticPath(ROOT, '/assets/index-abc.js')).toBe(path.join(ROOT, 'assets/index-abc.js'));
  });
  it.each([
    '/../etc/passwd',
    '/assets/../../secret',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/..%2fjournal.sqlite',
    '/a\\..\\b',
    '/x%00.js',
    '/%E0%A4%A',
  ])('refuses %s', (pathname) => {
    expect(resolveStaticPath(ROOT, pathname)).toBeNull();
  });
  it('names content types', () => {
    expect(contentType('a.js')).toContain('javascript');
    expect(contentType('a.bin')).toBe('application/octet-stream');
  });
});
