const features = [
  { title: 'Unlimited Music Uploads', text: 'Share every track without limits or hidden fees.' },
  { title: 'Support for Music Videos', text: 'Post short videos next to your audio.' },
  { title: 'Artist Spotlight', text: 'Get promoted to listeners who love your sound.' },
  { title: 'Record Label Integration', text: 'Labels discover, follow and sign talent here.' },
];

export function CoreFeatures() {
  return (
    <section className="core-features" aria-labelledby="features-heading">
      <h2 id="features-heading">Core features</h2>
      <ul>
        {features.map((f) => (
          <li key={f.title} className="feature-card">
            <h3>{f.title}</h3>
            <p className="muted">{f.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
