import { type ReactNode } from 'react';
import { DefaultLayout } from './default-layout';

/**
 * The default frame without the header's 'Złóż wniosek' button: for the pages a lender's refusal
 * leads to, which suggest waiting and reading about debt before any new application.
 */
export function QuietLayout({ children }: { children: ReactNode }) {
  return <DefaultLayout applicationAction={false}>{children}</DefaultLayout>;
}
