/**
 * Numbered schema migrations of the journal. Each runs in its own transaction
 * together with its row in `migrations`, so a crash mid-migration leaves the
 * previous version intact and the next start simply runs it again.
 */
import type { Migration } from './sql-connection.ts';
import { RecordChain } from './record-chain.ts';
import { readOrCreateRecordKey } from './record-chain-key.ts';

/** Columns of the rounds table a finished round may never change again (all but its digest). */
const ROUND_FACT_COLUMNS =
  'status, demo, bets_json, stake_minor, cards_json, outcome_json, returns_json, return_minor, credits_before_minor, ' +
  'credits_after_minor, started_at, dealt_at, ended_at, void_reason, refunded_minor, profile_json, void_code, void_params_json';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'ledger, rounds, refunds, events, tilts, handpays, critical memory',
    sql: `
      -- Every money movement, append-only. delta_minor is signed: + credits the player, − debits.
      CREATE TABLE ledger (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('bill', 'stake', 'win', 'refund', 'handpay', 'demo-credit', 'ram-clear')),
        demo INTEGER NOT NULL CHECK (demo IN (0, 1)),
        delta_minor INTEGER NOT NULL,
        round_id INTEGER REFERENCES rounds(round_id),
        spot TEXT CHECK (spot IS NULL OR spot IN ('player', 'banker', 'tie')),
        -- A stacked note's event key: a repeated CREDIT_NOTE can never be credited twice.
        event_key TEXT UNIQUE,
        denomination_minor INTEGER,
        balance_after_minor INTEGER NOT NULL CHECK (balance_after_minor >= 0)
      );
      CREATE INDEX ledger_round ON ledger(round_id);
      CREATE INDEX ledger_kind ON ledger(kind, demo);
      CREATE TRIGGER ledger_append_only_u BEFORE UPDATE ON ledger BEGIN
        SELECT RAISE(ABORT, 'the ledger is append-only');
      END;
      CREATE TRIGGER ledger_append_only_d BEFORE DELETE ON ledger BEGIN
        SELECT RAISE(ABORT, 'the ledger is append-only');
      END;

      CREATE TABLE rounds (
        round_id INTEGER PRIMARY KEY,
        status TEXT NOT NULL CHECK (status IN ('locked', 'dealt', 'settled', 'voided')),
        demo INTEGER NOT NULL CHECK (demo IN (0, 1)),
        bets_json TEXT NOT NULL,
        stake_minor INTEGER NOT NULL CHECK (stake_minor > 0),
        cards_json TEXT,
        outcome_json TEXT,
        returns_json TEXT,
        return_minor INTEGER,
        credits_before_minor INTEGER NOT NULL,
        credits_after_minor INTEGER,
        started_at TEXT NOT NULL,
        dealt_at TEXT,
        ended_at TEXT,
        void_reason TEXT,
        refunded_minor INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX rounds_open ON rounds(status) WHERE status IN ('locked', 'dealt');
      -- A finished round (settled or voided) is never changed again: a settled round is never voided.
      CREATE TRIGGER rounds_final BEFORE UPDATE ON rounds WHEN OLD.status IN ('settled', 'voided') BEGIN
        SELECT RAISE(ABORT, 'a settled or voided round is final');
      END;
      CREATE TRIGGER rounds_forward BEFORE UPDATE OF status ON rounds
        WHEN NOT ((OLD.status = 'locked' AND NEW.status IN ('dealt', 'voided'))
               OR (OLD.status = 'dealt' AND NEW.status IN ('settled', 'voided'))) BEGIN
        SELECT RAISE(ABORT, 'illegal round status transition');
      END;

      -- One refund per round: the UNIQUE key makes a double refund impossible.
      CREATE TABLE refunds (
        round_id INTEGER PRIMARY KEY REFERENCES rounds(round_id),
        amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
        reason TEXT NOT NULL,
        at TEXT NOT NULL
      );

      CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        detail TEXT NOT NULL
      );

      -- Active tilts are durable: an error survives a power cycle (docs/cabinet-rules.md#door-and-tilt).
      CREATE TABLE tilts (
        kind TEXT NOT NULL,
        source TEXT NOT NULL,
        reason TEXT NOT NULL,
        cleared_by TEXT NOT NULL,
        since TEXT NOT NULL,
        PRIMARY KEY (kind, source)
      );

      CREATE TABLE handpays (
        id INTEGER PRIMARY KEY,
        amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
        at TEXT NOT NULL,
        cleared_at TEXT
      );

      -- Critical memory, two copies in two tables (two different b-tree pages), each with its SHA-256.
      CREATE TABLE critical_a (slot INTEGER PRIMARY KEY CHECK (slot = 1), body TEXT NOT NULL, sha256 TEXT NOT NULL);
      CREATE TABLE critical_b (slot INTEGER PRIMARY KEY CHECK (slot = 1), body TEXT NOT NULL, sha256 TEXT NOT NULL);

      -- Each RAM clear marks where the meters restart, so a verifier can recompute them.
      CREATE TABLE ram_clears (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        after_ledger_id INTEGER NOT NULL,
        after_round_id INTEGER NOT NULL,
        after_event_id INTEGER NOT NULL,
        credits_removed_minor INTEGER NOT NULL,
        meters_before_json TEXT
      );

      CREATE TABLE config (slot INTEGER PRIMARY KEY CHECK (slot = 1), body TEXT NOT NULL, sha256 TEXT NOT NULL);
    `,
  },
  {
    version: 2,
    name: 'staff access: PIN hashes and lockouts per role; who paid a handpay',
    sql: `
      -- One row per staff role (docs/cabinet-rules.md#operator-menu-and-key-switch). The PIN is
      -- only ever stored as a salted scrypt hash; failures and the lockout end survive a restart.
      CREATE TABLE staff_roles (
        role TEXT PRIMARY KEY CHECK (role IN ('attendant', 'technician')),
        pin_hash TEXT CHECK (pin_hash IS NULL OR pin_hash LIKE 'scrypt$%'),
        failures INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
        locked_until TEXT,
        updated_at TEXT NOT NULL
      );

      -- The staff role that paid a handpay by hand (the amount is amount_minor).
      ALTER TABLE handpays ADD COLUMN cleared_by TEXT
        CHECK (cleared_by IS NULL OR cleared_by IN ('attendant', 'technician'));
    `,
  },
  {
    version: 3,
    name: 'the rule profile kept with each round; time indexes for game recall and the event log',
    sql: `
      -- The profile a round was dealt and settled under (id, decks, Tie pays, commission), for the
      -- replay check; NULL for rounds locked before this migration (docs/cabinet-rules.md#game-recall).
      ALTER TABLE rounds ADD COLUMN profile_json TEXT;
      -- Recall by time and the event log by time stay index lookups at 100,000 rounds and beyond.
      CREATE INDEX rounds_started_at ON rounds(started_at);
      CREATE INDEX events_at ON events(at);
      CREATE INDEX events_kind ON events(kind, id);
    `,
  },
  {
    version: 4,
    name: 'venue config audit trail',
    sql: `
      -- One row per changed leaf field of the venue config, in the transaction of the change
      -- (docs/venue-config.md#audit-trail). Secrets are masked before they get here.
      CREATE TABLE config_audit (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        role TEXT NOT NULL,
        field TEXT NOT NULL,
        old_value TEXT NOT NULL,
        new_value TEXT NOT NULL,
        config_sha256 TEXT NOT NULL
      );
      CREATE TRIGGER config_audit_append_only_u BEFORE UPDATE ON config_audit BEGIN
        SELECT RAISE(ABORT, 'the config audit trail is append-only');
      END;
      CREATE TRIGGER config_audit_append_only_d BEFORE DELETE ON config_audit BEGIN
        SELECT RAISE(ABORT, 'the config audit trail is append-only');
      END;
    `,
  },
  {
    version: 5,
    name: 'coded events, tilt reasons and void reasons',
    sql: `
      -- What each row says as a code plus JSON parameters (electron/core/model/journal-message.ts), so the
      -- staff menu words it in the technician's language; the text columns keep the original words.
      -- NULL in rows written before this migration (docs/cabinet-rules.md#operator-menu-and-key-switch).
      ALTER TABLE events ADD COLUMN code TEXT;
      ALTER TABLE events ADD COLUMN params_json TEXT;
      ALTER TABLE tilts ADD COLUMN reason_code TEXT;
      ALTER TABLE tilts ADD COLUMN reason_params_json TEXT;
      ALTER TABLE rounds ADD COLUMN void_code TEXT;
      ALTER TABLE rounds ADD COLUMN void_params_json TEXT;
    `,
  },
  {
    version: 6,
    name: 'record chain: a keyed digest on every ledger, round and event row; checkpoints',
    sql: `
      -- HMAC-SHA-256 over the row's fields and the previous row's digest (electron/storage/record-chain.ts,
      -- docs/cabinet-rules.md#verified-records). Rows that existed before this migration are chained by it.
      ALTER TABLE ledger ADD COLUMN chain_digest TEXT;
      ALTER TABLE rounds ADD COLUMN chain_digest TEXT;
      ALTER TABLE events ADD COLUMN chain_digest TEXT;
      -- One row per chain: where it starts (rows up to started_after_id were chained by this migration,
      -- not as they were written), the last verified row and its digest, the RAM-clear floor; keyed.
      CREATE TABLE record_chain (
        chain TEXT PRIMARY KEY CHECK (chain IN ('ledger', 'rounds', 'events')),
        started_after_id INTEGER NOT NULL,
        started_at TEXT NOT NULL,
        verified_through_id INTEGER NOT NULL,
        verified_digest TEXT NOT NULL,
        floor_id INTEGER NOT NULL,
        mac TEXT NOT NULL
      );
      -- A RAM clear pays what the last verified ledger row says, and names that row.
      ALTER TABLE ram_clears ADD COLUMN verified_ledger_id INTEGER;
      ALTER TABLE ram_clears ADD COLUMN ledger_sum_minor INTEGER;
      -- Stamping existing rows is an UPDATE: the append-only trigger comes back right after it, and a
      -- finished round stays final in every column but its digest (which is re-stamped, never trusted).
      DROP TRIGGER ledger_append_only_u;
      DROP TRIGGER rounds_final;
      CREATE TRIGGER rounds_final BEFORE UPDATE OF ${ROUND_FACT_COLUMNS} ON rounds
        WHEN OLD.status IN ('settled', 'voided') BEGIN
        SELECT RAISE(ABORT, 'a settled or voided round is final');
      END;
    `,
    apply: (db, journalPath) => {
      new RecordChain(db, readOrCreateRecordKey(journalPath)).chainExisting(new Date().toISOString());
      db.exec(`CREATE TRIGGER ledger_append_only_u BEFORE UPDATE ON ledger BEGIN
        SELECT RAISE(ABORT, 'the ledger is append-only');
      END`);
    },
  },
  {
    version: 7,
    name: 'archive cut: where rounds and events moved to the archive file end, per chain, keyed',
    sql: `
      -- The last row of each chain moved to <journal>.archive and its digest, keyed like the checkpoints
      -- (electron/storage/journal-archive-cut.ts, docs/cabinet-rules.md#retention-and-archive): the first
      -- live row links to it, so the live chain verifies from the cut on. The ledger never moves.
      CREATE TABLE record_chain_cut (
        chain TEXT PRIMARY KEY CHECK (chain IN ('rounds', 'events')),
        archived_through_id INTEGER NOT NULL CHECK (archived_through_id > 0),
        archived_digest TEXT NOT NULL,
        archived_at TEXT NOT NULL,
        mac TEXT NOT NULL
      );
    `,
  },
  {
    version: 8,
    name: 'the roads window by index: the settled rounds of one wallet, newest first',
    sql: `
      -- The roads read the newest settled rounds of the wallet in play (electron/storage/round-store.ts,
      -- docs/roads.md#implementation-status). By the primary key alone, demo mode on a journal of real
      -- rounds walked back through every one of them; by this index the read is the window's rows only.
      CREATE INDEX rounds_road_window ON rounds(demo, status, round_id);
    `,
  },
];
