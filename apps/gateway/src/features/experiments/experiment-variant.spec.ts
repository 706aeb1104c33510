import { variantIn } from './experiment-variant';

describe('the variant a page is drawn in', () => {
  it('reads the experiment’s own flow among several, and nothing for another experiment or no flow', () => {
    expect(variantIn('0256.1-A,0300.1-B', '0300.1')).toBe('B');
    expect(variantIn('0300.1-A', '0300.1')).toBe('A');
    expect(variantIn('0300.11-B', '0300.1')).toBeUndefined();
    expect(variantIn('0256.1-B', '0300.1')).toBeUndefined();
    expect(variantIn(undefined, '0300.1')).toBeUndefined();
    expect(variantIn('', '0300.1')).toBeUndefined();
  });
});
