import { useId, useState } from 'react';
import { formatDate, formatMoney, formatMoneyWhole, plural } from '../../shared/format';
import { LOAN_SLIDER, clampAmountZl, clampPeriodMonths, loanExample } from '@lib/finance';
import { APPLICATION_PATH } from '../../app/layouts/navigation';
import { useRenderContext } from '../../app/render-context';

const monthsLabel = (months: number) => `${months} ${plural(months, 'miesiąc', 'miesiące', 'miesięcy')}`;

/** Amount and period sliders with the example cost indicators and the main application action. */
export function LoanCalculator() {
  const { locale, today } = useRenderContext();
  const [amountZl, setAmountZl] = useState<number>(LOAN_SLIDER.amount.defaultZl);
  const [months, setMonths] = useState<number>(LOAN_SLIDER.period.defaultMonths);
  const example = loanExample(amountZl, months, today);
  const amountId = useId();
  const periodId = useId();
  const money = (grosze: number) => formatMoney(locale, grosze);
  const applyHref = `${APPLICATION_PATH}?amount=${example.amountGrosze / 100}&period=${example.periodDays}`;

  return (
    <form className="calculator" action={APPLICATION_PATH} method="get" aria-label="Kalkulator pożyczki">
      <div className="calculator__field">
        <label htmlFor={amountId}>
          Ile potrzebujesz? <output htmlFor={amountId}>{formatMoneyWhole(locale, example.amountGrosze)}</output>
        </label>
        <input
          id={amountId}
          name="amount"
          type="range"
          min={LOAN_SLIDER.amount.minZl}
          max={LOAN_SLIDER.amount.maxZl}
          step={LOAN_SLIDER.amount.stepZl}
          value={amountZl}
          aria-valuetext={formatMoneyWhole(locale, example.amountGrosze)}
          onChange={(event) => setAmountZl(clampAmountZl(Number(event.target.value)))}
        />
        <div className="calculator__scale" aria-hidden="true">
          <span>{formatMoneyWhole(locale, LOAN_SLIDER.amount.minZl * 100)}</span>
          <span>{formatMoneyWhole(locale, LOAN_SLIDER.amount.maxZl * 100)}</span>
        </div>
      </div>
      <div className="calculator__field">
        <label htmlFor={periodId}>
          Na jak długo? <output htmlFor={periodId}>{monthsLabel(example.periodMonths)}</output>
        </label>
        <input
          id={periodId}
          type="range"
          min={LOAN_SLIDER.period.minMonths}
          max={LOAN_SLIDER.period.maxMonths}
          step={LOAN_SLIDER.period.stepMonths}
          value={months}
          aria-valuetext={monthsLabel(example.periodMonths)}
          onChange={(event) => setMonths(clampPeriodMonths(Number(event.target.value)))}
        />
        <input type="hidden" name="period" value={example.periodDays} />
        <div className="calculator__scale" aria-hidden="true">
          <span>{monthsLabel(LOAN_SLIDER.period.minMonths)}</span>
          <span>{monthsLabel(LOAN_SLIDER.period.maxMonths)}</span>
        </div>
      </div>
      <dl className="calculator__summary" aria-live="polite">
        <div>
          <dt>Kwota pożyczki</dt>
          <dd data-indicator="amount">{money(example.amountGrosze)}</dd>
        </div>
        <div>
          <dt>Do spłaty</dt>
          <dd data-indicator="total">{money(example.totalGrosze)}</dd>
        </div>
        <div>
          <dt>Data spłaty</dt>
          <dd data-indicator="date">{formatDate(locale, example.repaymentDate)}</dd>
        </div>
        <div>
          <dt>Prowizja</dt>
          <dd data-indicator="commission">{money(example.commissionGrosze)}</dd>
        </div>
      </dl>
      <a className="button button--large calculator__cta" href={applyHref}>
        Złóż wniosek
      </a>
      <p className="calculator__note">
        {/* Non-breaking spaces keep amounts such as '2 018 zł' on one line. */}
        {
          'Przykład reprezentatywny: pożyczka 2\u00a0000\u00a0zł na 3\u00a0miesiące, do spłaty 2\u00a0018\u00a0zł, prowizja 18\u00a0zł (3,65% w skali roku). Ostateczne warunki ustala pożyczkodawca.'
        }
      </p>
    </form>
  );
}
