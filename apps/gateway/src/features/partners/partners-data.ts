/** The partner programme page: the enquiry form, or the confirmation after a plain post. */
export interface PartnersPageData {
  sent: boolean;
}
