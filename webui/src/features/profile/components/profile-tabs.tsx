import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PostGrid } from './post-grid';
import './profile-posts.css';

type Tab = 'audio' | 'video';

/**
 * beats / audio / video (spec part 1 §2 Profile). Beats opens /userbeats/{id}; audio and video
 * show the user's posts. `own` reads the signed-in user's lists (private videos included).
 */
export function ProfileTabs({ userId, own = false }: { userId: string; own?: boolean }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('audio');
  return (
    <section className="profile-tabs">
      <div role="tablist" aria-label="Posts" className="tab-row">
        <button type="button" role="tab" aria-selected={false} onClick={() => navigate(paths.userBeats(userId))}>
          Beats
        </button>
        {(['audio', 'video'] as const).map((t) => (
          <button
            key={t}
            id={`profile-tab-${t}`}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls="profile-tabpanel"
            className={tab === t ? 'active' : undefined}
            onClick={() => setTab(t)}
          >
            {t === 'audio' ? 'Audio' : 'Video'}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="profile-tabpanel" aria-labelledby={`profile-tab-${tab}`} className="profile-tabpanel">
        <PostGrid key={tab} kind={tab} userId={own ? null : userId} />
      </div>
    </section>
  );
}
