import { renderToStaticMarkup } from 'react-dom/server';
import { COUNTRY_CODES } from '../../shared/locale';
import { errorViewFor } from './error-views';
import { GenericErrorView } from './generic-error-view';
import { MxErrorView } from './mx-error-view';

describe('error view registry', () => {
  it('gives MX its own view and every other country the generic one', () => {
    expect(errorViewFor('MX')).toBe(MxErrorView);
    for (const country of COUNTRY_CODES.filter((c) => c !== 'MX')) {
      expect(errorViewFor(country)).toBe(GenericErrorView);
    }
  });

  it('renders a loader for MX until mounted (effects never run on the server)', () => {
    const View = errorViewFor('MX');
    const html = renderToStaticMarkup(<View />);
    expect(html).toContain('role="progressbar"');
    expect(html).not.toContain('data-error-view="mx"');
  });

  it('renders the generic Polish error screen at once', () => {
    const View = errorViewFor('PL');
    const html = renderToStaticMarkup(<View />);
    expect(html).toContain('Coś poszło nie tak');
    expect(html).toContain('href="/"');
  });
});
