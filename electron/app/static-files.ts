/**
 * Maps a request path onto a file inside the renderer build folder, refusing anything
 * that would escape it. Shared by the app:// protocol handler and the browser test host.
 */
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * `pathname` is the URL path ("/assets/x.js", already without query). Returns the absolute
 * file path under `root`, or null if the path is malformed or leaves the root.
 * "/" maps to index.html.
 */
export function resolveStaticPath(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const absoluteRoot = path.resolve(root);
  const file = path.resolve(absoluteRoot, relative);
  if (file !== absoluteRoot && !file.startsWith(absoluteRoot + path.sep)) return null;
  return file;
}
