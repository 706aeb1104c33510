import { useRenderContext } from '../../app/render-context';

export interface NotFoundData {
  path: string;
}

const LINKS = [
  { text: 'Strona główna', href: '/' },
  { text: 'Kredyt gotówkowy', href: '/kredyt-gotowkowy/' },
  { text: 'Darmowe pożyczki', href: '/darmowe-pozyczki/' },
  { text: 'Pożyczki bez BIK', href: '/pozyczki-bez-bik-baz-krd-erif-big/' },
  { text: 'Kalkulator walutowy', href: '/kalkulator-walutowy/' },
];

export default function NotFoundPage(_props: { data: NotFoundData }) {
  const { application } = useRenderContext().navigation;
  return (
    <section className="container status-page">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1>Nie mogliśmy znaleźć żądanej strony</h1>
      <p>
        Adres mógł się zmienić albo strona została usunięta. Złóż wniosek lub wybierz jedną z poniższych
        stron.
      </p>
      {application && (
        <p>
          <a className="button button--large" href={application.href}>
            {application.text}
          </a>
        </p>
      )}
      <nav aria-label="Przydatne strony">
        <ul className="status-page__links">
          {LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.text}</a>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
