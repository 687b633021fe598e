// The choice of int8 vectors kept between searches (CLOCK): what is kept is found in its slot, no
// slot holds two entries, the cap holds, and an entry used since the hand last passed outlives one
// that was not. Each test runs with the entries found through an array (small indexes) and through a
// hash map (large ones: forced here with denseBytes 0).
import { describe, expect, test } from 'bun:test';
import { seededRandom } from '../../../../build-db/search/encoder/random.js';
import { DENSE_BYTES, Int8Slots as Slots } from '../../../../src/server/search/scan/int8-slots.js';

for (const [mode, denseBytes] of [
  ['array', DENSE_BYTES],
  ['hash map', 0],
] as const) {
  class Int8Slots extends Slots {
    constructor(entries: number, slots: number, vectorBytes = 0) {
      super(entries, slots, vectorBytes, { denseBytes });
    }
  }

  describe(`Int8Slots (${mode})`, () => {
    test('a placed entry is found in its slot; an entry never placed is not', () => {
      const s = new Int8Slots(10, 4, 256);
      expect(s.find(3)).toBe(-1);
      const slot = s.place(3);
      expect(slot).toBeGreaterThanOrEqual(0);
      expect(s.find(3)).toBe(slot);
      expect(s.place(3)).toBe(-1); // kept already: nothing to write
      expect(s.stats()).toEqual({ entries: 1, bytes: 256, maxBytes: 1024, hits: 1, misses: 1, evictions: 0 });
    });

    test('second chance: the entry used since the last pass stays, the others leave oldest first', () => {
      const s = new Int8Slots(10, 4);
      for (const e of [0, 1, 2, 3]) s.place(e);
      s.find(0);
      s.begin();
      s.place(4); // the hand passes 0 (clearing its bit) and takes 1's slot
      expect([0, 1, 2, 3, 4].map((e) => s.find(e) >= 0)).toEqual([true, false, true, true, true]);
      // The finds above marked 0, 2, 3 and 4 used again: the next placement clears all four bits in a
      // pass from the hand (2's slot, after 4's) round to 2's slot again, and takes it.
      s.begin();
      s.place(5);
      expect([0, 2, 3, 4, 5].map((e) => s.find(e) >= 0)).toEqual([true, false, true, true, true]);
      expect(s.stats().evictions).toBe(2);
    });

    test('a slot found since the batch began is not taken by a placement in it; the next batch may take it', () => {
      const s = new Int8Slots(10, 3);
      for (const e of [0, 1, 2]) s.place(e);
      s.begin();
      const pinned = [s.find(0), s.find(2)];
      const third = s.place(5);
      expect(pinned).not.toContain(third);
      expect([s.find(0), s.find(2)]).toEqual(pinned);
      // Every slot pinned now (5's was found): nothing more is kept in this batch.
      s.find(5);
      expect(s.place(6)).toBe(-1);
      expect(s.find(6)).toBe(-1);
      s.begin();
      expect(s.place(6)).toBeGreaterThanOrEqual(0);
    });

    test('random finds, places and batches: at most `slots` kept, each in its own slot, the last placed kept', () => {
      const random = seededRandom(11);
      for (const slots of [1, 3, 17]) {
        const s = new Int8Slots(60, slots);
        for (let op = 0; op < 3000; op++) {
          const e = Math.floor(random() * 60);
          if (op % 7 === 0) s.begin();
          if (random() < 0.5) s.find(e);
          else if (s.find(e) < 0) {
            const slot = s.place(e);
            if (slot < 0) continue; // every slot pinned by this batch
            expect(slot).toBeLessThan(slots);
            expect(s.find(e)).toBe(slot);
          }
          if (op % 100 === 0) {
            const held = Array.from({ length: 60 }, (_, x) => x)
              .map((x) => s.find(x))
              .filter((x) => x >= 0);
            expect(held.length).toBeLessThanOrEqual(slots);
            expect(new Set(held).size).toBe(held.length);
          }
        }
        expect(s.stats().entries).toBe(slots);
      }
    });

    test('no slots: nothing is kept', () => {
      const s = new Int8Slots(10, 0);
      expect(s.place(2)).toBe(-1);
      expect(s.find(2)).toBe(-1);
      expect(s.stats()).toMatchObject({ entries: 0, maxBytes: 0 });
    });
  });
}
