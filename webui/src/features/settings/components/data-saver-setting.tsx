import { setDataSaver, useDataSaver } from '@/lib/data-saver';
import { formatBytes, useDataUsed } from '@/lib/data-usage';

/**
 * Data saver's switch (on by default on slow connections, remembered in this browser) and the
 * data this session has used so far.
 */
export function DataSaverSetting() {
  const on = useDataSaver();
  const used = useDataUsed();
  return (
    <section className="settings-data" aria-labelledby="settings-data-title">
      <h2 id="settings-data-title">Data</h2>
      <label className="settings-row settings-switch">
        <span>
          Data saver
          <small className="muted">Smallest covers, nothing loaded ahead, no autoplay: tap a post to play it.</small>
        </span>
        <input type="checkbox" role="switch" checked={on} onChange={(e) => setDataSaver(e.target.checked)} />
      </label>
      <p className="settings-row">
        Data used this session: <strong data-testid="data-used">{formatBytes(used)}</strong>
      </p>
    </section>
  );
}
