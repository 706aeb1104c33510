import { useRenderContext } from '../render-context';

/** The call to action of the loan journey: start the application (nothing while its page does not exist). */
export function ApplyCta({
  title = 'Znajdź pożyczkę w kilka minut',
  text,
}: {
  title?: string;
  text?: string;
}) {
  const { application } = useRenderContext().navigation;
  if (!application) return null;
  return (
    <aside className="cta" aria-label="Złóż wniosek">
      <p className="cta__title">{title}</p>
      <p className="cta__text">
        {text ??
          'Wypełnij jeden wniosek, a pokażemy oferty dopasowane do Twoich potrzeb. Porównanie jest bezpłatne i do niczego nie zobowiązuje.'}
      </p>
      <a className="button button--large" href={application.href}>
        {application.text}
      </a>
    </aside>
  );
}
