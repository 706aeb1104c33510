import { chunkDateRange, daysInclusive, NBP_SERIES_MAX_DAYS, NBP_TABLES_MAX_DAYS } from './date-chunks';

describe('chunkDateRange', () => {
  it('splits a range into consecutive chunks within NBP’s 93-day tables limit', () => {
    const chunks = chunkDateRange('2016-01-01', '2025-04-08', NBP_TABLES_MAX_DAYS);
    expect(chunks[0]).toEqual({ from: '2016-01-01', to: '2016-04-02' });
    expect(chunks.at(-1)!.to).toBe('2025-04-08');
    for (const c of chunks) expect(daysInclusive(c.from, c.to)).toBeLessThanOrEqual(93);
    // Each chunk starts the day after the previous one ends.
    for (const [i, c] of chunks.slice(1).entries()) expect(daysInclusive(chunks[i]!.to, c.from)).toBe(2);
    expect(chunks.reduce((days, c) => days + daysInclusive(c.from, c.to), 0)).toBe(
      daysInclusive('2016-01-01', '2025-04-08'),
    );
  });

  it('keeps a short range whole, handles one day and the 367-day series limit', () => {
    expect(chunkDateRange('2025-04-01', '2025-04-08', NBP_TABLES_MAX_DAYS)).toEqual([
      { from: '2025-04-01', to: '2025-04-08' },
    ]);
    expect(chunkDateRange('2025-04-08', '2025-04-08', 1)).toEqual([{ from: '2025-04-08', to: '2025-04-08' }]);
    expect(chunkDateRange('2024-01-01', '2025-12-31', NBP_SERIES_MAX_DAYS)).toEqual([
      { from: '2024-01-01', to: '2025-01-01' },
      { from: '2025-01-02', to: '2025-12-31' },
    ]);
    expect(chunkDateRange('2025-04-09', '2025-04-08', 93)).toEqual([]);
    expect(() => chunkDateRange('2025-01-01', '2025-02-01', 0)).toThrow(RangeError);
  });
});
