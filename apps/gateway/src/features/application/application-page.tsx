import { type ReactNode } from 'react';
import { useRenderContext } from '../../app/render-context';
import { islandMarker } from '../../app/island-marker';
import { formatMoneyWhole } from '../../shared/format';
import { CSRF_FIELD } from '../../kit/csrf/csrf-field';
import { FieldError, FormField, fieldControl } from '../../app/components/form-field';
import { ADULT_APPLICANTS, type IdentityField, wholeZlotyText } from '@lib/pl-validation';
import { type ApplicationPageData, type DeliveryPreviewView } from './application-data';
import {
  DELIVERY_TEXTS,
  ID_CARD_ONLY,
  IDENTITY_REASONS,
  PRIVACY_POLICY_PATH,
  STEP_TITLES,
  applicantAgesHint,
} from './application-texts';
import { FraudWarning } from './fraud-warning';
import { shownIdentityFields } from './identity-fields';
import {
  FORM_FIELDS,
  HIDDEN_FIELDS,
  type JourneyStep,
  consentField,
  consentVersionField,
} from './journey-fields';

const STEPS: readonly JourneyStep[] = ['loan', 'contact', 'personal'];

const inputId = (name: string) => `wniosek-${name}`;

interface TextFieldProps {
  name: string;
  label: string;
  data: ApplicationPageData;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  autoComplete?: string;
  maxLength: number;
  hint?: string;
  /** Why the field is asked (step 3's identity fields), shown before the hint. */
  reason?: string;
  mask?: string;
  /** Data attributes of the input ('data-age-min' …) its live check reads. */
  dataset?: Record<`data-${string}`, string>;
}

function TextField({
  name,
  label,
  data,
  type = 'text',
  inputMode,
  autoComplete,
  maxLength,
  hint,
  reason,
  mask,
  dataset,
}: TextFieldProps) {
  const described =
    reason !== undefined ? (
      <>
        <span className="application-form__why" data-why={name}>
          {reason}
        </span>
        {hint ? ` ${hint}` : ''}
      </>
    ) : (
      hint
    );
  return (
    <FormField
      id={inputId(name)}
      name={name}
      label={label}
      {...(described ? { hint: described } : {})}
      error={data.errors[name]}
    >
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          required
          maxLength={maxLength}
          defaultValue={data.values[name] ?? ''}
          {...(inputMode ? { inputMode } : {})}
          {...(autoComplete ? { autoComplete } : {})}
          {...(mask ? { 'data-mask': mask } : {})}
          {...dataset}
          data-field={name}
        />
      )}
    </FormField>
  );
}

