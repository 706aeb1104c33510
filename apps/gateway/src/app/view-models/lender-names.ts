import { type offersV1 } from '@lib/contracts';
import { type NameForms } from '@lib/pl-format';

/**
 * A lender's name in the case each sentence needs: the forms an editor chose for every reviewed
 * brand (the offers service's lender facts data), so pages write "Opinie o Pożyczce Plus" and
 * "w firmie Tarata", never the nominative after a preposition. A lender the data has no forms for
 * is named after the declined noun 'pożyczkodawca', which keeps the name itself in the nominative,
 * correctly: "opinie o pożyczkodawcy X".
 */
export function lenderNames(name: string, forms: offersV1.NameForms | null | undefined): NameForms {
  if (
    forms &&
    forms.nominative !== '' &&
    forms.genitive !== '' &&
    forms.instrumental !== '' &&
    forms.locative !== ''
  )
    return {
      nominative: forms.nominative,
      genitive: forms.genitive,
      instrumental: forms.instrumental,
      locative: forms.locative,
    };
  return {
    nominative: name,
    genitive: `pożyczkodawcy ${name}`,
    instrumental: `pożyczkodawcą ${name}`,
    locative: `pożyczkodawcy ${name}`,
  };
}
