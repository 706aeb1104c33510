/** Shown in place of one section whose service did not answer in time. */
export function UnavailableNotice({ what }: { what: string }) {
  return (
    <p className="notice" role="status">
      {`${what} są chwilowo niedostępne. Spróbuj ponownie za kilka minut.`}
    </p>
  );
}
