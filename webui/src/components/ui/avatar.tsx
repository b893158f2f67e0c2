import { useState } from 'react';
import defaultAvatar from '@/assets/default-avatar.svg';
import { mediaUrl } from '@/lib/media-url';

type AvatarProps = { src?: string; alt: string; size?: number; className?: string };

/** Round picture that falls back to the default avatar when empty or broken. */
export function Avatar({ src, alt, size = 40, className }: AvatarProps) {
  const [broken, setBroken] = useState(false);
  const url = !broken && src ? mediaUrl(src) : defaultAvatar;
  return (
    <img
      className={['avatar', className].filter(Boolean).join(' ')}
      src={url}
      alt={alt}
      width={size}
      height={size}
      onError={() => setBroken(true)}
    />
  );
}
