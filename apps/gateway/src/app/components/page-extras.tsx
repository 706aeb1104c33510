import { type ContentPageView } from '../view-types';

export function Breadcrumbs({ items }: { items: ContentPageView['breadcrumbs'] }) {
  if (items.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label="Okruszki">
      <ol>
        {items.map((item, index) =>
          item.link === '' || index === items.length - 1 ? (
            <li key={`${index}-${item.text}`} aria-current="page">
              {item.text}
            </li>
          ) : (
            <li key={`${index}-${item.text}`}>
              <a href={item.link}>{item.text}</a>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}

export function Faq({ items }: { items: ContentPageView['faq'] }) {
  if (items.length === 0) return null;
  return (
    <section className="faq" aria-labelledby="faq-title">
      <h2 id="faq-title">Najczęściej zadawane pytania</h2>
      {items.map((item) => (
        <details key={item.question} className="faq__item">
          <summary>{item.question}</summary>
          <div className="faq__answer" dangerouslySetInnerHTML={{ __html: item.answerHtml }} />
        </details>
      ))}
    </section>
  );
}
