/**
 * The venue's eSSP fixed key, kept beside the journal and never in it (docs/venue-config.md#secrets):
 * the journal file is read by auditors, copied and exported, and must never carry the key. The
 * file is `<journal>.essp-key`, mode 0600, JSON `{"fixedKeyHex": "…"}` or `{"fixedKeyHex": null}`.
 *
 * The journal decides, so a change is still atomic: inside the config transaction the next key is
 * written to `<file>.new` (fsync); after COMMIT the cabinet renames it over the file; a rollback
 * deletes it. A crash in between leaves `.new`, and the next open keeps it only when the
 * journal's stored config hash (which covers the key) says the change committed.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export interface SecretDecision {
  /** Whether the committed config is the one with this key (the journal's stored hash says so). */
  readonly committedWith: (fixedKeyHex: string | null) => boolean;
}

function parse(text: string): string | null {
  const value = (JSON.parse(text) as { fixedKeyHex?: unknown }).fixedKeyHex;
  return typeof value === 'string' && /^[0-9a-fA-F]{16}$/.test(value) ? value : null;
}

function writeDurably(file: string, body: string): void {
  const fd = openSync(file, 'w', 0o600);
  try {
    writeSync(fd, body);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Not every platform can fsync a directory; the rename is still atomic.
  }
}

export class ConfigSecretFile {
  /** null: an in-memory journal; the key is kept in memory only. */
  private readonly file: string | null;
  private memory: string | null = null;
  private staged: { key: string | null } | null = null;

  constructor(journalPath: string) {
    this.file = journalPath === ':memory:' || journalPath === '' ? null : `${journalPath}.essp-key`;
  }

  /** The key in force (as last committed), or null. An unreadable file counts as no key. */
  read(): string | null {
    if (this.file === null) return this.memory;
    try {
      return existsSync(this.file) ? parse(readFileSync(this.file, 'utf8')) : null;
    } catch {
      return null;
    }
  }

  /** Inside the config transaction: writes the next key to `<file>.new`. */
  stage(key: string | null): void {
    this.staged = { key };
    if (this.file !== null) writeDurably(`${this.file}.new`, JSON.stringify({ fixedKeyHex: key }));
  }

  /** After COMMIT: the staged key becomes the one in force. */
  promote(): void {
    const staged = this.staged;
    if (staged === null) return;
    this.staged = null;
    if (this.file === null) {
      this.memory = staged.key;
      return;
    }
    try {
      renameSync(`${this.file}.new`, this.file);
      syncDir(path.dirname(this.file));
    } catch {
      // Left as .new: the next open promotes it (the journal's hash says it committed).
    }
  }

  /** After a ROLLBACK: the staged key is dropped. */
  discard(): void {
    if (this.staged === null) return;
    this.staged = null;
    if (this.file !== null) rmSync(`${this.file}.new`, { force: true });
  }

  /** At open: finishes or drops a change a crash interrupted between COMMIT and the rename. */
  recover(decision: SecretDecision): void {
    if (this.file === null || !existsSync(`${this.file}.new`)) return;
    let key: string | null = null;
    try {
      key = parse(readFileSync(`${this.file}.new`, 'utf8'));
    } catch {
      rmSync(`${this.file}.new`, { force: true });
      return;
    }
    if (decision.committedWith(key)) {
      renameSync(`${this.file}.new`, this.file);
      syncDir(path.dirname(this.file));
    } else {
      rmSync(`${this.file}.new`, { force: true });
    }
  }
}
