import { statusCopy } from '../../app/errors/status-copy';

export interface StatusData {
  status: number;
}

/** Every error answer that is not a 404: bad address, service outage, server error. */
export default function StatusPage({ data }: { data: StatusData }) {
  const copy = statusCopy(data.status);
  return (
    <section className="container status-page" role="alert">
      <h1>{copy.title}</h1>
      <p>{copy.text}</p>
      <p>
        <a className="button" href="/">
          Strona główna
        </a>
      </p>
    </section>
  );
}
