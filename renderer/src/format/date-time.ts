/** Times on the staff screens, in the screen's language: "14:05" for a lockout end, "2026-12-01 14:05:09" for a log. */
export function clockTime(iso: string, locale: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hour12: false }).format(d);
}

export { logTime } from '../../../electron/core/wording/log-time.ts';

/** Saves a text file the cabinet produced (meters CSV, config JSON, recall): a download from the touchscreen. */
export function saveText(fileName: string, text: string, type = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
