import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { MUST_BE_ZERO, runStadiumChaos } from './stadium-chaos.ts';

describe('the stadium fleet under chaos', () => {
  it(
    'four terminals, a table server and a 3-node cluster, each SIGKILLed at seeded random points and a result ' +
      'forged, lose and create nothing, settle each round once on the table’s signed cards and leave no bet locked',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'stadium-chaos-'));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      // Seed 29 meets every kind of kill in six: terminal, table, node, terminal, table, terminal.
      const summary = await runStadiumChaos({ terminals: 4, kills: 6, seed: 29, dir, log: () => undefined });
      expect(summary.problems).toEqual([]);
      for (const key of MUST_BE_ZERO) expect(summary[key], key).toBe(0);
      expect(summary.kills_by_kind.terminal).toBeGreaterThan(0);
      expect(summary.kills_by_kind.table).toBeGreaterThan(0);
      expect(summary.kills_by_kind.node).toBeGreaterThan(0);
      expect(summary.forged_sent).toBeGreaterThan(0);
      expect(summary.settled).toBeGreaterThan(0);
    },
    180_000,
  );
});
