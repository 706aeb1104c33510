import { type ComponentType, type ReactNode } from 'react';
import { DefaultLayout } from './default-layout';
import { EmptyLayout } from './empty-layout';
import { QuietLayout } from './quiet-layout';

export const layouts = {
  default: DefaultLayout,
  empty: EmptyLayout,
  quiet: QuietLayout,
} satisfies Record<string, ComponentType<{ children: ReactNode }>>;

export type LayoutName = keyof typeof layouts;

export function isLayoutName(value: unknown): value is LayoutName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(layouts, value);
}
