import { parseBrokers } from './messaging';

describe('parseBrokers', () => {
  it('splits a comma-separated list and drops blanks', () => {
    expect(parseBrokers(' kafka-0:9092, kafka-1:9092 ,,')).toEqual(['kafka-0:9092', 'kafka-1:9092']);
    expect(parseBrokers('')).toEqual([]);
  });
});
