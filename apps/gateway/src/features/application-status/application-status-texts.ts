/** The status page's Polish words (browser-safe: the page component shows them). */
import { type DeliveryStateKey } from './application-status-data';

/** Each delivery state in Polish. */
export const DELIVERY_STATE_TEXTS: Record<DeliveryStateKey, string> = {
  queued: 'w kolejce do wysłania',
  retrying: 'błąd – ponawiamy',
  sent: 'przekazany',
  accepted: 'przyjęty do rozpatrzenia',
  rejected: 'odrzucony',
  failed: 'nie udało się przekazać',
  withdrawn: 'wstrzymany (zgoda wycofana)',
  unknown: 'status nieznany',
};

/** The page's fixed sentences. */
export const STATUS_TEXTS = {
  matchedOnlyHeading: 'Twój wniosek dopasowaliśmy do ofert',
  declined:
    'Nie wyrażono zgody na przekazanie wniosku pożyczkodawcom, dlatego wniosek został tylko dopasowany do ofert – nie otrzymał go żaden pożyczkodawca.',
  noLenders:
    'Żaden z dopasowanych pożyczkodawców nie przyjmuje teraz wniosków przez nasz serwis, dlatego wniosek został tylko dopasowany do ofert – nie otrzymał go żaden pożyczkodawca.',
  refresh: 'Odśwież status',
  invalidHeading: 'Ten link do wniosku jest nieprawidłowy albo wygasł',
  invalid:
    'Nie możemy pokazać statusu wniosku pod tym adresem: link mógł zostać skopiowany niedokładnie albo minął czas jego ważności. Ze względów bezpieczeństwa nie podajemy, czy taki wniosek istnieje.',
  newLink: 'Poproś o nowy link do swoich danych i wniosków',
  unavailableHeading: 'Status wniosku jest chwilowo niedostępny',
  unavailable:
    'Nie udało się teraz wczytać statusu Twojego wniosku. Twój wniosek jest zapisany – spróbuj odświeżyć stronę za kilka minut.',
  offersHeading: 'Oferty dopasowane do Twojego wniosku',
  noOffers: 'Żadna z ofert nie pasuje teraz do kwoty i okresu z Twojego wniosku.',
} as const;
