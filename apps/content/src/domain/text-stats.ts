const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** Words as a reader counts them: runs of letters or digits, 'e-mail' and 'd’Artagnan' being one. */
export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

export const WORDS_PER_MINUTE = 200;

/** Reading time at 200 words a minute, rounded up, never below one minute. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
