import { rangeStart } from './history';

describe('rangeStart', () => {
  it('goes back from the end day by the spec’s ranges', () => {
    expect(rangeStart('hours48', '2025-04-08')).toBe('2025-04-06');
    expect(rangeStart('week1', '2025-04-08')).toBe('2025-04-01');
    expect(rangeStart('month1', '2025-04-08')).toBe('2025-03-08');
    expect(rangeStart('months6', '2025-04-08')).toBe('2024-10-08');
    expect(rangeStart('months12', '2025-04-08')).toBe('2024-04-08');
    expect(rangeStart('years5', '2025-04-08')).toBe('2020-04-08');
  });

  it('clamps to the end of a shorter month', () => {
    expect(rangeStart('month1', '2025-03-31')).toBe('2025-02-28');
    expect(rangeStart('months12', '2024-02-29')).toBe('2023-02-28');
    expect(rangeStart('month1', '2025-01-15')).toBe('2024-12-15');
  });
});
