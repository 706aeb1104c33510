import { type ComponentType } from 'react';
import { type CountryCode } from '../../shared/locale';
import { GenericErrorView } from './generic-error-view';
import { MxErrorView } from './mx-error-view';

/** Countries that show their own screen after a fatal render error; the rest get the generic one. */
export const errorViews: Partial<Record<CountryCode, ComponentType>> = {
  MX: MxErrorView,
};

export function errorViewFor(country: CountryCode): ComponentType {
  return errorViews[country] ?? GenericErrorView;
}
