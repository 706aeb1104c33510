export interface StatusData {
  status: number;
}

interface Copy {
  title: string;
  text: string;
}

const COPY: Record<number, Copy> = {
  400: {
    title: 'Nieprawidłowy adres strony',
    text: 'Adres zawiera znaki, których nie potrafimy odczytać. Sprawdź, czy został poprawnie skopiowany.',
  },
  403: {
    title: 'Nie przyjęliśmy formularza',
    text: 'Formularz został wysłany spoza naszej strony. Otwórz stronę ponownie i wyślij go jeszcze raz.',
  },
  405: { title: 'Niedozwolona operacja', text: 'Ta strona służy tylko do wyświetlania treści.' },
  413: { title: 'Przesłane dane są zbyt duże', text: 'Skróć przesyłaną treść i spróbuj ponownie.' },
  429: { title: 'Zbyt wiele zapytań', text: 'Odczekaj chwilę i spróbuj ponownie.' },
  503: {
    title: 'Usługa chwilowo niedostępna',
    text: 'Usługa chwilowo niedostępna – nie udało się pobrać danych tej strony. Spróbuj ponownie za kilka minut.',
  },
};

const GENERIC: Copy = {
  title: 'Wystąpił błąd',
  text: 'Nie udało się wyświetlić tej strony. Spróbuj ponownie za chwilę albo wróć na stronę główną.',
};

export function statusCopy(status: number): Copy {
  return COPY[status] ?? GENERIC;
}

/** Every error answer that is not a 404: bad address, service outage, server error. */
export default function StatusPage({ data }: { data: StatusData }) {
  const copy = statusCopy(data.status);
  return (
    <section className="container status-page" role="alert">
      <h1>{copy.title}</h1>
      <p>{copy.text}</p>
      <p>
        <a className="button" href="/">
          Strona główna
        </a>
      </p>
    </section>
  );
}
