import { LeadForm, LeadFormDone } from '../../app/components/lead-form';
import { OperatorIdentity } from '../../app/operator';
import { useRenderContext } from '../../app/render-context';
import { islandMarker } from '../../app/island-marker';
import { type ContactPageData } from './contact-data';
import { CONTACT_FIELDS, CONTACT_PATH, CONTACT_TEXTS } from './contact-form';

/** '/kontakt/': the contact form, or the confirmation after a post sent without JavaScript. */
export default function ContactPage({ data }: { data: ContactPageData }) {
  const { formState, navigation } = useRenderContext();
  return (
    <section className="container lead-form-page">
      <h1>Kontakt</h1>
      {data.sent ? (
        <LeadFormDone>
          <p>{CONTACT_TEXTS.sent}</p>
        </LeadFormDone>
      ) : (
        <>
          <p>
            Masz pytanie o porównywane oferty, widzisz błąd albo chcesz coś nam podpowiedzieć? Napisz –
            odpowiadamy na adres e-mail podany w formularzu. Nie udzielamy pożyczek i nigdy nie prosimy o
            hasła, kody SMS ani numery kont.
          </p>
          <LeadForm
            id="kontakt"
            action={CONTACT_PATH}
            fields={CONTACT_FIELDS}
            submitLabel="Wyślij wiadomość"
            form={formState}
            island={islandMarker('lead-form')}
          />
          <p className="form-field__hint">
            Dane z formularza wykorzystujemy tylko do odpowiedzi. Zasady opisuje{' '}
            <a href="/polityka-prywatnosci/">polityka prywatności</a>.
          </p>
        </>
      )}
      {navigation.operator && (
        <section className="contact-operator" aria-labelledby="kto-prowadzi-serwis">
          <h2 id="kto-prowadzi-serwis">Kto prowadzi serwis</h2>
          <p>
            Serwis prowadzi firma wskazana poniżej. Jest administratorem danych osobowych, które nam
            powierzasz, i usługodawcą w rozumieniu ustawy o świadczeniu usług drogą elektroniczną. Zasady
            korzystania z serwisu i składania reklamacji opisują{' '}
            <a href="/zasady-korzystania-z-serwisu/">zasady korzystania z serwisu</a>.
          </p>
          <OperatorIdentity operator={navigation.operator} />
        </section>
      )}
    </section>
  );
}
