/**
 * Starter list for a fresh installation, so the comparison is never empty before the first feed
 * import. Amount and period bounds are the ranges these lenders advertise to new customers and stay
 * within the site's legal frame of 100–30 000 zł; lender links arrive with the PL feed, so
 * they are null here and the list shows these offers as inactive until then.
 */
export const STARTER_OFFERS_PL = [
  { offerId: 1001, header: 'Vivus', lenderSlug: 'vivus', stars: '4.8', field2: 'do 3 000 zł za 0 zł dla nowych klientów', field4: 'od 61 dni', tags: ['pierwsza darmowa', 'decyzja online'], productType: 'payday', amountMin: 100, amountMax: 3000, periodMinDays: 61, periodMaxDays: 61, firstLoanFree: true },
  { offerId: 1002, header: 'Smartney', lenderSlug: 'smartney', stars: '4.7', field2: 'od 1 000 do 25 000 zł', field4: 'od 6 do 48 miesięcy', tags: ['pożyczka ratalna'], productType: 'installment', amountMin: 1000, amountMax: 25000, periodMinDays: 180, periodMaxDays: 1460, firstLoanFree: false },
  { offerId: 1003, header: 'Wonga', lenderSlug: 'wonga', stars: '4.7', field2: 'do 10 000 zł', field4: 'od 3 do 48 miesięcy', tags: ['pożyczka ratalna', 'decyzja online'], productType: 'installment', amountMin: 500, amountMax: 10000, periodMinDays: 90, periodMaxDays: 1460, firstLoanFree: false },
  { offerId: 1004, header: 'NetCredit', lenderSlug: 'netcredit', stars: '4.6', field2: 'od 500 do 10 000 zł', field4: 'do 24 miesięcy', tags: ['linia kredytowa'], productType: 'credit_line', amountMin: 500, amountMax: 10000, periodMinDays: 30, periodMaxDays: 730, firstLoanFree: false },
  { offerId: 1005, header: 'Finbo', lenderSlug: 'finbo', stars: '4.6', field2: 'od 300 do 30 000 zł', field4: 'od 2 do 48 miesięcy', tags: ['porównywarka ofert'], productType: 'installment', amountMin: 300, amountMax: 30000, periodMinDays: 61, periodMaxDays: 1460, firstLoanFree: false },
] as const;
