import { WEEKDAYS, WEEKDAY_HEADERS } from '@lib/pl-calendar';
import { Breadcrumbs } from '../../app/components/page-extras';
import { useRenderContext } from '../../app/render-context';
import { calendarPath } from '../../app/site-paths/calendar';
import { plural } from '../../shared/format';
import {
  type CalendarData,
  type CalendarMonthView,
  type CalendarNorm,
  type CalendarTotals,
} from './calendar-data';
import { monthWeeks } from './month-grid';

const days = (count: number) => `${count} ${count === 1 ? 'dzień' : 'dni'}`;
const hours = (count: number) => `${count} ${plural(count, 'godzina', 'godziny', 'godzin')}`;

function Totals({ totals, norm }: { totals: CalendarTotals; norm: CalendarNorm }) {
  return (
    <dl className="cal-totals">
      <div>
        <dt>Dni robocze</dt>
        <dd data-total="working">{totals.workingDays}</dd>
      </div>
      <div>
        <dt>Dni wolne</dt>
        <dd data-total="free">{totals.freeDays}</dd>
      </div>
      <div>
        <dt>Święta</dt>
        <dd data-total="holidays">{totals.holidayDays}</dd>
      </div>
      <div>
        <dt>Wymiar czasu pracy</dt>
        <dd data-total="norm">{`${days(norm.days)}, ${hours(norm.hours)}`}</dd>
      </div>
    </dl>
  );
}

function dayClass(
  day: number,
  column: number,
  holidays: ReadonlySet<number>,
  leave: ReadonlySet<number>,
): string {
  const classes = ['cal-day'];
  if (column >= 5) classes.push('cal-day--weekend');
  if (holidays.has(day)) classes.push('cal-day--holiday');
  else if (leave.has(day)) classes.push('cal-day--leave');
  return classes.join(' ');
}

function Month({ year, month }: { year: number; month: CalendarMonthView }) {
  const id = `miesiac_${month.month}`;
  const leave = new Set(month.bridgeDays.flatMap((bridge) => bridge.leaveDays));
  const holidays = new Set(month.holidays);
  return (
    <section className="cal-month" aria-labelledby={id}>
      <h2 id={id}>{month.title}</h2>
      <table className="cal-grid">
        <caption className="visually-hidden">{`${month.name} ${year}`}</caption>
        <thead>
          <tr>
            {WEEKDAY_HEADERS.map((header, index) => (
              <th key={header} scope="col">
                <abbr title={WEEKDAYS[index]}>{header}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(year, month.month).map((week, row) => (
            <tr key={row}>
              {week.map((day, column) =>
                day === null ? (
                  <td key={`e${column}`} />
                ) : (
                  <td key={day} className={dayClass(day, column, holidays, leave)}>
                    {day}
                    {holidays.has(day) && <span className="visually-hidden">, święto</span>}
                    {!holidays.has(day) && leave.has(day) && (
                      <span className="visually-hidden">, proponowany urlop</span>
                    )}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {month.textHeader !== '' && <h3>{month.textHeader}</h3>}
      {month.holidayLines.length > 0 && (
        <ul className="cal-lines">
          {month.holidayLines.map((line) => (
            <li key={`${line.day}-${line.name}`}>
              {line.name}
              {!line.dayOff && ' (dzień roboczy)'}
            </li>
          ))}
        </ul>
      )}
      {month.bridgeDays.length > 0 && (
        <>
          <h3>Długie weekendy</h3>
          <ul className="cal-bridges">
            {month.bridgeDays.map((bridge) => (
              <li key={bridge.leaveDays.join('-')}>{bridge.description}</li>
            ))}
          </ul>
        </>
      )}
      <Totals totals={month.totals} norm={month.workingTime} />
      {month.schoolBreakNotes.length > 0 && (
        <ul className="cal-notes" aria-label="Ferie i przerwy szkolne">
          {month.schoolBreakNotes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Said instead of an empty place when no month of the year has winter-break dates: the breaks of
 * the school year that ends in this year are not in our data (yet, for this year and later).
 */
function MissingSchoolBreaks({ year, today }: { year: number; today: string }) {
  const upcoming = year >= Number(today.slice(0, 4));
  return (
    <section className="cal-year notice" aria-labelledby="ferie_sekcja" data-school-breaks="missing">
      <h2 id="ferie_sekcja">{`Ferie zimowe ${year}`}</h2>
      <p>
        {`Terminów ferii zimowych w roku szkolnym ${year - 1}/${year} ${upcoming ? 'nie ma jeszcze' : 'nie ma'} w naszych danych, dlatego nie pokazujemy ich w kalendarzu. `}
        Terminy ferii w poszczególnych województwach określa minister właściwy do spraw oświaty i wychowania w
        rozporządzeniu w sprawie organizacji roku szkolnego. Sprawdź je w tym akcie albo w komunikacie
        ministerstwa lub kuratorium oświaty w Twoim województwie.
      </p>
    </section>
  );
}

/** The holiday calendar of one year: twelve months with holidays, long weekends and day counts. */
export default function CalendarPage({ data }: { data: CalendarData }) {
  const { today } = useRenderContext();
  const hasSchoolBreaks = data.months.some((month) => month.schoolBreakNotes.length > 0);
  return (
    <div className="container calendar">
      <Breadcrumbs
        items={[
          { text: 'Strona główna', link: '/' },
          { text: `Kalendarz ${data.year}`, link: '' },
        ]}
      />
      <h1>{data.title}</h1>
      <p className="article__lead">
        {`Wszystkie święta i dni wolne od pracy w ${data.year} roku, podpowiedzi, jak zaplanować urlop na długie weekendy, oraz liczba dni roboczych i wymiar czasu pracy w każdym miesiącu.`}
      </p>
      <nav className="cal-years" aria-label="Inne lata">
        {data.previousYear !== null && (
          <a href={calendarPath(data.previousYear)} rel="prev">
            {`‹ Kalendarz ${data.previousYear}`}
          </a>
        )}
        {data.nextYear !== null && (
          <a href={calendarPath(data.nextYear)} rel="next">
            {`Kalendarz ${data.nextYear} ›`}
          </a>
        )}
      </nav>
      <section className="cal-year" aria-labelledby="podsumowanie_roku">
        <h2 id="podsumowanie_roku">{`Rok ${data.year} w liczbach`}</h2>
        <Totals totals={data.totals} norm={data.workingTime} />
        <p className="cal-explain">
          Dni robocze to dni od poniedziałku do piątku, które nie są świętami. Wymiar czasu pracy liczymy
          według art. 130 Kodeksu pracy: 8 godzin za każdy dzień roboczy, a święto przypadające w sobotę
          obniża wymiar o kolejne 8 godzin.
        </p>
        <ul className="cal-legend" aria-label="Oznaczenia w kalendarzu">
          <li>
            <span className="cal-day cal-day--holiday" aria-hidden="true">
              1
            </span>{' '}
            święto
          </li>
          <li>
            <span className="cal-day cal-day--weekend" aria-hidden="true">
              6
            </span>{' '}
            sobota i niedziela
          </li>
          <li>
            <span className="cal-day cal-day--leave" aria-hidden="true">
              2
            </span>{' '}
            dzień urlopu na długi weekend
          </li>
        </ul>
      </section>
      {!hasSchoolBreaks && <MissingSchoolBreaks year={data.year} today={today} />}
      <div className="cal-months">
        {data.months.map((month) => (
          <Month key={month.month} year={data.year} month={month} />
        ))}
      </div>
    </div>
  );
}
