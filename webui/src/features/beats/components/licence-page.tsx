import { Link, useParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { messageFor } from '@/lib/error-message';
import { licenceErrors, useLicence } from '../api/verify-licence';
import './beats.css';

const DATE = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Lagos' });

/**
 * /licences/{number}: the public page a licence PDF's verification URL (and its QR code) leads
 * to. It shows what the server holds for the number: that it is genuine, the beat, the buyer,
 * the producer and when it was bought; an unknown number says so.
 */
export function LicencePage() {
  const { number = '' } = useParams();
  const query = useLicence(number);
  const licence = query.data;
  return (
    <main className="licence-page">
      <h1>Licence Verification</h1>
      <p className="muted">Licence number {number}</p>
      {query.isPending && <Spinner label="Checking licence..." />}
      {query.isError && (
        <div className="alert alert-error" role="alert">
          {messageFor(query.error, licenceErrors)}
          <span className="alert-detail">No Zuum licence has this number. Check it against the licence document.</span>
        </div>
      )}
      {licence && (
        <>
          <div className={`alert ${licence.valid ? 'alert-success' : 'alert-error'}`} role="status">
            {licence.valid ? 'This licence is genuine.' : 'This licence is not valid.'}
          </div>
          <dl className="licence-facts">
            <dt>Licence number</dt>
            <dd>{licence.licence_number}</dd>
            <dt>Beat</dt>
            <dd>{licence.beat.title}</dd>
            <dt>Licensed to</dt>
            <dd>{licence.buyer.username}</dd>
            <dt>Producer</dt>
            <dd>{licence.producer.username}</dd>
            <dt>Purchased</dt>
            <dd>{Number.isFinite(Date.parse(licence.purchased_at)) ? DATE.format(Date.parse(licence.purchased_at)) : licence.purchased_at}</dd>
          </dl>
        </>
      )}
      <p>
        <Link to={paths.landing}>Zuum</Link>
      </p>
    </main>
  );
}
