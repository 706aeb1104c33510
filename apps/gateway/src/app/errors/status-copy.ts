/**
 * The Polish words of every error answer that is not a 404: the status page shows them, the
 * status page's head and JSON errors (server/http/error-handler.ts) carry its title.
 */
export interface StatusCopy {
  title: string;
  text: string;
}

const COPY: Record<number, StatusCopy> = {
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

const GENERIC: StatusCopy = {
  title: 'Wystąpił błąd',
  text: 'Nie udało się wyświetlić tej strony. Spróbuj ponownie za chwilę albo wróć na stronę główną.',
};

export function statusCopy(status: number): StatusCopy {
  return COPY[status] ?? GENERIC;
}
