/** The contact page: the form, or the confirmation after a plain post (`?wyslano=tak`). */
export interface ContactPageData {
  sent: boolean;
}
