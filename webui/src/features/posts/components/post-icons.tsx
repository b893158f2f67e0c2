import type { SVGProps } from 'react';

/** Line icons of the players and sheets; decorative, so hidden from screen readers. */
const paths = {
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  comment: 'M4 5h16v11H9l-5 4z',
  share: 'M4 12v7h16v-7M12 3v12M7 8l5-5 5 5',
  send: 'M22 2 11 13M22 2l-7 20-4-9-9-4z',
  music: 'M9 18V5l11-2v13M9 18a3 3 0 1 1-3-3 3 3 0 0 1 3 3zm11-2a3 3 0 1 1-3-3 3 3 0 0 1 3 3z',
  play: 'M7 4v16l13-8z',
  pause: 'M7 4h3v16H7zM14 4h3v16h-3z',
  back: 'M15 5l-7 7 7 7',
  volume: 'M4 9v6h4l5 4V5L8 9zM16 8a5 5 0 0 1 0 8',
  muted: 'M4 9v6h4l5 4V5L8 9zM16 9l5 6M21 9l-5 6',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
  close: 'M6 6l12 12M18 6 6 18',
  copy: 'M8 8h12v12H8zM4 16V4h12',
} as const;

export type PostIconName = keyof typeof paths;

export function PostIcon({ name, filled = false, ...rest }: { name: PostIconName; filled?: boolean } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}
