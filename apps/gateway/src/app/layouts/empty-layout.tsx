import { type ReactNode } from 'react';

/** For pages that bring their own frame (landing variants, application steps). */
export function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <main id="tresc" className="site-main site-main--bare" tabIndex={-1}>
      {children}
    </main>
  );
}
