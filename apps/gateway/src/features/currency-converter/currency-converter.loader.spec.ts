import { status as GrpcStatus } from '@grpc/grpc-js';
import { deepFreeze } from '@lib/cache';
import { GrpcCallError, ratesV1 } from '@lib/contracts';
import { type LoadContext } from '../../app/route-types';
import { loadContextOver } from '../../../test/support/load-context';
import { loadPair, type PairParams } from './currency-converter.loader';

const eurPln = (mid: string): ratesV1.CurrencyPair => ({
  from: 'eur',
  to: 'pln',
  fromLp: '',
  toLp: '',
  fromName: null,
  toName: null,
  title: 'Kurs euro do złotego',
  description: '',
  mid,
  bid: '',
  ask: '',
  effectiveDate: '2026-11-27',
  tableNo: '230/A/NBP/2026',
  min: '4.2010',
  max: mid,
  cTableNo: '',
  cEffectiveDate: '',
  embedded: false,
  history: {
    code: 'EUR',
    table: ratesV1.TableType.A,
    from: '2026-11-26',
    to: '2026-11-27',
    points: [
      { effectiveDate: '2026-11-26', tableNo: '229/A/NBP/2026', mid: '4.2010', bid: '', ask: '' },
      { effectiveDate: '2026-11-27', tableNo: '230/A/NBP/2026', mid, bid: '', ask: '' },
    ],
    min: '4.2010',
    max: mid,
    change: '0.0100',
    changePercent: '0.24',
    quote: 'PLN',
  },
  historyUnavailable: false,
});

/** A context whose rates service answers GetCurrencyPair with whatever `pair` holds at the time, and has no table C. */
function contextAnswering(
  pair: { current: ratesV1.CurrencyPair },
  range: PairParams['range'],
): LoadContext<PairParams> {
  const services = {
    rates: {
      getCurrencyPair: () => Promise.resolve(pair.current),
      getLatestTable: () =>
        Promise.reject(
          new GrpcCallError({ code: GrpcStatus.NOT_FOUND, method: 'GetLatestTable', details: 'none' }),
        ),
    },
  };
  return loadContextOver(services, { from: 'eur', to: 'pln', range }, '/kalkulator-walutowy/eur-pln/');
}

describe('loadPair', () => {
  it('builds the view of a shared answer once, and anew for a changed answer', async () => {
    const pair = { current: deepFreeze(eurPln('4.2110')) };
    const first = await loadPair(contextAnswering(pair, '1-miesiac'));
    const second = await loadPair(contextAnswering(pair, '1-tydzien'));
    expect(second.history).toBe(first.history);
    expect(second.form).toBe(first.form);
    // What is not part of the answer is the request's own.
    expect([first.range, second.range]).toEqual(['1-miesiac', '1-tydzien']);
    expect(second.tableC).toBe(false);

    pair.current = deepFreeze(eurPln('4.2500'));
    const changed = await loadPair(contextAnswering(pair, '1-miesiac'));
    expect(changed.history).not.toBe(first.history);
    expect(changed.mid).toBe('4.2500');
    expect(changed.history.status === 'ok' && changed.history.value.data.series[0]?.values).toEqual([
      '4.2010',
      '4.2500',
    ]);
  });

  it('builds the view per answer object: another answer, equal or not, is viewed anew', async () => {
    const pair = { current: eurPln('4.2110') };
    const first = await loadPair(contextAnswering(pair, '1-miesiac'));
    pair.current = eurPln('4.2110');
    const second = await loadPair(contextAnswering(pair, '1-miesiac'));
    expect(second.history).not.toBe(first.history);
    expect(second).toEqual(first);
    expect(first.from).toBe('EUR');
    expect(first.reversePath).toBe('/kalkulator-walutowy/pln-eur/');
  });
});
