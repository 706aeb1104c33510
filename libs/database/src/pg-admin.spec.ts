import { quoteIdentifier, withDatabase } from './pg-admin';

describe('pg-admin helpers', () => {
  it('builds database URLs and quotes identifiers', () => {
    expect(withDatabase('postgres://u:p%40ss@h:5432/postgres?sslmode=require', 't_1')).toBe(
      'postgres://u:p%40ss@h:5432/t_1?sslmode=require',
    );
    expect(quoteIdentifier('we"ird')).toBe('"we""ird"');
  });
});
