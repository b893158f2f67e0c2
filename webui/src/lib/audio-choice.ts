import { connection, dataSaverDefault, useDataSaver, type NetworkInformationLike } from './data-saver';
import { mediaUrl } from './media-url';

/** One listening copy of a post's audio the jobs worker made (audio_renditions): AAC in M4A. */
export type AudioRendition = { kbps: number; format: string; url: string };

/** The normal copy's bitrate: the one played when neither data saver nor a slow network asks for less. */
export const NORMAL_KBPS = 128;

/**
 * Chooses what an <audio> plays. With listening copies: the smallest (64 kbit/s, at most half a
 * megabyte a minute) when data saver is on or the network is slow (saveData, or 3G and slower),
 * else the largest at most NORMAL_KBPS; without any (a post made before them, or whose copies
 * are not made yet), the original audio. "" when there is no audio at all.
 */
export function chooseAudio(
  original: string | null | undefined,
  renditions: readonly AudioRendition[] | null | undefined,
  dataSaver: boolean,
  network: NetworkInformationLike | null | undefined,
): string {
  const usable = (renditions ?? [])
    .filter((r) => r && r.url && Number.isFinite(r.kbps) && r.kbps > 0)
    .toSorted((a, b) => a.kbps - b.kbps);
  if (usable.length === 0) return mediaUrl(original);
  if (dataSaver || dataSaverDefault(network)) return mediaUrl(usable[0].url);
  return mediaUrl((usable.findLast((r) => r.kbps <= NORMAL_KBPS) ?? usable[0]).url);
}

/** chooseAudio with this browser's data saver and network, following their changes. */
export function useAudioSource(original: string | null | undefined, renditions: readonly AudioRendition[] | null | undefined): string {
  const dataSaver = useDataSaver();
  return chooseAudio(original, renditions, dataSaver, connection());
}
