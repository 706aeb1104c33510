import { useEffect, useState } from 'react';

/**
 * Mexico's error screen from the shared multi-country client: a loader until the component has
 * mounted in the browser, then its own view. The copy is Spanish because only the MX deployment
 * of that layer ever shows it; the Polish product uses the generic view.
 */
export function MxErrorView() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) {
    return (
      <div className="container status-page" aria-busy="true">
        <span className="spinner" role="progressbar" aria-label="Cargando" />
      </div>
    );
  }
  return (
    <section className="container status-page" role="alert" data-error-view="mx">
      <h1>Algo salió mal</h1>
      <p>No pudimos mostrar esta página. Inténtalo de nuevo en unos momentos.</p>
      <p>
        <a className="button" href="/">
          Ir al inicio
        </a>
      </p>
    </section>
  );
}
