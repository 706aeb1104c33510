/** H1 and lead of a landing page: the editorial intro when there is one, else the meta description. */
export function LandingHero({ page }: { page: { h1: string; introHtml: string; description: string } }) {
  return (
    <header className="landing-hero">
      <h1>{page.h1}</h1>
      {page.introHtml !== '' ? (
        <div className="article__lead" dangerouslySetInnerHTML={{ __html: page.introHtml }} />
      ) : (
        page.description !== '' && <p className="article__lead">{page.description}</p>
      )}
    </header>
  );
}
