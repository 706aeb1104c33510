/**
 * The spec's "random" values, drawn deterministically (missing stars, the `{time}` token of offer texts)
 * and the hash behind experiment assignment. A value is drawn from a 32-bit hash of its inputs
 * (FNV-1a over the UTF-16 code units, then murmur3's finaliser for avalanche), so the server
 * render, the hydrated page and every replica compute the same value without sharing state, and a
 * value changes at most once a day (the day is part of the seed).
 */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A whole number in [min, max] drawn from `seed`. */
export function seededInt(seed: string, min: number, max: number): number {
  return min + (hash32(seed) % (max - min + 1));
}

/** Missing stars: one of 4.7, 4.8, 4.9, 5.0, as a decimal string. */
export function seededStars(feedKey: string, offerId: number, day: string): string {
  const tenths = seededInt(`stars:${feedKey}:${offerId}:${day}`, 47, 50);
  return (tenths / 10).toFixed(1);
}

/** The `{time}` token: a whole number 3–10 (minutes until the money arrives, in the feeds' copy). */
export function seededTime(feedKey: string, offerId: number, day: string): number {
  return seededInt(`time:${feedKey}:${offerId}:${day}`, 3, 10);
}
