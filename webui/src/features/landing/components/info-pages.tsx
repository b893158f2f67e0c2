import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { InfoLayout, SupportEmail } from './info-layout';

/** What Zuum does today and what is being built next; every page below says the same. */
const COMING = 'selling and buying beats, a naira wallet, chat, music promotion and distribution to streaming platforms';

/** /about */
export function AboutPage() {
  return (
    <InfoLayout title="About Zuum" lead="Where artist and industry meet.">
      <p>
        Zuum is a music platform where artists, producers and record-label owners meet their listeners.
        We are starting in Nigeria.
      </p>
      <h2>What you can do today</h2>
      <ul>
        <li>Upload your music, music videos and beats, with links to where your tracks stream.</li>
        <li>Listen and watch in one feed, like, comment and share what you enjoy.</li>
        <li>Follow the artists, producers and labels you care about, and hear when they follow you back.</li>
      </ul>
      <h2>What comes next</h2>
      <p>We are building {COMING}.</p>
      <p>
        Questions or ideas? Write to <SupportEmail />.
      </p>
    </InfoLayout>
  );
}

/** /contact */
export function ContactPage() {
  return (
    <InfoLayout title="Contact Us" lead="We answer every message by email.">
      <p>
        Write to <SupportEmail /> about your account, an upload, something that is not working, or a
        partnership. Tell us your Zuum username so we can find your account quickly.
      </p>
      <p>
        Looking for a quick answer first? Read the <Link to={paths.faq}>FAQ</Link> or the{' '}
        <Link to={paths.support}>Support Centre</Link>.
      </p>
    </InfoLayout>
  );
}

const QUESTIONS: [question: string, answer: ReactNode][] = [
  ['What is Zuum?', 'A music platform where artists, producers and record-label owners meet their listeners, starting in Nigeria.'],
  [
    'Who can join?',
    <>
      Anyone. When you <Link to={paths.start}>sign up</Link> you choose whether you are an artist, a producer or a record
      label.
    </>,
  ],
  [
    'What can I upload?',
    'Music and beats (MP3, WAV, FLAC or AAC, less than 50 MB), music videos (MP4, MOV or AVI, up to 50 MB) and cover photos (JPEG or PNG, less than 5 MB).',
  ],
  ['Can I sell beats, get paid or promote my music?', `Not yet. We are building ${COMING}.`],
  [
    'I forgot my password.',
    <>
      Use <Link to={paths.forgot}>Forgot password</Link>: we email you a link to set a new one.
    </>,
  ],
  [
    'How do I reach you?',
    <>
      Email <SupportEmail />.
    </>,
  ],
];

/** /faq */
export function FaqPage() {
  return (
    <InfoLayout title="Frequently asked questions" lead="Short answers about Zuum.">
      <dl>
        {QUESTIONS.map(([q, a]) => (
          <div key={q}>
            <dt>{q}</dt>
            <dd>{a}</dd>
          </div>
        ))}
      </dl>
    </InfoLayout>
  );
}

/** /support */
export function SupportPage() {
  return (
    <InfoLayout title="Support Centre" lead="Help with your account and your uploads.">
      <h2>Your account</h2>
      <ul>
        <li>
          No verification code? Open <Link to={paths.verify}>Verify Email</Link> and choose Resend OTP.
        </li>
        <li>
          Can't log in? <Link to={paths.forgot}>Reset your password</Link>, then <Link to={paths.login}>log in</Link> again.
        </li>
      </ul>
      <h2>Your uploads</h2>
      <p>
        An upload that is refused says why next to the file. Audio must be MP3, WAV, FLAC or AAC and less than
        50 MB; videos MP4, MOV or AVI up to 50 MB; covers JPEG or PNG and less than 5 MB.
      </p>
      <h2>Still stuck?</h2>
      <p>
        Email <SupportEmail /> with your username and what happened. The <Link to={paths.faq}>FAQ</Link> may answer
        it sooner.
      </p>
    </InfoLayout>
  );
}

/** /zuum-news */
export function NewsPage() {
  return (
    <InfoLayout title="Zuum News" lead="Announcements from the Zuum team.">
      <p>Nothing has been announced yet. New features will be announced here first: {COMING}.</p>
      <p>
        Read <Link to={paths.about}>about Zuum</Link> in the meantime.
      </p>
    </InfoLayout>
  );
}
