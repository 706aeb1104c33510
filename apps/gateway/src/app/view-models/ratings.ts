/** Mean of ratings given as count and sum; null when there are none. */
export function average(count: number, sum: number): number | null {
  return count > 0 ? sum / count : null;
}
