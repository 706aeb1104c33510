import { LeadForm, LeadFormDone } from '../../app/components/lead-form';
import { useRenderContext } from '../../app/render-context';
import { islandMarker } from '../../app/island-marker';
import { type PartnersPageData } from './partners-data';
import { PARTNER_FIELDS, PARTNERS_PATH, PARTNERS_TEXTS } from './partners-form';

/** '/wspolpraca/': what the partner programme offers and the enquiry form (or its confirmation). */
export default function PartnersPage({ data }: { data: PartnersPageData }) {
  const { formState } = useRenderContext();
  return (
    <section className="container lead-form-page">
      <h1>Program partnerski</h1>
      {data.sent ? (
        <LeadFormDone>
          <p>{PARTNERS_TEXTS.sent}</p>
        </LeadFormDone>
      ) : (
        <>
          <p>
            Prowadzisz serwis, blog, profil w mediach społecznościowych albo newsletter o finansach
            osobistych? Polecaj porównanie pożyczek i kredytów swoim odbiorcom: płacimy prowizję za każdy
            skuteczny wniosek, rozliczamy się co miesiąc i udostępniamy raporty oraz materiały promocyjne.
          </p>
          <p>
            Nie współpracujemy z ruchem motywowanym, spamem ani reklamą wprowadzającą w błąd. Opisz, skąd
            pochodzą Twoi odbiorcy – odpowiemy z propozycją warunków.
          </p>
          <LeadForm
            id="wspolpraca"
            action={PARTNERS_PATH}
            fields={PARTNER_FIELDS}
            submitLabel="Wyślij zgłoszenie"
            form={formState}
            island={islandMarker('lead-form')}
          />
        </>
      )}
    </section>
  );
}
