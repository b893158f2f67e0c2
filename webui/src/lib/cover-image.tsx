import type { CSSProperties } from 'react';
import { chooseCover, type CoverBox, type CoverFields } from './cover-choice';

type Props = {
  post: CoverFields;
  box: CoverBox;
  alt: string;
  dataSaver: boolean;
  /** False keeps the cover unfetched: only its placeholder shows, under the same name. */
  load?: boolean;
  /** The first cover on the screen: fetched at once at high priority instead of lazily. */
  priority?: boolean;
  /** One source only, chooseCover's src, without srcset: the same file as a video's poster. */
  single?: boolean;
};

/**
 * A post's cover (chooseCover decides the source): explicit width and height so the layout keeps
 * its space, decoded off the main thread, lazy unless it is the priority one, over its blurred
 * placeholder so something shows before the image arrives. A post without a cover shows the
 * drawn placeholder.
 */
export function CoverImage({ post, box, alt, dataSaver, load = true, priority = false, single = false }: Props) {
  const choice = chooseCover(post, box, dataSaver);
  if (!choice) return <div className="cover-placeholder" aria-hidden="true" />;
  const style: CSSProperties | undefined = choice.placeholder
    ? { backgroundImage: `url("${choice.placeholder}")`, backgroundSize: 'cover', backgroundPosition: 'center' }
    : undefined;
  if (!load) {
    const named = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
    return <div className="cover-img" {...named} data-cover-waiting="" style={{ width: '100%', height: '100%', ...style }} />;
  }
  return (
    <img
      className="cover-img"
      src={choice.src}
      srcSet={single ? undefined : choice.srcSet}
      sizes={single ? undefined : choice.sizes}
      width={choice.width}
      height={choice.height}
      alt={alt}
      decoding="async"
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      style={style}
    />
  );
}
