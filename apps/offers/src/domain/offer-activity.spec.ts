import { isShownActive } from './offer-activity';

describe('isShownActive', () => {
  it('shows an active offer with a lender link as active', () => {
    expect(isShownActive({ isActive: true, lenderLink: 'https://example.com/vivus' })).toBe(true);
  });

  it('never shows an offer without a lender link as active, whatever its flag', () => {
    expect(isShownActive({ isActive: true, lenderLink: null })).toBe(false);
  });

  it('keeps an offer the feed switched off inactive even with a link', () => {
    expect(isShownActive({ isActive: false, lenderLink: 'https://example.com/vivus' })).toBe(false);
  });
});
