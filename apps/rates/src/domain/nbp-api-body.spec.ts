import { classifyNbpError, NbpFormatError, parseNbpSeriesBody, parseNbpTablesBody } from './nbp-api-body';

describe('NBP API bodies', () => {
  it('keeps NBP’s digits (JSON numbers) and trims table B names', () => {
    const [b] = parseNbpTablesBody(
      [
        {
          table: 'B',
          no: '039/B/NBP/2026',
          effectiveDate: '2026-09-30',
          rates: [{ currency: 'ariary (Madagaskar) ', code: 'MGA', mid: 0.000875 }],
        },
      ],
      'B',
    );
    expect(b!.rates).toEqual([
      { code: 'MGA', currency: 'ariary (Madagaskar)', mid: '0.000875', bid: null, ask: null },
    ]);
  });

  it('refuses a table of another type, a bad number, a missing rate and bid above ask', () => {
    const a = {
      table: 'A',
      no: '190/A/NBP/2026',
      effectiveDate: '2026-09-30',
      rates: [{ currency: 'euro', code: 'EUR', mid: 4.27 }],
    };
    expect(() => parseNbpTablesBody([a], 'B')).toThrow('is table A, expected B');
    expect(() => parseNbpTablesBody([{ ...a, no: '190/A/2026' }], 'A')).toThrow('bad table number');
    expect(() => parseNbpTablesBody([{ ...a, rates: [{ currency: 'euro', code: 'EUR' }] }], 'A')).toThrow(
      'table A needs mid',
    );
    expect(() =>
      parseNbpTablesBody(
        [
          {
            ...a,
            table: 'C',
            no: '190/C/NBP/2026',
            rates: [{ currency: 'euro', code: 'EUR', bid: 4.3, ask: 4.2 }],
          },
        ],
        'C',
      ),
    ).toThrow('bid above ask');
    expect(() => parseNbpTablesBody({ error: 1 }, 'A')).toThrow(NbpFormatError);
    expect(() =>
      parseNbpSeriesBody(
        {
          table: 'A',
          code: 'USD',
          currency: 'dolar',
          rates: [{ no: 'x', effectiveDate: '2026-01-02', mid: 1 }],
        },
        'A',
      ),
    ).toThrow('bad table number "x"');
  });

  it('tells “Brak danych” and the limits from other errors', () => {
    expect(classifyNbpError(404, '404 NotFound - Not Found - Brak danych')).toBe('no-data');
    expect(
      classifyNbpError(
        400,
        '400 BadRequest - Przekroczony limit 93 dni / Limit of 93 days has been exceeded',
      ),
    ).toBe('limit-exceeded');
    expect(classifyNbpError(400, '400 BadRequest - Błędny zakres dat')).toBe('bad-request');
    expect(classifyNbpError(401, '')).toBe('other');
  });
});
