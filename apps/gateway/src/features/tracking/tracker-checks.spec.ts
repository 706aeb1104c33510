import { failedCheck } from './tracker';

describe("a field's failed check (event 42, sub6)", () => {
  it('is the first failing browser check, in the ValidityState order', () => {
    expect(failedCheck({ valueMissing: true })).toBe('valueMissing');
    expect(failedCheck({ typeMismatch: true, tooLong: true })).toBe('typeMismatch');
    expect(failedCheck({ valid: true, rangeOverflow: true } as Record<string, boolean>)).toBe(
      'rangeOverflow',
    );
  });

  it("is 'customError' when the browser finds nothing wrong: a rule of the site's own refused it", () => {
    expect(failedCheck({})).toBe('customError');
    expect(failedCheck({ valueMissing: false, typeMismatch: false })).toBe('customError');
  });
});
