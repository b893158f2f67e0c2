import { Button } from '@/components/ui/button';
import { messageFor } from '@/lib/error-message';
import type { Purchase } from '@/types/api';
import { downloadErrors } from '../api/beat-errors';
import { licencePdfUrl, useDownloadPurchase } from '../api/purchases';

/** A bought beat's Download (one of five spent, the file saved) and its licence PDF. */
export function OwnedActions({ purchase }: { purchase: Purchase }) {
  const download = useDownloadPurchase(purchase);
  const none = purchase.downloads_remaining <= 0;
  return (
    <>
      <div className="library-actions">
        <Button className="btn-small" disabled={none || download.isPending} onClick={() => download.mutate()}>
          {download.isPending ? 'Downloading...' : none ? 'No downloads left' : 'Download'}
        </Button>
        <a href={licencePdfUrl(purchase.id)} target="_blank" rel="noopener" className="btn btn-secondary btn-small">
          Licence
        </a>
      </div>
      {download.isError && (
        <p className="field-error library-actions" role="alert">
          {messageFor(download.error, downloadErrors)}
        </p>
      )}
    </>
  );
}