function SelectField({
  name,
  label,
  data,
  options,
}: {
  name: string;
  label: string;
  data: ApplicationPageData;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <FormField id={inputId(name)} name={name} label={label} error={data.errors[name]}>
      {(control) => (
        <select {...control} name={name} required defaultValue={data.values[name] ?? ''} data-field={name}>
          <option value="">Wybierz…</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A whole number, within the catalogue's range when it is known (amount in złoty, period in days). */
function NumberField({
  name,
  label,
  data,
  range,
}: {
  name: string;
  label: string;
  data: ApplicationPageData;
  range: { min: number; max: number } | null;
}) {
  return (
    <FormField id={inputId(name)} name={name} label={label} error={data.errors[name]}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="number"
          {...(range ? { min: range.min, max: range.max } : { min: 1 })}
          step={1}
          required
          inputMode="numeric"
          defaultValue={data.values[name] ?? ''}
          data-field={name}
        />
      )}
    </FormField>
  );
}

function LoanStep({ data }: { data: ApplicationPageData }) {
  const { limits } = data.options;
  return (
    <>
      <NumberField
        name={FORM_FIELDS.amount}
        label={
          limits
            ? `Kwota pożyczki w zł (od ${wholeZlotyText(limits.amount.minZl)} do ${wholeZlotyText(limits.amount.maxZl)})`
            : 'Kwota pożyczki w zł'
        }
        data={data}
        range={limits ? { min: limits.amount.minZl, max: limits.amount.maxZl } : null}
      />
      <NumberField
        name={FORM_FIELDS.periodDays}
        label={
          limits
            ? `Okres spłaty w dniach (od ${limits.periodDays.min} do ${limits.periodDays.max})`
            : 'Okres spłaty w dniach'
        }
        data={data}
        range={limits ? { min: limits.periodDays.min, max: limits.periodDays.max } : null}
      />
      <SelectField
        name={FORM_FIELDS.purpose}
        label="Na co przeznaczysz pieniądze?"
        data={data}
        options={data.options.purposes}
      />
    </>
  );
}

function ContactStep({ data }: { data: ApplicationPageData }) {
  const names = (
    <>
      <TextField
        name={FORM_FIELDS.firstName}
        label="Imię"
        data={data}
        autoComplete="given-name"
        maxLength={50}
      />
      <TextField
        name={FORM_FIELDS.lastName}
        label="Nazwisko"
        data={data}
        autoComplete="family-name"
        maxLength={60}
      />
    </>
  );
  const reach = (
    <>
      <TextField
        name={FORM_FIELDS.email}
        label="Adres e-mail"
        data={data}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={254}
      />
      <TextField
        name={FORM_FIELDS.phone}
        label="Numer telefonu komórkowego"
        data={data}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={32}
        hint="Polski numer komórkowy, np. 600 100 200 lub +48 600 100 200."
        mask="phone"
      />
    </>
  );
  // Registration form version 2 asks how to reach the visitor first, then the names.
  return data.formVersion === 2 ? (
    <>
      {reach}
      {names}
    </>
  ) : (
    <>
      {names}
      {reach}
    </>
  );
}

/** The identity fields step 3 may ask, in form order, with what each one is. */
const IDENTITY_INPUTS: Record<
  IdentityField,
  Omit<TextFieldProps, 'data' | 'reason'> & { name: (typeof FORM_FIELDS)[IdentityField] }
> = {
  pesel: {
    name: FORM_FIELDS.pesel,
    label: 'PESEL',
    inputMode: 'numeric',
    autoComplete: 'off',
    maxLength: 11,
    mask: 'pesel',
  },
  idCard: {
    name: FORM_FIELDS.idCard,
    label: 'Seria i numer dowodu osobistego',
    autoComplete: 'off',
    maxLength: 16,
    hint: `3 litery i 6 cyfr, np. ABA 300000. ${ID_CARD_ONLY}`,
    mask: 'id-card',
  },
  bankAccount: {
    name: FORM_FIELDS.bankAccount,
    label: 'Numer konta bankowego',
    inputMode: 'numeric',
    autoComplete: 'off',
    maxLength: 40,
    hint: '26 cyfr konta w polskim banku.',
    mask: 'bank-account',
  },
};
/** Who the delivery consent names: the preview's lenders, listed right above its checkbox. */
function DeliveryLenders({ lenders }: { lenders: string[] }) {
  return (
    <div className="delivery-lenders" data-delivery-lenders="">
      <p className="delivery-lenders__intro">{DELIVERY_TEXTS.lendersIntro}</p>
      <ul className="delivery-lenders__list">
        {lenders.map((name) => (
          <li key={name} data-lender="">
            {name}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The privacy information: who administers the data and the policy, linked (it is no consent). */
function PrivacyInformation() {
  const { operator } = useRenderContext().navigation;
  return (
    <p className="form-field__hint application-form__privacy" data-privacy-information="">
      {`${DELIVERY_TEXTS.privacyLead} ${operator ? operator.name : DELIVERY_TEXTS.privacyFallbackOperator}. ${DELIVERY_TEXTS.privacyPolicyLead} `}
      <a href={PRIVACY_POLICY_PATH}>{DELIVERY_TEXTS.privacyPolicyLink}</a>.
    </p>
  );
}

function PersonalStep({ data }: { data: ApplicationPageData }) {
  const delivery: DeliveryPreviewView = data.delivery ?? {
    known: false,
    lenders: [],
    asked: [],
    ages: ADULT_APPLICANTS,
  };
  const reasons =
    delivery.known && delivery.lenders.length > 0 ? IDENTITY_REASONS.listed : IDENTITY_REASONS.general;
  const offersDelivery = delivery.known && delivery.lenders.length > 0;
  return (
    <>
      {!delivery.known && (
        <p className="notice application-form__notice" data-delivery-unknown="">
          {DELIVERY_TEXTS.previewUnavailable}
        </p>
      )}
      {shownIdentityFields(delivery, data.errors).map((field) =>
        field === 'pesel' ? (
          // The ages the lenders take: said under the field, and read by its live check.
          <TextField
            key={field}
            {...IDENTITY_INPUTS[field]}
            reason={reasons[field]}
            hint={applicantAgesHint(delivery.ages)}
            dataset={{
              'data-age-min': String(delivery.ages.min),
              'data-age-max': delivery.ages.max === null ? '' : String(delivery.ages.max),
            }}
            data={data}
          />
        ) : (
          <TextField key={field} {...IDENTITY_INPUTS[field]} reason={reasons[field]} data={data} />
        ),
      )}
      <SelectField
        name={FORM_FIELDS.incomeSource}
        label="Główne źródło dochodu"
        data={data}
        options={data.options.incomeSources}
      />
      <fieldset className="form-field consents">
        <legend>Zgody</legend>
        <p className="form-field__hint">
          Zgody oznaczone gwiazdką są potrzebne, by złożyć wniosek. Każdą zgodę możesz w dowolnej chwili
          wycofać.
        </p>
        {data.options.consents.map((consent) => {
          const name = consentField(consent.key);
          if (consent.key === 'delivery' && !offersDelivery)
            return delivery.known ? (
              <p className="consents__note" key={consent.key} data-matched-only="">
                {DELIVERY_TEXTS.matchedOnly}
              </p>
            ) : null;
          return (
            <div className="consents__item" key={consent.key}>
              {consent.key === 'delivery' && <DeliveryLenders lenders={delivery.lenders} />}
              <label className="consents__label">
                <input
                  type="checkbox"
                  name={name}
                  value="on"
                  defaultChecked={data.values[name] === 'on'}
                  data-field={name}
                  {...(consent.required ? { 'data-required': '' } : {})}
                  {...fieldControl(inputId(name), data.errors[name])}
                />
                <span>{`${consent.text}${consent.required ? ' *' : ''}`}</span>
              </label>
              <input type="hidden" name={consentVersionField(consent.key)} value={consent.version} />
              <FieldError id={inputId(name)} name={name} error={data.errors[name]} />
            </div>
          );
        })}
      </fieldset>
      <PrivacyInformation />
    </>
  );
}

function Progress({ step }: { step: JourneyStep }) {
  const at = STEPS.indexOf(step);
  return (
    <ol className="journey-steps" aria-label="Kroki wniosku">
      {STEPS.map((name, index) => (
        <li
          key={name}
          className={`journey-steps__step${index === at ? ' journey-steps__step--current' : index < at ? ' journey-steps__step--done' : ''}`}
          {...(index === at ? { 'aria-current': 'step' as const } : {})}
        >
          {`${index + 1}. ${STEP_TITLES[name]}`}
        </li>
      ))}
    </ol>
  );
}

const SUBMIT_TEXT: Record<JourneyStep, string> = {
  loan: 'Dalej',
  contact: 'Dalej',
  personal: 'Wyślij wniosek i pokaż oferty',
};

/**
 * A step of the loan application: a plain POST form that works without JavaScript (the gateway
 * validates with the same rules and draws it again with the values and the Polish messages), which
 * the `application-form` island enhances with live validation and input masks.
 */
export default function ApplicationPage({ data }: { data: ApplicationPageData }) {
  const { locale } = useRenderContext();
  const purposeLabel = data.options.purposes.find((p) => p.value === data.summary?.purpose)?.label;
  let fields: ReactNode;
  if (data.step === 'loan') fields = <LoanStep data={data} />;
  else if (data.step === 'contact') fields = <ContactStep data={data} />;
  else fields = <PersonalStep data={data} />;
  return (
    <section className="container application">
      <h1>{`Wniosek o pożyczkę – ${STEP_TITLES[data.step]}`}</h1>
      <Progress step={data.step} />
      {data.summary && (
        <p className="application__summary" data-summary="">
          {`Wnioskujesz o ${formatMoneyWhole(locale, data.summary.amountGrosze)} na ${data.summary.periodDays} dni${purposeLabel ? ` – ${purposeLabel.toLowerCase()}` : ''}.`}
        </p>
      )}
      <FraudWarning />
      <form
        className="application-form"
        method="post"
        action={data.action}
        noValidate
        data-step={data.step}
        {...islandMarker('application-form')}
      >
        <div className="application-form__message" role="alert" data-form-message="">
          {data.message ?? ''}
        </div>
        {fields}
        <input type="hidden" name={CSRF_FIELD} value={data.csrfToken} />
        <input
          type="hidden"
          name={HIDDEN_FIELDS.version}
          value={data.formVersion === 0 ? '' : String(data.formVersion)}
          data-version=""
        />
        {data.step === 'personal' && (
          <input
            type="hidden"
            name={HIDDEN_FIELDS.idempotencyKey}
            value={data.idempotencyKey}
            data-idempotency-key=""
          />
        )}
        <p className="application-form__actions">
          {data.back && (
            <a className="button button--outline" href={data.back}>
              Wstecz
            </a>
          )}
          <button className="button button--large" type="submit">
            {SUBMIT_TEXT[data.step]}
          </button>
        </p>
        <p className="form-field__hint">
          Wypełnione kroki zapisujemy, więc możesz wrócić do wniosku później – także po odświeżeniu strony.
        </p>
      </form>
      {data.resumeLink && (
        <aside className="application__resume" data-resume-link="">
          <h2>Dokończ wniosek na innym urządzeniu</h2>
          <p>
            Skopiuj ten adres i otwórz go na telefonie lub komputerze, na którym chcesz kontynuować. Zapisane
            kroki będą tam czekać przez 30 dni albo do złożenia wniosku. Nie udostępniaj go nikomu – kto go
            zna, może zobaczyć i uzupełnić Twój wniosek.
          </p>
          <p>
            <label className="form-field__label" htmlFor="application-resume-link">
              Adres do kontynuacji wniosku
            </label>
            <input
              id="application-resume-link"
              className="form-field__input"
              type="text"
              readOnly
              value={data.resumeLink}
              data-resume-url=""
            />
          </p>
        </aside>
      )}
    </section>
  );
}
