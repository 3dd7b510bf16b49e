import { describe, expect, it } from 'vitest';
import { askPreview } from './ask-preview.ts';
import { bigRoad } from './big-road.ts';
import { parseOutcomeLetters } from './outcome-letters.ts';

const ask = (letters: string, next: 'banker' | 'player') => askPreview(bigRoad(parseOutcomeLetters(letters)), next);

describe('ask previews (docs/roads.md#ask-previews)', () => {
  it('null for every road that the next result would not yet start', () => {
    expect(ask('', 'banker')).toEqual({ bigEyeBoy: null, smallRoad: null, cockroachPig: null });
    // B B then P heads column 2: Big Eye Boy starts only at column 2 row 2.
    expect(ask('BB', 'player')).toEqual({ bigEyeBoy: null, smallRoad: null, cockroachPig: null });
  });

  it('B B P: a Player would be column 2 row 2 (p = 2, red); a Banker heads column 3 (1 vs 2, blue)', () => {
    expect(ask('BBP', 'player')).toEqual({ bigEyeBoy: 'red', smallRoad: null, cockroachPig: null });
    expect(ask('BBP', 'banker')).toEqual({ bigEyeBoy: 'blue', smallRoad: null, cockroachPig: null });
  });

  it('ties change nothing: the preview after a tie is the preview before it', () => {
    expect(ask('BBPT', 'player')).toEqual(ask('BBP', 'player'));
    expect(ask('BPBPBT', 'banker')).toEqual(ask('BPBPB', 'banker'));
  });
});
