/** The error screen every country gets unless it registers its own. */
export function GenericErrorView() {
  return (
    <section className="container status-page" role="alert">
      <h1>Coś poszło nie tak</h1>
      <p>Nie udało się wyświetlić tej strony. Odśwież ją za chwilę albo wróć na stronę główną.</p>
      <p>
        <a className="button" href="/">
          Strona główna
        </a>
      </p>
    </section>
  );
}
