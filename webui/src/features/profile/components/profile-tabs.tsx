import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

type Tab = 'audio' | 'video';

/**
 * beats / audio / video. Beats opens /userbeats/{id}; the audio and video grids arrive with the
 * posts API in the next issue, so for now they show the spec's empty texts.
 */
export function ProfileTabs({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('audio');
  return (
    <section className="profile-tabs">
      <div role="tablist" aria-label="Posts" className="tab-row">
        <button type="button" role="tab" aria-selected={false} onClick={() => navigate(`/userbeats/${userId}`)}>
          Beats
        </button>
        {(['audio', 'video'] as const).map((t) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} className={tab === t ? 'active' : undefined} onClick={() => setTab(t)}>
            {t === 'audio' ? 'Audio' : 'Video'}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="empty-state">
        <p className="muted">{tab === 'audio' ? 'No audio posts found.' : 'No video posts found.'}</p>
      </div>
    </section>
  );
}
