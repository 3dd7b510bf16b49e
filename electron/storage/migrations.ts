/**
 * The journal's schema and its migrations. No journal has been released, so the schema is one migration
 * (version 1) with the final columns: every reason, event and void is a code plus JSON parameters
 * (electron/core/model/journal-message.ts), never a sentence to be parsed back
 * (docs/cabinet-rules.md#operator-menu-and-key-switch). A later change is a new numbered migration: each runs
 * in its own transaction together with its row in `migrations`, so a crash mid-migration leaves the previous
 * version intact and the next start simply runs it again.
 */
import type { Migration } from './sql-connection.ts';
import { RecordChain } from './record-chain.ts';
import { readOrCreateRecordKey } from './record-chain-key.ts';
import { newTerminalId } from './stadium-round-store.ts';

/** Columns of the rounds table a finished round may never change again (all but its digest). */
const ROUND_FACT_COLUMNS =
  'status, demo, bets_json, stake_minor, cards_json, outcome_json, returns_json, return_minor, credits_before_minor, ' +
  'credits_after_minor, started_at, dealt_at, ended_at, refunded_minor, profile_json, void_code, void_params_json';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'ledger, rounds, refunds, events, tilts, handpays, critical memory, staff, config audit, record chain, stadium rounds',
    sql: `
      -- Every money movement, append-only. delta_minor is signed: + credits the player, − debits.
      CREATE TABLE ledger (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('bill', 'stake', 'win', 'refund', 'handpay', 'demo-credit', 'ram-clear')),
        demo INTEGER NOT NULL CHECK (demo IN (0, 1)),
        delta_minor INTEGER NOT NULL,
        round_id INTEGER REFERENCES rounds(round_id),
        -- A main spot or a side bet (electron/core/engine/bet-spot.ts).
        spot TEXT CHECK (spot IS NULL OR spot IN ('player', 'banker', 'tie', 'player-pair', 'banker-pair', 'either-pair',
          'perfect-pair', 'dragon-bonus-player', 'dragon-bonus-banker', 'lucky-6', 'dragon-7', 'panda-8')),
        -- A stacked note's event key: a repeated CREDIT_NOTE can never be credited twice.
        event_key TEXT UNIQUE,
        denomination_minor INTEGER,
        balance_after_minor INTEGER NOT NULL CHECK (balance_after_minor >= 0),
        -- HMAC-SHA-256 over the row's fields and the previous row's digest (electron/storage/record-chain.ts,
        -- docs/cabinet-rules.md#verified-records); the same on rounds and events.
        chain_digest TEXT
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
        refunded_minor INTEGER NOT NULL DEFAULT 0,
        -- The profile a round was dealt and settled under (id, decks, Tie pays, commission), for the replay
        -- check (docs/cabinet-rules.md#game-recall).
        profile_json TEXT,
        -- Why a voided round was voided: a VoidReason code and its parameters; NULL until it is voided.
        void_code TEXT,
        void_params_json TEXT,
        chain_digest TEXT,
        CHECK ((status = 'voided') = (void_code IS NOT NULL))
      );
      CREATE INDEX rounds_open ON rounds(status) WHERE status IN ('locked', 'dealt');
      -- Recall by time and the event log by time stay index lookups at 100,000 rounds and beyond.
      CREATE INDEX rounds_started_at ON rounds(started_at);
      -- The roads read the newest settled rounds of the wallet in play (electron/storage/round-store.ts,
      -- docs/roads.md#implementation-status): by this index the read is the window's rows only.
      CREATE INDEX rounds_road_window ON rounds(demo, status, round_id);
      -- A finished round (settled or voided) is never changed again in any column but its digest.
      CREATE TRIGGER rounds_final BEFORE UPDATE OF ${ROUND_FACT_COLUMNS} ON rounds
        WHEN OLD.status IN ('settled', 'voided') BEGIN
        SELECT RAISE(ABORT, 'a settled or voided round is final');
      END;
      CREATE TRIGGER rounds_forward BEFORE UPDATE OF status ON rounds
        WHEN NOT ((OLD.status = 'locked' AND NEW.status IN ('dealt', 'voided'))
               OR (OLD.status = 'dealt' AND NEW.status IN ('settled', 'voided'))) BEGIN
        SELECT RAISE(ABORT, 'illegal round status transition');
      END;

      -- One refund per round: the UNIQUE key makes a double refund impossible. Why is the round's void code.
      CREATE TABLE refunds (
        round_id INTEGER PRIMARY KEY REFERENCES rounds(round_id),
        amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
        at TEXT NOT NULL
      );

      -- What happened, as an EventMessage code and its parameters only: screens and exports word the code.
      CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        kind TEXT NOT NULL,
        code TEXT NOT NULL,
        params_json TEXT NOT NULL,
        chain_digest TEXT
      );
      CREATE INDEX events_at ON events(at);
      CREATE INDEX events_kind ON events(kind, id);

      -- Active tilts are durable: an error survives a power cycle (docs/cabinet-rules.md#door-and-tilt).
      -- The reason is a TiltReason code and its parameters.
      CREATE TABLE tilts (
        kind TEXT NOT NULL,
        source TEXT NOT NULL,
        reason_code TEXT NOT NULL,
        reason_params_json TEXT NOT NULL,
        cleared_by TEXT NOT NULL,
        since TEXT NOT NULL,
        PRIMARY KEY (kind, source)
      );

      CREATE TABLE handpays (
        id INTEGER PRIMARY KEY,
        amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
        at TEXT NOT NULL,
        cleared_at TEXT,
        -- The staff role that paid it by hand.
        cleared_by TEXT CHECK (cleared_by IS NULL OR cleared_by IN ('attendant', 'technician'))
      );

      -- Critical memory, two copies in two tables (two different b-tree pages), each with its SHA-256.
      CREATE TABLE critical_a (slot INTEGER PRIMARY KEY CHECK (slot = 1), body TEXT NOT NULL, sha256 TEXT NOT NULL);
      CREATE TABLE critical_b (slot INTEGER PRIMARY KEY CHECK (slot = 1), body TEXT NOT NULL, sha256 TEXT NOT NULL);

      -- Each RAM clear marks where the meters restart, so a verifier can recompute them; it pays what the last
      -- verified ledger row says, and names that row.
      CREATE TABLE ram_clears (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        after_ledger_id INTEGER NOT NULL,
        after_round_id INTEGER NOT NULL,
        after_event_id INTEGER NOT NULL,
        credits_removed_minor INTEGER NOT NULL,
        meters_before_json TEXT,
        verified_ledger_id INTEGER,
        ledger_sum_minor INTEGER
      );

      CREATE TABLE config (slot INTEGER PRIMARY KEY CHECK (slot = 1), body TEXT NOT NULL, sha256 TEXT NOT NULL);

      -- One row per staff role (docs/cabinet-rules.md#operator-menu-and-key-switch). The PIN is
      -- only ever stored as a salted scrypt hash; failures and the lockout end survive a restart.
      CREATE TABLE staff_roles (
        role TEXT PRIMARY KEY CHECK (role IN ('attendant', 'technician')),
        pin_hash TEXT CHECK (pin_hash IS NULL OR pin_hash LIKE 'scrypt$%'),
        failures INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
        locked_until TEXT,
        updated_at TEXT NOT NULL
      );

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

      -- One row per chain: where it starts, the last verified row and its digest, the RAM-clear floor; keyed.
      CREATE TABLE record_chain (
        chain TEXT PRIMARY KEY CHECK (chain IN ('ledger', 'rounds', 'events')),
        started_after_id INTEGER NOT NULL,
        started_at TEXT NOT NULL,
        verified_through_id INTEGER NOT NULL,
        verified_digest TEXT NOT NULL,
        floor_id INTEGER NOT NULL,
        mac TEXT NOT NULL
      );
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

      -- A stadium terminal's rounds (docs/stadium.md#the-terminals-journal): one row per table round, written in
      -- the commit of the money it explains (the lock, the settle, the refund). round_id is the terminal's own
      -- round when bets were locked; stream_kind marks what the table's stream said (the gap and replay
      -- baseline); reported_at is the outbox of settled bets the link publishes.
      CREATE TABLE stadium_rounds (
        table_id TEXT NOT NULL,
        table_round INTEGER NOT NULL CHECK (table_round >= 1),
        round_id INTEGER UNIQUE REFERENCES rounds(round_id),
        sit_out TEXT,
        conclusion TEXT CHECK (conclusion IS NULL OR conclusion IN ('result', 'void', 'timeout', 'fault')),
        -- What the table's stream said of the round, once: its result (with the cards), its void, or a doubtful message.
        stream_kind TEXT CHECK (stream_kind IS NULL OR stream_kind IN ('result', 'void', 'doubtful')),
        cards_json TEXT,
        closed_at TEXT,
        concluded_at TEXT,
        reported_at TEXT,
        PRIMARY KEY (table_id, table_round),
        CHECK (round_id IS NULL OR sit_out IS NULL),
        CHECK ((conclusion IS NULL) = (concluded_at IS NULL)),
        CHECK (conclusion IS NOT 'result' OR (stream_kind = 'result' AND cards_json IS NOT NULL))
      );
      CREATE INDEX stadium_rounds_outbox ON stadium_rounds(concluded_at)
        WHERE reported_at IS NULL AND round_id IS NOT NULL AND conclusion IS NOT NULL;
      -- Concluded once, heard from the stream once: neither ever changes again; reported once; never deleted.
      CREATE TRIGGER stadium_rounds_final BEFORE UPDATE OF conclusion, round_id, sit_out, table_id, table_round
        ON stadium_rounds WHEN OLD.conclusion IS NOT NULL BEGIN
        SELECT RAISE(ABORT, 'a concluded stadium round is final');
      END;
      CREATE TRIGGER stadium_rounds_stream_once BEFORE UPDATE OF stream_kind, cards_json ON stadium_rounds
        WHEN OLD.stream_kind IS NOT NULL
          AND (NEW.stream_kind IS NOT OLD.stream_kind OR NEW.cards_json IS NOT OLD.cards_json) BEGIN
        SELECT RAISE(ABORT, 'the stream concludes a stadium round once');
      END;
      CREATE TRIGGER stadium_rounds_reported_once BEFORE UPDATE OF reported_at ON stadium_rounds
        WHEN OLD.reported_at IS NOT NULL OR OLD.conclusion IS NULL BEGIN
        SELECT RAISE(ABORT, 'a stadium round is reported once, after its conclusion');
      END;
      CREATE TRIGGER stadium_rounds_kept BEFORE DELETE ON stadium_rounds BEGIN
        SELECT RAISE(ABORT, 'stadium rounds are never deleted');
      END;

      -- This terminal's id, random, created with the journal: its durable consumer's name and its presence.
      CREATE TABLE stadium_terminal (
        slot INTEGER PRIMARY KEY CHECK (slot = 1),
        terminal_id TEXT NOT NULL CHECK (length(terminal_id) BETWEEN 1 AND 32)
      );
    `,
    // The chains start empty: one keyed checkpoint per chain, under the journal's record key.
    apply: (db, journalPath) => {
      new RecordChain(db, readOrCreateRecordKey(journalPath)).chainExisting(new Date().toISOString());
      db.run('INSERT INTO stadium_terminal (slot, terminal_id) VALUES (1, ?)', newTerminalId());
    },
  },
];
