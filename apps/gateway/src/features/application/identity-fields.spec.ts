import { IDENTITY_ORDER, shownIdentityFields } from './identity-fields';

describe('the identity fields step 3 shows', () => {
  it('shows the asked ones in form order', () => {
    expect(shownIdentityFields({ asked: ['bankAccount', 'pesel'] }, {})).toEqual(['pesel', 'bankAccount']);
    expect(shownIdentityFields({ asked: [...IDENTITY_ORDER] }, {})).toEqual([
      'pesel',
      'idCard',
      'bankAccount',
    ]);
    expect(shownIdentityFields({ asked: [] }, {})).toEqual([]);
  });

  it('also shows a field the server refused, so its message is never hidden', () => {
    expect(shownIdentityFields({ asked: ['pesel'] }, { id_card: 'Wprowadź numer dowodu' })).toEqual([
      'pesel',
      'idCard',
    ]);
  });
});
