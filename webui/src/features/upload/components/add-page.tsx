import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useCurrentProfile } from '@/lib/auth/get-current-profile';
import './upload.css';

/**
 * /add: choose a track type (spec part 2 §2). Producers are the sellers: they alone see "Upload
 * beat for sale" (issue 22 reverses the spec's "hidden when the identity is producer").
 */
export function AddPage() {
  const { data: profile } = useCurrentProfile();
  const options = [
    { to: paths.addMusic, title: 'Upload Music/Beat', detail: 'A song or a beat with its streaming links' },
    { to: paths.addVideo, title: 'Upload a short video', detail: 'A music video clip for the video feed' },
    ...(profile?.identity === 'producer'
      ? [{ to: paths.addPaidBeat, title: 'Upload beat for sale', detail: 'Sell licences to a beat' }]
      : []),
  ];
  return (
    <section className="upload-page">
      <h1>Upload</h1>
      <p className="muted">Choose a track type</p>
      <ul className="upload-options">
        {options.map((o) => (
          <li key={o.to} className="upload-option">
            {/* The whole card is the link's target (CSS); its name stays the option's title. */}
            <Link to={o.to}>{o.title}</Link>
            <span>{o.detail}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
