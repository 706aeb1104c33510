import { type LenderInfo } from './content-model';

export interface LenderInfoItem {
  label: string;
  value: string;
}

/** The info box: facts that are known, labelled in Polish; unknown ones (null) are left out. */
export function lenderInfoItems(info: LenderInfo): LenderInfoItem[] {
  const items: LenderInfoItem[] = [];
  if (info.company) items.push({ label: 'Firma', value: info.company });
  if (info.amount) items.push({ label: 'Kwota', value: info.amount });
  if (info.period) items.push({ label: 'Okres spłaty', value: info.period });
  if (info.firstLoanFree !== null)
    items.push({ label: 'Pierwsza pożyczka za 0 zł', value: info.firstLoanFree ? 'Tak' : 'Nie' });
  return items;
}
