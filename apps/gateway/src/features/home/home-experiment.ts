/**
 * The home page's A/B experiment (docs/EXPERIMENTS.md): 0300.1 tries other words on the
 * calculator's main button. Variant A keeps the site's 'Złóż wniosek'; variant B says what the
 * visitor is about to do costs nothing. Nothing else differs between the two.
 */
export const MAIN_BUTTON_EXPERIMENT = '0300.1';

/** The main button's words in variant B. */
export const MAIN_BUTTON_TEXT_B = 'Złóż bezpłatny wniosek';

/** The calculator form's name in the events (sub4 of its submission, 70): what the experiment counts. */
export const CALCULATOR_FORM_NAME = 'calculator';

/** The main button's words for a variant; undefined: the site's own (the control). */
export function mainButtonText(variant: string | undefined): string | undefined {
  return variant === 'B' ? MAIN_BUTTON_TEXT_B : undefined;
}
