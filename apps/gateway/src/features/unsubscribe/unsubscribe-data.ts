/** The unsubscribe page: the form, or the confirmation of a plain post without erasure (`?wypisano=tak`). */
export interface UnsubscribePageData {
  unsubscribed: boolean;
}
