import { fieldTextOf } from './field-texts';

describe('fieldTextOf', () => {
  const texts = {
    email: ['Wprowadź prawidłowy adres e-mail'],
    name: ['Podaj imię', 'Usuń niewidoczne znaki'],
  } as const;

  it('keeps a service description only when it is one of the field’s own texts', () => {
    expect(fieldTextOf(texts, 'name', 'Usuń niewidoczne znaki', 'Sprawdź pole.')).toBe(
      'Usuń niewidoczne znaki',
    );
  });

  it('puts the field’s general rule in place of any other description, English above all', () => {
    expect(fieldTextOf(texts, 'email', 'must be a valid e-mail', 'Sprawdź pole.')).toBe(
      'Wprowadź prawidłowy adres e-mail',
    );
  });

  it('falls back to the form’s words for a field it has no texts for, never the description', () => {
    expect(fieldTextOf(texts, 'phone', 'is too long', 'Sprawdź pole.')).toBe('Sprawdź pole.');
    expect(fieldTextOf(texts, 'toString', 'is too long', 'Sprawdź pole.')).toBe('Sprawdź pole.');
  });
});
